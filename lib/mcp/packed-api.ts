// The API app the MCP function answers tools with, over the files it packs: catalog keys and Banxico dates come from the JSON dumps.
import type { Api } from "../http/app.ts";
import { catalogKeyFiles } from "./catalog-key-files.ts";
import type { Env } from "../http/ratelimit.ts";
import { seriesStore } from "../datasets/dump-slices.ts";
import { createApi } from "../http/service.ts";
import type { FileStore } from "../http-kit/respond.ts";

/**
 * `packed` reads the function's files (included_files); a catalog key's file and a Banxico date's are not among
 * them (most of the tree) and are answered from the dumps with the same bytes. No rate limit: the platform
 * counts /mcp, and the tools' own requests never leave the function.
 */
export function packedApi(packed: FileStore, env: Env): Api {
  const read = (path: string): Uint8Array | undefined => packed.get(path)?.body;
  const keys = catalogKeyFiles(read);
  const files: FileStore = { get: (path) => packed.get(path) ?? keys.get(path) };
  return createApi({ env, files, tree: read, series: seriesStore(read), rateLimit: false });
}
