// Edge function in front of the static API files: rate-limit headers, problems, preflight; files and pages by the host.
import { Api, missingDetail } from "../../lib/http/api.ts";
import { notFound, problem } from "../../lib/http/errors.ts";
import { isPrebuilt } from "../../lib/routes.ts";
import { pagedListRoutes } from "../../lib/handlers/catalog-pages.ts";
import { CATALOG_PAGES_FUNCTION_PATH, platformEnv, withHeaders, type PlatformContext } from "../../lib/http/netlify.ts";
import { fromRequest, toResponse } from "../../lib/http/web.ts";

export interface EdgeContext extends PlatformContext {
  /**
   * Continues to the host: dist/_redirects rewrites (query form → file), then the static file. With
   * `sendConditionalRequest` the client's If-None-Match goes along, so the host can answer 304.
   */
  next(options?: { sendConditionalRequest?: boolean }): Promise<Response>;
}

const EMPTY_PAGE = new TextEncoder().encode("[]");

// No files and no handlers here: the host serves both. A grid page past a catalog's end has no file: [].
const fallbacks = Object.fromEntries(pagedListRoutes().map((r) => [r.id, () => ({ body: EMPTY_PAGE })]));
const api = new Api({ env: platformEnv(), fallbacks });

export default async (req: Request, context: EdgeContext): Promise<Response | URL> => {
  const request = fromRequest(req, context.ip ?? "");
  const step = api.resolve(request);
  if (step === null || step.kind === "function") return context.next();
  if (step.kind === "answer") return toResponse(step.result);
  if (step.route !== undefined && step.query !== undefined && !isPrebuilt(step.route, step.query)) {
    // A limit/offset pair without a file, or a filtered list: the page function answers it from the dump (same headers).
    return new URL(`${CATALOG_PAGES_FUNCTION_PATH}/${step.route.id}?${request.query}`, req.url);
  }
  // A date range has no file, and a date without a file needs the 404 naming the nearest earlier date: the route's function answers.
  const fallback = step.route?.fallbackFunction;
  const toFunction = (): URL => new URL(`${fallback}${request.path}${request.query ? `?${request.query}` : ""}`, req.url);
  if (fallback !== undefined && step.path === null) return toFunction();
  const res = await context.next({ sendConditionalRequest: true });
  // 200 or 304 (If-None-Match matched the host's ETag): the host's headers plus the rate-limit ones.
  if (res.status !== 404) return withHeaders(res, step.rate);
  if (fallback !== undefined) return toFunction();
  const missing = step.compute?.() ?? problem(notFound(missingDetail(step, request.path)), request.path, step.rate, req.method === "HEAD");
  return toResponse(missing);
};

// Routes (path, excludedPath) are declared in netlify.toml, checked against lib/routes.ts by test/netlify.test.ts.
// The platform enforces this limit in front of the function; the pipeline's own per-instance counter gives the headers.
export const config = {
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
