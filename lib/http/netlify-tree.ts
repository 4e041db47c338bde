// A Netlify function as a shell over the API app, and over files of its deploy (dumps, the search index) packed beside it.
import { problem } from "../http-kit/errors.ts";
import { platformEnv, routesAt, type PlatformContext } from "./netlify.ts";
import { Api } from "./app.ts";
import { catalogUnavailable, type DumpReader } from "../datasets/sat-dumps.ts";
import { allPacked, functionFiles } from "./disk-files.ts";
import type { Handler } from "../http-kit/handler.ts";
import type { FunctionRouteId } from "../routes/routes.ts";

/** The 503 a function answers when a file it needs is not packed with it. */
export const unavailableResponse = (publicPath: string): Response => problem(catalogUnavailable(), publicPath, []);

/**
 * A function's shell: the API app over its own `handlers` alone, mounting only the routes at `routerPaths` (its
 * `config.path`), with no counter of its own (the edge in front counts each request once); a 503 while any of the
 * packed files `paths` it reads is missing.
 */
export function routeFunction(
  routerPaths: string | readonly string[],
  handlers: (read: DumpReader) => Partial<Record<FunctionRouteId, Handler>>,
  ...paths: string[]
): (req: Request, context: PlatformContext) => Promise<Response> {
  const read = functionFiles();
  const app = new Api({ env: platformEnv(), handlers: handlers(read), routes: routesAt(routerPaths), rateLimit: false }).app;
  return async (req, context) => {
    if (!allPacked(read, paths)) return unavailableResponse(new URL(req.url).pathname);
    return app.fetch(req, context);
  };
}
