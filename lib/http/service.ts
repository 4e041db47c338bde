// The API as deployed: the Hono app wired with the function handlers and the limits from the environment.
import { Api, type ApiOptions } from "./app.ts";
import { recordsFromFiles, type CalcRecords } from "../calc/records.ts";
import { calculationHandlers } from "../handlers/calculations.ts";
import { calendarHandler, calendarRangeHandler } from "../handlers/calendar.ts";
import { pedimentoHandler, tasaOCuotaHandler } from "../handlers/sat.ts";
import { SatData, type DumpReader } from "../datasets/sat-dumps.ts";
import { pageFallbacks } from "../handlers/catalog-filters.ts";
import { searchHandler } from "../handlers/search.ts";
import { checkHandlers, checkIndexOf } from "../handlers/check.ts";
import { rfcHandler } from "../handlers/rfc.ts";
import type { SeriesStore } from "../datasets/dump-slices.ts";
import { seriesHandlers } from "../handlers/series.ts";
import { suggestHandler } from "../handlers/suggest.ts";
import type { Env } from "./config.ts";
import type { Handler } from "../http-kit/handler.ts";
import { filePath, routeById, type CalcRouteId, type FunctionRouteId } from "../routes/routes.ts";

export type { Env };

export interface ServiceOptions
  extends Pick<ApiOptions, "files" | "env" | "rateLimit" | "now" | "status" | "ip" | "header" | "schedule" | "other" | "host"> {
  /**
   * Files of the published tree by path (the dumps and the search index) that the SAT catalog functions
   * read on first use; without it arbitrary list pages are a 404 and those functions a 503.
   */
  tree?: DumpReader;
  /** The Banxico series dumps, once loaded; without them date ranges and dates without a file are a 404. */
  series?: SeriesStore;
  /** The records the calculations read; by default the prebuilt files. Without either, calculations are a 404. */
  records?: () => CalcRecords;
}

/**
 * Every function route's handler but the calculations, by route id (the calculations' come from
 * calculationHandlers, over the records). A function route without one, or one without a route, does not compile.
 */
const handlers = (data: () => SatData): Record<Exclude<FunctionRouteId, CalcRouteId>, Handler> => ({
  rfcValidate: rfcHandler,
  calendarNext: calendarHandler(),
  calendarRange: calendarRangeHandler(),
  suggest: suggestHandler,
  cfdiNumPedimentoAduana: pedimentoHandler(data),
  cfdiTasaOCuota: tasaOCuotaHandler(data),
  cfdiSearch: searchHandler(data),
  ...checkHandlers(() => checkIndexOf(data())),
});

export function createApi(options: ServiceOptions = {}): Api {
  const sat = new SatData(options.tree ?? (() => undefined));
  const data = (): SatData => sat;
  const files = options.files;
  const records = options.records ?? (files !== undefined ? memo(() => recordsFromFiles(files, options.series)) : undefined);
  const status = options.status ?? (files !== undefined ? () => files.get(filePath(routeById("status")))?.body : undefined);
  const { tree, series, records: _, ...rest } = options;
  return new Api({
    ...rest,
    handlers: { ...handlers(data), ...(records !== undefined && calculationHandlers(records)) },
    fallbacks: { ...(tree !== undefined && pageFallbacks(data)), ...(series !== undefined && seriesHandlers(series)) },
    ...(status !== undefined && { status }),
  });
}

function memo<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
