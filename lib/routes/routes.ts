// The route table: the single description of every GET path (parameters, bounds, schema, cache, file or function, prebuilt forms).
// Its ids are literal types: lib/bodies/bodies.ts binds every file route to what produces its body and lib/http/service.ts every
// function route to its handler, each as an exhaustive record keyed by id, so a route without one (or one without a route) fails to compile.
import { calculationRoutes } from "./calc-routes.ts";
import { checkRoutes } from "./check-routes.ts";
import { CACHE, type IntegerQueryParam, type Route } from "../route-shape/route-types.ts";
import { satRoutes, satSearchRoutes } from "./sat-routes.ts";
import { banxicoSeriesRoutes } from "./series-routes.ts";
import { DATASETS, type DatasetRouteId } from "../datasets/tables.ts";

export * from "./route-paths.ts";
export type * from "../route-shape/route-types.ts";
export { TAGS } from "../route-shape/route-types.ts";
export { SERIES_FUNCTION_PATH } from "./series-routes.ts";

const pageLimit: IntegerQueryParam = {
  in: "query",
  name: "limit",
  type: "integer",
  minimum: 1,
  maximum: 500,
  default: 100,
  description: "Claves por página.",
};
const pageOffset: IntegerQueryParam = {
  in: "query",
  name: "offset",
  type: "integer",
  minimum: 0,
  default: 0,
  description: "Claves que se saltan, en orden de clave; más allá del final la respuesta es [].",
};
export { ISR_API_PERIODS } from "../datasets/table-routes.ts";

