// A Netlify function over one handler bundles that handler alone: no other handler, no MiniSearch (issue 32 point 3).
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
  it.each([
    ["functions/rfc-validar.ts", "lib/http/handlers/rfc.ts"],
    ["functions/calendario-proximos.ts", "lib/http/handlers/calendar.ts"],
    ["functions/calculos.ts", "lib/http/handlers/calculations.ts"],
  ])("%s holds only its own handler", async (entry, own) => {
    const modules = await bundledModules(entry);
    expect(modules).toContain(own);
    expect(modules.filter((m) => m.startsWith("lib/http/handlers/") && m !== own)).toEqual([]);
    expect(modules.filter((m) => m.includes("node_modules/minisearch/"))).toEqual([]);
  });
});
