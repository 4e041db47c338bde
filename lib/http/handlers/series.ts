// Banxico series routes without a file: date ranges, and dates without an observation (404 naming the nearest earlier one).
import { SERVED_SERIES, SIE_SERIES, type ServedKey, type SieSeriesConfig } from "../../banxico-series.ts";
import { dofRate } from "../../fx-dof.ts";
import { dumpPath, queryParams, routeById, type DumpDatasetId, type IntegerQueryParam } from "../../routes.ts";
import { missingDateDetail, Series, type DatedValue } from "../../../core/series.ts";
import { badRequest, notFound, type HttpError } from "../errors.ts";
import { jsonBytes, type Handler } from "../handler.ts";
import { isDateRange } from "../query.ts";
import { CatalogPages } from "./catalog-pages.ts";

/** One series as its dump: the records' bytes (sliced per request) and their dates and values (searched). */
export class SeriesDump {
  /** The records as the dump publishes them, oldest first (what the calculations cite). */
  readonly records: readonly Record<string, unknown>[];
  readonly series: Series<DatedValue>;
  readonly pages: CatalogPages;

  constructor(dump: Uint8Array, valueField: "rate" | "value") {
    const records = JSON.parse(new TextDecoder().decode(dump)) as Record<string, unknown>[];
    this.records = records;
    this.series = new Series(records.map((r) => ({ date: String(r["date"]), value: Number(r[valueField]) })));
    this.pages = new CatalogPages(dump);
    if (this.pages.size !== this.series.length) throw new TypeError("the series dump cannot be sliced");
  }
}

/** The registry id of a published series: the prefix of its route ids (fxHistory, udiByDate, …). */
export type SeriesPrefix = ServedKey;

/** The route prefix, the dump and the record's value field of each published series (lib/banxico-series.ts). */
export const SERIES_ROUTES: readonly {
  prefix: SeriesPrefix;
  config: SieSeriesConfig;
  dump: DumpDatasetId;
  valueField: "rate" | "value";
}[] = SERVED_SERIES.map((prefix) => {
  const config: SieSeriesConfig = SIE_SERIES[prefix];
  return { prefix, config, dump: config.dataset, valueField: config.api.valueField };
});

export type SeriesStore = (prefix: SeriesPrefix) => SeriesDump;

/**
 * A history request: a from/to interval, or the `days` calendar days ending on the latest date. An interval
 * with more observations than the route's bound is a 400 naming an interval that fits and the dump.
 */
function historyHandler(prefix: SeriesPrefix, dump: DumpDatasetId, store: SeriesStore): Handler {
  const route = routeById(`${prefix}History`);
  const days = queryParams(route).find((p) => p.name === "days") as IntegerQueryParam;
  const max = "maxItems" in route.body ? (route.body.maxItems ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY;
  return ({ query }) => {
    const { series, pages } = store(prefix);
    const [start, end] = isDateRange(query)
      ? series.rangeIndices(query["from"] as string | undefined, query["to"] as string | undefined)
      : series.lastDaysIndices(typeof query["days"] === "number" ? query["days"] : days.default);
    if (end - start > max) throw tooManyItems(series, start, end, max, dump);
    return { body: pages.page(start, end - start) };
  };
}

function tooManyItems(series: Series<DatedValue>, start: number, end: number, max: number, dump: DumpDatasetId): HttpError {
  const from = series.observations[start]?.date ?? "";
  const to = series.observations[start + max - 1]?.date ?? "";
  return badRequest(
    `El intervalo tiene ${end - start} observaciones y una respuesta admite como máximo ${max}. ` +
      `Pida intervalos más cortos (por ejemplo from=${from}&to=${to} trae las primeras ${max}) ` +
      `o descargue la serie completa en ${dumpPath(dump, "json")} (también .csv y .ndjson).`,
  );
}

function byDateHandler(prefix: SeriesPrefix, noun: string, store: SeriesStore): Handler {
  return ({ pathValues }) => {
    const { series, pages } = store(prefix);
    const date = pathValues["date"] ?? "";
    const i = series.indexOf(date);
    if (i < 0) throw notFound(missingDateDetail(series, date, noun));
    return { body: pages.element(i) };
  };
}

function dofHandler(store: SeriesStore): Handler {
  return ({ pathValues }) => {
    const found = dofRate(store("fx").series, pathValues["date"] ?? "");
    if (!found.found) throw notFound(found.detail);
    return { body: jsonBytes(found.record) };
  };
}

/** The fallbacks of every series route, by route id, over dumps loaded by the caller. */
export function seriesHandlers(store: SeriesStore): Record<string, Handler> {
  const out: Record<string, Handler> = { fxDof: dofHandler(store) };
  for (const s of SERIES_ROUTES) {
    out[`${s.prefix}History`] = historyHandler(s.prefix, s.dump, store);
    out[`${s.prefix}ByDate`] = byDateHandler(s.prefix, s.config.noun, store);
  }
  return out;
}
