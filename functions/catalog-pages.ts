// Netlify function: list pages of a paged SAT catalog that have no file and filtered lists, from the list's dump; the edge rewrites to it.
import { API_BASE, filterParams, listDumpPath, routes } from "../lib/routes.ts";
import { Api } from "../lib/http/api.ts";
import { CATALOG_PAGES_FUNCTION_PATH, platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import { DeployFiles, unavailableResponse } from "../lib/http/netlify-tree.ts";
import { pageFallbacks } from "../lib/handlers/catalog-filters.ts";
import { SatData } from "../lib/handlers/sat.ts";
import { notFound, problem } from "../lib/http/errors.ts";
import { handleRequest, toResponse } from "../lib/http/web.ts";

const files = new DeployFiles();
const sat = new SatData(files.reader);
// The list routes' fallbacks alone: no other handler in the bundle.
const api = new Api({ env: platformEnv(), fallbacks: pageFallbacks(() => sat) });

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  const id = new URL(req.url).pathname.slice(CATALOG_PAGES_FUNCTION_PATH.length + 1);
  const route = routes.find((r) => r.id === id && (r.prebuilt === "default-limit-pages" || filterParams(r).length > 0));
  if (route === undefined) return toResponse(problem(notFound("La ruta no existe."), new URL(req.url).pathname, [], req.method === "HEAD"));
  const publicPath = `${API_BASE}${route.path}`;
  try {
    await files.ensure(listDumpPath(route), req.url);
  } catch {
    return unavailableResponse(publicPath, req.method === "HEAD");
  }
  // Whatever path reached it, it answers as the list route (instance, routing, headers).
  return handleRequest(api, req, context.ip ?? "", publicPath);
};

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it.
export const config = {
  path: "/_fn/catalog-pages/:list",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
