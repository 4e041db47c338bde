// Edge function in front of the static API files: the API app's checks, then the host's files and functions.
import { Api, missingDetail, type Host } from "../../lib/http/app.ts";
import { notFound } from "../../lib/http/errors.ts";
import { targetOf } from "../../lib/http/path.ts";
import { isPrebuilt } from "../../lib/routes.ts";
import { pagedListRoutes } from "../../lib/handlers/catalog-pages.ts";
import { CATALOG_PAGES_FUNCTION_PATH, platformEnv, withHeaders, type PlatformContext } from "../../lib/http/netlify.ts";

export interface EdgeContext extends PlatformContext {
  /**
   * Continues to the host: dist/_redirects rewrites (query form → file), then the static file. With
   * `sendConditionalRequest` the client's If-None-Match goes along, so the host can answer 304.
   */
  next(options?: { sendConditionalRequest?: boolean }): Promise<Response>;
}

/** The platform context of one request, and where the request is rewritten to, if anywhere (a URL, not a Response). */
interface EdgeRun extends EdgeContext {
  rewrite(url: URL): Response;
}

const EMPTY_PAGE = new TextEncoder().encode("[]");

const host: Host = {
  // A function route: the platform's function answers it.
  function: (c) => (c.env as EdgeRun).next(),
  file: async (c, step) => {
    const run = c.env as EdgeRun;
    const { path, query } = targetOf(c.req.raw);
    if (step.route !== undefined && step.query !== undefined && !isPrebuilt(step.route, step.query)) {
      // A limit/offset pair without a file, or a filtered list: the page function answers it from the dump (same headers).
      return run.rewrite(new URL(`${CATALOG_PAGES_FUNCTION_PATH}/${step.route.id}?${query}`, c.req.url));
    }
    // A date range has no file, and a date without a file needs the 404 naming the nearest earlier date: the route's function answers.
    const fallback = step.route?.fallbackFunction;
    const toFunction = (): Response => run.rewrite(new URL(`${fallback}${path}${query ? `?${query}` : ""}`, c.req.url));
    if (fallback !== undefined && step.path === null) return toFunction();
    const res = await run.next({ sendConditionalRequest: true });
    // 200 or 304 (If-None-Match matched the host's ETag): the host's headers plus the rate-limit ones.
    if (res.status !== 404) return withHeaders(res, step.rate);
    if (fallback !== undefined) return toFunction();
    if (step.compute !== undefined) return step.compute();
    throw notFound(missingDetail(step, path));
  },
};

// No files and no handlers here: the host serves both. A grid page past a catalog's end has no file: [].
const fallbacks = Object.fromEntries(pagedListRoutes().map((r) => [r.id, () => ({ body: EMPTY_PAGE })]));
const { app } = new Api({ env: platformEnv(), fallbacks, host, other: (c) => (c.env as EdgeRun).next() });

export default async (req: Request, context: EdgeContext): Promise<Response | URL> => {
  let rewritten: URL | undefined;
  const run: EdgeRun = {
    ...(context.ip !== undefined && { ip: context.ip }),
    next: (options) => context.next(options),
    rewrite: (url) => {
      rewritten = url;
      return new Response(null);
    },
  };
  const res = await app.fetch(req, run);
  return rewritten ?? res;
};

// Routes (path, excludedPath) are declared in netlify.toml, checked against lib/routes.ts by test/netlify.test.ts.
// The platform enforces this limit in front of the function; the app's own per-instance counter gives the headers.
export const config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
