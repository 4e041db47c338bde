// The files derived from the API records: dumps and their index, status, OpenAPI, discovery files and the site.
import { routes } from "../lib/routes/routes.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import { digestOf, dumpDatasets, dumpIndex, writeDumps, type DumpDataset, type DumpFile, type FileDigest } from "./dumps.ts";
import { bundleFiles, bundleInput } from "./dumps-bundles.ts";
import type { BundleThread } from "./bundle-thread.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";
import { discoveryFiles } from "./discovery.ts";
import { openApiDocument } from "./openapi.ts";
import { staleWarnings } from "./status.ts";
import type { StatusDocument } from "../core/schemas.ts";
import { siteFiles } from "../site/index.ts";
import { examples, readByExamples } from "../site/examples.ts";
import type { SiteInputs } from "../site/context.ts";
import type { OpenAPIV3_1 } from "openapi-types";
import type { BodyValidator } from "./validate.ts";
import type { OutputFile } from "./write.ts";

/** The dumps, made and written before the API files so that the bundle thread can start on them at once. */
export interface Dumps {
  datasets: DumpDataset[];
  /** Each written file's size and digest, for the dump index; none when a check has failed. */
  digests: FileDigest[];
  /** The written files the site's examples read again (build/derived-files.ts's siteContext). */
  read: DumpFile[];
  /** Records that do not follow their schema, reported with the other problems. */
  problems: string[];
  /** The thread making the SQLite file and the workbooks; null when it was not given the dumps. */
  thread: BundleThread | null;
}

/**
 * Checks the records (a failure there stops the build) and, when no check has failed so far, renders every dump,
 * writing each file at once and keeping only its digest and the few files the site reads; the JSON files go to
 * the bundle thread as soon as they exist, which makes the SQLite file and the workbooks while this thread makes
 * the rest. A failure found later drops the written files with the rest of the staged tree.
 */
export function startDumps(
  input: Pick<DerivedInputs, "data" | "claveProdServ" | "status" | "site" | "validator" | "problems">,
  thread: BundleThread,
  emit: (f: OutputFile) => void,
): Dumps {
  const datasets = dumpDatasets(input.data, input.claveProdServ);
  const start = (json: DumpFile[]) => thread.start(bundleInput(datasets, json, input.data, input.status, input.site));
  const problems: string[] = [];
  for (const ds of datasets) {
    const violation = ds.schema ? input.validator.check(ds.schema, ds.rows) : null;
    if (violation !== null) problems.push(`dumps/${ds.id}: ${violation}`);
  }
  if (input.problems.length > 0 || problems.length > 0) return { datasets, digests: [], read: [], problems, thread: null };
  const digests: FileDigest[] = [];
  const read: DumpFile[] = [];
  writeDumps(datasets, start, (f) => {
    emit(f);
    digests.push(digestOf(f));
    if (readByExamples(f.path)) read.push(f);
  });
  return { datasets, digests, read, problems, thread };
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
  /** The search index file, made and written first (build/pipeline.ts); the site reads it. */
  searchIndex: DumpFile;
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * The bundles are made on the bundle thread while this one goes on with the files that do not depend on them.
 * The site comes last, given only the files it reads and the others' sizes: the bytes of every file written
 * before are no longer held.
 */
export async function* derivedFiles(input: DerivedInputs): AsyncGenerator<OutputFile> {
  const made = yield* dataFiles(input);
  const inputs = siteInputs(input, made);
  yield* siteFiles({ ...inputs, examples: await examples(inputs) });
}

/** What the site is made from. */
type DataFilesMade = { openapi: OpenAPIV3_1.Document; read: DumpFile[]; sizes: Map<string, number> };

const siteInputs = (input: DerivedInputs, { openapi, read, sizes }: DataFilesMade): SiteInputs => ({
  data: input.data,
  asOf: input.asOf,
  site: input.site,
  openapi,
  status: input.status,
  dumps: read,
  downloadSizes: sizes,
  claveProdServ: input.claveProdServ,
});

/** The dumps' index and bundles, OpenAPI and discovery files; then what the site needs of them. */
async function* dataFiles(input: DerivedInputs): AsyncGenerator<OutputFile, DataFilesMade> {
  const { site, problems, dumps, searchIndex } = input;
  problems.push(...dumps.problems);
  // An API file that failed its schema stops the build: no index or bundles are made for its dumps.
  const thread = problems.length === 0 ? dumps.thread : null;

  for (const warning of staleWarnings(input.status)) input.onWarning?.(warning);

  const openapi = openApiDocument(routes, site);
  yield { path: "/api/v1/public/openapi.json", data: JSON.stringify(openapi) };
  yield* discoveryFiles(site);
  if (thread === null) return { openapi, read: [searchIndex], sizes: new Map() };
  // A failed bundle thread throws here.
  thread.waiting();
  const bundles = bundleFiles(dumps.datasets, await thread.result());
  const index = dumpIndex(dumps.datasets, dumps.digests, site, bundles);
  yield* bundles;
  yield index;
  const sizes = new Map<string, number>(dumps.digests.map((d) => [d.path, d.bytes]));
  for (const f of [...bundles, index]) sizes.set(f.path, f.data.length);
  return { openapi, read: [...dumps.read, index, searchIndex], sizes };
}
