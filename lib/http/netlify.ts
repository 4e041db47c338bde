// What the Netlify function and edge shells share: platform env and client address, paths, response tweaks.
import { API_BASE, routes, type Route } from "../routes/routes.ts";
import type { Env } from "./config.ts";
import type { HeaderList } from "../http-kit/respond.ts";
import { DATA_STALE_FROM_HEADER, DATA_STALE_HEADER } from "../http-kit/headers.ts";
import { todayInMexicoCity } from "../../core/dates.ts";

/** The part of Netlify's context objects the shells use (functions and edge functions). */
export interface PlatformContext {
  /** The client's address as the platform saw it. */
  ip?: string;
}

/** The platform's rate limit (docs/serving.md), enforced per IP and domain in front of the code. */
export const PLATFORM_RATE_LIMIT = { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] } as const;

/** Where the function answering arbitrary pages of the paged catalogs listens, below it the list route's id; the edge rewrites to it. */
export const CATALOG_PAGES_FUNCTION_PATH = "/_fn/catalog-pages";

/** A route's path as the host's URLPattern and Hono spell it: `{name}` → `:name`. */
export const routerPath = (route: Route): string => `${API_BASE}${route.path.replace(/\{(\w+)\}/g, ":$1")}`;

/** URLPattern path of every function route, as functions declare it in `config.path`. */
export const functionRoutePaths = (): string[] => routes.filter((r) => r.kind === "function").map(routerPath);

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

/** Below it, the functions' own paths (page and series functions): the edge hands requests on to them, clients get 404. */
export const FUNCTION_ONLY_PREFIX = "/_fn/";

/** The host's response with the day's staleness judgement: from its `staleFrom` (dist/_headers) on, it rests on stale data. */
export function withDataStale(res: Response, now: number): Response {
  const from = res.headers.get(DATA_STALE_FROM_HEADER);
  if (from === null) return res;
  return withHeaders(res, [DATA_STALE_HEADER, String(todayInMexicoCity(new Date(now)) >= from)]);
}
