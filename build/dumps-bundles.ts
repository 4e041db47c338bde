// The dumps that hold many datasets in one file: the SQLite database and one workbook per family.
import { dumpPath, familyOf, SQLITE_DUMP, SQLITE_TYPE, WORKBOOK_FAMILIES, workbookPath, XLSX_TYPE } from "../lib/routes/route-paths.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import type { StatusDocument } from "../core/schemas.ts";
import type { BundleBytes, BundleInput, SearchTablesJson } from "./bundle-types.ts";
import type { DumpDataset, DumpFile } from "./dumps.ts";
import { jsonChunks, tableName } from "./sqlite-schema.ts";
import { searchDocs } from "./search-index.ts";
import { searchTables, type SearchTables } from "./search-sqlite.ts";

/** A file of many datasets, with what its index entry says of it. */
export interface BundleFile extends DumpFile {
  dataset: string;
  format: "sqlite" | "xlsx";
  contentType: string;
  /** Records per table (SQLite) or per sheet (workbook), by dataset id. */
  records: Record<string, number>;
}

const counts = (datasets: DumpDataset[]): Record<string, number> => Object.fromEntries(datasets.map((ds) => [ds.id, ds.rows.length]));

/** The SQLite file reads each dump's JSON text as written, so both carry the very same records. */
export function bundleInput(datasets: DumpDataset[], dumps: DumpFile[], data: Datasets, status: StatusDocument, site: string): BundleInput {
  const byPath = new Map(dumps.map((f) => [f.path, f.data]));
  return {
    datasets: datasets.map((ds) => ({
      id: ds.id,
      key: ds.key,
      coverage: ds.coverage,
      source: ds.source,
      records: ds.rows.length,
      json: byPath.get(dumpPath(ds.id, "json"))!,
    })),
    tables: { "salario-minimo": data["salario-minimo"], imss: data.imss },
    // What the API's search reads, for the SQLite file's search tables (the same entries, in force on the same date).
    search: searchTablesJson(searchTables(searchDocs(data.catalogs, status.asOf))),
    status,
    site,
  };
}

/** The search tables as the JSON texts the SQLite file inserts. */
const searchTablesJson = (t: SearchTables): SearchTablesJson => ({
  rows: [...jsonChunks(t.rows)],
  idf: [...jsonChunks(t.idf)],
  words: [...jsonChunks(t.words)],
});

const buffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The bundles' files and index entries, from their bytes. */
export function bundleFiles(datasets: DumpDataset[], bytes: BundleBytes): BundleFile[] {
  return [
    {
      path: SQLITE_DUMP,
      data: buffer(bytes.sqlite),
      dataset: "fiscal-mx",
      format: "sqlite",
      contentType: SQLITE_TYPE,
      records: Object.fromEntries(datasets.map((ds) => [tableName(ds.id), ds.rows.length])),
    },
    ...WORKBOOK_FAMILIES.map((family, i) => ({
      path: workbookPath(family),
      data: buffer(bytes.workbooks[i]!),
      dataset: family,
      format: "xlsx" as const,
      contentType: XLSX_TYPE,
      records: counts(datasets.filter((ds) => familyOf(ds.id) === family)),
    })),
  ];
}
