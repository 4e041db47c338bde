// Edge function in front of every API path, /mcp and the functions' own paths: the one platform rate limit, the API app's
// checks, then the host's files and functions.
import type { Context } from "hono";
import { Api, missingDetail, type ApiEnv, type Host } from "../../lib/http/app.ts";
import { notFound, problem } from "../../lib/http-kit/errors.ts";
import { targetOf, type Target } from "../../lib/http-kit/target.ts";
import { isPrebuilt, type Route } from "../../lib/routes/routes.ts";
import { isPagedList, pagingHeaders, TOTAL_COUNT_HEADER } from "../../lib/http/paging.ts";
import { pagedListRoutes } from "../../lib/handlers/catalog-filters.ts";
import { MCP_PATH } from "../../lib/mcp/endpoint.ts";
import {
  CATALOG_PAGES_FUNCTION_PATH,
  FUNCTION_ONLY_PREFIX,
  platformEnv,
  withDataStale,
  withHeaders,
  type PlatformContext,
} from "../../lib/http/netlify.ts";

export interface EdgeContext extends PlatformContext {
  /**
   * Continues to the host (dist/_redirects, then the file or function); with a Request, the host answers that one
   * without running edge functions again (not counted twice); `sendConditionalRequest` passes If-None-Match on.
   */
  next(options?: { sendConditionalRequest?: boolean }): Promise<Response>;
  next(request: Request, options?: { sendConditionalRequest?: boolean }): Promise<Response>;
}

/** The platform context of one request: continue to the host, or hand the request on to a function at one of its own paths. */
interface EdgeRun extends PlatformContext {
  next(options?: { sendConditionalRequest?: boolean }): Promise<Response>;
  handOn(url: URL): Promise<Response>;
}

const EMPTY_PAGE = new TextEncoder().encode("[]");

/** A paged list's Link, from the X-Total-Count that dist/_headers gives each of its files; none for other answers. */
function pageLinksOf(res: Response, step: { route?: Route; query?: Readonly<Record<string, unknown>> }): string[] {
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  if (step.route === undefined || step.query === undefined || !isPagedList(step.route) || !Number.isInteger(total)) return [];
  return pagingHeaders(step.route, step.query, total).slice(0, 2);
}

const host: Host = {
  // A function route: the platform's function answers it; the headers of the one count are added here.
  function: async (c, step) => withHeaders(await (c.env as EdgeRun).next(), step.rate),
  file: async (c, step) => {
    const run = c.env as EdgeRun;
    const { path, query } = targetOf(c.req.raw);
    if (step.route !== undefined && step.query !== undefined && !isPrebuilt(step.route, step.query)) {
      // A limit/offset pair without a file, or a filtered list: the page function answers it from the dump (same headers).
      return withHeaders(await run.handOn(new URL(`${CATALOG_PAGES_FUNCTION_PATH}/${step.route.id}?${query}`, c.req.url)), step.rate);
    }
    // A date range has no file, and a date without a file needs the 404 naming the nearest earlier date: the route's function answers.
    const fallback = step.route?.fallbackFunction;
    const toFunction = async (): Promise<Response> =>
      withHeaders(await run.handOn(new URL(`${fallback}${path}${query ? `?${query}` : ""}`, c.req.url)), step.rate);
    if (fallback !== undefined && step.path === null) return toFunction();
    const res = await run.next({ sendConditionalRequest: true });
    // 200 or 304 (If-None-Match matched the host's ETag): the host's headers, the day's staleness, a page's Link
    // (from the total the host's rule gives its file) and the rate-limit ones.
    if (res.status !== 404) return withHeaders(withDataStale(res, Date.now()), [...pageLinksOf(res, step), ...step.rate]);
    if (fallback !== undefined) return toFunction();
    if (step.compute !== undefined) return step.compute();
    throw notFound(missingDetail(step, path));
  },
};

// No files and no handlers here: the host serves both. A grid page past a catalog's end has no file: [].
const fallbacks = Object.fromEntries(pagedListRoutes().map((r) => [r.id, () => ({ body: EMPTY_PAGE })]));
// /mcp is counted here like the API (its function has no counter); other paths go on to the host untouched.
const other = (c: Context<ApiEnv>, target: Target, api: Api): Promise<Response> => {
  const next = (): Promise<Response> => (c.env as EdgeRun).next();
  return target.path === MCP_PATH ? api.beside(c, next) : next();
};
const api = new Api({ env: platformEnv(), fallbacks, host, other });

export default async (req: Request, context: EdgeContext): Promise<Response> => {
  const path = new URL(req.url).pathname;
  // The functions' own paths are reached only through this edge function's hand-on, which does not run it again:
  // a client asking for one directly is answered 404 (after the platform counted it).
  if (path.startsWith(FUNCTION_ONLY_PREFIX)) return problem(notFound("La ruta no existe."), path, []);
  const run: EdgeRun = {
    ...(context.ip !== undefined && { ip: context.ip }),
    next: (options) => context.next(options),
    handOn: (url) => context.next(new Request(url, req)),
  };
  return api.app.fetch(req, run);
};

// Paths in netlify.toml (test/netlify.test.ts). The site's one platform rate limit: every API path, /mcp and the functions'
// paths run this function and no function declares one; the app's per-instance counter gives the x-fmx-rate-limit* headers.
export const config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
