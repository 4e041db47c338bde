// Imports point one way: content and sources at the bottom, lib (domain, routes, schemas, HTTP) above them, then build, site, server and the platform shells.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Top-level folders each layer may not import from. site/assets holds the browser modules the pages load
 * as they are (the one arithmetic module of the calculators among them): a layer of its own at the bottom,
 * importing nothing of the project, so lib/ may use the same arithmetic.
 */
const FORBIDDEN: Record<string, string[]> = {
  "site/assets": ["content", "sources", "lib", "build", "site", "server", "functions", "netlify"],
  content: ["sources", "lib", "build", "site", "server", "functions", "netlify"],
  sources: ["build", "site", "server", "functions", "netlify"],
  lib: ["build", "site", "server", "functions", "netlify"],
  site: ["build", "server", "functions", "netlify"],
  build: ["server", "functions", "netlify"],
  functions: ["build", "site", "server", "netlify"],
  netlify: ["build", "site", "server", "functions"],
};

const layerOf = (path: string): string => (path.startsWith("site/assets/") ? "site/assets" : (path.split("/")[0] ?? ""));

/** Every relative import of a file, as the layer it lands in. */
function importedFolders(file: string): { specifier: string; folder: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith("."))
    .map((i) => ({ specifier: i.fileName, folder: layerOf(normalize(join(dirname(file), i.fileName))) }));
}

describe("layers", () => {
  const files = fg.sync(["{content,sources,lib,build,site,functions,netlify}/**/*.ts", "site/assets/**/*.js"], { ignore: ["**/*.d.ts"] });

  it("never import upward (site/ never imports build/)", () => {
    const violations = files.flatMap((file) => {
      const layer = layerOf(file);
      return importedFolders(file)
        .filter((i) => FORBIDDEN[layer]?.includes(i.folder))
        .map((i) => `${file} imports ${i.specifier}`);
    });
    expect(files.length).toBeGreaterThan(80);
    expect(violations).toEqual([]);
  });

  it("are checked on real imports (the rule would catch one)", () => {
    const folders = importedFolders("build/emit.ts").map((i) => i.folder);
    expect(folders).toContain("lib");
  });
});
