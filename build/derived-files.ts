// The files derived from the API records: dumps and their index, status, OpenAPI, discovery files and the site.
import { routes } from "../lib/routes.ts";
import type { Datasets } from "../lib/records.ts";
import { dumpDatasets, dumpFiles, dumpIndex, type DumpDataset, type DumpFile } from "./dumps.ts";
import { bundleFiles, bundleInput, type BundleFile } from "./dumps-bundles.ts";
import type { BundleThread } from "./bundle-thread.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";
import { discoveryFiles } from "./discovery.ts";
import { searchIndexFile } from "./search-index.ts";
import { openApiDocument } from "./openapi.ts";
import { staleWarnings } from "./status.ts";
import type { StatusDocument } from "../core/schemas.ts";
import { siteFiles } from "../site/index.ts";
import type { BodyValidator } from "./validate.ts";
import type { OutputFile } from "./write.ts";

/** The dumps, made before the API files so that the bundle thread can start on them at once. */
export interface Dumps {
  datasets: DumpDataset[];
  /** Their JSON, CSV and NDJSON files; none when a check has failed. */
  files: DumpFile[];
  /** Records that do not follow their schema, reported with the other problems. */
  problems: string[];
  /** The thread making the SQLite file and the workbooks; null when it was not given the dumps. */
  thread: BundleThread | null;
}

/**
 * Renders every dump and, when no check has failed so far, hands the JSON files to the bundle thread as soon as
 * they exist, which makes the SQLite file and the workbooks while this thread makes the rest; then checks the
 * records (a failure there stops the build, and the thread with it).
 */
export function startDumps(
  input: Pick<DerivedInputs, "data" | "claveProdServ" | "status" | "site" | "validator" | "problems">,
  thread: BundleThread,
): Dumps {
  const datasets = dumpDatasets(input.data, input.claveProdServ);
  const start = (json: DumpFile[]) => thread.start(bundleInput(datasets, json, input.data, input.status, input.site));
  const files = input.problems.length === 0 ? dumpFiles(datasets, start) : [];
  const problems: string[] = [];
  for (const ds of datasets) {
    const violation = ds.schema ? input.validator.check(ds.schema, ds.rows) : null;
    if (violation !== null) problems.push(`dumps/${ds.id}: ${violation}`);
  }
  if (files.length === 0 || problems.length > 0) return { datasets, files: [], problems, thread: null };
  return { datasets, files, problems, thread };
}

export interface DerivedInputs {
  data: Datasets;
  asOf: string;
  env: Record<string, string | undefined>;
  site: string;
  claveProdServ: CfdiCatalogEntry[];
  /** The status document (also a file route, emitted with the others). */
  status: StatusDocument;
  validator: BodyValidator;
  /** Schema violations are added here; the caller throws them all at the end. */
  problems: string[];
  dumps: Dumps;
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * The dumps' digests are computed off the main thread (Web Crypto on libuv's pool), and the bundles on the
 * bundle thread, while this one goes on with the files that do not depend on them.
 */
export async function* derivedFiles(input: DerivedInputs): AsyncGenerator<OutputFile> {
  const { data, asOf, site, problems, dumps: made } = input;
  problems.push(...made.problems);
  // An API file that failed its schema stops the build: its dumps are not published.
  const thread = problems.length === 0 ? made.thread : null;
  const dumps = thread ? made.files : [];
  const bundles: Promise<BundleFile[]> = thread ? thread.result().then((bytes) => bundleFiles(made.datasets, bytes)) : Promise.resolve([]);
  const index = thread ? dumpIndex(made.datasets, dumps, site, bundles) : undefined;
  yield* dumps;

  for (const warning of staleWarnings(input.status)) input.onWarning?.(warning);

  const searchIndex = searchIndexFile(data, asOf);
  yield searchIndex;
  const openapi = openApiDocument(routes, site);
  yield { path: "/api/v1/public/openapi.json", data: JSON.stringify(openapi) };
  yield* discoveryFiles(site);
  // The index awaits the bundles, so a failed bundle thread throws here (the index first: its rejection is then
  // the one handled), and the bundles are settled when read.
  thread?.waiting();
  const indexFile = index ? await index : undefined;
  const published: DumpFile[] = indexFile ? [...dumps, ...(await bundles), indexFile] : [];
  yield* published.slice(dumps.length);
  yield* siteFiles({
    data,
    asOf,
    site,
    openapi,
    status: input.status,
    dumps: [...published, searchIndex],
    claveProdServ: input.claveProdServ,
  });
}
