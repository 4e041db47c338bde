// The host's configuration: the hand-written netlify.toml says what the route table implies, and the build writes the
// rewrites and per-path headers into the publish directory (dist/_redirects, dist/_headers).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { EDGE_PATHS, FUNCTION_INCLUDED_FILES, renderRedirectsFile, rewrites } from "../build/netlify.ts";
import { headerRules } from "../lib/http/header-rules.ts";
import { API_BASE, pathParams, routes } from "../lib/routes/routes.ts";
import { builtDist } from "./http-setup.ts";
import { withIncludedFiles } from "../tools/netlify-toml.ts";

interface NetlifyToml {
  build: { command: string; publish: string };
  functions: Record<string, { included_files?: string[] }> & { directory: string };
  edge_functions: { function: string; path: string; excludedPath?: string[] }[];
  redirects?: unknown;
  headers?: unknown;
}

const text = readFileSync(new URL("../netlify.toml", import.meta.url), "utf8");
const toml = parse(text) as unknown as NetlifyToml;

describe("netlify.toml", () => {
  it("publishes dist, lists each function's files and puts the edge function in front of every API path, /mcp and /_fn/", () => {
    expect(toml.build).toMatchObject({ command: "npm run build", publish: "dist" });
    expect(toml.functions.directory).toBe("functions");
    for (const [name, files] of Object.entries(FUNCTION_INCLUDED_FILES)) expect(toml.functions[name]?.included_files, name).toEqual(files);
    // Written by the tool from those lists, byte for byte: a new series or sheet is `npm run netlify:toml`, not an edit.
    expect(text, "npm run netlify:toml").toBe(withIncludedFiles(text, FUNCTION_INCLUDED_FILES));
    expect(toml.edge_functions).toEqual(EDGE_PATHS.map((path) => ({ function: "api", path })));
    expect(EDGE_PATHS).toContain(`${API_BASE}/*`);
    // Rewrites and headers are the build's: two places would drift.
    expect(toml.redirects).toBeUndefined();
    expect(toml.headers).toBeUndefined();
  });
});

describe("the host files the build writes", () => {
  it("map every query form of a file route onto its file, in dist/_redirects", async () => {
    const text = readFileSync(join(await builtDist(), "_redirects"), "utf8");
    expect(text).toBe(renderRedirectsFile());
    const fx = rewrites(routes.find((r) => r.id === "fxHistory")!);
    expect(text).toContain(`${fx[0]!.from} days=:days ${fx[0]!.to} 200\n`);
    expect(text.split("\n").filter((l) => l.startsWith("/")).length).toBe(routes.flatMap(rewrites).length);
  });

  it("give every file route CORS, JSON and its cache lifetime, in dist/_headers", async () => {
    const text = readFileSync(join(await builtDist(), "_headers"), "utf8");
    const rules = headerRules();
    for (const rule of rules) {
      expect(text).toContain(
        `\n${rule.for}\n${Object.entries(rule.values)
          .map(([k, v]) => `  ${k}: ${v}\n`)
          .join("")}`,
      );
    }
    for (const r of routes.filter((route) => route.kind === "file")) {
      const example = `/api/v1/public${r.path}`.replace(
        /\{(\w+)\}/g,
        (_, name: string) => pathParams(r).find((p) => p.name === name)?.example ?? "x",
      );
      const matches = (pattern: string): boolean =>
        pattern === example || (pattern.endsWith("/*") && example.startsWith(pattern.slice(0, -1)));
      const rule = rules.find((h) => matches(h.for));
      expect(rule, r.id).toBeDefined();
      expect(rule!.values).toMatchObject({
        "Access-Control-Allow-Origin": "*",
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": `public, max-age=${typeof r.cache === "string" ? 0 : r.cache.maxAge}`,
      });
    }
  });
});
