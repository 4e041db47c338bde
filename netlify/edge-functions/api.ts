// Edge function in front of every API path, /mcp and the functions' own paths: the one platform rate limit, the API app's
// checks, then the host's files and functions.
import { Api, missingDetail, targetOf, type Host } from "../../lib/http/app.ts";
import { notFound, problem } from "../../lib/http-kit/errors.ts";
import { isPrebuilt } from "../../lib/routes/routes.ts";
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

const EMPTY_PAGE = new TextEncoder().encode("[]");

/** A paged list's Link, from the X-Total-Count that dist/_headers gives each of its files; none for other answers. */
function pageLinksOf(res: Response, step: Parameters<Host>[1]): string[] {
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  if (step.route === undefined || step.query === undefined || !isPagedList(step.route) || !Number.isInteger(total)) return [];
  return pagingHeaders(step.route, step.query, total).slice(0, 2);
}

const host: Host = async (c, step) => {
  const context = c.env as EdgeContext;
  // A function route: the platform's function answers it; the headers of the one count are added here.
  if (step.route?.kind === "function") return withHeaders(await context.next(), step.rate);
  const { path, query } = targetOf(c.req.raw);
  const handOn = async (to: string): Promise<Response> =>
    withHeaders(await context.next(new Request(new URL(to, c.req.url), c.req.raw)), step.rate);
  // A limit/offset pair without a file, or a filtered list: the page function answers it from the dump (same headers).
  if (step.route !== undefined && step.query !== undefined && !isPrebuilt(step.route, step.query))
    return handOn(`${CATALOG_PAGES_FUNCTION_PATH}/${step.route.id}?${query}`);
  // A date range has no file, and a date without a file needs the 404 naming the nearest earlier date: the route's function answers.
  const fallback = step.route?.fallbackFunction;
  const toFunction = (): Promise<Response> => handOn(`${fallback}${path}${query ? `?${query}` : ""}`);
  if (fallback !== undefined && step.path === null) return toFunction();
  const res = await context.next({ sendConditionalRequest: true });
  // 200 or 304: the host's headers, the day's staleness, a page's Link and the rate-limit ones.
  if (res.status !== 404) return withHeaders(withDataStale(res, Date.now()), [...pageLinksOf(res, step), ...step.rate]);
  if (fallback !== undefined) return toFunction();
  if (step.compute !== undefined) return step.compute();
  throw notFound(missingDetail(step, path));
};

// No files and no handlers here: the host serves both; a grid page past a catalog's end has no file: []. /mcp is
// counted here like the API (its function has no counter); other paths go on to the host untouched.
const api = new Api({
  env: platformEnv(),
  fallbacks: Object.fromEntries(pagedListRoutes().map((r) => [r.id, () => ({ body: EMPTY_PAGE })])),
  host,
  other: (c, target, api) =>
    target.path === MCP_PATH ? api.beside(c, () => (c.env as EdgeContext).next()) : (c.env as EdgeContext).next(),
});

export default async (req: Request, context: EdgeContext): Promise<Response> => {
  const path = new URL(req.url).pathname;
  // The functions' own paths are reached only through this edge function's hand-on, which does not run it again:
  // a client asking for one directly is answered 404 (after the platform counted it).
  if (path.startsWith(FUNCTION_ONLY_PREFIX)) return problem(notFound("La ruta no existe."), path, []);
  return api.app.fetch(req, context);
};

// Paths in netlify.toml (test/netlify.test.ts). The site's one platform rate limit: every API path, /mcp and the functions'
// paths run this function and no function declares one; the app's per-instance counter gives the x-fmx-rate-limit* headers.
export const config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
