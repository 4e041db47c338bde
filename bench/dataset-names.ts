// How many names each dataset goes by in the code: its definition's id, its source's id, its checks' prefix, its dump and /status ids, its routes' prefix, route ids and MCP values, its registry key and the field of the loaded data that holds it.
import { DEFINITIONS, type DatasetDefinition } from "../lib/datasets/definitions.ts";
import { DUMP_DATASETS, routeById, type Route } from "../lib/routes/routes.ts";
import { loadDatasets } from "../build/datasets.ts";
import { statusDocument } from "../build/status.ts";
import { DATASETS } from "../lib/datasets/tables.ts";

/** The key of the tables' registry (DATASETS) whose entry a definition is made from, found by identity. */
const registryKey = (d: DatasetDefinition): string | undefined =>
  "entry" in d ? Object.entries(DATASETS).find(([, e]) => e === d.entry)?.[0] : undefined;

/** A kebab-case id in camelCase, the form route ids and identifiers take of it ("tiie-28" → "tiie28"). */
const camel = (id: string): string => id.replace(/-(.)/g, (_, c: string) => c.toUpperCase());

/** The route ids' words that say what a route answers, not which dataset: removed before comparing its prefix. */
const ROUTE_SUFFIX = /(Today|History|ByDate|List|ByPeriod|Current|CurrentMonthly|ByYear|Tariff|Rates|Year|Range)$/;

/**
 * A name as the id it is a mechanical form of: camelCase, a slash for each hyphen (route paths), a sheet's
 * catalog without its family (`/cfdi/uso` of `cfdi-uso`). What is none of these is a name of its own.
 */
function asId(d: DatasetDefinition, name: string): string {
  const forms = [d.id, camel(d.id), `/${d.id}`, `/${d.id.replaceAll("-", "/")}`];
  if (d.kind === "sheet") forms.push(d.id.replace(/^(cfdi|nomina)-/, ""), `/${d.id.replace("-", "/")}`);
  return forms.includes(name) ? d.id : name;
}

/** The path its routes share up to their first parameter, or that path without its last word (`/uma/current`), whichever is a form of its id. */
function routePrefix(d: DatasetDefinition, rs: Route[]): string | undefined {
  if (rs.length === 0) return undefined;
  const parts = rs.map((r) => r.path.split("/").slice(1));
  const common: string[] = [];
  for (let i = 0; parts.every((p) => p[i] !== undefined && p[i] === parts[0]![i] && !p[i]!.startsWith("{")); i++)
    common.push(parts[0]![i]!);
  const whole = `/${common.join("/")}`;
  const shorter = `/${common.slice(0, -1).join("/")}`;
  return asId(d, whole) !== d.id && asId(d, shorter) === d.id ? shorter : whole;
}

const data = await loadDatasets("raw");
const status = new Set(statusDocument(data, "2026-12-01", {}).datasets.map((s) => s.id));
const dumps = new Set<string>(DUMP_DATASETS.map((x) => x.id));
/** The field of the loaded data that holds a dataset's records: found by the identity of what it holds. */
const fields = Object.entries(data as unknown as Record<string, unknown>);
const catalogs = Object.entries((data as unknown as { catalogs: Record<string, unknown> }).catalogs);

function dataField(d: DatasetDefinition): string | undefined {
  const source = d.source as { rows?: unknown; parse?: unknown };
  if (source.rows !== undefined) return fields.find(([, v]) => v === source.rows)?.[0];
  if (d.kind === "sheet" && "spec" in d) return catalogs.find(([k]) => k === d.catalog)?.[0];
  const length = (v: unknown): number => (Array.isArray(v) ? v.length : -1);
  // A feed's records: the one field whose list is as long as its dump's rows (checked unique below).
  const rows = d.kind === "series" ? length((data as unknown as Record<string, unknown>)[d.id]) : -2;
  const key = registryKey(d);
  const byId = fields.find(([k]) => k === d.id || k === camel(d.id) || k === key);
  if (byId !== undefined && (rows === -2 || length(byId[1]) === rows)) return byId[0];
  return undefined;
}

const rows: { id: string; names: string[] }[] = [];
for (const d of DEFINITIONS) {
  const rs = d.routeIds.map((id) => routeById(id as never) as Route);
  const names = new Map<string, string>();
  const add = (where: string, name: string | undefined): void => {
    if (name === undefined) return;
    const n = asId(d, name);
    names.set(n, names.has(n) ? `${names.get(n)}, ${where}` : where);
  };
  add("definition", d.id);
  add("source", d.source.id);
  for (const c of d.source.checks) add("check", c.name.startsWith(`${d.id}-`) ? d.id : c.name.split("-")[0]);
  add("dump", dumps.has(d.id) ? d.id : undefined);
  add("status", status.has(d.id) ? d.id : `(missing from /status)`);
  add("route path", routePrefix(d, rs));
  for (const r of rs) add("route id", r.id.replace(ROUTE_SUFFIX, "") || r.id);
  for (const r of rs) add("MCP value", r.mcp !== undefined && "as" in r.mcp ? r.mcp.as : undefined);
  add("registry key", registryKey(d));
  add("loaded data field", dataField(d) ?? "(not found)");
  rows.push({ id: d.id, names: [...names].map(([n, where]) => `${n} (${where})`) });
}

let total = 0;
for (const r of rows) {
  total += r.names.length;
  console.log(`${String(r.names.length).padStart(2)}  ${r.id}: ${r.names.join("; ")}`);
}
const many = rows.filter((r) => r.names.length > 1).length;
console.log(`\n${rows.length} datasets, ${total} names (${(total / rows.length).toFixed(2)} each); ${many} with more than one.`);
