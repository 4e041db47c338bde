// The route table: the single description of every GET path (parameters, bounds, schema, cache, file or function, prebuilt forms).
// Its ids are literal types: lib/bodies.ts binds every file route to what produces its body and lib/http/service.ts every
// function route to its handler, each as an exhaustive record keyed by id, so a route without one (or one without a route) fails to compile.
import { ART20_RULE } from "./fx-dof.ts";
import { ISR_PERIODS, type BodySchema, type SchemaName } from "./schemas.ts";
import {
  CACHE,
  type CachePolicy,
  type DateQueryParam,
  type DecimalQueryParam,
  type IntegerQueryParam,
  type Param,
  type PathParam,
  type QueryParam,
  type Route,
  type StringQueryParam,
  type Tag,
  type WholeQueryParam,
} from "./route-types.ts";
import { CFDI_SHEETS } from "../sources/sat-cfdi.ts";
import { NOMINA_SHEETS } from "../sources/sat-nomina.ts";
import { satRoutes } from "./sat-routes.ts";

export const API_BASE = "/api/v1/public";

const days: IntegerQueryParam = {
  in: "query",
  name: "days",
  type: "integer",
  minimum: 1,
  maximum: 365,
  default: 30,
  description: "Días naturales que terminan en la última fecha publicada (inclusive).",
};
const inpcLimit: IntegerQueryParam = {
  in: "query",
  name: "limit",
  type: "integer",
  minimum: 1,
  maximum: 120,
  default: 24,
  description: "Número de meses más recientes.",
};
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
const rangeFrom: DateQueryParam = {
  in: "query",
  name: "from",
  type: "date",
  example: "2024-01-01",
  description: "Primera fecha del intervalo (AAAA-MM-DD, inclusive). Con `from` o `to` no se admite `days`.",
};
const rangeTo: DateQueryParam = {
  in: "query",
  name: "to",
  type: "date",
  example: "2024-01-31",
  description: "Última fecha del intervalo (AAAA-MM-DD, inclusive, no anterior a `from`).",
};
const year: PathParam = {
  in: "path",
  name: "year",
  pattern: "^\\d{4}$",
  maxLength: 4,
  example: "2026",
  description: "Año, cuatro dígitos.",
};

export const ISR_API_PERIODS = ISR_PERIODS;

export type * from "./route-types.ts";
export { TAGS } from "./route-types.ts";

// ---- Banxico series (FIX, UDI, TIIE 28): today, history by days or from/to, one observation by date.

/** The function answering date ranges and dates without an observation for every Banxico series route. */
export const SERIES_FUNCTION_PATH = "/_fn/banxico-series";

const dateParam = (example: string, description: string): PathParam => ({
  in: "path",
  name: "date",
  pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
  maxLength: 10,
  example,
  description,
});

const historyDescription = (what: string): string =>
  `Con \`days\`: ${what} con fecha dentro de los \`days\` días naturales que terminan en la última fecha publicada (inclusive). ` +
  "Con `from` y/o `to`: las del intervalo de fechas, inclusive (sin `from`, desde el inicio de la serie; sin `to`, hasta la última); " +
  "`from` posterior a `to`, o `days` junto con `from` o `to`, es un 400. Siempre de la más antigua a la más reciente; un intervalo sin observaciones es [].";

interface SeriesSpec<I extends string> {
  id: I;
  base: string;
  tag: Tag;
  what: string;
  body: SchemaName;
  example: string;
  byDate: string;
  history: string;
  today: string;
  latest: string;
}

/** today, history and by-date routes of one series, each answered from files plus the series function. */
function seriesRoutes<const I extends string>(s: SeriesSpec<I>) {
  const today: Route & { id: `${I}Today`; kind: "file" } = {
    id: `${s.id}Today`,
    path: `${s.base}/today`,
    tag: s.tag,
    summary: s.today,
    description: s.latest,
    params: [],
    body: { ref: s.body },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
  };
  const history: Route & { id: `${I}History`; kind: "file" } = {
    id: `${s.id}History`,
    path: `${s.base}/history`,
    tag: s.tag,
    summary: s.history,
    description: historyDescription(s.what),
    params: [days, rangeFrom, rangeTo],
    body: { arrayOf: s.body },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
    prebuilt: "every-value",
    fallbackFunction: SERIES_FUNCTION_PATH,
  };
  const byDate: Route & { id: `${I}ByDate`; kind: "file" } = {
    id: `${s.id}ByDate`,
    path: `${s.base}/{date}`,
    tag: s.tag,
    summary: s.byDate,
    description:
      "404 cuando esa fecha no tiene observación (fin de semana o día inhábil bancario si la serie es de días hábiles, antes del inicio o después de la última); el `detail` del problema nombra la fecha anterior más cercana que sí la tiene.",
    params: [dateParam(s.example, "Fecha, AAAA-MM-DD.")],
    body: { ref: s.body },
    cache: CACHE.live,
    kind: "file",
    notFound: true,
    fallbackFunction: SERIES_FUNCTION_PATH,
  };
  return [today, history, byDate] as const;
}

