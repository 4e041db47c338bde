// Renders netlify.toml (rewrites and headers) from the route table; `npm run netlify:config` writes it.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { API_BASE, filePath, queryParams, routes, type Route } from "../lib/routes.ts";
import { headerRules } from "../lib/http/header-rules.ts";
import { CALC_RECORD_GLOBS } from "../lib/calc/records.ts";

/** Functions that read the build's records from disk, with the files Netlify must bundle with them. */
export const FUNCTIONS_WITH_RECORDS = ["calculos"] as const;

interface Rewrite {
  from: string;
  to: string;
  query?: Record<string, string>;
}

const asPlaceholders = (template: string): string => template.replace(/\{(\w+)\}/g, ":$1");

/** Non-empty subsets of the query parameters, largest first, so the most specific rule matches first. */
function querySubsets(names: string[]): string[][] {
  const subsets: string[][] = [];
  for (let mask = (1 << names.length) - 1; mask > 0; mask--) subsets.push(names.filter((_, i) => mask & (1 << i)));
  return subsets.sort((a, b) => b.length - a.length);
}

export function rewrites(route: Route): Rewrite[] {
  if (route.kind !== "file") return [];
  const from = `${API_BASE}${asPlaceholders(route.path)}`;
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

const str = (s: string): string => JSON.stringify(s);
const inline = (o: Record<string, string>): string =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `${k} = ${str(v)}`)
    .join(", ")} }`;

export function renderNetlifyToml(): string {
  const lines = [
    "# Generated from lib/routes.ts by `npm run netlify:config`; test/netlify.test.ts fails when it drifts.",
    "[build]",
    '  command = "npm run build"',
    '  publish = "dist"',
    "",
    "[build.environment]",
    '  NODE_VERSION = "20"',
    "",
    "# Function routes (config.path in each file) and the page function the edge rewrites to.",
    "[functions]",
    '  directory = "functions"',
    "",
    ...FUNCTIONS_WITH_RECORDS.flatMap((name) => [
      `[functions.${name}]`,
      `  included_files = [${CALC_RECORD_GLOBS.map((g) => str(`dist/${g}`)).join(", ")}]`,
      "",
    ]),
    "# The MCP function answers every tool through the pipeline, with the whole API tree beside it (read lazily).",
    "[functions.mcp]",
    `  included_files = [${str(`dist${API_BASE}/**`)}]`,
    "",
    "# Rate-limit headers, parameter checks and problems in front of the static API files.",
    "[[edge_functions]]",
    '  function = "api"',
    `  path = ${str(`${API_BASE}/*`)}`,
    `  excludedPath = [${edgeExcludedPaths().map(str).join(", ")}]`,
    "",
  ];
  for (const rw of routes.flatMap(rewrites)) {
    lines.push("[[redirects]]", `  from = ${str(rw.from)}`, `  to = ${str(rw.to)}`, "  status = 200");
    if (rw.query) lines.push(`  query = ${inline(rw.query)}`);
    lines.push("");
  }
  for (const h of headerRules()) {
    lines.push("[[headers]]", `  for = ${str(h.for)}`, "  [headers.values]");
    for (const [k, v] of Object.entries(h.values)) lines.push(`    ${k} = ${str(v)}`);
    lines.push("");
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL("../netlify.toml", import.meta.url), renderNetlifyToml());
  console.log("netlify.toml escrito desde la tabla de rutas.");
}
