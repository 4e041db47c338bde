// The build's files a function reads: from disk (what it bundles with `included_files`), or fetched from its deploy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DumpReader } from "../handlers/sat.ts";
import { apiStaticFile, type FileStore, type StaticFile } from "./static.ts";

/** Files of the API tree below `root` (e.g. "dist"), read lazily and kept; a missing file is undefined. */
export function diskFiles(root: string): FileStore {
  const cache = new Map<string, StaticFile | undefined>();
  return {
    get(path) {
      if (!cache.has(path)) {
        let file: StaticFile | undefined;
        // Paths come from the route table (records of the calculations), never from the request as sent.
        if (!path.includes("..")) {
          try {
            file = apiStaticFile(path, readFileSync(join(root, path)));
          } catch {
            file = undefined;
          }
        }
        cache.set(path, file);
      }
      return cache.get(path);
    },
  };
}

/**
 * Where a function finds the build's files: Netlify puts `included_files` at their path from the base
 * directory, and runs functions there; FISCAL_DIST_DIR points elsewhere (tests). Relative on purpose: the
 * host's file tracer packs any folder that a path built from process.cwd() names (the whole ./dist, 107,000
 * files), so a function carries only the files its `included_files` list.
 */
export const functionDistDir = (env: Record<string, string | undefined>): string => env["FISCAL_DIST_DIR"] ?? "dist";

/** Files of the same deploy (dumps, the search index), fetched once per instance, on first need. */
export class DeployFiles {
  private readonly files = new Map<string, Uint8Array>();
  private readonly loading = new Map<string, Promise<Uint8Array>>();

  /** What the service reads: the files fetched so far. */
  readonly reader: DumpReader = (path) => this.files.get(path);

  /** Fetches `path` from the deploy of `requestUrl` unless it is already here; concurrent callers share one request. */
  async ensure(path: string, requestUrl: string): Promise<void> {
    if (this.files.has(path)) return;
    let pending = this.loading.get(path);
    if (pending === undefined) {
      pending = fetch(new URL(path, requestUrl)).then(async (res) => {
        if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
        return new Uint8Array(await res.arrayBuffer());
      });
      this.loading.set(path, pending);
      pending.then(
        () => this.loading.delete(path),
        () => this.loading.delete(path),
      );
    }
    this.files.set(path, await pending);
  }
}
