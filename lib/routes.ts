// The route table: the single description of every GET path (parameters, bounds, schema, cache, file or function).
import { ART20_RULE } from "./fx-dof.ts";
import type { BodySchema, SchemaName } from "./schemas.ts";
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
  maxLength: number;
  /** Well-formed values match this (months, dates); others are a 400. */
  pattern?: string;
  /** The accepted values; others are a 400. */
  enum?: readonly string[];
  description: string;
  example: string;
}

/**
 * An amount as text: digits, optionally a point and at most `decimals` digits; no sign, exponent or
 * separators; between `minimum` and `maximum` (decimal texts). The handler reads it exactly (BigInt).
 */
export interface DecimalQueryParam {
  in: "query";
  name: string;
  type: "decimal";
  required: boolean;
  decimals: number;
  minimum: string;
  maximum: string;
  description: string;
  example: string;
}

/** A whole number with no default: required, within bounds (the inputs of the calculations). */
export interface WholeQueryParam {
  in: "query";
  name: string;
  type: "whole";
  minimum: number;
  maximum: number;
  description: string;
  example: string;
}

/** An optional calendar date (YYYY-MM-DD) in the query; malformed or not a real date → 400. */
export interface DateQueryParam {
  in: "query";
  name: string;
  type: "date";
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

export type QueryParam = IntegerQueryParam | StringQueryParam | DecimalQueryParam | WholeQueryParam | DateQueryParam;
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
  /**
   * The function that answers what has no file: query forms without one (date ranges) and the 404 of a
   * well-formed date without an observation (its detail names the nearest earlier date). The local server
   * runs it in process; on Netlify the edge hands those requests to it.
   */
  fallbackFunction?: string;
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
const rangeFrom: DateQueryParam = {
  in: "query", name: "from", type: "date", example: "2024-01-01",
  description: "Primera fecha del intervalo (AAAA-MM-DD, inclusive). Con `from` o `to` no se admite `days`.",
};
const rangeTo: DateQueryParam = {
  in: "query", name: "to", type: "date", example: "2024-01-31",
  description: "Última fecha del intervalo (AAAA-MM-DD, inclusive, no anterior a `from`).",
};
const year: PathParam = { in: "path", name: "year", pattern: "^\\d{4}$", maxLength: 4, example: "2026", description: "Año, cuatro dígitos." };

export const ISR_API_PERIODS = ["mensual", "anual", "quincenal", "semanal", "diaria"] as const;

// ---- Banxico series (FIX, UDI, TIIE 28): today, history by days or from/to, one observation by date.

/** The function answering date ranges and dates without an observation for every Banxico series route. */
export const SERIES_FUNCTION_PATH = "/_fn/banxico-series";

const dateParam = (example: string, description: string): PathParam => ({
  in: "path", name: "date", pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", maxLength: 10, example, description,
});

const historyDescription = (what: string): string =>
  `Con \`days\`: ${what} con fecha dentro de los \`days\` días naturales que terminan en la última fecha publicada (inclusive). ` +
  "Con `from` y/o `to`: las del intervalo de fechas, inclusive (sin `from`, desde el inicio de la serie; sin `to`, hasta la última); " +
  "`from` posterior a `to`, o `days` junto con `from` o `to`, es un 400. Siempre de la más antigua a la más reciente; un intervalo sin observaciones es [].";

/** today, history and by-date routes of one series, each answered from files plus the series function. */
function seriesRoutes(s: { id: string; base: string; tag: string; what: string; body: SchemaName; example: string; byDate: string; history: string; today: string }): Route[] {
  return [
    {
      id: `${s.id}Today`, path: `${s.base}/today`, tag: s.tag, summary: s.today,
      params: [], body: { ref: s.body }, cache: CACHE.live, kind: "file", notFound: false,
    },
    {
      id: `${s.id}History`, path: `${s.base}/history`, tag: s.tag, summary: s.history, description: historyDescription(s.what),
      params: [days, rangeFrom, rangeTo], body: { arrayOf: s.body }, cache: CACHE.live, kind: "file", notFound: false, prebuilt: "every-value",
      fallbackFunction: SERIES_FUNCTION_PATH,
    },
    {
      id: `${s.id}ByDate`, path: `${s.base}/{date}`, tag: s.tag, summary: s.byDate,
      description: "404 cuando esa fecha no tiene observación (fin de semana o día inhábil bancario si la serie es de días hábiles, antes del inicio o después de la última); el `detail` del problema nombra la fecha anterior más cercana que sí la tiene.",
      params: [dateParam(s.example, "Fecha, AAAA-MM-DD.")], body: { ref: s.body }, cache: CACHE.live, kind: "file", notFound: true,
      fallbackFunction: SERIES_FUNCTION_PATH,
    },
  ];
}

const [fxToday, fxHistory, fxByDate] = seriesRoutes({
  id: "fx", base: "/fx", tag: "Tipo de cambio", what: "observaciones del FIX", body: "FxRate", example: "2020-01-02",
  today: "Último tipo de cambio FIX publicado", history: "Historial del FIX, del más antiguo al más reciente", byDate: "FIX determinado en una fecha",
});

const banxicoSeriesRoutes: Route[] = [
  // /fx/today and /fx/history come before /fx/{date}: the host's rewrite rules match in order.
  fxToday!,
  fxHistory!,
  {
    id: "fxDof", path: "/fx/dof/{date}", tag: "Tipo de cambio", summary: "Tipo de cambio del DOF aplicable a una fecha (Art. 20 CFF)",
    description: ART20_RULE,
    params: [dateParam("2022-02-09", "Fecha en que se causa la obligación, AAAA-MM-DD.")], body: { ref: "FxDofRate" }, cache: CACHE.live, kind: "file", notFound: true,
    fallbackFunction: SERIES_FUNCTION_PATH,
  },
  fxByDate!,
  ...seriesRoutes({
    id: "udi", base: "/udi", tag: "UDI", what: "valores de la UDI", body: "UdiValue", example: "2020-09-28",
    today: "Último valor de la UDI publicado", history: "Historial de la UDI, del más antiguo al más reciente", byDate: "Valor de la UDI en una fecha",
  }),
  ...seriesRoutes({
    id: "tiie28", base: "/tiie/28", tag: "TIIE", what: "observaciones de la TIIE a 28 días", body: "TiieRate", example: "2021-01-04",
    today: "Última TIIE a 28 días publicada", history: "Historial de la TIIE a 28 días, del más antiguo al más reciente", byDate: "TIIE a 28 días de una fecha",
  }),
];

// ── Calculations: functions over the API's own records with the arithmetic of the site's calculators (site/assets/calc/calculos.js).

const amount = (name: string, description: string, example: string, maximum = "100000000.00"): DecimalQueryParam => ({
  in: "query", name, type: "decimal", required: true, decimals: 2, minimum: "0.01", maximum, example,
  description: `${description} En pesos, con punto decimal y hasta dos decimales (sin signo, separadores ni exponente).`,
});
const calcYear = (what: string): WholeQueryParam => ({
  in: "query", name: "anio", type: "whole", minimum: 2000, maximum: 2099, example: "2026", description: `Año ${what}; si no está publicado, 404.`,
});
const month = (name: string, description: string, example: string): StringQueryParam => ({
  in: "query", name, type: "string", required: true, maxLength: 7, pattern: "^\\d{4}-(0[1-9]|1[0-2])$", example, description: `${description} AAAA-MM.`,
});
const whole = (name: string, minimum: number, maximum: number, example: string, description: string): WholeQueryParam => ({
  in: "query", name, type: "whole", minimum, maximum, example, description,
});

function calculationRoutes(): Route[] {
  const calc = (id: string, slug: string, summary: string, description: string, params: Param[], body: BodySchema, cache: CachePolicy): Route => ({
    id, path: `/calculos/${slug}`, tag: "Cálculos", summary, description, params, body, cache, kind: "function", notFound: true,
  });
  return [
    calc("calcIsr", "isr", "ISR a retener por salarios (Art. 96 LISR)",
      "El renglón de la tarifa del año y periodo cuyo límite inferior es el mayor que no rebasa el ingreso; ISR = (ingreso − límite inferior) × tasa marginal, " +
      "redondeado al centavo, + cuota fija. Antes del subsidio para el empleo. Mismo cálculo que la calculadora del sitio.",
      [amount("ingreso", "Ingreso gravado del periodo.", "20000.00"),
        { in: "query", name: "periodo", type: "string", required: true, maxLength: 9, enum: ISR_API_PERIODS, example: "mensual", description: "Periodo de pago de la tarifa." },
        calcYear("de la tarifa")],
      { ref: "CalcIsr" }, CACHE.yearly),
    calc("calcFactorActualizacion", "factor-actualizacion", "Factor de actualización (Art. 17-A CFF)",
      "INPC del mes anterior al más reciente entre INPC del mes anterior al más antiguo, hasta el diezmilésimo (se descartan los demás decimales); 1 si es menor. " +
      "Si un INPC necesario aún no se publica, 404 con el mes que falta: la API no lo estima.",
      [month("desde", "Mes más antiguo del periodo.", "2024-02"), month("hasta", "Mes más reciente del periodo (no anterior a desde).", "2025-02"),
        { ...amount("monto", "Monto a actualizar (opcional).", "10000.00", "1000000000000.00"), required: false }],
      { ref: "CalcFactorActualizacion" }, CACHE.live),
    calc("calcCuotasImss", "cuotas-imss", "Cuotas obrero-patronales del IMSS y aportación del INFONAVIT",
      "Concepto por concepto sobre el SBC por los días del periodo, con la cuota patronal de cesantía y vejez del año y rango del SBC. " +
      "El SBC se sube al salario mínimo y se topa en 25 UMA; con el salario mínimo el patrón paga también las cuotas del trabajador (Art. 36 LSS).",
      [amount("sbc", "Salario base de cotización diario.", "600.00", "1000000.00"), calcYear("de la UMA, del salario mínimo y de la cuota de cesantía y vejez"),
        { in: "query", name: "primaRiesgo", type: "decimal", required: true, decimals: 5, minimum: "0.5", maximum: "15", example: "0.54355",
          description: "Prima de riesgo de trabajo de la empresa, en porcentaje (0.5 a 15, Art. 74 LSS), con punto decimal y hasta cinco decimales." },
        whole("dias", 1, 31, "30", "Días del periodo, de 1 a 31.")],
      { ref: "CalcCuotasImss" }, CACHE.yearly),
    calc("calcAguinaldo", "aguinaldo", "Aguinaldo, con su parte exenta (30 UMA) y gravada",
      "Aguinaldo = salario diario × días × días trabajados ÷ 365, redondeado al centavo (Art. 87 LFT); exento de ISR hasta 30 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"), whole("dias", 15, 365, "15", "Días de aguinaldo al año (al menos 15, Art. 87 LFT)."),
        whole("diasTrabajados", 1, 365, "365", "Días trabajados en el año, de 1 a 365."), calcYear("de la UMA")],
      { ref: "CalcAguinaldo" }, CACHE.yearly),
    calc("calcPrimaVacacional", "prima-vacacional", "Prima vacacional, con su parte exenta (15 UMA) y gravada",
      "Días de vacaciones del Art. 76 LFT (desde 2023) por años de servicio; prima = porcentaje × salario de esos días, redondeada al centavo; " +
      "exenta de ISR hasta 15 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"), whole("antiguedad", 1, 80, "1", "Años de servicio cumplidos, de 1 a 80."),
        { in: "query", name: "porcentaje", type: "decimal", required: true, decimals: 2, minimum: "25", maximum: "100", example: "25",
          description: "Prima vacacional en porcentaje (al menos 25, Art. 80 LFT; hasta 100), con hasta dos decimales." },
        calcYear("de la UMA")],
      { ref: "CalcPrimaVacacional" }, CACHE.yearly),
    calc("calcConversion", "conversion", "Dólares, pesos y UDIS: un monto convertido al FIX, al tipo del DOF (Art. 20 CFF) o al valor de la UDI de una fecha",
      "De dólares a pesos o de pesos a dólares con el FIX determinado por el Banco de México en `fecha` (regla=fix) o con el tipo de cambio aplicable en `fecha` " +
      "según el Art. 20 del CFF (regla=dof: el publicado en el DOF el día anterior o, si ese día no hubo publicación, el último anterior); de UDIS a pesos o de pesos a UDIS " +
      "con el valor de la UDI de `fecha`. Pesos y dólares se redondean al centavo y las UDIS a seis decimales (la mitad hacia arriba). " +
      "`regla` (por omisión fix) elige el tipo de cambio cuando hay dólares y no aplica a las UDIS: con moneda o destino UDI se rechaza (400), porque la UDI tiene un solo valor por día. " +
      "Una fecha sin FIX o sin UDI publicada es 404 con la fecha que falta: la API no estima.",
      [{ in: "query", name: "monto", type: "decimal", required: true, decimals: 6, minimum: "0.01", maximum: "1000000000.00", example: "1000.00",
        description: "Monto a convertir, en la moneda de `moneda`, con punto decimal (sin signo, separadores ni exponente): hasta dos decimales en USD y MXN, hasta seis en UDI." },
        { in: "query", name: "moneda", type: "string", required: true, maxLength: 3, enum: ["USD", "MXN", "UDI"], example: "USD", description: "Moneda del monto: USD, MXN o UDI." },
        { in: "query", name: "destino", type: "string", required: false, maxLength: 3, enum: ["USD", "MXN", "UDI"], example: "MXN",
          description: "Moneda del resultado. Por omisión MXN para USD y UDI, y USD para MXN; de pesos a UDIS, destino=UDI. USD y UDI no se convierten entre sí." },
        { in: "query", name: "fecha", type: "string", required: true, maxLength: 10, pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$", example: "2026-08-21",
          description: "AAAA-MM-DD: fecha de determinación del FIX (regla=fix), fecha en que se causa la obligación (regla=dof) o día del valor de la UDI." },
        { in: "query", name: "regla", type: "string", required: false, maxLength: 3, enum: ["fix", "dof"], example: "fix",
          description: "Tipo de cambio cuando hay dólares: fix (el FIX de la fecha; por omisión) o dof (el aplicable en la fecha según el Art. 20 del CFF). No se admite con UDIS (400)." }],
      { ref: "CalcConversion" }, CACHE.live),
  ];
}

export const routes: readonly Route[] = [
  ...banxicoSeriesRoutes,
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
  ...calculationRoutes(),
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
  { id: "udi", cache: CACHE.live },
  { id: "tiie-28", cache: CACHE.live },
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
  const shown = (p: Param): p is StringQueryParam | DecimalQueryParam | WholeQueryParam =>
    p.in === "query" && (p.type === "whole" || ((p.type === "string" || p.type === "decimal") && p.required));
  const query = route.params.flatMap((p) => (shown(p) ? [`${p.name}=${encodeURIComponent(p.example)}`] : [])).join("&");
  return { path, values, query };
}
