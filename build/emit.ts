// Every GET response of the file routes, as (path, body) pairs computed from the datasets and the route table.
import { CATALOGS, type CfdiEntry, type SheetSpec } from "../sources/sat.ts";
import { listRouteId, lookupRouteId, WHOLE_LIST_MAX } from "../lib/sat-routes.ts";
import { ISR_API_PERIODS, queryParams, routeById, filePath, type IntegerQueryParam, type Route } from "../lib/routes.ts";
import { dofDecidableDates, dofRate } from "../lib/fx-dof.ts";
import { Series, shiftDate } from "../lib/series.ts";
import type { SieObservation } from "../sources/banxico.ts";
import { contentFiles } from "./content.ts";
import type { Datasets } from "./datasets.ts";
import {
  catalogList, currentYear, fxRate, inpcLatest, tiieRate, udiValue, inpcRecord, isrTariff, isrYears, umaRecord, umaYears, type CfdiCatalogEntry,
} from "./records.ts";

export interface ApiFile {
  /** Path below the publish directory, starting with /api/v1/public. */
  path: string;
  route: Route;
  body: unknown;
}

function integerParam(route: Route, name: string): IntegerQueryParam {
  const p = queryParams(route).find((q) => q.name === name);
  if (!p || p.type !== "integer") throw new Error(`${route.id} has no integer parameter ${name}`);
  return p;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The default response plus one file per accepted value of a single bounded query parameter. */
function* boundedVariants(route: Route, name: string, body: (value: number) => unknown): Generator<ApiFile> {
  const p = integerParam(route, name);
  yield { path: filePath(route), route, body: body(p.default) };
  for (const v of range(p.minimum, p.maximum ?? p.minimum)) yield { path: filePath(route, {}, { [name]: v }), route, body: body(v) };
}

/** today, every `days` of the history, and one file per observation date of a Banxico series. */
function* seriesFiles(prefix: string, observations: SieObservation[], record: (o: SieObservation) => object): Generator<ApiFile> {
  const series = new Series(observations);
  const latest = series.last;
  const today = routeById(`${prefix}Today`);
  if (latest) yield { path: filePath(today), route: today, body: record(latest) };
  yield* boundedVariants(routeById(`${prefix}History`), "days", (days) => series.lastDays(days).map(record));
  const byDate = routeById(`${prefix}ByDate`);
  for (const o of observations) yield { path: filePath(byDate, { date: o.date }), route: byDate, body: record(o) };
}

/** The Art. 20 CFF rate of every calendar date the FIX series can decide. */
function* fxDofFiles(fx: SieObservation[]): Generator<ApiFile> {
  const series = new Series(fx);
  const dates = dofDecidableDates(series);
  if (dates === undefined) return;
  const route = routeById("fxDof");
  for (let date = dates.first; date <= dates.last; date = shiftDate(date, 1)) {
    const found = dofRate(series, date);
    if (found.found) yield { path: filePath(route, { date }), route, body: found.record };
  }
}

function* fxFiles(d: Datasets): Generator<ApiFile> {
  yield* seriesFiles("fx", d.fx, fxRate);
  yield* fxDofFiles(d.fx);
  yield* seriesFiles("udi", d.udi, udiValue);
  yield* seriesFiles("tiie28", d.tiie28, tiieRate);
}

function* inpcFiles(d: Datasets): Generator<ApiFile> {
  yield* boundedVariants(routeById("inpcList"), "limit", (limit) => inpcLatest(d.inpc, limit));
  const byPeriod = routeById("inpcByPeriod");
  for (const o of d.inpc) yield { path: filePath(byPeriod, { period: o.period }), route: byPeriod, body: inpcRecord(o) };
}

function* umaFiles(d: Datasets, asOf: string): Generator<ApiFile> {
  const years = umaYears(d);
  const byYear = routeById("umaByYear");
  for (const y of years) yield { path: filePath(byYear, { year: String(y) }), route: byYear, body: umaRecord(d, y) };
  const current = currentYear(years, asOf);
  if (current !== undefined) yield { path: filePath(routeById("umaCurrent")), route: routeById("umaCurrent"), body: umaRecord(d, current) };
}

function* isrFiles(d: Datasets, asOf: string): Generator<ApiFile> {
  const years = isrYears(d.isr);
  const byYear = routeById("isrTariff");
  for (const y of years) {
    for (const period of ISR_API_PERIODS) {
      yield { path: filePath(byYear, { year: String(y), period }), route: byYear, body: isrTariff(d.isr, y, period) };
    }
  }
  const current = currentYear(years, asOf);
  const monthly = routeById("isrCurrentMonthly");
  if (current !== undefined) yield { path: filePath(monthly), route: monthly, body: isrTariff(d.isr, current, "mensual") };
}

const CLAVE_PROD_SERV_LOOKUP = routeById(lookupRouteId("cfdi", "clave-prod-serv"));

/** The whole c_ClaveProdServ catalog as API records, ordered by code (pages and the dump are slices of it). */
export function claveProdServList(entries: CfdiEntry[]): CfdiCatalogEntry[] {
  return catalogList("clave-prod-serv", entries);
}

/** The path values of a record's lookup: its key columns by parameter name. */
export function keyValues(spec: SheetSpec, e: CfdiCatalogEntry): Record<string, string> {
  return Object.fromEntries(spec.key.map((k) => [k.field, String(k.field === "code" ? e.code : e[k.field])]));
}

/** One lookup file per c_ClaveProdServ code: most of the output, so the build emits them first. */
export function* claveProdServLookups(claveProdServ: CfdiCatalogEntry[]): Generator<ApiFile> {
  const route = CLAVE_PROD_SERV_LOOKUP;
  for (const e of claveProdServ) yield { path: filePath(route, { code: e.code }), route, body: e };
}

/** A list: the whole catalog in one file, or pages of the default limit (offsets multiple of it) plus the query-less default. */
function* listFiles(route: Route, list: CfdiCatalogEntry[]): Generator<ApiFile> {
  if (route.prebuilt !== "default-limit-pages") {
    if (list.length > WHOLE_LIST_MAX) throw new Error(`${route.id}: ${list.length} entradas en un solo archivo (máximo ${WHOLE_LIST_MAX}); la lista debe paginarse`);
    yield { path: filePath(route), route, body: list };
    return;
  }
  const limit = integerParam(route, "limit").default;
  yield { path: filePath(route), route, body: list.slice(0, limit) };
  for (let offset = 0; offset < list.length; offset += limit) {
    yield { path: filePath(route, {}, { limit, offset }), route, body: list.slice(offset, offset + limit) };
  }
}

/** Every SAT catalog's lookups (where they are files) and lists; c_ClaveProdServ's lookups come separately. */
function* catalogFiles(d: Datasets, claveProdServ: CfdiCatalogEntry[]): Generator<ApiFile> {
  for (const spec of CATALOGS) {
    const list = spec.id === "clave-prod-serv" ? claveProdServ : catalogList(spec.id, d.catalogs[spec.id]);
    const lookup = routeById(lookupRouteId(spec.family, spec.id));
    if (spec.id !== "clave-prod-serv" && lookup.kind === "file") {
      for (const e of list) yield { path: filePath(lookup, keyValues(spec, e)), route: lookup, body: e };
    }
    yield* listFiles(routeById(listRouteId(spec.family, spec.id)), list);
  }
}

/**
 * Every file-route response for the given inputs and as-of date (YYYY-MM-DD, Mexico City), except the
 * c_ClaveProdServ lookups (claveProdServLookups), which the build emits before the other sources load.
 */
export function* apiFiles(d: Datasets, asOf: string, claveProdServ: CfdiCatalogEntry[]): Generator<ApiFile> {
  yield* fxFiles(d);
  yield* umaFiles(d, asOf);
  yield* inpcFiles(d);
  yield* isrFiles(d, asOf);
  yield* catalogFiles(d, claveProdServ);
  yield* contentFiles();
}
