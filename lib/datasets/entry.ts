// The shape of a registry entry (lib/datasets/tables.ts): its routes and their producers, its dump, its /status entry and its cadence.
import type { Producer, Resource } from "./producer.ts";
import type { McpTexts } from "./said.ts";
import type { Datasets } from "./records.ts";
import type { WorkbookFamily } from "./workbooks.ts";
import type { CachePolicy, Route } from "../route-shape/route-types.ts";
import type { BodySchema } from "../../core/schemas.ts";
import type { YearlyTable } from "../../sources/types.ts";

/** The producer of each of a dataset's file routes, keyed by route id: one for each, and no other. */
type Producers<R extends readonly Route[]> = { readonly [K in Extract<R[number], { kind: "file" }>["id"]]: Producer };

/** A dataset's bulk download (dumps/<dataset>.json, .csv, .ndjson) and its row in dumps/index.json. */
export interface DumpSpec {
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
export interface YearlyCadence {
  kind: "yearly";
  due: string;
  /** What is missing, in the stale reason ("falta la UMA de 2027"). */
  what: string;
  /** The years it covers, ascending. */
  years: (d: Datasets) => number[];
}

/** A table that changes only with a reform of its law: never stale by the calendar. */
export interface VersionCadence {
  kind: "version";
  records: (d: Datasets) => number;
}

/** What a dataset's /status entry says; build/status.ts makes the entry, lib/datasets/staleness.ts its staleness by its cadence. */
interface StatusSpec {
  title: string;
  cadence: MonthlyCadence | YearlyCadence | VersionCadence;
}

/** The status of a yearly table, from what the table says of itself (sources/). */
export function yearly<T>(table: YearlyTable<T>, rows: (d: Datasets) => T): StatusSpec {
  const { title, due, what } = table.yearly;
  return { title, cadence: { kind: "yearly", due, what, years: (d) => table.yearly.years(rows(d)) } };
}

/** A table whose rows are served inside another dataset's records and dump (the UMA record joins three tables). */
export interface JoinedDump {
  /** The id of the dataset whose dump holds its rows; one without a dump of its own does not compile (joinedInto). */
  joinedInto: string;
}

/**
 * One dataset of TABLE_SOURCES (lib/datasets/table-sources.ts), under its id in DATASETS (lib/datasets/tables.ts):
 * the id is its dump file, its /status id, its source's id and its field of the loaded data (`d["salario-minimo"]`).
 */
export interface DatasetEntry<R extends readonly Route[] = readonly Route[]> {
  /**
   * Where /status, the dumps and their index list it: with the tables, after the Banxico series (`tables`), or
   * after the SAT catalogs (`sat`, c_TasaOCuota: a sheet of the CFDI workbook without a key).
   */
  listed: "tables" | "sat";
  /** Its routes; the route table places them (lib/routes/routes.ts) and a route left out does not compile. */
  routes: R;
  producers: Producers<R>;
  /** Its own dump, or the dataset whose dump joins its rows. */
  dump: DumpSpec | JoinedDump;
  status: StatusSpec;
  /** What the MCP tools say of its routes' answers (lib/mcp/summary.ts); without it, the route's summary and a count. */
  mcp?: McpTexts;
}

/** An entry, its routes' literal ids kept so that its producers are typed by them, its status' cadence and its dump's join. */
export const entry = <const R extends readonly Route[], const S extends StatusSpec, const D extends DumpSpec | JoinedDump>(
  e: DatasetEntry<R> & { status: S; dump: D },
): DatasetEntry<R> & { status: S; dump: D } => e;

export const coverage = (keys: readonly string[]): { first: string | null; last: string | null } => ({
  first: keys[0] ?? null,
  last: keys.at(-1) ?? null,
});

/** A route without path parameters whose body may not exist (no record for the current year yet). */
export const single = (body: unknown): Resource[] => (body === undefined ? [] : [{ pathValues: {}, body: () => body }]);
