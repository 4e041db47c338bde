// What the many-dataset dumps are made of and make (the SQLite file, the workbooks), as the bundle thread and its writers see it.
import type { Datasets } from "../lib/datasets/records.ts";
import type { StatusDocument } from "../core/schemas.ts";
import type { DumpDataset } from "./dumps.ts";
import type { SearchTables } from "./search-sqlite.ts";

/** What the SQLite file and the workbooks read of a dump. */
export type BundleDataset = Pick<DumpDataset, "id" | "rows" | "key" | "coverage" | "source">;

/** The hand-kept tables the SQLite file publishes beside the dumps. */
export type SourceTables = Pick<Datasets, "salario-minimo" | "imss">;

/**
 * Everything the bundles are made of, as a message to another thread: each dump by its JSON file's bytes
 * (a copy of bytes costs the sending thread nothing; the receiver parses them back into the very records).
 */
export interface BundleInput {
  datasets: (Omit<BundleDataset, "rows"> & { json: Uint8Array })[];
  tables: SourceTables;
  search: SearchTables;
  status: StatusDocument;
  site: string;
}

/** The SQLite file, then one workbook per family in the order of WORKBOOK_FAMILIES. */
export interface BundleBytes {
  sqlite: Uint8Array;
  workbooks: Uint8Array[];
}
