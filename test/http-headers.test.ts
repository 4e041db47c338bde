// One rule set for per-path headers: the build's dist/_headers (what the host reads) and the local server agree on a sample of the built tree.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDataStale } from "../lib/http/netlify.ts";
import { documentRoutes } from "../lib/routes/routes.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, builtFiles, get } from "./http-setup.ts";

interface TomlRule {
  for: string;
  values: Record<string, string>;
}

/** The rules of a `_headers` file in the publish directory (a path line, then indented `Name: value` lines). */
function headersFileRules(text: string): TomlRule[] {
  const rules: TomlRule[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!line.startsWith(" ")) rules.push({ for: line, values: {} });
    else {
      const [name, ...value] = line.trim().split(": ");
      (rules.at(-1) as TomlRule).values[name as string] = value.join(": ");
    }
  }
  return rules;
}

/**
 * Netlify's matching of a `for` path: literal, with `*` standing for any rest of the path; the headers of
 * every rule that matches are merged (the file rules and the data rules name different headers).
 */
function netlifyHeaders(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of hostRules) {
    const pattern = new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    if (!pattern.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      // The host would send both values of a header two rules give: the rule set must never do that.
      expect(out[name.toLowerCase()], `${path}: ${name} from two rules`).toBeUndefined();
      out[name.toLowerCase()] = value;
    }
  }
  return out;
}

/** The host's headers of a file as the edge function hands them on: with the day's stale flag where they name a staleFrom. */
function withEdgeJudgement(host: Record<string, string>): Record<string, string> {
  const judged = withDataStale(new Response(null, { headers: host }), Date.now());
  return Object.fromEntries([...judged.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]));
}

// What every response has or the pipeline adds per request, not per path.
const PER_RESPONSE = new Set([
  "content-length",
  "etag",
  "date",
  "connection",
  "keep-alive",
  "x-fmx-rate-limit",
  "x-fmx-rate-limit-remaining",
  "x-fmx-rate-limit-reset",
]);

let app: RunningServer;
let hostRules: TomlRule[] = [];
beforeAll(async () => {
  const distDir = await builtDist();
  hostRules = headersFileRules(readFileSync(join(distDir, "_headers"), "utf8"));
  app = await startServer({ distDir, files: await builtFiles(), port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
});
afterAll(() => app.close());

describe("per-path headers", () => {
  it("are the same locally and in dist/_headers for a sample of every kind of file", async () => {
    const all = [...app.files.files.keys()].sort();
    const sample = new Set([...all.filter((_, i) => i % 250 === 0), ...documentRoutes.map((d) => d.path)]);
    let withRules = 0;
    for (const path of sample) {
      const reply = await get(app.url, path);
      expect(reply.status, path).toBe(200);
      // Accept-Ranges on the dumps is the local server's own byte-range support (lib/http/byte-ranges.ts); Netlify's
      // CDN answers ranges of its files by itself, so no header rule carries it.
      const local = Object.fromEntries(
        Object.entries(reply.headers).filter(
          ([name]) => !PER_RESPONSE.has(name) && !(name === "accept-ranges" && path.includes("/dumps/")),
        ),
      );
      const host = netlifyHeaders(path);
      if (Object.keys(host).length === 0) {
        // No rule: the host's defaults for a site file, which the local server gives too.
        expect(path.startsWith("/api/"), `${path} has no header rule`).toBe(false);
        expect(local["cache-control"], path).toBe("public, max-age=0, must-revalidate");
        expect(local["access-control-allow-origin"], path).toBeUndefined();
        continue;
      }
      withRules++;
      // Intended (branch host): on Netlify the edge function adds the day's x-fmx-data-stale to every file whose rule
      // names a staleFrom (lib/http/netlify.ts withDataStale), as the local server does; the comparison includes it.
      expect(local, path).toEqual(withEdgeJudgement(host));
    }
    expect(withRules).toBeGreaterThan(200);
  });
});
