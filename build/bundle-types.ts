// What the many-dataset dumps are made of and make (the SQLite file, the workbooks), as the bundle thread and its writers see it.
import type { Datasets } from "../lib/datasets/records.ts";
import type { StatusDocument } from "../core/schemas.ts";
import type { DumpDataset } from "./dumps.ts";
import type { SearchTables } from "./search-sqlite.ts";

/**
 * What the SQLite file and the workbooks read of a dump. Its records are parsed from the dump's JSON text anew at
 * each call, so that a writer holds one dataset's records at a time, not every dataset's for the whole thread.
 */
export interface BundleDataset extends Pick<DumpDataset, "id" | "key" | "coverage" | "source"> {
  /** How many records it has. */
  records: number;
  rows: () => object[];
}

/** The hand-kept tables the SQLite file publishes beside the dumps. */
export type SourceTables = Pick<Datasets, "salario-minimo" | "imss">;

/**
 * Everything the bundles are made of, as a message to another thread: each dump by its JSON file's bytes
 * (a copy of bytes costs the sending thread nothing; the receiver parses them back into the very records).
 */
export interface BundleInput {
  datasets: (Omit<BundleDataset, "rows"> & { json: Uint8Array })[];
  tables: SourceTables;
  search: SearchTablesJson;
  status: StatusDocument;
  site: string;
}

/**
 * The SQLite file's search tables as the JSON texts it inserts, each of at most ROWS_PER_INSERT rows
 * (build/sqlite.ts): sent as text, they cost the bundle thread no objects, and the build none once sent.
 */
export type SearchTablesJson = Record<keyof SearchTables, string[]>;

/** The SQLite file, then one workbook per family in the order of WORKBOOK_FAMILIES. */
export interface BundleBytes {
  sqlite: Uint8Array;
  workbooks: Uint8Array[];
}
