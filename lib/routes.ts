// The route table: the single description of every GET path (parameters, bounds, schema, cache, file or function).
import type { BodySchema } from "./schemas.ts";
import { CFDI_SHEETS } from "../sources/sat-cfdi.ts";
import { NOMINA_SHEETS } from "../sources/sat-nomina.ts";
import { satRoutes } from "./sat-routes.ts";

export const API_BASE = "/api/v1/public";

/** Cache lifetimes of DESIGN.md, in seconds; the calendar is cached only until the next midnight in Mexico City. */
export type CachePolicy = { maxAge: number } | "until-midnight-mexico-city";
export const CACHE = {
  live: { maxAge: 300 }, // FIX and INPC
  yearly: { maxAge: 3600 }, // UMA, ISR, openapi, discovery, content catalogs, suggest
  cfdi: { maxAge: 86400 }, // CFDI catalogs and RFC validation
  calendar: "until-midnight-mexico-city",
} as const satisfies Record<string, CachePolicy>;

export interface IntegerQueryParam {
  in: "query";
  name: string;
  type: "integer";
  minimum: number;
  maximum?: number;
  default: number;
  description: string;
}

export interface StringQueryParam {
  in: "query";
  name: string;
  type: "string";
  required: boolean;
  /** The accepted values, when there is a closed list (anything else is a 400). */
  enum?: readonly string[];
  maxLength: number;
  description: string;
  example: string;
}

export interface PathParam {
  in: "path";
  name: string;
  description: string;
  /** Well-formed values match this; others are a 400 (DESIGN.md), unless `anyValue` (then absent → 404). */
  pattern?: string;
  enum?: readonly string[];
  maxLength: number;
  example: string;
}

export type QueryParam = IntegerQueryParam | StringQueryParam;
export type Param = QueryParam | PathParam;

export interface Route {
  /** OpenAPI operationId. */
  id: string;
  /** Path relative to API_BASE, with {name} for path parameters. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params: Param[];
  body: BodySchema;
  cache: CachePolicy;
  /** `file`: every response is a prebuilt file; `function`: computed per request. */
  kind: "file" | "function";
  /** Whether a well-formed request can name something absent (404). */
  notFound: boolean;
  /**
   * Which query forms have a prebuilt file: `every-value` (each accepted value, e.g. days 1–365), or
   * `default-limit-pages` (the default limit at offsets that are multiples of it, up to the last page);
   * other accepted forms are answered by a function from the same data.
   */
  prebuilt?: "every-value" | "default-limit-pages";
}

const days: IntegerQueryParam = {
  in: "query", name: "days", type: "integer", minimum: 1, maximum: 365, default: 30,
  description: "Días naturales que terminan en la última fecha publicada (inclusive).",
};
const inpcLimit: IntegerQueryParam = {
  in: "query", name: "limit", type: "integer", minimum: 1, maximum: 120, default: 24,
  description: "Número de meses más recientes.",
};
const pageLimit: IntegerQueryParam = {
  in: "query", name: "limit", type: "integer", minimum: 1, maximum: 500, default: 100,
  description: "Claves por página.",
};
const pageOffset: IntegerQueryParam = {
  in: "query", name: "offset", type: "integer", minimum: 0, default: 0,
  description: "Claves que se saltan, en orden de clave; más allá del final la respuesta es [].",
};
const year: PathParam = { in: "path", name: "year", pattern: "^\\d{4}$", maxLength: 4, example: "2026", description: "Año, cuatro dígitos." };

export const ISR_API_PERIODS = ["mensual", "anual", "quincenal", "semanal", "diaria"] as const;

