// The build as a function: load and check sources, compute and validate every response, write once.
import { filePath, routeById, routes } from "../lib/routes.ts";
import { siteUrl } from "../lib/site.ts";
import { loadDatasets } from "./datasets.ts";
import { dumpDatasets, dumpFiles, dumpIndex } from "./dumps.ts";
import { JsonText } from "./json-text.ts";
import { apiFiles, claveProdServList } from "./emit.ts";
import { discoveryFiles } from "./discovery.ts";
import { openApiDocument } from "./openapi.ts";
import { staleWarnings, statusDocument } from "./status.ts";
import { siteFiles } from "../site/index.ts";
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
 * Every output file, each validated against its schema as it is produced. Source checks fail before
 * the first file; schema violations are all collected and thrown as one BuildFailed after the last.
 * The API files come first, so the writer starts early; the dumps reuse their records' JSON text, and
 * the dumps' digests are computed off the main thread while it goes on with the remaining files.
 */
export async function* validatedFiles(opts: Omit<BuildOptions, "outDir">): AsyncGenerator<OutputFile> {
  const data = await loadDatasets(opts.rawDir);
  const validator = new BodyValidator();
  const text = new JsonText();
  const problems: string[] = [];
  const site = siteUrl(opts.env);
  const claveProdServ = claveProdServList(data);

  for (const f of apiFiles(data, opts.asOf, claveProdServ)) {
    const violation = validator.check(f.route.body, f.body);
    if (violation !== null) problems.push(`${f.path} (${f.route.id}): ${violation}`);
    else yield { path: f.path, data: text.of(f.body) };
  }

  const datasets = dumpDatasets(data, claveProdServ);
  for (const ds of datasets) {
    const violation = ds.schema ? validator.check(ds.schema, ds.rows) : null;
    if (violation !== null) problems.push(`dumps/${ds.id}: ${violation}`);
  }
  const dumps = problems.length === 0 ? dumpFiles(datasets, text) : [];
  const index = problems.length === 0 ? dumpIndex(datasets, dumps, site) : undefined;
  yield* dumps;

  const status = routeById("status");
  const statusBody = statusDocument(data, opts.asOf, opts.env);
  const statusViolation = validator.check(status.body, statusBody);
  if (statusViolation !== null) problems.push(`${filePath(status)}: ${statusViolation}`);
  else yield { path: filePath(status), data: text.of(statusBody) };
  for (const warning of staleWarnings(statusBody)) opts.onWarning?.(warning);

  const openapi = openApiDocument(routes, site);
  yield { path: "/api/v1/public/openapi.json", data: text.of(openapi) };
  yield* discoveryFiles(site);
  const published = index ? [...dumps, await index] : dumps;
  if (index) yield published.at(-1)!;
  yield* siteFiles({ data, asOf: opts.asOf, site, openapi, status: statusBody, dumps: published, claveProdServ });
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
