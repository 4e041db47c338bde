// netlify.toml is generated from the route table: the committed file must be exactly what the table renders.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderNetlifyToml } from "../build/netlify.ts";
import { headerRules } from "../lib/http/header-rules.ts";
import { pathParams, routes } from "../lib/routes.ts";

describe("netlify.toml", () => {
  it("is what `npm run netlify:config` renders from lib/routes.ts", () => {
    expect(readFileSync(new URL("../netlify.toml", import.meta.url), "utf8")).toBe(renderNetlifyToml());
  });

  it("publishes dist and gives every file route CORS, JSON and its cache lifetime", () => {
    const toml = renderNetlifyToml();
    expect(toml).toContain('publish = "dist"');
    const rules = headerRules();
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
