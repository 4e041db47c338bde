// Imports point one way: core < sources and content < lib (the API) < site < build < tools < the shells (server, functions, edge); inside lib/, its folders in one order; no cycle between folders, nor between any two files.
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { fileCycles, fileGraph, importsOf, libFolder, scannedImports, sourceFiles } from "../tools/import-graph.ts";

const SHELLS = ["server", "functions", "netlify", "netlify/plugins"];

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
  // A build plugin runs inside the host's build, after it: it may read the build's modules, never a shell's.
  "netlify/plugins": ["site/assets", "site", "tools", "server", "functions", "netlify"],
};
const LAYERS = Object.keys(FORBIDDEN);

const layerOf = (path: string): string =>
  path.startsWith("site/assets/") ? "site/assets" : path.startsWith("netlify/plugins/") ? "netlify/plugins" : (path.split("/")[0] ?? "");

/** The repository's files and their imports, type-only ones included, read once for every suite below. */
const repoFiles = sourceFiles();
const repoGraph = fileGraph(repoFiles);

/** Every file of the repository a file imports, with the layer it lands in. */
const importedFolders = (file: string): { target: string; folder: string }[] =>
  (repoGraph.get(file) ?? []).map((target) => ({ target, folder: layerOf(target) }));

/** The imports of `file` that its layer (or the one given) may not make. */
const violations = (file: string, layer = layerOf(file)): string[] =>
  importedFolders(file)
    .filter((i) => FORBIDDEN[layer]?.includes(i.folder))
    .map((i) => `${file} imports ${i.target}`);

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
    expect(violations("lib/datasets/records.ts", "core")).toEqual(expect.arrayContaining([expect.stringMatching(/ imports sources\//)]));
    expect(violations("lib/datasets/records.ts")).toEqual([]);
    // sources/banxico.ts reading the registry of lib/ again closes the loop this layout removed.
    const graph = folderGraph(files);
    expect(graph.get("lib")).toContain("sources");
    graph.get("sources")!.add("lib");
    expect(cycleIn(graph)).toMatch(/^(lib → sources → lib|sources → lib → sources)$/);
  });
});

/**
 * lib/'s folders by concern, from the bottom: a folder imports only folders of the levels below its own
 * (docs/decisions/0069-lib-folders.md). The route shape, the search and the CFDI checks read only core/ and sources/;
 * the HTTP toolkit (errors, parameters, ETags, the handler contract) only the route shape; the datasets
 * (registry, records, their tables' routes) the toolkit's ETags; the calendar's feeds, the route table, the file
 * bodies and the calculations build on them; the handlers use all of those, the app (lib/http) mounts the handlers,
 * the MCP server calls the app.
 */
const LIB_LEVELS: readonly (readonly string[])[] = [
  ["route-shape", "search", "cfdi-check"],
  ["http-kit"],
  ["datasets"],
  ["calendar"],
  ["routes"],
  ["bodies", "calc"],
  ["handlers"],
  ["http"],
  ["mcp"],
];
const levelOf = new Map(LIB_LEVELS.flatMap((folders, level) => folders.map((f) => [f, level] as const)));

/** Imports between lib/ folders that do not point to a lower level, as "from imports to". */
function libViolations(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = libFolder(file);
    if (from === null) continue;
    for (const target of targets) {
      const to = libFolder(target);
      if (to === null || to === from) continue;
      const [a, b] = [levelOf.get(from), levelOf.get(to)];
      if (a === undefined || b === undefined || b >= a) out.push(`${file} (${from || "lib/"}) imports ${target} (${to || "lib/"})`);
    }
  }
  return out;
}

describe("lib/ folders", () => {
  const graph = repoGraph;

  it("hold every file of lib/: no loose file at the root", () => {
    expect(fg.sync("lib/*", { onlyFiles: true })).toEqual([]);
    const folders = fg.sync("lib/*", { onlyDirectories: true }).map((f) => f.slice("lib/".length));
    expect(new Set(folders)).toEqual(new Set([...levelOf.keys()]));
  });

  it("import only folders below their own", () => {
    expect(graph.size).toBeGreaterThan(400);
    expect(libViolations(graph)).toEqual([]);
  });

  it("would be caught importing sideways or upward", () => {
    // The toolkit reading the route table closes the loop lib/http-kit was made to break.
    const upward = new Map(graph);
    upward.set("lib/http-kit/errors.ts", [...(graph.get("lib/http-kit/errors.ts") ?? []), "lib/routes/routes.ts"]);
    expect(libViolations(upward)).toEqual(["lib/http-kit/errors.ts (http-kit) imports lib/routes/routes.ts (routes)"]);
    // Two folders of one level stay apart: the calculations do not read the file bodies.
    const sideways = new Map([["lib/calc/isr.ts", ["lib/bodies/bodies.ts"]]]);
    expect(libViolations(sideways)).toEqual(["lib/calc/isr.ts (calc) imports lib/bodies/bodies.ts (bodies)"]);
    // A loose file at the root belongs to no level.
    expect(libViolations(new Map([["lib/handlers/rfc.ts", ["lib/stray.ts"]]]))).toHaveLength(1);
  });
});

describe("file cycles", () => {
  const files = repoFiles;

  it("count every kind of import: import type, export … from, import(), require() and import(…) types", () => {
    const text = [
      'import type { A } from "./a.ts";',
      'import { type B } from "./b.ts";',
      'import { C, type D } from "./c.ts";',
      'export { E } from "./e.ts";',
      'export type * from "./f.ts";',
      'const g = await import("./g.ts");',
      'type H = import("./h.ts").H;',
      'const i = require("./i.cjs");',
      'import "./j.ts";',
      'import x from "node:fs";',
    ].join("\n");
    expect(importsOf("x.ts", text)).toEqual([
      { specifier: "./a.ts", typeOnly: true },
      { specifier: "./b.ts", typeOnly: true },
      { specifier: "./c.ts", typeOnly: false },
      { specifier: "./e.ts", typeOnly: false },
      { specifier: "./f.ts", typeOnly: true },
      { specifier: "./g.ts", typeOnly: false },
      { specifier: "./h.ts", typeOnly: true },
      { specifier: "./i.cjs", typeOnly: false },
      { specifier: "./j.ts", typeOnly: false },
    ]);
    // The syntax tree (for bench/layout.ts's run-time graph) and the compiler's scanner (for the graph here) see the same imports.
    expect(scannedImports(text)).toEqual(importsOf("x.ts", text).map((i) => i.specifier));
  });

  it("are none in the repository, type-only ones included", () => {
    expect(files.length).toBeGreaterThan(400);
    expect(fileCycles(repoGraph)).toEqual([]);
  });

  it("are found when there is one, however long", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(fileCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    // The real graph with one type-only import back: lib/route-shape/route-types.ts reading the route table.
    const real = new Map(repoGraph);
    real.set("lib/route-shape/route-types.ts", [...(real.get("lib/route-shape/route-types.ts") ?? []), "lib/routes/routes.ts"]);
    expect(fileCycles(real).flat()).toEqual(expect.arrayContaining(["lib/route-shape/route-types.ts", "lib/routes/routes.ts"]));
  });
});
