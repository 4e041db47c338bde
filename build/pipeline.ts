// The build as a function: load and check sources, compute and validate every response, write once.
import { siteUrl } from "../lib/site.ts";
import { satCatalog } from "../sources/sat.ts";
import { loadDatasets, loadFeed } from "./datasets.ts";
import { JsonText } from "./json-text.ts";
import { claveProdServList } from "../lib/bodies.ts";
import { apiFiles, claveProdServLookups, type ApiFile } from "./emit.ts";
import { statusDocument } from "./status.ts";
import { BodyValidator } from "./validate.ts";
import { TreeWriter, type OutputFile, type WriteStats } from "./write.ts";

/** Every violation found after generating all output; the previous output was left as it was. */
export class BuildFailed extends Error {
  override readonly name = "BuildFailed";
  constructor(readonly problems: string[]) {
    super(`${problems.length} problemas:\n${problems.map((p) => `  ✗ ${p}`).join("\n")}`);
  }
}

export interface BuildOptions {
  rawDir: string;
  asOf: string;
  outDir: string;
  env: Record<string, string | undefined>;
  /** Receives warnings that do not stop the build (stale datasets). */
  onWarning?: (message: string) => void;
}

/**
 * Every output file, each validated against its schema as it is produced. Schema violations are all
 * collected and thrown as one BuildFailed after the last file; failed source checks throw before any
 * file that depends on the failing source. The c_ClaveProdServ lookups, almost every file, come first:
 * they reach the writers while the other sources are still loading, and a failure found later still
 * stops the build before anything is swapped in.
 */
export async function* validatedFiles(opts: Omit<BuildOptions, "outDir">): AsyncGenerator<OutputFile> {
  const validator = new BodyValidator();
  const text = new JsonText();
  const problems: string[] = [];
  function* checked(files: Iterable<ApiFile>): Generator<OutputFile> {
    for (const f of files) {
      const violation = validator.check(f.route.body, f.body);
      if (violation !== null) problems.push(`${f.path} (${f.route.id}): ${violation}`);
      else yield { path: f.path, data: text.of(f.body) };
    }
  }

  const bulkSource = satCatalog("clave-prod-serv");
  const bulk = await loadFeed(opts.rawDir, bulkSource);
  const claveProdServ = claveProdServList(bulk.records ?? []);
  if (bulk.failures.length === 0) yield* checked(claveProdServLookups(claveProdServ));
  // Loaded only now: its modules (site, OpenAPI, dumps) take ~0.13 s to load, which the first write need not wait for.
  const derived = import("./derived-files.ts");
  const data = await loadDatasets(opts.rawDir, new Map([[bulkSource, bulk]]));
  const status = statusDocument(data, opts.asOf, opts.env);
  yield* checked(apiFiles({ data, asOf: opts.asOf, claveProdServ, status }, ["cfdiClaveProdServ"]));
  const { derivedFiles } = await derived;
  yield* derivedFiles({ ...opts, data, status, site: siteUrl(opts.env), claveProdServ, validator, text, problems });
  if (problems.length > 0) throw new BuildFailed(problems);
}

/** All output files in memory (for benchmarks and tests that need the bytes without a tree). */
export async function generate(opts: Omit<BuildOptions, "outDir">): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  for await (const f of validatedFiles(opts)) files.push(f);
  return files;
}

export async function buildSite(opts: BuildOptions): Promise<WriteStats> {
  const writer = new TreeWriter(opts.outDir);
  writer.start();
  try {
    for await (const f of validatedFiles(opts)) writer.add(f);
    return await writer.commit();
  } catch (err) {
    await writer.abort();
    throw err;
  }
}
