// The host's routing from the route table: dist/_redirects (query forms onto files), written by the build, and what the
// hand-written netlify.toml must declare (the functions' files, the edge function's exclusions; test/netlify.test.ts).
import { API_BASE, filePath, queryParams, routes, type Route } from "../lib/routes.ts";
import { CALC_RECORD_GLOBS } from "../lib/calc/records.ts";
import { SEARCH_INDEX_PATH } from "../lib/sat-search.ts";
import { routerPath } from "../lib/http/netlify.ts";
import { SERVED_SERIES, SIE_SERIES } from "../lib/banxico-series.ts";

/** Where the build writes the rewrites, in the publish directory (Netlify reads it there). */
export const REDIRECTS_FILE = "/_redirects";

/** What the calculations function reads: the records of the calculations and /status. */
export const CALCULOS_INCLUDED_FILES = CALC_RECORD_GLOBS.map((g) => `dist/${g}`);

/**
 * What the MCP function packs: the API tree and the search index, without the dumps' download-only formats, the
 * catalog keys' files, the paged lists' pages and the Banxico dates' files (it answers those from the JSON dumps;
 * test/mcp-bundle.test.ts).
 */
export const MCP_INCLUDED_FILES = [
  `dist${API_BASE}/**`,
  ...["csv", "ndjson", "xlsx", "sqlite"].map((ext) => `!dist${API_BASE}/dumps/*.${ext}`),
  // Below a catalog's folder: a key's file or folder (composite keys), and the pages of a paged list (limit-*/).
  `!dist${API_BASE}/cfdi/*/**`,
  // Every published series' dates' files, from its route prefix.
  ...SERVED_SERIES.map((k) => `!dist${API_BASE}${SIE_SERIES[k].api.base}/[0-9]*.json`),
  `!dist${API_BASE}/fx/dof/**`,
  `dist${SEARCH_INDEX_PATH}`,
];

interface Rewrite {
  from: string;
  to: string;
  query?: Record<string, string>;
}

/** Non-empty subsets of the query parameters, largest first, so the most specific rule matches first. */
function querySubsets(names: string[]): string[][] {
  const subsets: string[][] = [];
  for (let mask = (1 << names.length) - 1; mask > 0; mask--) subsets.push(names.filter((_, i) => mask & (1 << i)));
  return subsets.sort((a, b) => b.length - a.length);
}

export function rewrites(route: Route): Rewrite[] {
  if (route.kind !== "file") return [];
  const from = routerPath(route);
  const placeholders = Object.fromEntries(route.params.filter((p) => p.in === "path").map((p) => [p.name, `:${p.name}`]));
  // Date intervals (from/to) and filtered lists have no files: the edge sends them to a function before these rules apply.
  const params = queryParams(route).filter((p) => p.type !== "date" && p.type !== "string");
  const out: Rewrite[] = [];
  for (const subset of querySubsets(params.map((p) => p.name))) {
    // A query form maps onto the file with every parameter spelled out, defaults filled in.
    const values = Object.fromEntries(
      params.map((p) => [p.name, subset.includes(p.name) || p.type !== "integer" ? `:${p.name}` : String(p.default)]),
    );
    const to = filePath(route, placeholders, values as unknown as Record<string, number>);
    out.push({ from, to, query: Object.fromEntries(subset.map((n) => [n, `:${n}`])) });
  }
  out.push({ from, to: filePath(route, placeholders) });
  return out;
}

/**
 * The edge function runs in front of every static API path, the dumps included (so they carry the same
 * rate-limit headers as locally); function routes have their own functions.
 */
export function edgeExcludedPaths(): string[] {
  return routes.filter((r) => r.kind === "function").map((r) => `${API_BASE}${r.path.replace(/\{\w+\}/g, "*")}`);
}

/** The rewrites in Netlify's `_redirects` format: `from [name=:name …] to 200`, most specific query form first. */
export function renderRedirectsFile(): string {
  const lines = routes.flatMap(rewrites).map((rw) => {
    const query = Object.entries(rw.query ?? {}).map(([k, v]) => ` ${k}=${v}`);
    return `${rw.from}${query.join("")} ${rw.to} 200`;
  });
  return `# Written by the build from lib/routes.ts: each query form of a file route onto its file.\n${lines.join("\n")}\n`;
}
