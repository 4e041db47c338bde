// The dumps that hold many datasets in one file: the SQLite database and one workbook per family.
import { SQLITE_DUMP, SQLITE_TYPE, WORKBOOK_FAMILIES, workbookPath, XLSX_TYPE } from "../lib/route-paths.ts";
import { dumpPath } from "../lib/route-paths.ts";
import type { Datasets } from "../lib/records.ts";
import type { StatusDocument } from "../lib/schemas.ts";
import type { DumpDataset, DumpFile } from "./dumps.ts";
import { sqliteDump } from "./sqlite.ts";
import { tableName } from "./sqlite-schema.ts";
import { familyOf, workbookFiles } from "./xlsx.ts";

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
export async function bundleFiles(
  datasets: DumpDataset[],
  dumps: DumpFile[],
  data: Datasets,
  status: StatusDocument,
  site: string,
): Promise<BundleFile[]> {
  const byPath = new Map(dumps.map((f) => [f.path, f.data]));
  const jsonOf = (id: string): string => byPath.get(dumpPath(id, "json"))!.toString("utf8");
  const sqlite = await sqliteDump(datasets, jsonOf, data, status);
  const workbooks = workbookFiles(datasets, status, site);
  return [
    {
      path: SQLITE_DUMP,
      data: Buffer.from(sqlite.buffer, sqlite.byteOffset, sqlite.byteLength),
      dataset: "fiscal-mx",
      format: "sqlite",
      contentType: SQLITE_TYPE,
      records: Object.fromEntries(datasets.map((ds) => [tableName(ds.id), ds.rows.length])),
    },
    ...WORKBOOK_FAMILIES.map((family, i) => ({
      ...workbooks[i]!,
      path: workbookPath(family),
      dataset: family,
      format: "xlsx" as const,
      contentType: XLSX_TYPE,
      records: counts(datasets.filter((ds) => familyOf(ds.id) === family)),
    })),
  ];
}
