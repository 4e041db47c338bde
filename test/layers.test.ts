// Imports point one way: content and sources at the bottom, lib (domain, routes, schemas, HTTP) above them, then build, site, server and the platform shells.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Top-level folders each layer may not import from. */
const FORBIDDEN: Record<string, string[]> = {
  content: ["sources", "lib", "build", "site", "server", "functions", "netlify"],
  sources: ["build", "site", "server", "functions", "netlify"],
  lib: ["build", "site", "server", "functions", "netlify"],
  site: ["build", "server", "functions", "netlify"],
  build: ["server", "functions", "netlify"],
  functions: ["build", "site", "server", "netlify"],
  netlify: ["build", "site", "server", "functions"],
};

/** Every relative import of a file, as the top-level folder it lands in. */
function importedFolders(file: string): { specifier: string; folder: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith("."))
    .map((i) => ({ specifier: i.fileName, folder: normalize(join(dirname(file), i.fileName)).split("/")[0] ?? "" }));
}

describe("layers", () => {
  const files = fg.sync([`{${Object.keys(FORBIDDEN).join(",")}}/**/*.ts`], { ignore: ["**/*.d.ts"] });

  it("never import upward (site/ never imports build/)", () => {
    const violations = files.flatMap((file) => {
      const layer = file.split("/")[0] ?? "";
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