const [fxToday, fxHistory, fxByDate] = seriesRoutes({
  id: "fx",
  base: "/fx",
  tag: "Tipo de cambio",
  what: "observaciones del FIX",
  body: "FxRate",
  example: "2020-01-02",
  today: "Último tipo de cambio FIX publicado",
  history: "Historial del FIX, del más antiguo al más reciente",
  byDate: "FIX determinado en una fecha",
  latest: "La observación más reciente de la serie SF43718 del Banco de México: pesos por dólar de EUA con 4 decimales.",
});

const fxDof: Route & { id: "fxDof"; kind: "file" } = {
  id: "fxDof",
  path: "/fx/dof/{date}",
  tag: "Tipo de cambio",
  summary: "Tipo de cambio del DOF aplicable a una fecha (Art. 20 CFF)",
  description: ART20_RULE,
  params: [dateParam("2022-02-09", "Fecha en que se causa la obligación, AAAA-MM-DD.")],
  body: { ref: "FxDofRate" },
  cache: CACHE.live,
  kind: "file",
  notFound: true,
  fallbackFunction: SERIES_FUNCTION_PATH,
};

const banxicoSeriesRoutes = [
  // /fx/today and /fx/history come before /fx/{date}: the host's rewrite rules match in order.
  fxToday,
  fxHistory,
  fxDof,
  fxByDate,
  ...seriesRoutes({
    id: "udi",
    base: "/udi",
    tag: "UDI",
    what: "valores de la UDI",
    body: "UdiValue",
    example: "2020-09-28",
    today: "Último valor de la UDI publicado",
    history: "Historial de la UDI, del más antiguo al más reciente",
    byDate: "Valor de la UDI en una fecha",
    latest:
      "El valor de la UDI (serie SP68257) del día más reciente publicado; el Banco de México lo publica por adelantado, así que puede ser una fecha futura.",
  }),
  ...seriesRoutes({
    id: "tiie28",
    base: "/tiie/28",
    tag: "TIIE",
    what: "observaciones de la TIIE a 28 días",
    body: "TiieRate",
    example: "2021-01-04",
    today: "Última TIIE a 28 días publicada",
    history: "Historial de la TIIE a 28 días, del más antiguo al más reciente",
    byDate: "TIIE a 28 días de una fecha",
    latest: "La observación más reciente de la serie SF43783 del Banco de México, en por ciento anual con 4 decimales.",
  }),
] as const;

// ── Calculations: functions over the API's own records with the arithmetic of the site's calculators (site/assets/calc/calculos.js).

const amount = (name: string, description: string, example: string, maximum = "100000000.00"): DecimalQueryParam => ({
  in: "query",
  name,
  type: "decimal",
  required: true,
  decimals: 2,
  minimum: "0.01",
  maximum,
  example,
  description: `${description} En pesos, con punto decimal y hasta dos decimales (sin signo, separadores ni exponente).`,
});
const calcYear = (what: string): WholeQueryParam => ({
  in: "query",
  name: "anio",
  type: "whole",
  minimum: 2000,
  maximum: 2099,
  example: "2026",
  description: `Año ${what}; si no está publicado, 404.`,
});
const month = (name: string, description: string, example: string): StringQueryParam => ({
  in: "query",
  name,
  type: "string",
  required: true,
  maxLength: 7,
  pattern: "^\\d{4}-(0[1-9]|1[0-2])$",
  example,
  description: `${description} AAAA-MM.`,
});
const whole = (name: string, minimum: number, maximum: number, example: string, description: string): WholeQueryParam => ({
  in: "query",
  name,
  type: "whole",
  minimum,
  maximum,
  example,
  description,
});