export const routes: readonly Route[] = [
  {
    id: "fxToday", path: "/fx/today", tag: "Tipo de cambio", summary: "Último tipo de cambio FIX publicado",
    params: [], body: { ref: "FxRate" }, cache: CACHE.live, kind: "file", notFound: false,
  },
  {
    id: "fxHistory", path: "/fx/history", tag: "Tipo de cambio", summary: "Historial del FIX, del más antiguo al más reciente",
    description: "Observaciones con fecha dentro de los `days` días naturales que terminan en la última fecha publicada (inclusive), ordenadas de la más antigua a la más reciente.",
    params: [days], body: { arrayOf: "FxRate" }, cache: CACHE.live, kind: "file", notFound: false, prebuilt: "every-value",
  },
  {
    id: "umaCurrent", path: "/uma", tag: "UMA y salario mínimo", summary: "UMA y salario mínimo del año en curso",
    description: "El registro del año calendario en curso en la Ciudad de México; si aún no se publica, el último disponible.",
    params: [], body: { ref: "Uma" }, cache: CACHE.yearly, kind: "file", notFound: false,
  },
  {
    id: "umaByYear", path: "/uma/{year}", tag: "UMA y salario mínimo", summary: "UMA y salario mínimo de un año",
    params: [year], body: { ref: "Uma" }, cache: CACHE.yearly, kind: "file", notFound: true,
  },
  {
    id: "inpcList", path: "/inpc", tag: "INPC", summary: "Los meses más recientes del INPC, en orden ascendente",
    params: [inpcLimit], body: { arrayOf: "InpcRecord" }, cache: CACHE.live, kind: "file", notFound: false, prebuilt: "every-value",
  },
  {
    id: "inpcByPeriod", path: "/inpc/{period}", tag: "INPC", summary: "INPC de un mes",
    params: [{ in: "path", name: "period", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", maxLength: 7, example: "2024-01", description: "Mes, AAAA-MM." }],
    body: { ref: "InpcRecord" }, cache: CACHE.live, kind: "file", notFound: true,
  },
  {
    id: "isrCurrentMonthly", path: "/tarifa/isr/mensual", tag: "ISR", summary: "Tarifa mensual de retención de ISR del año en curso",
    params: [], body: { ref: "IsrTariff" }, cache: CACHE.yearly, kind: "file", notFound: false,
  },
  {
    id: "isrTariff", path: "/tarifa/isr/{year}/{period}", tag: "ISR", summary: "Tarifa de retención de ISR de un año y periodo",
    params: [year, { in: "path", name: "period", enum: ISR_API_PERIODS, maxLength: 9, example: "mensual", description: "Periodo de pago." }],
    body: { ref: "IsrTariff" }, cache: CACHE.yearly, kind: "file", notFound: true,
  },
  // Every SAT catalog (lookup and list), c_TasaOCuota and search: lib/sat-routes.ts.
  ...satRoutes({ cache: CACHE.cfdi, pageLimit, pageOffset }),
  {
    id: "rfcValidate", path: "/rfc/validar/{rfc}", tag: "RFC", summary: "Valida la estructura de un RFC",
    description: "Siempre responde 200; un RFC inválido tiene `valid: false`, `type: null` y un mensaje con el motivo. La entrada se recorta y se pasa a mayúsculas antes de revisarla.",
    params: [{ in: "path", name: "rfc", maxLength: 64, example: "GODE561231GR8", description: "RFC de persona física (13 caracteres) o moral (12)." }],
    body: { ref: "RfcValidation" }, cache: CACHE.cfdi, kind: "function", notFound: false,
  },
  {
    id: "calendarNext", path: "/calendario/proximos", tag: "Calendario", summary: "Los próximos 10 vencimientos fiscales desde hoy",
    description: "Vencimientos del SAT, el IMSS y el INFONAVIT en o después de hoy (Ciudad de México), en orden de fecha.",
    params: [], body: { arrayOf: "CalendarEvent" }, cache: CACHE.calendar, kind: "function", notFound: false,
  },
  {
    id: "toolsCatalog", path: "/tools", tag: "Contenido", summary: "Catálogo de calculadoras",
    params: [], body: { arrayOf: "ToolEntry" }, cache: CACHE.yearly, kind: "file", notFound: false,
  },
  {
    id: "articlesCatalog", path: "/articles", tag: "Contenido", summary: "Catálogo de artículos y guías",
    params: [], body: { arrayOf: "ArticleEntry" }, cache: CACHE.yearly, kind: "file", notFound: false,
  },
  {
    id: "glossaryCatalog", path: "/glossary", tag: "Contenido", summary: "Catálogo de términos del glosario",
    params: [], body: { arrayOf: "GlossaryEntry" }, cache: CACHE.yearly, kind: "file", notFound: false,
  },
  {
    id: "status", path: "/status", tag: "Estado", summary: "Frescura y procedencia de cada conjunto de datos",
    description:
      "Fecha de compilación y fecha de corte; por conjunto de datos, el último dato, el número de registros, el publicador y su URL oficial, " +
      "el sha256 y la hora de descarga del archivo crudo, y si está desactualizado para su periodicidad.",
    params: [], body: { ref: "Status" }, cache: CACHE.live, kind: "file", notFound: false,
  },
  {
    id: "suggest", path: "/suggest", tag: "Contenido", summary: "Sugerencias para una página no encontrada",
    description: "Hasta 10 sugerencias de las calculadoras, artículos y glosario; sin distinguir acentos ni mayúsculas y tolerante a errores de dedo.",
    params: [{ in: "query", name: "q", type: "string", required: true, maxLength: 100, example: "aguinaldo", description: "Texto a buscar (por ejemplo, la ruta no encontrada); no vacío, máximo 100 caracteres." }],
    body: { arrayOf: "Suggestion" }, cache: CACHE.yearly, kind: "function", notFound: false,
  },
];

export function routeById(id: string): Route {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

export const queryParams = (route: Route): QueryParam[] => route.params.filter((p): p is QueryParam => p.in === "query");
export const pathParams = (route: Route): PathParam[] => route.params.filter((p): p is PathParam => p.in === "path");

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

/** Whole datasets for bulk download, each as JSON (an array), CSV and NDJSON, listed in dumps/index.json. */
export const DUMP_DATASETS = [
  { id: "fx", cache: CACHE.live },
  { id: "inpc", cache: CACHE.live },
  { id: "uma", cache: CACHE.yearly },
  { id: "isr", cache: CACHE.yearly },
  // Every SAT catalog as <family>-<catalog>, and the rules of c_TasaOCuota.
  ...[...CFDI_SHEETS, ...NOMINA_SHEETS].map((c) => ({ id: `${c.family}-${c.id}`, cache: CACHE.cfdi })),
  { id: "cfdi-tasa-o-cuota", cache: CACHE.cfdi },
] as const;
export type DumpDatasetId = string;

export const DUMP_FORMATS = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
} as const;
export type DumpFormat = keyof typeof DUMP_FORMATS;

export const DUMPS_DIR = `${API_BASE}/dumps`;
export const DUMP_INDEX = `${DUMPS_DIR}/index.json`;
export const dumpPath = (id: DumpDatasetId, format: DumpFormat): string => `${DUMPS_DIR}/${id}.${format}`;

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
  { path: `${API_BASE}/openapi.json`, contentType: "application/json; charset=utf-8", cache: CACHE.yearly },
  { path: DISCOVERY.aiPlugin, contentType: "application/json; charset=utf-8", cache: CACHE.yearly },
  { path: DISCOVERY.mcp, contentType: "application/json; charset=utf-8", cache: CACHE.yearly },
  { path: DISCOVERY.llms, contentType: "text/markdown; charset=utf-8", cache: CACHE.yearly },
  { path: DUMP_INDEX, contentType: "application/json; charset=utf-8", cache: CACHE.live },
  ...DUMP_DATASETS.flatMap((d) =>
    (Object.keys(DUMP_FORMATS) as DumpFormat[]).map((f) => ({ path: dumpPath(d.id, f), contentType: DUMP_FORMATS[f], cache: d.cache })),
  ),
];

export const JSON_TYPE = "application/json; charset=utf-8";
export const PROBLEM_TYPE = "application/problem+json; charset=utf-8";

/** The request of a route with the example value of every path parameter and required query parameter. */
export function exampleRequest(route: Route): { path: string; values: Record<string, string>; query: string } {
  const values: Record<string, string> = {};
  for (const p of pathParams(route)) values[p.name] = p.example;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  const query = route.params.flatMap((p) => (p.in === "query" && p.type === "string" && p.required ? [`${p.name}=${encodeURIComponent(p.example)}`] : [])).join("&");
  return { path, values, query };
}
