// The build as a function: load and check sources, compute every response, validate all, then write once.
import { CLAVE_PROD_SERV_DUMP, routes } from "../lib/routes.ts";
import { siteUrl } from "../lib/site.ts";
import { loadDatasets } from "./datasets.ts";
import { apiFiles, claveProdServList } from "./emit.ts";
import { openApiDocument } from "./openapi.ts";
import { BodyValidator } from "./validate.ts";
import { writeTreeAtomically, type OutputFile, type WriteStats } from "./write.ts";

/** Every violation found after generating all output; nothing was written. */
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
}

const encoder = new TextEncoder();
const json = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/** Generates and validates every output file in memory; throws BuildFailed listing every violation. */
export async function generate(opts: Omit<BuildOptions, "outDir">): Promise<OutputFile[]> {
  const data = await loadDatasets(opts.rawDir);
  const validator = new BodyValidator();
  const problems: string[] = [];
  const files: OutputFile[] = [];
  const claveProdServ = claveProdServList(data);
  for (const f of apiFiles(data, opts.asOf, claveProdServ)) {
    const violation = validator.check(f.route.body, f.body);
    if (violation !== null) problems.push(`${f.path} (${f.route.id}): ${violation}`);
    else files.push({ path: f.path, data: json(f.body) });
  }
  const dumpViolation = validator.check({ arrayOf: "CfdiCatalogEntry" }, claveProdServ);
  if (dumpViolation !== null) problems.push(`${CLAVE_PROD_SERV_DUMP}: ${dumpViolation}`);
  files.push({ path: CLAVE_PROD_SERV_DUMP, data: json(claveProdServ) });
  files.push({ path: "/api/v1/public/openapi.json", data: json(openApiDocument(routes, siteUrl(opts.env))) });
  if (problems.length > 0) throw new BuildFailed(problems);
  return files;
}

export async function buildSite(opts: BuildOptions): Promise<WriteStats> {
  return writeTreeAtomically(opts.outDir, await generate(opts));
}
