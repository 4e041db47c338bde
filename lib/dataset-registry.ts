// The datasets other than the Banxico series and the SAT catalogs (the INPC, the yearly tables), one registry entry each: routes, producers, dump, status and staleness follow from it.
import type { Producer, Resource } from "./bodies.ts";
import { addDays, endOfMonth } from "./dates.ts";
import { resicoRates, subsidyDays, subsidyRule } from "./payroll-records.ts";
import { resicoRoutes, subsidioEmpleoRoutes } from "./payroll-routes.ts";
import {
  currentYear,
  inpcLatest,
  inpcRecord,
  isrTariff,
  isrYears,
  tasaOCuotaRecord,
  umaRecord,
  umaYears,
  type Datasets,
} from "./records.ts";
import type { WorkbookFamily } from "./route-paths.ts";
import { CACHE, type CachePolicy, type Route } from "./route-types.ts";
import type { BodySchema } from "./schemas.ts";
import { inpcRoutes, ISR_API_PERIODS, isrRoutes, tasaOCuotaRoutes, umaRoutes } from "./table-routes.ts";
import { imss } from "../sources/imss.ts";
import { inegi } from "../sources/inegi.ts";
import { ISR_PERIODS } from "../sources/isr-checks.ts";
import { isrTariffs } from "../sources/isr.ts";
import { resico } from "../sources/resico.ts";
import { minimumWage } from "../sources/salario-minimo.ts";
import { tasaOCuota } from "../sources/sat.ts";
import { subsidioEmpleo } from "../sources/subsidio-empleo.ts";
import type { CuratedTable, FeedSource, YearlyTable } from "../sources/types.ts";
import { uma } from "../sources/uma.ts";

/** The producer of each of a dataset's file routes, keyed by route id: one for each, and no other. */
type Producers<R extends readonly Route[]> = { readonly [K in Extract<R[number], { kind: "file" }>["id"]]: Producer };

/** A dataset's bulk download (dumps/<dataset>.json, .csv, .ndjson) and its row in dumps/index.json. */
interface DumpSpec {
  cache: CachePolicy;
  /** Its records, in the order the dump lists them. */
  rows: (d: Datasets) => object[];
  /** First and last date, period, year or code. */
  coverage: (d: Datasets) => { first: string | null; last: string | null };
  /** The index's `source` text. */
  source: string;
  /** The raw file whose provenance the dump carries; null for a table kept in the repository (sources/). */
  rawFile: string | null;
  /** The schema every JSON row follows, where the API has one. */
  schema?: BodySchema;
  /** The fields that identify a record (the SQLite table's primary key); empty when none does. */
  key: readonly string[];
  /** The spreadsheet it goes in (dumps/<workbook>.xlsx). */
  workbook: WorkbookFamily;
}

/**
 * A feed published month by month (the INPC): due `lagDays` days after the end of the month that follows its
 * last period, stale the day after.
 */
export interface MonthlyCadence {
  kind: "monthly";
  lagDays: number;
  /** What is missing, in the stale reason ("falta el INPC posterior a 2026-08"). */
  what: string;
  /** Its periods (YYYY-MM), oldest first. */
  periods: (d: Datasets) => readonly string[];
}

/** A table with a row per year (sources/types.ts YearlyTable): stale once `due` (MM-DD) of a year has come without that year's row. */
interface YearlyCadence {
  kind: "yearly";
  due: string;
  /** What is missing, in the stale reason ("falta la UMA de 2027"). */
  what: string;
  /** The years it covers, ascending. */
  years: (d: Datasets) => number[];
}

/** A table that changes only with a reform of its law: never stale by the calendar. */
interface VersionCadence {
  kind: "version";
  records: (d: Datasets) => number;
}

/** What a dataset's /status entry says; build/status.ts makes the entry and its staleness rule from its cadence. */
interface StatusSpec {
  title: string;
  cadence: MonthlyCadence | YearlyCadence | VersionCadence;
}

/** The status of a yearly table, from what the table says of itself (sources/). */
function yearly<T>(table: YearlyTable<T>, rows: (d: Datasets) => T): StatusSpec {
  const { title, due, what } = table.yearly;
  return { title, cadence: { kind: "yearly", due, what, years: (d) => table.yearly.years(rows(d)) } };
}

/** A table whose rows are served inside another dataset's records and dump (the UMA record joins three tables). */
interface JoinedDump {
  /** The registry key of the dataset whose dump holds its rows. */
  joinedInto: string;
}

/**
 * One dataset. Its registry key (DATASETS below) is the internal id: its route ids' prefix (`inpcList`) and its
 * Datasets field (`d.inpc`); `dataset` is the public id: its dump file, its /status id and its source's id.
 */
