// Netlify function: list pages of a paged SAT catalog that have no file and filtered lists, from the list's dump packed with it; the edge passes requests to it.
import { API_BASE, filterParams, listDumpPath, routes } from "../lib/routes/routes.ts";
import { Api } from "../lib/http/app.ts";
import { CATALOG_PAGES_FUNCTION_PATH, platformEnv, publicRequest, type PlatformContext } from "../lib/http/netlify.ts";
import { allPacked, functionFiles, unavailableResponse } from "../lib/http/disk-files.ts";
import { pageFallbacks } from "../lib/handlers/catalog-filters.ts";
import { SatData } from "../lib/datasets/sat-dumps.ts";
import { notFound, problem } from "../lib/http-kit/errors.ts";

const read = functionFiles();
const sat = new SatData(read);
const lists = routes.filter((r) => r.prebuilt === "default-limit-pages" || filterParams(r).length > 0);
// The list routes and their fallbacks alone, no counter of its own (the edge in front counts each request once).
const app = new Api({ env: platformEnv(), routes: lists, fallbacks: pageFallbacks(() => sat), rateLimit: false }).app;

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  const path = new URL(req.url).pathname;
  const route = lists.find((r) => r.id === path.slice(CATALOG_PAGES_FUNCTION_PATH.length + 1));
  if (route === undefined) return problem(notFound("La ruta no existe."), path, []);
  const publicPath = `${API_BASE}${route.path}`;
  if (!allPacked(read, [listDumpPath(route)])) return unavailableResponse(publicPath);
  // Whatever path reached it, it answers as the list route (instance, routing, headers).
  return app.fetch(publicRequest(req, publicPath), context);
};

export const config = { path: "/_fn/catalog-pages/:list" };
