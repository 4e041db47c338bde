// The bytes of the many-dataset dumps (the SQLite file, the workbooks) from the dumps' JSON text: the bundle thread's work.
import type { BundleBytes, BundleDataset, BundleInput } from "./bundle-types.ts";
import { sqliteDump } from "./sqlite.ts";
import { workbookFiles } from "./xlsx.ts";

export async function makeBundles(input: BundleInput): Promise<BundleBytes> {
  const decoder = new TextDecoder();
  // Parsed when a writer asks, and dropped by it: parsing twice costs less than holding every record throughout.
  const datasets: BundleDataset[] = input.datasets.map(({ json, ...ds }) => ({ ...ds, rows: () => JSON.parse(decoder.decode(json)) }));
  // The workbooks first: their peak (SheetJS holds every sheet's XML) then meets the main thread's API files,
  // not its search index and site, which need more memory; and SQLite's WebAssembly memory is not yet grown.
  const workbooks = workbookFiles(datasets, input.status, input.site).map((f) => f.data);
  const sqlite = await sqliteDump(datasets, input.tables, input.status, input.search);
  return { sqlite, workbooks };
}
