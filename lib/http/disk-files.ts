// The build's files a function reads: from disk, where the host packs them beside it (`included_files`), never by a request.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { DumpReader } from "../datasets/sat-dumps.ts";
import { apiStaticFile } from "./static.ts";
import type { FileStore, StaticFile } from "../http-kit/file-store.ts";
import { platformEnv } from "./netlify.ts";

/** Files of the API tree below `root` (e.g. "dist", or the folder found on first use), read lazily and kept. */
export function diskFiles(root: string | (() => string)): FileStore {
  const cache = new Map<string, StaticFile | undefined>();
  return {
    get(path) {
      if (!cache.has(path)) {
        const bytes = readPacked(typeof root === "string" ? root : root(), path);
        cache.set(path, bytes === undefined ? undefined : apiStaticFile(path, bytes));
      }
      return cache.get(path);
    },
  };
}

/** The bytes of a file of the tree below `root`, or undefined; paths come from the route table, never from a request. */
function readPacked(root: string, path: string): Uint8Array | undefined {
  if (path.includes("..")) return undefined;
  try {
    return readFileSync(join(root, path));
  } catch {
    return undefined;
  }
}

/** The folder the host packs a function's `included_files` under (their paths from the base directory start with it). */
const PACKED_FOLDER = "dist";

/**
 * Where a function finds the build's files, whatever directory its process starts in: FISCAL_DIST_DIR (tests,
 * `npm run test:netlify`), else the first folder up from this module's file that holds `dist/`. Netlify puts
 * `included_files` at their path from the base directory, which is an ancestor of the bundled function's file.
 * The folder is found by a walk the host's file tracer cannot evaluate, so it packs only what `included_files`
 * lists (a path it can evaluate, such as one built from process.cwd(), makes it pack the whole tree, 107,000 files).
 */
export function packedDistDir(env: Record<string, string | undefined>, moduleUrl: string = import.meta.url): string {
  const set = env["FISCAL_DIST_DIR"];
  if (set !== undefined && set !== "") return resolve(set);
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, PACKED_FOLDER);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`no ${PACKED_FOLDER}/ in any folder above ${start}, and FISCAL_DIST_DIR is not set`);
  }
}

/** The folder of a function's packed files, found on first use (tests set FISCAL_DIST_DIR after loading). */
function packedRoot(): () => string {
  let root: string | undefined;
  return () => (root ??= packedDistDir({ ...process.env, ...platformEnv() }));
}

/** A function's packed files as responses (the calculations' records, the MCP tools' answers). */
export const packedFiles = (): FileStore => diskFiles(packedRoot());

/** A function's packed files as bytes (dumps, the search index), each read once on first need and kept. */
export function functionFiles(): DumpReader {
  const root = packedRoot();
  const files = new Map<string, Uint8Array | undefined>();
  return (path) => {
    if (!files.has(path)) files.set(path, readPacked(root(), path));
    return files.get(path);
  };
}

/** Whether every one of `paths` is there to read. */
export const allPacked = (read: DumpReader, paths: readonly string[]): boolean => paths.every((p) => read(p) !== undefined);
