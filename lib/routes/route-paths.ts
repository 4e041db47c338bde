// What the route table's entries mean for requests and files: query forms with a file, their paths, defaults, examples, and the documents beside the operations.
import {
  CACHE,
  type CachePolicy,
  type IntegerQueryParam,
  type Param,
  type PathParam,
  type QueryParam,
  type Route,
} from "../route-shape/route-types.ts";
import { isRequiredParam } from "../route-shape/param-schema.ts";
import { DEFINITIONS } from "../datasets/definitions.ts";
import { API_BASE, DUMP_FORMATS, DUMP_INDEX, DUMPS_DIR, dumpPath, type DumpDatasetId, type DumpFormat } from "../datasets/dump-paths.ts";
import { WORKBOOK_FAMILIES, workbookPath, type WorkbookFamily } from "../datasets/workbooks.ts";
import { FEED_IDS, feedPath, ICAL_TYPE } from "../calendar/ical.ts";

export { WORKBOOK_FAMILIES, workbookPath, type WorkbookFamily } from "../datasets/workbooks.ts";
export { API_BASE, DUMP_FORMATS, DUMP_INDEX, dumpPath, type DumpDatasetId, type DumpFormat } from "../datasets/dump-paths.ts";

export const queryParams = (route: Route): QueryParam[] => route.params.filter((p): p is QueryParam => p.in === "query");
export const pathParams = (route: Route): PathParam[] => route.params.filter((p): p is PathParam => p.in === "path");

const integerParams = (route: Route): IntegerQueryParam[] => queryParams(route).filter((p): p is IntegerQueryParam => p.type === "integer");

