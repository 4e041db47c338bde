// The datasets other than the Banxico series and the SAT catalogs, one registry entry each: routes, producers, dump and status follow from it.
import type { Producer } from "./bodies.ts";
import { addDays, endOfMonth } from "./dates.ts";
import { inpcLatest, inpcRecord, type Datasets } from "./records.ts";
import { CACHE, type CachePolicy, type Route } from "./route-types.ts";
import type { BodySchema } from "./schemas.ts";
import { inpcRoutes } from "./table-routes.ts";
import { inegi } from "../sources/inegi.ts";
import type { FeedSource } from "../sources/types.ts";

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
}

/**
 * A feed published month by month (the INPC): due `lagDays` days after the end of the month that follows its
 * last period, stale the day after. Its /status entry and staleness rule follow (build/status.ts).
 */
export interface MonthlyCadence {
  kind: "monthly";
  lagDays: number;
  /** What is missing, in the stale reason ("falta el INPC posterior a 2026-08"). */
  what: string;
}

/** How a dataset's /status entry is made and when it goes stale. */
type StatusSpec = {
  cadence: MonthlyCadence;
  title: string;
  /** Its periods (YYYY-MM), oldest first. */
  periods: (d: Datasets) => readonly string[];
};

/**
 * One dataset. Its registry key (DATASETS below) is the internal id: its route ids' prefix (`inpcList`) and its
 * Datasets field (`d.inpc`); `dataset` is the public id: its dump file, its /status id and its source's id.
 */
export interface DatasetEntry<R extends readonly Route[] = readonly Route[]> {
  dataset: string;
  /** Where its data comes from: the feed in raw/ (publisher and official URL in /status). */
  source: FeedSource<unknown>;
  /** Its routes; the route table places them (lib/routes.ts) and a route left out does not compile. */
  routes: R;
  producers: Producers<R>;
  dump: DumpSpec;
  status: StatusSpec;
}

/** An entry, its routes' literal ids kept so that its producers are typed by them. */
const entry = <const R extends readonly Route[]>(e: DatasetEntry<R>): DatasetEntry<R> => e;

const coverage = (keys: readonly string[]): { first: string | null; last: string | null } => ({
  first: keys[0] ?? null,
  last: keys.at(-1) ?? null,
});

const inpcPeriods = (d: Datasets): string[] => d.inpc.map((o) => o.period);

/** Every dataset, in the order of /status and the dumps. */
export const DATASETS = {
  inpc: entry({
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
    },
    status: {
      title: "INPC, índice general",
      cadence: { kind: "monthly", lagDays: 45, what: "el INPC" },
      periods: inpcPeriods,
    },
  }),
} as const;

export type DatasetKey = keyof typeof DATASETS;
export const DATASET_KEYS = Object.keys(DATASETS) as DatasetKey[];

/** The ids of every registry dataset's routes (the route table must hold them all). */
export type DatasetRouteId = (typeof DATASETS)[DatasetKey]["routes"][number]["id"];
type DatasetFileRouteId = Extract<(typeof DATASETS)[DatasetKey]["routes"][number], { kind: "file" }>["id"];

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
