// The API as a Hono app: the routes of lib/routes.ts it mounts, each answered by the pipeline, and one onError for problem+json.
import { Hono, type Context } from "hono";
import { routes, type Route } from "../routes.ts";
import type { Api } from "./api.ts";
import { errorResult } from "./errors.ts";
import { routerPath, type PlatformContext } from "./netlify.ts";
import { fromRequest, handleRequest, toResponse } from "./web.ts";

type AppEnv = { Bindings: PlatformContext | undefined };

/** The routes of the table at these router paths (a function's `config.path`); a path without a route throws. */
export function routesAt(paths: string | readonly string[]): Route[] {
  return [paths].flat().map((path) => {
    const route = routes.find((r) => routerPath(r) === path);
    if (route === undefined) throw new Error(`${path}: no route of lib/routes.ts has this path`);
    return route;
  });
}

/**
 * A Hono app mounting only `mounted`; `app.fetch(req, context)` answers. The pipeline still checks the path and
 * its parameters (400 for a malformed one), and what the host sent that the router does not match (a trailing
 * slash, an escaped literal segment) is answered by the pipeline too, so every answer stays the one it was.
 */
export function apiApp(api: Api, mounted: readonly Route[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const handle = (c: Context<AppEnv>): Response => handleRequest(api, c.req.raw, c.env?.ip ?? "");
  for (const route of mounted) app.all(routerPath(route), handle);
  app.notFound(handle);
  app.onError((e, c) => toResponse(errorResult(e, fromRequest(c.req.raw, ""), [])));
  return app;
}
