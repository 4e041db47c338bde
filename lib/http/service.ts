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
import type { Handler } from "../http-kit/handler.ts";
import { filePath, routeById, type CalcRouteId, type FunctionRouteId } from "../routes/routes.ts";

export type { Env } from "./ratelimit.ts";

export interface ServiceOptions extends Omit<ApiOptions, "routes" | "handlers" | "fallbacks"> {
  /** The published tree's files by path that the SAT catalog functions read on first use; without it they are a 503, arbitrary list pages a 404. */
  tree?: DumpReader;
  /** The Banxico series dumps, once loaded; without them date ranges and dates without a file are a 404. */
  series?: SeriesStore;
  /** The records the calculations read; by default the prebuilt files. Without either, calculations are a 404. */
  records?: () => CalcRecords;
}

/** Every function route's handler but the calculations', by route id: one missing, or one without a route, does not compile. */
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

export function createApi({ tree, series, records, ...options }: ServiceOptions = {}): Api {
  const sat = new SatData(tree ?? (() => undefined));
  const data = (): SatData => sat;
  const files = options.files;
  let kept: CalcRecords | undefined;
  const calc = records ?? (files !== undefined ? () => (kept ??= recordsFromFiles(files, series)) : undefined);
  const status = options.status ?? (files !== undefined ? () => files.get(filePath(routeById("status")))?.body : undefined);
  return new Api({
    ...options,
    handlers: { ...handlers(data), ...(calc !== undefined && calculationHandlers(calc)) },
    fallbacks: { ...(tree !== undefined && pageFallbacks(data)), ...(series !== undefined && seriesHandlers(series)) },
    ...(status !== undefined && { status }),
  });
}
