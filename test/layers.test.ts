// Imports point one way: core < sources and content < lib (the API) < site < build < tools < the shells (server, functions, edge); no cycle between folders.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SHELLS = ["server", "functions", "netlify"];

/**
 * Top-level folders each layer may not import from (docs/decisions/0046-one-way-layers.md). core/ is the bottom:
 * dates, money and the calculations, schemas, series rules, RFC, calendar. sources/ (publisher settings, sheet
 * specs, parsers, checks) and content/ (the site's prose) sit on it, side by side; lib/ is the API (routes,
 * records, handlers, MCP, search); site/ renders pages from it, build/ writes the tree with both, tools/ (fetch,
 * raw/ history, CI tally) use the build's raw manifest; the shells come last and never import each other.
 * site/assets holds the scripts the pages load as they are: they import only each other and the bundle the
 * build makes of core/ (/assets/calc/core.js), never a module of the repository.
 */
const FORBIDDEN: Record<string, string[]> = {
  "site/assets": ["core", "content", "sources", "lib", "site", "build", "tools", ...SHELLS],
  core: ["content", "sources", "lib", "site", "build", "tools", ...SHELLS],
  content: ["sources", "lib", "site", "build", "tools", ...SHELLS],
  sources: ["content", "lib", "site", "build", "tools", ...SHELLS],
  lib: ["site", "build", "tools", ...SHELLS],
  site: ["build", "tools", ...SHELLS],
  build: ["tools", ...SHELLS],
  tools: ["site", ...SHELLS],
  server: ["functions", "netlify"],
  // A function or the edge function carries what it imports: never the build, the site or the tools.
  functions: ["site", "build", "tools", "server", "netlify"],
  netlify: ["site", "build", "tools", "server", "functions"],
};
const LAYERS = Object.keys(FORBIDDEN);

const layerOf = (path: string): string => (path.startsWith("site/assets/") ? "site/assets" : (path.split("/")[0] ?? ""));

/** Every relative import of a file, as the layer it lands in. */
function importedFolders(file: string): { specifier: string; folder: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .filter((i) => i.fileName.startsWith("."))
    .map((i) => ({ specifier: i.fileName, folder: layerOf(normalize(join(dirname(file), i.fileName))) }));
}

/** The imports of `file` that its layer (or the one given) may not make. */
const violations = (file: string, layer = layerOf(file)): string[] =>
  importedFolders(file)
    .filter((i) => FORBIDDEN[layer]?.includes(i.folder))
    .map((i) => `${file} imports ${i.specifier}`);

/** A loop in a graph of folders (each folder → the folders it imports), as "a → b → a"; null when there is none. */
function cycleIn(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found !== null) return found;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const found = visit(node);
    if (found !== null) return found;
  }
  return null;
}

/** The folders each file's folder imports, across the files given (imports inside a folder left out). */
function folderGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = layerOf(file);
    const to = graph.get(from) ?? new Set<string>();
    for (const i of importedFolders(file)) if (i.folder !== from && LAYERS.includes(i.folder)) to.add(i.folder);
    graph.set(from, to);
  }
  return graph;
}

describe("layers", () => {
  const files = fg.sync(["{core,content,sources,lib,site,build,tools,server,functions,netlify}/**/*.{ts,mjs}", "site/assets/**/*.js"], {
    ignore: ["**/*.d.ts"],
  });

  it("never import upward (core imports nothing of the project, sources never lib, site never build)", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(new Set(files.map(layerOf))).toEqual(new Set(LAYERS));
    expect(files.flatMap((file) => violations(file))).toEqual([]);
  });

  it("leave no cycle between folders, in the rule or in the code", () => {
    const allowed = new Map(LAYERS.map((l) => [l, new Set(LAYERS.filter((o) => o !== l && !FORBIDDEN[l]!.includes(o)))]));
    expect(cycleIn(allowed)).toBeNull();
    expect(cycleIn(folderGraph(files))).toBeNull();
  });

  it("are checked on real imports (the rules would catch one)", () => {
    // lib/datasets/records.ts imports core/ and sources/: placed in core/, both would be upward.
    expect(violations("lib/datasets/records.ts", "core")).toEqual(expect.arrayContaining([expect.stringMatching(/\.\.\/sources\//)]));
    expect(violations("lib/datasets/records.ts")).toEqual([]);
    // sources/banxico.ts reading the registry of lib/ again closes the loop this layout removed.
    const graph = folderGraph(files);
    expect(graph.get("lib")).toContain("sources");
    graph.get("sources")!.add("lib");
    expect(cycleIn(graph)).toMatch(/^(lib → sources → lib|sources → lib → sources)$/);
  });
});
