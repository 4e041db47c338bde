// The Banxico series section of the route table (FIX, UDI, TIIE 28): today, history by days or from/to, one observation by date.
import { ART20_RULE } from "./fx-dof.ts";
import { CACHE, type DateQueryParam, type IntegerQueryParam, type PathParam, type Route, type Tag } from "./route-types.ts";
import type { SchemaName } from "./schemas.ts";
import { ISO_DATE_PATTERN } from "./dates.ts";

const days: IntegerQueryParam = {
  in: "query",
  name: "days",
  type: "integer",
  minimum: 1,
  maximum: 365,
  default: 30,
  description: "Días naturales que terminan en la última fecha publicada (inclusive).",
};
const rangeFrom: DateQueryParam = {
  in: "query",
  name: "from",
  type: "date",
  required: false,
  example: "2024-01-01",
  description: "Primera fecha del intervalo (AAAA-MM-DD, inclusive). Con `from` o `to` no se admite `days`.",
};
const rangeTo: DateQueryParam = {
  in: "query",
  name: "to",
  type: "date",
  required: false,
  example: "2024-01-31",
  description: "Última fecha del intervalo (AAAA-MM-DD, inclusive, no anterior a `from`).",
};

/**
 * Most observations in one history answer: a from/to interval is sliced from the dump on demand, and the whole
 * series (up to 11,600 observations, 1.2 MB) is the dump's to give. 2,000 is more than five years of daily values.
 */
const MAX_HISTORY_ITEMS = 2000;

/** The function answering date ranges and dates without an observation for every Banxico series route. */
export const SERIES_FUNCTION_PATH = "/_fn/banxico-series";

const dateParam = (example: string, description: string): PathParam => ({
  in: "path",
  name: "date",
  pattern: ISO_DATE_PATTERN,
  format: "date",
  maxLength: 10,
  example,
  description,
});

const historyDescription = (what: string): string =>
  `Con \`days\`: ${what} con fecha dentro de los \`days\` días naturales que terminan en la última fecha publicada (inclusive). ` +
  "Con `from` y/o `to`: las del intervalo de fechas, inclusive (sin `from`, desde el inicio de la serie; sin `to`, hasta la última); " +
  "`from` posterior a `to`, o `days` junto con `from` o `to`, es un 400. Siempre de la más antigua a la más reciente; un intervalo sin observaciones es []. " +
  `Una respuesta trae como máximo ${MAX_HISTORY_ITEMS} observaciones: un intervalo con más es un 400 que dice cómo pedir menos; la serie completa está en su descarga (dumps).`;

interface SeriesSpec<I extends string> {
  id: I;
  /** The series' name among the values of the MCP tool serie_banxico. */
  mcpName: string;
  base: string;
  tag: Tag;
  what: string;
  body: SchemaName;
  example: string;
  byDate: string;
  history: string;
  today: string;
  latest: string;
  /** The /status dataset id of the series. */
  dataset: string;
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
    mcp: { tool: "serie_banxico", as: s.mcpName },
    datasets: [s.dataset],
  };
  const history: Route & { id: `${I}History`; kind: "file" } = {
    id: `${s.id}History`,
    path: `${s.base}/history`,
    tag: s.tag,
    summary: s.history,
    description: historyDescription(s.what),
    params: [days, rangeFrom, rangeTo],
    body: { arrayOf: s.body, maxItems: MAX_HISTORY_ITEMS },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
    prebuilt: "every-value",
    fallbackFunction: SERIES_FUNCTION_PATH,
    mcp: { tool: "serie_banxico", as: s.mcpName },
    datasets: [s.dataset],
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
    mcp: { tool: "serie_banxico", as: s.mcpName },
    datasets: [s.dataset],
  };
  return [today, history, byDate] as const;
}

const [fxToday, fxHistory, fxByDate] = seriesRoutes({
  id: "fx",
  mcpName: "fix",
  base: "/fx",
  dataset: "fx",
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
  mcp: { tool: "tipo_cambio_art20" },
  datasets: ["fx"],
};

export const banxicoSeriesRoutes = [
  // /fx/today and /fx/history come before /fx/{date}: the host's rewrite rules match in order.
  fxToday,
  fxHistory,
  fxDof,
  fxByDate,
  ...seriesRoutes({
    id: "udi",
    mcpName: "udi",
    base: "/udi",
    dataset: "udi",
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
    mcpName: "tiie-28",
    base: "/tiie/28",
    dataset: "tiie-28",
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
