// The files derived from the API records: dumps and their index, status, OpenAPI, discovery files and the site.
import { routes } from "../lib/routes.ts";
import type { Datasets } from "../lib/records.ts";
import { dumpDatasets, dumpFiles, dumpIndex } from "./dumps.ts";
import { bundleFiles } from "./dumps-bundles.ts";
import type { CfdiCatalogEntry } from "../lib/schemas.ts";
import { discoveryFiles } from "./discovery.ts";
import { searchIndexFile } from "./search-index.ts";
import { openApiDocument } from "./openapi.ts";
import { staleWarnings } from "./status.ts";
import type { StatusDocument } from "../lib/schemas.ts";
import { siteFiles } from "../site/index.ts";
import type { BodyValidator } from "./validate.ts";
import type { OutputFile } from "./write.ts";

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
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * The dumps' digests are computed off the main thread (Web
 * Crypto on libuv's pool) while it goes on with the remaining files.
 */
export async function* derivedFiles(input: DerivedInputs): AsyncGenerator<OutputFile> {
  const { data, asOf, site, validator, problems } = input;
  const datasets = dumpDatasets(data, input.claveProdServ);
  for (const ds of datasets) {
    const violation = ds.schema ? validator.check(ds.schema, ds.rows) : null;
    if (violation !== null) problems.push(`dumps/${ds.id}: ${violation}`);
  }
  const dumps = problems.length === 0 ? dumpFiles(datasets) : [];
  const bundles = problems.length === 0 ? await bundleFiles(datasets, dumps, data, input.status, site) : [];
  const index = problems.length === 0 ? dumpIndex(datasets, dumps, site, bundles) : undefined;
  yield* dumps;
  yield* bundles;

  for (const warning of staleWarnings(input.status)) input.onWarning?.(warning);

  const searchIndex = searchIndexFile(data, asOf);
  yield searchIndex;
  const openapi = openApiDocument(routes, site);
  yield { path: "/api/v1/public/openapi.json", data: JSON.stringify(openapi) };
  yield* discoveryFiles(site);
  const published = index ? [...dumps, ...bundles, await index] : [...dumps, ...bundles];
  if (index) yield published.at(-1)!;
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