export interface DatasetEntry<R extends readonly Route[] = readonly Route[]> {
  dataset: string;
  /**
   * Where /status, the dumps and their index list it: with the tables, after the Banxico series (`tables`), or
   * after the SAT catalogs (`sat`, c_TasaOCuota: a sheet of the CFDI workbook without a key).
   */
  listed: "tables" | "sat";
  /** Where its data comes from: a feed in raw/, or a table kept in the repository (sources/); its id is `dataset`. */
  source: FeedSource<unknown> | CuratedTable<unknown>;
  /** Its routes; the route table places them (lib/routes.ts) and a route left out does not compile. */
  routes: R;
  producers: Producers<R>;
  /** Its own dump, or the dataset whose dump joins its rows. */
  dump: DumpSpec | JoinedDump;
  status: StatusSpec;
}

/** An entry, its routes' literal ids kept so that its producers are typed by them, and its status' cadence. */
const entry = <const R extends readonly Route[], const S extends StatusSpec>(
  e: DatasetEntry<R> & { status: S },
): DatasetEntry<R> & { status: S } => e;

const coverage = (keys: readonly string[]): { first: string | null; last: string | null } => ({
  first: keys[0] ?? null,
  last: keys.at(-1) ?? null,
});

/** A route without path parameters whose body may not exist (no record for the current year yet). */
const single = (body: unknown): Resource[] => (body === undefined ? [] : [{ pathValues: {}, body: () => body }]);

const inpcPeriods = (d: Datasets): string[] => d.inpc.map((o) => o.period);

/** Every dataset, in the order of /status and the dumps. */
export const DATASETS = {
  inpc: entry({
    listed: "tables",
    dataset: "inpc",
    source: inegi,
    routes: inpcRoutes,
    producers: {
      inpcList: ({ data }) => [{ pathValues: {}, body: (q) => inpcLatest(data.inpc, q["limit"]!) }],
      inpcByPeriod: ({ data }) => data.inpc.map((o) => ({ pathValues: { period: o.period }, body: () => inpcRecord(o) })),
    },
    dump: {
      cache: CACHE.live,
      rows: (d) => d.inpc.map(inpcRecord),
      coverage: (d) => coverage(inpcPeriods(d)),
      source: inegi.publisher,
      rawFile: inegi.rawFile,
      schema: { arrayOf: "InpcRecord" },
      key: ["period"],
      workbook: "series",
    },
    status: { title: "INPC, índice general", cadence: { kind: "monthly", lagDays: 45, what: "el INPC", periods: inpcPeriods } },
  }),
  uma: entry({
    listed: "tables",
    dataset: "uma",
    source: uma,
    routes: umaRoutes,
    producers: {
      umaCurrent: ({ data, asOf }) => {
        const year = currentYear(umaYears(data), asOf);
        return single(year === undefined ? undefined : umaRecord(data, year));
      },
      umaByYear: ({ data }) => umaYears(data).map((y) => ({ pathValues: { year: String(y) }, body: () => umaRecord(data, y) })),
    },
    // A year's record joins the UMA, the minimum wage and the IMSS rates (minimumWage and imss below say so).
    dump: {
      cache: CACHE.hour,
      rows: (d) => umaYears(d).map((y) => umaRecord(d, y)!),
      coverage: (d) => coverage(umaYears(d).map(String)),
      source: `${uma.publisher} (UMA); ${minimumWage.publisher} (salario mínimo); ${imss.publisher} (tasas)`,
      rawFile: null,
      schema: { arrayOf: "Uma" },
      key: ["year"],
      workbook: "tablas-anuales",
    },
    status: yearly(uma, (d) => d.uma),
  }),
  minimumWage: entry({
    listed: "tables",
    dataset: "salario-minimo",
    source: minimumWage,
    routes: [],
    producers: {},
    dump: { joinedInto: "uma" },
    status: yearly(minimumWage, (d) => d.minimumWage),
  }),
  isr: entry({
    listed: "tables",
    dataset: "isr",
    source: isrTariffs,
    routes: isrRoutes,
    producers: {
      isrCurrentMonthly: ({ data, asOf }) => {
        const year = currentYear(isrYears(data.isr), asOf);
        return single(year === undefined ? undefined : isrTariff(data.isr, year, "mensual"));
      },
      isrTariff: ({ data }) =>
        isrYears(data.isr).flatMap((y) =>
          ISR_API_PERIODS.map((period) => ({ pathValues: { year: String(y), period }, body: () => isrTariff(data.isr, y, period) })),
        ),
    },
    // Flat: a row per bracket, for every period SAT publishes (the decenal one, which the API does not serve, included).
    dump: {
      cache: CACHE.hour,
      rows: (d) =>
        isrYears(d.isr).flatMap((year) =>
          ISR_PERIODS.flatMap((period) => (isrTariff(d.isr, year, period)?.rows ?? []).map((r) => ({ year, period, ...r }))),
        ),
      coverage: (d) => coverage(isrYears(d.isr).map(String)),
      source: isrTariffs.publisher,
      rawFile: null,
      key: ["year", "period", "lowerLimit"],
      workbook: "tablas-anuales",
    },
    status: yearly(isrTariffs, (d) => d.isr),
  }),
  imss: entry({
    listed: "tables",
    dataset: "imss",
    source: imss,
    routes: [],
    producers: {},
    dump: { joinedInto: "uma" },
    status: yearly(imss, (d) => d.imss),
  }),
  subsidioEmpleo: entry({
    listed: "tables",
    dataset: "subsidio-empleo",
    source: subsidioEmpleo,
    routes: subsidioEmpleoRoutes,
    producers: {
      subsidioEmpleoList: ({ data }) => single(data.subsidioEmpleo.map(subsidyRule)),
      subsidioEmpleoByDate: function* ({ data }) {
        for (const { date, rule } of subsidyDays(data.subsidioEmpleo)) yield { pathValues: { fecha: date }, body: () => rule };
      },
    },
    dump: {
      cache: CACHE.hour,
      rows: (d) => d.subsidioEmpleo.map(subsidyRule),
      // Not sorted: the first rule's start and the last rule's last day.
      coverage: (d) => coverage(d.subsidioEmpleo.flatMap((r) => [r.from, subsidyRule(r).datosHasta])),
      source: subsidioEmpleo.citation,
      rawFile: null,
      schema: { arrayOf: "SubsidioEmpleoRule" },
      key: ["vigenteDesde"],
      workbook: "series",
    },
    status: yearly(subsidioEmpleo, (d) => d.subsidioEmpleo),
  }),
  resico: entry({
    listed: "tables",
    dataset: "resico",
    source: resico,
    routes: resicoRoutes,
    producers: { resicoRates: ({ data }) => single(resicoRates(data.resico)) },
    dump: {
      cache: CACHE.hour,
      rows: (d) => resicoRates(d.resico),
      coverage: () => coverage([]),
      source: resico.citation,
      rawFile: null,
      schema: { arrayOf: "ResicoRate" },
      key: ["periodo", "limiteInferior"],
      workbook: "series",
    },
    status: {
      title: "Tasas del RESICO de personas físicas (Arts. 113-E y 113-F LISR)",
      cadence: { kind: "version", records: (d) => d.resico.length },
    },
  }),
  tasaOCuota: entry({
    listed: "sat",
    dataset: "cfdi-tasa-o-cuota",
    source: tasaOCuota,
    // A function filters the rules per request (lib/http/handlers/sat.ts) from its dump: no file route.
    routes: tasaOCuotaRoutes,
    producers: {},
    dump: {
      cache: CACHE.day,
      rows: (d) => d.tasaOCuota.map(tasaOCuotaRecord),
      coverage: () => coverage([]),
      source: `${tasaOCuota.publisher}, ${tasaOCuota.rawFile.split("/").at(-1)}`,
      rawFile: tasaOCuota.rawFile,
      schema: { arrayOf: "TasaOCuotaRule" },
      // SAT's sheet has no key column: the rules keep its order (the rowid), and fixed ones have no valorMinimo.
      key: [],
      workbook: "catalogos-cfdi",
    },
    status: { title: "Catálogo c_TasaOCuota (CFDI 4.0)", cadence: { kind: "version", records: (d) => d.tasaOCuota.length } },
  }),
} as const;

