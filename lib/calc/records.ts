// The API's own records (the files of the build, parsed once) that the calculations read: UMA, ISR tariffs, INPC, FIX, UDI.
import { dumpPath, filePath, routeById } from "../routes/routes.ts";
import type { FileStore } from "../http-kit/respond.ts";
import type { FxRate, InpcRecord, IsrTariff, TariffRow, UdiValue, UmaRecord } from "../../core/schemas.ts";
import type { ResicoRate, SubsidioEmpleoRule } from "../../core/payroll-schemas.ts";
import type { TasaOCuotaRule } from "../../core/sat-schemas.ts";
import type { FactorIntegracion, RecargosRate } from "../../core/late-schemas.ts";
import type { SeriesPrefix, SeriesStore } from "../datasets/dump-slices.ts";
import { Series } from "../../core/series.ts";

/** A Banxico series dump: its records, oldest first, and the same observations searchable by date. */
interface SeriesRecords<R> {
  path: string;
  record: readonly R[];
  series: Series;
}

/** Reads the records a calculation needs by their API paths; undefined where the API answers 404. */
export interface CalcRecords {
  uma(year: number): { path: string; record: UmaRecord } | undefined;
  /** A tariff of the API's periods, or the decenal one from the ISR dump (its citation is the monthly tariff's). */
  tariff(year: number, period: string): { path: string; record: IsrTariff } | undefined;
  /** Every subsidio para el empleo rule, in date order. */
  subsidies(): { path: string; record: SubsidioEmpleoRule[] } | undefined;
  /** The RESICO rates, monthly then annual. */
  resico(): { path: string; record: ResicoRate[] } | undefined;
  inpc(period: string): { path: string; record: InpcRecord } | undefined;
  /** The monthly recargos rates, one row a year. */
  recargos(): { path: string; record: RecargosRate[] } | undefined;
  /** The SBC integration factors by years of service. */
  factorIntegracion(): { path: string; record: FactorIntegracion[] } | undefined;
  /** The FIX history, as the FIX dump publishes it. */
  fx(): SeriesRecords<FxRate> | undefined;
  /** The UDI history, as the UDI dump publishes it. */
  udi(): SeriesRecords<UdiValue> | undefined;
  /** The c_TasaOCuota rules, as their dump publishes them. */
  tasaOCuota(): { path: string; record: TasaOCuotaRule[] } | undefined;
}

const decoder = new TextDecoder();

/**
 * Records by their file path below the publish root ("/api/v1/public/uma/2026.json"), each read once and
 * kept (a few hundred small records at most); `read` gives undefined where there is no file. The FIX and
 * UDI come from `series` when the process has parsed their dumps already (the local server), else from
 * their dumps, read and parsed on first use.
 */
export function recordsFrom(read: (path: string) => unknown, series?: SeriesStore): CalcRecords {
  const parsed = new Map<string, unknown>();
  const get = <T>(path: string): { path: string; record: T } | undefined => {
    if (!parsed.has(path)) parsed.set(path, read(path));
    const record = parsed.get(path) as T | undefined;
    // The public path, without the file's extension: what a user would request.
    return record === undefined ? undefined : { path: path.replace(/\.json$/, ""), record };
  };
  /** A dump and its series, built on first use; the dump's absence is kept too. */
  const seriesOf = <R extends { date: string }>(
    prefix: SeriesPrefix,
    path: string,
    value: (r: R) => number,
  ): (() => SeriesRecords<R> | undefined) => {
    if (series !== undefined) {
      return () => {
        const dump = series(prefix);
        return { path: path.replace(/\.json$/, ""), record: dump.records as readonly R[], series: dump.series };
      };
    }
    let kept: { made: SeriesRecords<R> | undefined } | undefined;
    return () => {
      if (kept === undefined) {
        const dump = get<R[]>(path);
        kept = { made: dump && { ...dump, series: new Series(dump.record.map((r) => ({ date: r.date, value: value(r) }))) } };
      }
      return kept.made;
    };
  };
  const tariff = (year: number, period: string) => get<IsrTariff>(filePath(routeById("isrTariff"), { year: String(year), period }));
  return {
    uma: (year) => get<UmaRecord>(filePath(routeById("umaByYear"), { year: String(year) })),
    tariff: (year, period) => (period === "decenal" ? decenalTariff(year, tariff(year, "mensual"), get) : tariff(year, period)),
    subsidies: () => get<SubsidioEmpleoRule[]>(filePath(routeById("subsidioEmpleoList"))),
    resico: () => get<ResicoRate[]>(filePath(routeById("resicoRates"))),
    inpc: (period) => get<InpcRecord>(filePath(routeById("inpcByPeriod"), { period })),
    recargos: () => get<RecargosRate[]>(filePath(routeById("recargosRates"))),
    factorIntegracion: () => get<FactorIntegracion[]>(filePath(routeById("factorIntegracionList"))),
    fx: seriesOf<FxRate>("fx", dumpPath("fx", "json"), (r) => r.rate),
    udi: seriesOf<UdiValue>("udi", dumpPath("udi", "json"), (r) => r.value),
    tasaOCuota: () => get<TasaOCuotaRule[]>(dumpPath("cfdi-tasa-o-cuota", "json")),
  };
}

type IsrDumpRow = TariffRow & { year: number; period: string };

/** The decenal tariff of a year from the ISR dump (the tariff routes publish the other periods only); undefined without it. */
function decenalTariff(
  year: number,
  monthly: { record: IsrTariff } | undefined,
  get: <T>(path: string) => { path: string; record: T } | undefined,
): { path: string; record: IsrTariff } | undefined {
  const dump = get<IsrDumpRow[]>(dumpPath("isr", "json"));
  const rows = (dump?.record ?? []).filter((r) => r.year === year && r.period === "decenal");
  if (dump === undefined || monthly === undefined || rows.length === 0) return undefined;
  const tariffRows = rows.map(({ lowerLimit, upperLimit, fixedQuota, marginalRate }) => ({
    lowerLimit,
    upperLimit,
    fixedQuota,
    marginalRate,
  }));
  // The API's IsrTariff has no decenal period; the calculation reads only rows and source.
  return {
    path: dumpPath("isr", "json"),
    record: { year, period: "decenal" as IsrTariff["period"], rows: tariffRows, source: monthly.record.source },
  };
}

/** Records from the prebuilt files (the local server's preload, or a function's bundled files), and the series already parsed, if any. */
export function recordsFromFiles(files: FileStore, series?: SeriesStore): CalcRecords {
  return recordsFrom((path) => {
    const file = files.get(path);
    return file === undefined ? undefined : JSON.parse(decoder.decode(file.body));
  }, series);
}

/** The files recordsFromFiles reads, as globs below the publish directory: what the calculation functions bundle. */
export const CALC_RECORD_GLOBS: readonly string[] = [
  ...(["umaByYear", "isrTariff", "inpcByPeriod"] as const).map((id) => `api/v1/public${routeById(id).path.replace(/\/\{.*$/, "")}/**`),
  filePath(routeById("subsidioEmpleoList")).slice(1),
  filePath(routeById("resicoRates")).slice(1),
  filePath(routeById("recargosRates")).slice(1),
  filePath(routeById("factorIntegracionList")).slice(1),
  dumpPath("isr", "json").slice(1),
  dumpPath("fx", "json").slice(1),
  dumpPath("udi", "json").slice(1),
  dumpPath("cfdi-tasa-o-cuota", "json").slice(1),
  // Not a record: the dates and staleFrom of the x-fmx-data-* headers.
  filePath(routeById("status")).slice(1),
];
