// The Banxico series section of the route table, from lib/datasets/series.ts: today, history by days or from/to, one observation by date.
import { SERVED_SERIES, SIE_SERIES, type Camel, type SeriesNames, type ServedKey, type SieSeriesConfig } from "../datasets/series.ts";
import { ART20_RULE } from "../datasets/fx-dof.ts";
import { CACHE, type DateQueryParam, type IntegerQueryParam, type PathParam, type Route } from "../route-shape/route-types.ts";
import { ISO_DATE_PATTERN } from "../../core/dates.ts";

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

/** today, history and by-date routes of one series, each answered from files plus the series function. */
function seriesRoutes<const I extends ServedKey>(config: SieSeriesConfig & SeriesNames<I>) {
  const s = { ...config.api, base: config.base, mcpName: config.mcpValue, dataset: config.id, prefix: config.routeIdPrefix };
  const today: Route & { id: `${Camel<I>}Today`; kind: "file" } = {
    id: `${s.prefix}Today`,
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
  const history: Route & { id: `${Camel<I>}History`; kind: "file" } = {
    id: `${s.prefix}History`,
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
  const byDate: Route & { id: `${Camel<I>}ByDate`; kind: "file" } = {
    id: `${s.prefix}ByDate`,
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

/**
 * Every published series' routes, in registry order; the FIX's Art. 20 route comes before /fx/{date}: the
 * host's rewrite rules match in order.
 */
export const banxicoSeriesRoutes = SERVED_SERIES.flatMap((id) => {
  const [today, history, byDate] = seriesRoutes(SIE_SERIES[id]);
  return id === "fx" ? [today, history, fxDof, byDate] : [today, history, byDate];
});