export type DatasetKey = keyof typeof DATASETS;
export const DATASET_KEYS = Object.keys(DATASETS) as DatasetKey[];

/** The ids of every registry dataset's routes (the route table must hold them all). */
export type DatasetRouteId = (typeof DATASETS)[DatasetKey]["routes"][number]["id"];
type DatasetFileRouteId = Extract<(typeof DATASETS)[DatasetKey]["routes"][number], { kind: "file" }>["id"];

/** The keys of the datasets listed at one place of /status and the dumps, in registry order. */
export const keysListed = (where: DatasetEntry["listed"]): DatasetKey[] => DATASET_KEYS.filter((k) => DATASETS[k].listed === where);

/** The keys of the datasets listed at one place with a dump of their own, in registry order. */
export const dumpedListed = (where: DatasetEntry["listed"]): DatasetKey[] => keysListed(where).filter((k) => "rows" in DATASETS[k].dump);

/** A dataset's own dump; undefined when its rows are joined into another's. */
export const ownDump = (key: DatasetKey): DumpSpec | undefined => {
  const dump: DumpSpec | JoinedDump = DATASETS[key].dump;
  return "rows" in dump ? dump : undefined;
};

/** Every registry dataset's producers, by route id. */
export const DATASET_BODIES = Object.fromEntries(DATASET_KEYS.flatMap((k) => Object.entries(DATASETS[k].producers))) as Record<
  DatasetFileRouteId,
  Producer
>;

/** The last day a monthly feed may go without the period after `lastPeriod`. */
export const monthlyDue = (c: MonthlyCadence, lastPeriod: string): string => addDays(endOfMonth(lastPeriod, 1), c.lagDays);

/** A monthly feed's staleness as of a date: the reason, or null while the next period is not yet due. */
export function monthlyStaleness(c: MonthlyCadence, lastPeriod: string, asOf: string): string | null {
  const due = monthlyDue(c, lastPeriod);
  return asOf > due ? `falta ${c.what} posterior a ${lastPeriod}, esperado a más tardar el ${due}` : null;
}
