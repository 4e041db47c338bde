// The bytes of the many-dataset dumps (the SQLite file, the workbooks) from the dumps' JSON text: the bundle thread's work.
import type { Datasets } from "../lib/datasets/records.ts";
import type { StatusDocument } from "../core/schemas.ts";
import type { DumpDataset } from "./dumps.ts";
import { sqliteDump } from "./sqlite.ts";
import { workbookFiles } from "./xlsx.ts";
import type { SearchTables } from "./search-sqlite.ts";

/** What the SQLite file and the workbooks read of a dump. */
export type BundleDataset = Pick<DumpDataset, "id" | "rows" | "key" | "coverage" | "source">;

/** The hand-kept tables the SQLite file publishes beside the dumps. */
export type SourceTables = Pick<Datasets, "minimumWage" | "imss">;

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

export async function makeBundles(input: BundleInput): Promise<BundleBytes> {
  const decoder = new TextDecoder();
  const datasets: BundleDataset[] = input.datasets.map(({ json, ...ds }) => ({ ...ds, rows: JSON.parse(decoder.decode(json)) }));
  // The workbooks first: their peak (SheetJS holds every sheet's XML) then meets the main thread's API files,
  // not its search index and site, which need more memory; and SQLite's WebAssembly memory is not yet grown.
  const workbooks = workbookFiles(datasets, input.status, input.site).map((f) => f.data);
  const sqlite = await sqliteDump(datasets, input.tables, input.status, input.search);
  return { sqlite, workbooks };
}