function calculationRoutes() {
  const calc = <const I extends string>(
    id: I,
    slug: string,
    summary: string,
    description: string,
    params: Param[],
    body: BodySchema,
    cache: CachePolicy,
  ): Route & { id: I; kind: "function" } => ({
    id,
    path: `/calculos/${slug}`,
    tag: "Cálculos",
    summary,
    description,
    params,
    body,
    cache,
    kind: "function",
    notFound: true,
  });
  return [
    calc(
      "calcIsr",
      "isr",
      "ISR a retener por salarios (Art. 96 LISR)",
      "El renglón de la tarifa del año y periodo cuyo límite inferior es el mayor que no rebasa el ingreso; ISR = (ingreso − límite inferior) × tasa marginal, " +
        "redondeado al centavo, + cuota fija. Antes del subsidio para el empleo. Mismo cálculo que la calculadora del sitio.",
      [
        amount("ingreso", "Ingreso gravado del periodo.", "20000.00"),
        {
          in: "query",
          name: "periodo",
          type: "string",
          required: true,
          maxLength: 9,
          enum: ISR_API_PERIODS,
          example: "mensual",
          description: "Periodo de pago de la tarifa.",
        },
        calcYear("de la tarifa"),
      ],
      { ref: "CalcIsr" },
      CACHE.hour,
    ),
    calc(
      "calcFactorActualizacion",
      "factor-actualizacion",
      "Factor de actualización (Art. 17-A CFF)",
      "INPC del mes anterior al más reciente entre INPC del mes anterior al más antiguo, hasta el diezmilésimo (se descartan los demás decimales); 1 si es menor. " +
        "Si un INPC necesario aún no se publica, 404 con el mes que falta: la API no lo estima.",
      [
        month("desde", "Mes más antiguo del periodo.", "2024-02"),
        month("hasta", "Mes más reciente del periodo (no anterior a desde).", "2025-02"),
        { ...amount("monto", "Monto a actualizar (opcional).", "10000.00", "1000000000000.00"), required: false },
      ],
      { ref: "CalcFactorActualizacion" },
      CACHE.live,
    ),
    calc(
      "calcCuotasImss",
      "cuotas-imss",
      "Cuotas obrero-patronales del IMSS y aportación del INFONAVIT",
      "Concepto por concepto sobre el SBC por los días del periodo, con la cuota patronal de cesantía y vejez del año y rango del SBC. " +
        "El SBC se sube al salario mínimo y se topa en 25 UMA; con el salario mínimo el patrón paga también las cuotas del trabajador (Art. 36 LSS).",
      [
        amount("sbc", "Salario base de cotización diario.", "600.00", "1000000.00"),
        calcYear("de la UMA, del salario mínimo y de la cuota de cesantía y vejez"),
        {
          in: "query",
          name: "primaRiesgo",
          type: "decimal",
          required: true,
          decimals: 5,
          minimum: "0.5",
          maximum: "15",
          example: "0.54355",
          description:
            "Prima de riesgo de trabajo de la empresa, en porcentaje (0.5 a 15, Art. 74 LSS), con punto decimal y hasta cinco decimales.",
        },
        whole("dias", 1, 31, "30", "Días del periodo, de 1 a 31."),
      ],
      { ref: "CalcCuotasImss" },
      CACHE.hour,
    ),
    calc(
      "calcAguinaldo",
      "aguinaldo",
      "Aguinaldo, con su parte exenta (30 UMA) y gravada",
      "Aguinaldo = salario diario × días × días trabajados ÷ 365, redondeado al centavo (Art. 87 LFT); exento de ISR hasta 30 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [
        amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"),
        whole("dias", 15, 365, "15", "Días de aguinaldo al año (al menos 15, Art. 87 LFT)."),
        whole("diasTrabajados", 1, 365, "365", "Días trabajados en el año, de 1 a 365."),
        calcYear("de la UMA"),
      ],
      { ref: "CalcAguinaldo" },
      CACHE.hour,
    ),
    calc(
      "calcPrimaVacacional",
      "prima-vacacional",
      "Prima vacacional, con su parte exenta (15 UMA) y gravada",
      "Días de vacaciones del Art. 76 LFT (desde 2023) por años de servicio; prima = porcentaje × salario de esos días, redondeada al centavo; " +
        "exenta de ISR hasta 15 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [
        amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"),
        whole("antiguedad", 1, 80, "1", "Años de servicio cumplidos, de 1 a 80."),
        {
          in: "query",
          name: "porcentaje",
          type: "decimal",
          required: true,
          decimals: 2,
          minimum: "25",
          maximum: "100",
          example: "25",
          description: "Prima vacacional en porcentaje (al menos 25, Art. 80 LFT; hasta 100), con hasta dos decimales.",
        },
        calcYear("de la UMA"),
      ],
      { ref: "CalcPrimaVacacional" },
      CACHE.hour,
    ),
    calc(
      "calcConversion",
      "conversion",
      "Dólares, pesos y UDIS: un monto convertido al FIX, al tipo del DOF (Art. 20 CFF) o al valor de la UDI de una fecha",
      "De dólares a pesos o de pesos a dólares con el FIX determinado por el Banco de México en `fecha` (regla=fix) o con el tipo de cambio aplicable en `fecha` " +
        "según el Art. 20 del CFF (regla=dof: el publicado en el DOF el día anterior o, si ese día no hubo publicación, el último anterior); de UDIS a pesos o de pesos a UDIS " +
        "con el valor de la UDI de `fecha`. Pesos y dólares se redondean al centavo y las UDIS a seis decimales (la mitad hacia arriba). " +
        "`regla` (por omisión fix) elige el tipo de cambio cuando hay dólares y no aplica a las UDIS: con moneda o destino UDI se rechaza (400), porque la UDI tiene un solo valor por día. " +
        "Una fecha sin FIX o sin UDI publicada es 404 con la fecha que falta: la API no estima.",
      [
        {
          in: "query",
          name: "monto",
          type: "decimal",
          required: true,
          decimals: 6,
          minimum: "0.01",
          maximum: "1000000000.00",
          example: "1000.00",
          description:
            "Monto a convertir, en la moneda de `moneda`, con punto decimal (sin signo, separadores ni exponente): hasta dos decimales en USD y MXN, hasta seis en UDI.",
        },
        {
          in: "query",
          name: "moneda",
          type: "string",
          required: true,
          maxLength: 3,
          enum: ["USD", "MXN", "UDI"],
          example: "USD",
          description: "Moneda del monto: USD, MXN o UDI.",
        },
        {
          in: "query",
          name: "destino",
          type: "string",
          required: false,
          maxLength: 3,
          enum: ["USD", "MXN", "UDI"],
          example: "MXN",
          description:
            "Moneda del resultado. Por omisión MXN para USD y UDI, y USD para MXN; de pesos a UDIS, destino=UDI. USD y UDI no se convierten entre sí.",
        },
        {
          in: "query",
          name: "fecha",
          type: "string",
          required: true,
          maxLength: 10,
          pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
          example: "2026-08-21",
          description:
            "AAAA-MM-DD: fecha de determinación del FIX (regla=fix), fecha en que se causa la obligación (regla=dof) o día del valor de la UDI.",
        },
        {
          in: "query",
          name: "regla",
          type: "string",
          required: false,
          maxLength: 3,
          enum: ["fix", "dof"],
          example: "fix",
          description:
            "Tipo de cambio cuando hay dólares: fix (el FIX de la fecha; por omisión) o dof (el aplicable en la fecha según el Art. 20 del CFF). No se admite con UDIS (400).",
        },
      ],
      { ref: "CalcConversion" },
      CACHE.live,
    ),
  ] as const;
}

