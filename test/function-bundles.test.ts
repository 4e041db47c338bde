// A Netlify function bundles its own handlers alone: no other handler, no MiniSearch unless it searches, no schemas (issue 32 point 3).
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** The modules esbuild puts in a function's bundle, as repo paths. */
async function bundledModules(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

describe("function bundles", () => {
  // Each function's own handler modules.
  it.each([
    ["functions/rfc-validar.ts", ["rfc"]],
    ["functions/calendario-proximos.ts", ["calendar"]],
    ["functions/calculos.ts", ["calculations"]],
    ["functions/banxico-series.ts", ["series"]],
    ["functions/catalog-pages.ts", ["catalog-filters"]],
    ["functions/cfdi-validar.ts", ["check"]],
    ["functions/cfdi-num-pedimento-aduana.ts", ["sat"]],
    ["functions/cfdi-tasa-o-cuota.ts", ["sat"]],
  ])("%s holds only its own handlers, no MiniSearch and no TypeBox", async (entry, own) => {
    const modules = await bundledModules(entry);
    const handlers = modules.filter((m) => m.startsWith("lib/handlers/")).map((m) => m.slice("lib/handlers/".length, -".ts".length));
    expect(handlers.sort()).toEqual([...own].sort());
    expect(modules.filter((m) => m.includes("node_modules/minisearch/"))).toEqual([]);
    // The response schemas are the build's and the MCP server's; the route table reaches none of them.
    expect(modules.filter((m) => m.includes("node_modules/@sinclair/typebox/") || /^core\/.*schema/.test(m))).toEqual([]);
  });
});
