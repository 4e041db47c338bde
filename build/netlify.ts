// The host's routing from the route table: dist/_redirects (query forms onto files), written by the build, and what
// netlify.toml must declare (the functions' files, written into it by tools/netlify-toml.ts; test/netlify.test.ts).
import {
  API_BASE,
  dumpPath,
  filePath,
  filterParams,
  listDumpPath,
  queryParams,
  routeById,
  routes,
  type Route,
} from "../lib/routes/routes.ts";
import { CALC_RECORD_GLOBS } from "../lib/calc/records.ts";
import { SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { FUNCTION_ONLY_PREFIX, routerPath } from "../lib/http/netlify.ts";
import type { HeaderRule } from "../lib/http/header-rules.ts";
import { MCP_PATH } from "../lib/mcp/endpoint.ts";
import { CHECK_DUMPS } from "../lib/handlers/check.ts";
import { definitionsOf } from "../lib/datasets/definitions.ts";

/** Where the build writes the rewrites, in the publish directory (Netlify reads it there). */
export const REDIRECTS_FILE = "/_redirects";
/** Where the build writes the header rules, in the publish directory (Netlify reads it there). */
export const HEADERS_FILE = "/_headers";

/** The rules in Netlify's `_headers` file format: a path line, then its headers indented. */
export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((r) => [r.for, ...Object.entries(r.values).map(([k, v]) => `  ${k}: ${v}`)].join("\n"));
  return `# Written by the build from lib/routes/routes.ts and /status: each file's type, cache and CORS, each answer's data date and staleFrom.\n${blocks.join("\n")}\n`;
}

/** What the calculations function reads: the records of the calculations and /status. */
const CALCULOS_INCLUDED_FILES = CALC_RECORD_GLOBS.map((g) => `dist/${g}`);

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
  // Every series definition's dates' files, from its route prefix.
  ...definitionsOf("series").map((d) => `!dist${API_BASE}${d.series.base}/[0-9]*.json`),
  `!dist${API_BASE}/fx/dof/**`,
  `dist${SEARCH_INDEX_PATH}`,
];

/**
 * What every function packs (netlify.toml's `[functions.<name>] included_files`): the files it reads from disk, so no
 * function ever requests a file of its deploy (such a request would be counted, and could be refused, by the platform).
 */
export const FUNCTION_INCLUDED_FILES: Readonly<Record<string, readonly string[]>> = {
  // Every series definition's dump (its ranges are sliced from it) and /status.
  "banxico-series": [...definitionsOf("series").map((d) => dumpPath(d.id, "json")), filePath(routeById("status"))].map((p) => `dist${p}`),
  calculos: CALCULOS_INCLUDED_FILES,
  "catalog-pages": [
    ...new Set(routes.filter((r) => r.prebuilt === "default-limit-pages" || filterParams(r).length > 0).map(listDumpPath)),
  ].map((p) => `dist${p}`),
  "cfdi-buscar": [`dist${SEARCH_INDEX_PATH}`],
  "cfdi-num-pedimento-aduana": [`dist${dumpPath("cfdi-num-pedimento-aduana", "json")}`],
  "cfdi-tasa-o-cuota": [dumpPath("cfdi-tasa-o-cuota", "json"), dumpPath("cfdi-impuesto", "json")].map((p) => `dist${p}`),
  "cfdi-validar": CHECK_DUMPS.map((p) => `dist${p}`),
  mcp: MCP_INCLUDED_FILES,
};

/**
 * Where the edge function runs (netlify.toml's `[[edge_functions]]`): every API path, /mcp and the functions' own
 * paths, with no exclusion, so its one platform rate limit counts every request of a client once (decision
 * new-host-one-budget).
 */
export const EDGE_PATHS: readonly string[] = [API_BASE, `${API_BASE}/*`, MCP_PATH, `${FUNCTION_ONLY_PREFIX}*`];

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

/** The rewrites in Netlify's `_redirects` format: `from [name=:name …] to 200`, most specific query form first. */
export function renderRedirectsFile(): string {
  const lines = routes.flatMap(rewrites).map((rw) => {
    const query = Object.entries(rw.query ?? {}).map(([k, v]) => ` ${k}=${v}`);
    return `${rw.from}${query.join("")} ${rw.to} 200`;
  });
  return `# Written by the build from lib/routes/routes.ts: each query form of a file route onto its file.\n${lines.join("\n")}\n`;
}