/** The value each integer query parameter takes when a request leaves it out. */
export function queryDefaults(route: Route): Record<string, number> {
  return Object.fromEntries(integerParams(route).map((p) => [p.name, p.default]));
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The query forms that have a file, as the values its path spells (`{}` is the route's own file, which
 * answers the request without a query): for `every-value`, each accepted value of its one parameter; for
 * `default-limit-pages`, the default limit at every offset that is a multiple of it below `total` items.
 */
export function prebuiltQueries(route: Route, total = 0): Record<string, number>[] {
  const forms: Record<string, number>[] = [{}];
  if (route.prebuilt === "every-value") {
    const [p, ...others] = integerParams(route);
    if (p === undefined || others.length > 0) throw new Error(`${route.id}: every-value needs exactly one integer parameter`);
    for (const v of range(p.minimum, p.maximum ?? p.minimum)) forms.push({ [p.name]: v });
  } else if (route.prebuilt === "default-limit-pages") {
    const { limit, offset } = queryDefaults(route);
    if (limit === undefined || offset === undefined) throw new Error(`${route.id}: default-limit-pages needs limit and offset`);
    for (let at = 0; at < total; at += limit) forms.push({ limit, offset: at });
  }
  return forms;
}

/** A file route's string query parameters filter its list (/cfdi/uso?regimen=): no filtered form has a file. */
export const filterParams = (route: Route): QueryParam[] =>
  route.kind === "file" ? queryParams(route).filter((p) => p.type === "string") : [];

/** Whether the request filters a file route's list (then a function answers it from the list's dump). */
export const isFiltered = (route: Route, query: Readonly<Record<string, unknown>>): boolean =>
  filterParams(route).some((p) => query[p.name] !== undefined);

/**
 * Whether a request's query form has a file (absent parameters take their defaults). Every accepted value
 * of an `every-value` route does; a paged route only at the default limit and an offset that is a multiple
 * of it (past the last page there is no file either: the answer is []); a filtered list never does.
 */
export function isPrebuilt(route: Route, query: Readonly<Record<string, unknown>>): boolean {
  if (isFiltered(route, query)) return false;
  if (route.prebuilt !== "default-limit-pages") return true;
  const defaults = queryDefaults(route);
  const value = (name: string): number | undefined => (typeof query[name] === "number" ? (query[name] as number) : defaults[name]);
  const limit = value("limit");
  const offset = value("offset") ?? 0;
  return limit === defaults["limit"] && limit !== undefined && offset % limit === 0;
}

/**
 * The file of a request's query form, as the host rules map it (build/netlify.ts): without query parameters the
 * route's own file; with any, the variant that spells every parameter, defaults filled in.
 */
export function variantPath(route: Route, pathValues: Record<string, string>, query: Readonly<Record<string, unknown>>): string {
  const params = integerParams(route);
  if (!params.some((p) => p.name in query)) return route.path.includes("{") ? filePath(route, pathValues) : ownFilePath(route);
  const values: Record<string, number> = {};
  for (const p of params) {
    const v = query[p.name];
    values[p.name] = typeof v === "number" ? v : p.default;
  }
  return filePath(route, pathValues, values);
}

const ownFiles = new Map<string, string>();

/** The file of a route without path parameters at its default query, made once per route (the server asks it per request). */
function ownFilePath(route: Route): string {
  let path = ownFiles.get(route.id);
  if (path === undefined) {
    path = filePath(route);
    ownFiles.set(route.id, path);
  }
  return path;
}

/**
 * Where the file of one response lives, relative to the publish directory. A path parameter becomes a
 * path segment; query values become `name-value` segments below the resource (e.g. `/fx/history/days-7.json`),
 * which cannot collide with path parameters (years, periods and codes never contain a hyphenated name).
 */
export function filePath(route: Route, pathValues: Record<string, string> = {}, queryValues: Record<string, number> = {}): string {
  const resource = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${route.id}`);
    return value;
  });
  const variant = queryParams(route)
    .filter((p) => p.name in queryValues)
    .map((p) => `/${p.name}-${queryValues[p.name]}`)
    .join("");
  return `${API_BASE}${resource}${variant}.json`;
}

/** Documents served beside the API operations (not operations themselves): path from the site root. */
export interface DocumentRoute {
  path: string;
  contentType: string;
  cache: CachePolicy;
}

/** Whole datasets for bulk download, each as JSON (an array), CSV and NDJSON, listed in dumps/index.json: every definition with a dump of its own, in their order. */
export const DUMP_DATASETS: readonly { id: DumpDatasetId; cache: CachePolicy }[] = DEFINITIONS.flatMap((d) =>
  d.dump === null ? [] : [{ id: d.id, cache: d.dump.cache }],
);
/** Every dataset in one SQLite file, and each family of datasets in one workbook for spreadsheets. */
export const SQLITE_DUMP = `${DUMPS_DIR}/fiscal-mx.sqlite`;
export const SQLITE_TYPE = "application/vnd.sqlite3";
/** Which workbook a dataset goes in (its definition's dump says). */
export function familyOf(datasetId: string): WorkbookFamily {
  const family = DEFINITIONS.find((d) => d.id === datasetId)?.dump?.workbook;
  if (family === undefined) throw new Error(`${datasetId}: ningún conjunto de datos con descarga propia tiene este id`);
  return family;
}
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The whole c_ClaveProdServ catalog ordered by code: arbitrary list pages are sliced from it. */
export const CLAVE_PROD_SERV_DUMP = dumpPath("cfdi-clave-prod-serv", "json");

/** The dump (JSON, ordered by key) of the catalog a list route lists, from which arbitrary pages are sliced. */
export const listDumpPath = (route: Route): string => dumpPath(route.path.slice(1).replace("/", "-"), "json");

/** Discovery files at the site root (not under the API prefix). */
export const DISCOVERY = {
  aiPlugin: "/.well-known/ai-plugin.json",
  mcp: "/.well-known/mcp.json",
  llms: "/llms.txt",
} as const;

export const documentRoutes: readonly DocumentRoute[] = [
  { path: `${API_BASE}/openapi.json`, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.aiPlugin, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.mcp, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.llms, contentType: "text/markdown; charset=utf-8", cache: CACHE.hour },
  { path: DUMP_INDEX, contentType: "application/json; charset=utf-8", cache: CACHE.live },
  ...DUMP_DATASETS.flatMap((d) =>
    (Object.keys(DUMP_FORMATS) as DumpFormat[]).map((f) => ({ path: dumpPath(d.id, f), contentType: DUMP_FORMATS[f], cache: d.cache })),
  ),
  // They hold the daily series too, so they are as live as those.
  { path: SQLITE_DUMP, contentType: SQLITE_TYPE, cache: CACHE.live },
  ...WORKBOOK_FAMILIES.map((f) => ({ path: workbookPath(f), contentType: XLSX_TYPE, cache: CACHE.live })),
  // The calendar's iCalendar feeds, one per audience (lib/calendar/ical.ts).
  ...FEED_IDS.map((id) => ({ path: feedPath(id), contentType: ICAL_TYPE, cache: CACHE.hour })),
];

export const JSON_TYPE = "application/json; charset=utf-8";

/** The request of a route with the example value of every path parameter and required query parameter. */
export function exampleRequest(route: Route): { path: string; values: Record<string, string>; query: string } {
  const values: Record<string, string> = {};
  for (const p of pathParams(route)) values[p.name] = p.example;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  // Integer parameters have defaults: never required.
  const shown = (p: Param): p is Exclude<QueryParam, IntegerQueryParam> => p.in === "query" && isRequiredParam(p);
  const query =
    route.exampleQuery ?? route.params.flatMap((p) => (shown(p) ? [`${p.name}=${encodeURIComponent(p.example)}`] : [])).join("&");
  return { path, values, query };
}