const table = [
  ...banxicoSeriesRoutes,
  {
    id: "umaCurrent",
    path: "/uma",
    tag: "UMA y salario mínimo",
    summary: "UMA y salario mínimo del año en curso",
    description: "El registro del año calendario en curso en la Ciudad de México; si aún no se publica, el último disponible.",
    params: [],
    body: { ref: "Uma" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
  {
    id: "umaByYear",
    path: "/uma/{year}",
    tag: "UMA y salario mínimo",
    summary: "UMA y salario mínimo de un año",
    description: "El registro del año pedido; un año sin UMA, salario mínimo o tasas publicados es 404.",
    params: [year],
    body: { ref: "Uma" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
  },
  {
    id: "inpcList",
    path: "/inpc",
    tag: "INPC",
    summary: "Los meses más recientes del INPC, en orden ascendente",
    description: "Los `limit` periodos más recientes del índice general, del más antiguo al más reciente.",
    params: [inpcLimit],
    body: { arrayOf: "InpcRecord" },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
    prebuilt: "every-value",
  },
  {
    id: "inpcByPeriod",
    path: "/inpc/{period}",
    tag: "INPC",
    summary: "INPC de un mes",
    description: "El índice general del mes pedido; un mes aún no publicado o anterior a la serie es 404.",
    params: [
      { in: "path", name: "period", pattern: "^\\d{4}-(0[1-9]|1[0-2])$", maxLength: 7, example: "2024-01", description: "Mes, AAAA-MM." },
    ],
    body: { ref: "InpcRecord" },
    cache: CACHE.live,
    kind: "file",
    notFound: true,
  },
  {
    id: "isrCurrentMonthly",
    path: "/tarifa/isr/mensual",
    tag: "ISR",
    summary: "Tarifa mensual de retención de ISR del año en curso",
    description:
      "La tarifa mensual del año calendario en curso en la Ciudad de México; si aún no se publica, la del último año disponible.",
    params: [],
    body: { ref: "IsrTariff" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
  {
    id: "isrTariff",
    path: "/tarifa/isr/{year}/{period}",
    tag: "ISR",
    summary: "Tarifa de retención de ISR de un año y periodo",
    description: "Los renglones de la tarifa del año y periodo de pago pedidos, en orden ascendente; un año sin tarifa publicada es 404.",
    params: [
      year,
      { in: "path", name: "period", enum: ISR_API_PERIODS, maxLength: 9, example: "mensual", description: "Periodo de pago." },
    ],
    body: { ref: "IsrTariff" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
  },
  // Every SAT catalog (lookup and list), c_TasaOCuota and search: lib/sat-routes.ts.
  ...satRoutes({ cache: CACHE.day, pageLimit, pageOffset }),
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
        description: "RFC de persona física (13 caracteres) o moral (12).",
      },
    ],
    body: { ref: "RfcValidation" },
    cache: CACHE.day,
    kind: "function",
    notFound: false,
  },
  {
    id: "calendarNext",
    path: "/calendario/proximos",
    tag: "Calendario",
    summary: "Los próximos 10 vencimientos fiscales desde hoy",
    description: "Vencimientos del SAT, el IMSS y el INFONAVIT en o después de hoy (Ciudad de México), en orden de fecha.",
    params: [],
    body: { arrayOf: "CalendarEvent" },
    cache: CACHE.calendar,
    kind: "function",
    notFound: false,
  },
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
  },
  ...calculationRoutes(),
] as const satisfies readonly Route[];

/** Every route, in the order the OpenAPI document lists them. */
export const routes: readonly Route[] = table;

type TableRoute = (typeof table)[number];
export type RouteId = TableRoute["id"];
/** Routes answered by prebuilt files (lib/bodies.ts produces their bodies). */
export type FileRouteId = Extract<TableRoute, { kind: "file" }>["id"];
/** Routes answered per request (lib/http/service.ts binds their handlers). */
export type FunctionRouteId = Extract<TableRoute, { kind: "function" }>["id"];
/** The /calculos routes, answered from the API's own records (lib/http/handlers/calculations.ts binds them). */
export type CalcRouteId = Extract<FunctionRouteId, `calc${string}`>;

const byId = new Map<string, Route>(routes.map((r) => [r.id, r]));

export function routeById(id: RouteId): Route {
  return byId.get(id) as Route;
}

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

/**
 * Whether a request's query form has a file (absent parameters take their defaults). Every accepted value
 * of an `every-value` route does; a paged route only at the default limit and an offset that is a multiple
 * of it (past the last page there is no file either: the answer is []).
 */
export function isPrebuilt(route: Route, query: Readonly<Record<string, unknown>>): boolean {
  if (route.prebuilt !== "default-limit-pages") return true;
  const defaults = queryDefaults(route);
  const value = (name: string): number | undefined => (typeof query[name] === "number" ? (query[name] as number) : defaults[name]);
  const limit = value("limit");
  const offset = value("offset") ?? 0;
  return limit === defaults["limit"] && limit !== undefined && offset % limit === 0;
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

/** Whole datasets for bulk download, each as JSON (an array), CSV and NDJSON, listed in dumps/index.json. */
export const DUMP_DATASETS = [
  { id: "fx", cache: CACHE.live },
  { id: "udi", cache: CACHE.live },
  { id: "tiie-28", cache: CACHE.live },
  { id: "inpc", cache: CACHE.live },
  { id: "uma", cache: CACHE.hour },
  { id: "isr", cache: CACHE.hour },
  // Every SAT catalog as <family>-<catalog>, and the rules of c_TasaOCuota.
  ...[...CFDI_SHEETS, ...NOMINA_SHEETS].map((c) => ({ id: `${c.family}-${c.id}`, cache: CACHE.day })),
  { id: "cfdi-tasa-o-cuota", cache: CACHE.day },
] as const;
export type DumpDatasetId = string;

export const DUMP_FORMATS = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
} as const;
export type DumpFormat = keyof typeof DUMP_FORMATS;

const DUMPS_DIR = `${API_BASE}/dumps`;
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
  { path: `${API_BASE}/openapi.json`, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.aiPlugin, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.mcp, contentType: "application/json; charset=utf-8", cache: CACHE.hour },
  { path: DISCOVERY.llms, contentType: "text/markdown; charset=utf-8", cache: CACHE.hour },
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
