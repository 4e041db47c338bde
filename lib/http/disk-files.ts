// A Netlify function as a shell over the API app, and the build's files it reads from disk, packed beside it (`included_files`).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { catalogUnavailable, type DumpReader } from "../datasets/sat-dumps.ts";
import type { Handler } from "../http-kit/handler.ts";
import { problem } from "../http-kit/errors.ts";
import type { FileStore, StaticFile } from "../http-kit/respond.ts";
import type { FunctionRouteId } from "../routes/routes.ts";
import { Api } from "./app.ts";
import { platformEnv, routesAt, type PlatformContext } from "./netlify.ts";
import { apiStaticFile } from "./static.ts";

/** Files of the API tree below `root` (e.g. "dist", or the folder found on first use), read lazily and kept. */
export function diskFiles(root: string | (() => string)): FileStore {
  const read = packedReader(root);
  const cache = new Map<string, StaticFile | undefined>();
  return {
    get(path) {
      if (!cache.has(path)) {
        const bytes = read(path);
        cache.set(path, bytes === undefined ? undefined : apiStaticFile(path, bytes));
      }
      return cache.get(path);
    },
  };
}

/** The bytes of files below `root`, each read once on first need and kept; paths come from the route table, never a request. */
function packedReader(root: string | (() => string)): DumpReader {
  const files = new Map<string, Uint8Array | undefined>();
  return (path) => {
    if (!files.has(path)) {
      let bytes: Uint8Array | undefined;
      try {
        bytes = path.includes("..") ? undefined : readFileSync(join(typeof root === "string" ? root : root(), path));
      } catch {}
      files.set(path, bytes);
    }
    return files.get(path);
  };
}

/**
 * Where a function finds the build's files: FISCAL_DIST_DIR (tests, `npm run test:netlify`), else the first folder up
 * from this module's file that holds `dist/`, where Netlify puts `included_files`. The host's file tracer cannot
 * evaluate this walk, so it packs only what `included_files` lists (a path built from process.cwd() would make it pack
 * the whole tree, 107,000 files).
 */
export function packedDistDir(env: Record<string, string | undefined>, moduleUrl: string = import.meta.url): string {
  const set = env["FISCAL_DIST_DIR"];
  if (set !== undefined && set !== "") return resolve(set);
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "dist"))) return join(dir, "dist");
    if (dirname(dir) === dir) throw new Error(`no dist/ in any folder above ${start}, and FISCAL_DIST_DIR is not set`);
  }
}

/** The folder of a function's packed files, found on first use (tests set FISCAL_DIST_DIR after loading). */
function packedRoot(): () => string {
  let root: string | undefined;
  return () => (root ??= packedDistDir({ ...process.env, ...platformEnv() }));
}

/** A function's packed files as responses (the calculations' records, the MCP tools' answers). */
export const packedFiles = (): FileStore => diskFiles(packedRoot());

/** A function's packed files as bytes (dumps, the search index). */
export const functionFiles = (): DumpReader => packedReader(packedRoot());

/** Whether every one of `paths` is there to read. */
export const allPacked = (read: DumpReader, paths: readonly string[]): boolean => paths.every((p) => read(p) !== undefined);

/** The 503 a function answers when a file it needs is not packed with it. */
export const unavailableResponse = (publicPath: string): Response => problem(catalogUnavailable(), publicPath, []);

/**
 * A function's shell: the API app over its own `handlers` and the routes at `routerPaths` (its `config.path`, a literal
 * since Netlify reads it statically; test/http-netlify.test.ts checks it against the route table), with no counter (the
 * edge in front counts each request once); a 503 while any packed file of `paths` is missing.
 */
export function routeFunction(
  routerPaths: string | readonly string[],
  handlers: (read: DumpReader) => Partial<Record<FunctionRouteId, Handler>>,
  ...paths: string[]
): (req: Request, context: PlatformContext) => Promise<Response> {
  const read = functionFiles();
  const app = new Api({ env: platformEnv(), handlers: handlers(read), routes: routesAt(routerPaths), rateLimit: false }).app;
  return async (req, context) => (allPacked(read, paths) ? app.fetch(req, context) : unavailableResponse(new URL(req.url).pathname));
}
