// A Netlify function over files of its deploy (dumps, the search index), fetched once per instance on first need.
import { HttpError, problem } from "./errors.ts";
import { platformEnv, routesAt, type PlatformContext } from "./netlify.ts";
import { Api } from "./app.ts";
import { SatData } from "../handlers/sat.ts";
import { DeployFiles } from "./disk-files.ts";
import type { Handler } from "../handler.ts";
import type { FunctionRouteId } from "../routes.ts";

/** The 503 a function answers when the file it needs could not be fetched. */
export function unavailableResponse(publicPath: string): Response {
  const error = new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", [
    "Retry-After",
    "5",
  ]);
  return problem(error, publicPath, []);
}

/**
 * A function over deploy files: fetches them on first need, then answers through the API app over its own
 * `handlers` alone, mounting only the routes at `routerPaths` (its `config.path`).
 */
export function deployFileFunction(
  routerPaths: string | readonly string[],
  handlers: (data: () => SatData) => Partial<Record<FunctionRouteId, Handler>>,
  ...paths: string[]
): (req: Request, context: PlatformContext) => Promise<Response> {
  const files = new DeployFiles();
  const sat = new SatData(files.reader);
  const app = new Api({ env: platformEnv(), handlers: handlers(() => sat), routes: routesAt(routerPaths) }).app;
  return async (req, context) => {
    try {
      await Promise.all(paths.map((path) => files.ensure(path, req.url)));
    } catch {
      return unavailableResponse(new URL(req.url).pathname);
    }
    return app.fetch(req, context);
  };
}
