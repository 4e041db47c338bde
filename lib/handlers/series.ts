// Banxico series routes without a file: date ranges, and dates without an observation (404 naming the nearest earlier one).
import { dofRate } from "../datasets/fx-dof.ts";
import { dumpPath, queryParams, routeById, type DumpDatasetId, type IntegerQueryParam } from "../routes/routes.ts";
import { missingDateDetail, type Series, type DatedValue } from "../../core/series.ts";
import { badRequest, notFound, type HttpError } from "../http-kit/errors.ts";
import { jsonBytes, type Handler } from "../http-kit/handler.ts";
import { isDateRange } from "../http-kit/query.ts";
import { SERIES_ROUTES, type SeriesPrefix, type SeriesStore } from "../datasets/dump-slices.ts";

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
    return { body: pages.page(start, end - start), etag: pages.pageEtag(start, end - start) };
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
    return { body: pages.element(i), etag: pages.elementEtag(i) };
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