const table = [
  ...banxicoSeriesRoutes,
  ...DATASETS.uma.routes,
  ...DATASETS.inpc.routes,
  ...DATASETS.isr.routes,
  // Subsidio para el empleo and RESICO rates: lib/datasets/payroll-routes.ts.
  ...DATASETS["subsidio-empleo"].routes,
  ...DATASETS.resico.routes,
  // Recargos rates and SBC integration factors: lib/datasets/late-tables.ts.
  ...DATASETS.recargos.routes,
  ...DATASETS["factor-integracion-sbc"].routes,
  // Every SAT catalog (lookup and list) and the search: lib/routes/sat-routes.ts; c_TasaOCuota between them.
  ...satRoutes({ cache: CACHE.day, pageLimit, pageOffset }),
  ...DATASETS["cfdi-tasa-o-cuota"].routes,
  ...DATASETS["cfdi-motivo-cancelacion"].routes,
  ...satSearchRoutes({ cache: CACHE.day, pageLimit, pageOffset }),
  // The CFDI pre-checks (receptor, concepto, comprobante): lib/routes/check-routes.ts.
  ...checkRoutes(),
  {
    id: "rfcValidate",
    path: "/rfc/validar/{rfc}",
    tag: "RFC",
    summary: "Valida la estructura de un RFC",
    description:
      "Siempre responde 200; un RFC inválido tiene `valid: false`, `type: null` y un mensaje con el motivo. La entrada se recorta y se pasa a mayúsculas antes de revisarla.",
    params: [
      {
        in: "path",
        name: "rfc",
        maxLength: 64,
        example: "GODE561231GR8",
        anyText: true,
        description: "RFC de persona física (13 caracteres) o moral (12).",
      },
    ],
    body: { ref: "RfcValidation" },
    cache: CACHE.day,
    kind: "function",
    notFound: false,
    mcp: { tool: "validar", as: "rfc" },
  },
  {
    id: "calendarNext",
    path: "/calendario/proximos",
    tag: "Calendario",
    summary: "Los próximos 10 vencimientos fiscales desde hoy",
    description:
      "Vencimientos del SAT, el IMSS, el INFONAVIT y la LFT en o después de hoy (Ciudad de México), en orden de fecha, de la tabla de obligaciones periódicas. " +
      "`date` es la fecha recorrida por días inhábiles (Art. 12 CFF), o la original si Fiscal MX no tiene los días inhábiles de ese año (el resumen lo dice).",
    params: [],
    body: { arrayOf: "CalendarEvent" },
    cache: CACHE.calendar,
    kind: "function",
    notFound: false,
    mcp: { tool: "calendario_fiscal" },
    datasets: ["obligaciones-periodicas", "dias-inhabiles-sat"],
  },
  // The whole year and any range: lib/datasets/calendar-routes.ts.
  ...DATASETS["obligaciones-periodicas"].routes,
  {
    id: "toolsCatalog",
    path: "/tools",
    tag: "Contenido",
    summary: "Catálogo de calculadoras",
    description: "Cada calculadora del sitio con su página y las rutas de la API que usa.",
    params: [],
    body: { arrayOf: "ToolEntry" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
    mcp: { tool: "contenido_sitio", as: "calculadoras" },
  },
  {
    id: "articlesCatalog",
    path: "/articles",
    tag: "Contenido",
    summary: "Catálogo de artículos y guías",
    description: "Cada artículo o guía del sitio con su página y la fecha de su última revisión.",
    params: [],
    body: { arrayOf: "ArticleEntry" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
    mcp: { tool: "contenido_sitio", as: "articulos" },
  },
  {
    id: "glossaryCatalog",
    path: "/glossary",
    tag: "Contenido",
    summary: "Catálogo de términos del glosario",
    description: "Cada término del glosario con el significado de la sigla, si lo es, y su página.",
    params: [],
    body: { arrayOf: "GlossaryEntry" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
    mcp: { tool: "contenido_sitio", as: "glosario" },
  },
  {
    id: "status",
    path: "/status",
    tag: "Estado",
    summary: "Frescura y procedencia de cada conjunto de datos",
    description:
      "Fecha de compilación y fecha de corte; por conjunto de datos, el último dato, el número de registros, el publicador y su URL oficial, " +
      "el sha256 y la hora de descarga del archivo crudo, y si está desactualizado para su periodicidad.",
    params: [],
    body: { ref: "Status" },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
    mcp: { tool: "estado_datos" },
  },
  {
    id: "suggest",
    path: "/suggest",
    tag: "Contenido",
    summary: "Sugerencias para una página no encontrada",
    description:
      "Hasta 10 sugerencias de las calculadoras, artículos y glosario; sin distinguir acentos ni mayúsculas y tolerante a errores de dedo.",
    params: [
      {
        in: "query",
        name: "q",
        type: "string",
        required: true,
        maxLength: 100,
        example: "aguinaldo",
        description: "Texto a buscar (por ejemplo, la ruta no encontrada); no vacío, máximo 100 caracteres.",
      },
    ],
    body: { arrayOf: "Suggestion" },
    cache: CACHE.hour,
    kind: "function",
    notFound: false,
    mcp: {
      none: "Las sugerencias de las páginas no encontradas del sitio; las calculadoras, artículos y glosario los da contenido_sitio.",
    },
  },
  ...calculationRoutes(),
] as const satisfies readonly Route[];

/** Every route, in the order the OpenAPI document lists them. */
export const routes: readonly Route[] = table;

type TableRoute = (typeof table)[number];
/** The ids of the table; `Required` must be among them, or this does not compile. */
type Holding<Ids extends string, Required extends Ids> = Ids | Required;
/** Every route id; a registry dataset (lib/datasets/tables.ts) whose routes the table leaves out does not compile. */
export type RouteId = Holding<TableRoute["id"], DatasetRouteId>;
/** Routes answered by prebuilt files (lib/bodies/bodies.ts produces their bodies). */
export type FileRouteId = Extract<TableRoute, { kind: "file" }>["id"];
/** Routes answered per request (lib/http/service.ts binds their handlers). */
export type FunctionRouteId = Extract<TableRoute, { kind: "function" }>["id"];
/** The /calculos routes, answered from the API's own records (lib/handlers/calculations.ts binds them). */
export type CalcRouteId = Extract<FunctionRouteId, `calc${string}`>;

const byId = new Map<string, Route>(routes.map((r) => [r.id, r]));

export function routeById(id: RouteId): Route {
  return byId.get(id) as Route;
}
