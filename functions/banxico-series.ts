// Netlify function: Banxico series requests without a file (date ranges, dates without an observation); the edge passes them to it.
import { API_BASE, dumpPath, filePath, routeById, routes, SERIES_FUNCTION_PATH } from "../lib/routes/routes.ts";
import { HttpError, notFound, problem } from "../lib/http-kit/errors.ts";
import { SERIES_ROUTES, seriesStore } from "../lib/datasets/dump-slices.ts";
import { seriesHandlers } from "../lib/handlers/series.ts";
import { Api } from "../lib/http/app.ts";
import { allPacked, functionFiles } from "../lib/http/disk-files.ts";
import { platformEnv, publicRequest, type PlatformContext } from "../lib/http/netlify.ts";

// The dumps packed with it, read and parsed once per instance; /status with them, for the x-fmx-data-* headers.
const read = functionFiles();
const STATUS_PATH = filePath(routeById("status"));
const PATHS = [...SERIES_ROUTES.map((s) => dumpPath(s.dump, "json")), STATUS_PATH];
const mounted = routes.filter((r) => r.fallbackFunction === SERIES_FUNCTION_PATH);
const fallbacks = seriesHandlers(seriesStore(read));
// No counter of its own: the edge in front counts each request once.
const app = new Api({ env: platformEnv(), routes: mounted, fallbacks, status: () => read(STATUS_PATH), rateLimit: false }).app;
/** The public paths this function answers: those of the routes that name it. */
const stems = mounted.map((r) => `${API_BASE}${r.path.replace(/\/\{\w+\}$/, "")}`);

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  // The edge passes /api/v1/public/… on as /_fn/banxico-series/api/v1/public/…, query kept.
  const publicPath = new URL(req.url).pathname.slice(SERIES_FUNCTION_PATH.length);
  if (!stems.some((stem) => publicPath === stem || publicPath.startsWith(`${stem}/`))) {
    return problem(notFound("La ruta no existe."), publicPath, []);
  }
  if (!allPacked(read, PATHS)) {
    const detail = "Las series del Banco de México no están disponibles en este momento; vuelva a intentarlo en unos segundos.";
    return problem(new HttpError(503, detail, ["Retry-After", "5"]), publicPath, []);
  }
  return app.fetch(publicRequest(req, publicPath), context);
};

export const config = { path: "/_fn/banxico-series/*" };
