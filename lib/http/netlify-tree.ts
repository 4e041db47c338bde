// A Netlify function over files of its deploy (dumps, the search index) packed beside it and read from disk on first need.
import { HttpError, problem } from "../http-kit/errors.ts";
import { platformEnv, routesAt, type PlatformContext } from "./netlify.ts";
import { Api } from "./app.ts";
import { SatData } from "../handlers/sat.ts";
import { allPacked, functionFiles } from "./disk-files.ts";
import type { Handler } from "../http-kit/handler.ts";
import type { FunctionRouteId } from "../routes/routes.ts";

/** The 503 a function answers when a file it needs is not packed with it (a deploy without its `included_files`). */
export function unavailableResponse(publicPath: string): Response {
  const error = new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", [
    "Retry-After",
    "5",
  ]);
  return problem(error, publicPath, []);
}

/**
 * A function over packed files: answers through the API app over its own `handlers` alone, mounting only the
 * routes at `routerPaths` (its `config.path`), with no counter of its own: the edge in front counts each request once.
 */
export function deployFileFunction(
  routerPaths: string | readonly string[],
  handlers: (data: () => SatData) => Partial<Record<FunctionRouteId, Handler>>,
  ...paths: string[]
): (req: Request, context: PlatformContext) => Promise<Response> {
  const read = functionFiles();
  const sat = new SatData(read);
  const app = new Api({ env: platformEnv(), handlers: handlers(() => sat), routes: routesAt(routerPaths), rateLimit: false }).app;
  return async (req, context) => {
    if (!allPacked(read, paths)) return unavailableResponse(new URL(req.url).pathname);
    return app.fetch(req, context);
  };
}
