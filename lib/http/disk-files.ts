// A FileStore over a publish directory on disk, each file read on first use: what a function bundles with `included_files`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
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
