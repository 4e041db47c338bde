// What the Netlify function and edge shells share: platform env, the context they read, paths, response tweaks.
import { API_BASE, routes, type Route } from "../routes/routes.ts";
import type { Env } from "./ratelimit.ts";
import type { HeaderList } from "../http-kit/respond.ts";
import { DATA_STALE_FROM_HEADER, DATA_STALE_HEADER } from "../http-kit/headers.ts";
import { isStale } from "./freshness.ts";

/** The part of Netlify's context objects the shells use: the client's address as the platform saw it. */
export interface PlatformContext {
  ip?: string;
}

/** Where the function answering arbitrary pages of the paged catalogs listens, below it the list route's id; the edge rewrites to it. */
export const CATALOG_PAGES_FUNCTION_PATH = "/_fn/catalog-pages";

/** Below it, the functions' own paths (page and series functions): the edge hands requests on to them, clients get 404. */
export const FUNCTION_ONLY_PREFIX = "/_fn/";

/** A route's path as the host's URLPattern and Hono spell it: `{name}` → `:name`. */
export const routerPath = (route: Route): string => `${API_BASE}${route.path.replace(/\{(\w+)\}/g, ":$1")}`;

/** Site environment: `Netlify.env` where the platform provides it, else nothing (defaults apply). */
export function platformEnv(): Env {
  const netlify = (globalThis as { Netlify?: { env?: { toObject?: () => Record<string, string> } } }).Netlify;
  return netlify?.env?.toObject?.() ?? {};
}

/** A response with `headers` set (the host's already has CORS, type and cache from dist/_headers). */
export function withHeaders(res: Response, headers: HeaderList): Response {
  const out = new Response(res.body, res);
  for (let i = 0; i + 1 < headers.length; i += 2) out.headers.set(headers[i] as string, headers[i + 1] as string);
  return out;
}

/** The routes of the table at these router paths (a function's `config.path`); a path without a route throws. */
export function routesAt(paths: string | readonly string[]): Route[] {
  return [paths].flat().map((path) => {
    const route = routes.find((r) => routerPath(r) === path);
    if (route === undefined) throw new Error(`${path}: no route of lib/routes/routes.ts has this path`);
    return route;
  });
}

/** The request as if sent to `publicPath` (query kept): a function behind a rewrite answers as the public route. */
export function publicRequest(req: Request, publicPath: string): Request {
  const url = new URL(req.url);
  return new Request(`${url.origin}${publicPath}${url.search}`, req);
}

/** The host's response with the day's staleness judgement from its `staleFrom` (dist/_headers). */
export function withDataStale(res: Response, now: number): Response {
  const from = res.headers.get(DATA_STALE_FROM_HEADER);
  return from === null ? res : withHeaders(res, [DATA_STALE_HEADER, isStale(from, now)]);
}
