// Netlify function: Banxico series requests without a file (date ranges, dates without an observation); the edge rewrites to it.
import { API_BASE, routes, SERIES_FUNCTION_PATH } from "../lib/routes.ts";
import { HttpError, notFound, problem } from "../lib/http/errors.ts";
import { SERIES_ROUTES, SeriesDump } from "../lib/dump-slices.ts";
import { seriesHandlers } from "../lib/handlers/series.ts";
import { dumpPath, filePath, routeById } from "../lib/routes.ts";
import { Api } from "../lib/http/app.ts";
import { platformEnv, publicRequest, type PlatformContext } from "../lib/http/netlify.ts";

// The dumps are static files of the same deploy: fetched once per instance, on the first request.
// /status comes with them: the dates and staleFrom of the x-fmx-data-* headers.
let dumps: Map<string, SeriesDump> | undefined;
let status: Uint8Array | undefined;
let loading: Promise<Map<string, SeriesDump>> | undefined;

async function fetchBytes(path: string, origin: string): Promise<Uint8Array> {
  const res = await fetch(new URL(path, origin));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function loadDumps(origin: string): Promise<Map<string, SeriesDump>> {
  const loaded = await Promise.all(
    SERIES_ROUTES.map(async (s) => [s.prefix, new SeriesDump(await fetchBytes(dumpPath(s.dump, "json"), origin), s.valueField)] as const),
  );
  status = await fetchBytes(filePath(routeById("status")), origin);
  return new Map(loaded);
}

const mounted = routes.filter((r) => r.fallbackFunction === SERIES_FUNCTION_PATH);

// The series routes and their fallbacks alone: no other handler in the bundle.
const app = new Api({
  env: platformEnv(),
  routes: mounted,
  fallbacks: seriesHandlers((prefix) => (dumps as Map<string, SeriesDump>).get(prefix) as SeriesDump),
  status: () => status,
}).app;

/** The public paths this function answers: those of the routes that name it. */
const stems = mounted.map((r) => `${API_BASE}${r.path.replace(/\/\{\w+\}$/, "")}`);

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  // The edge rewrites /api/v1/public/… to /_fn/banxico-series/api/v1/public/…, query kept.
  const publicPath = new URL(req.url).pathname.slice(SERIES_FUNCTION_PATH.length);
  if (!stems.some((stem) => publicPath === stem || publicPath.startsWith(`${stem}/`))) {
    return problem(notFound("La ruta no existe."), publicPath, []);
  }
  if (dumps === undefined) {
    loading ??= loadDumps(req.url).finally(() => (loading = undefined));
    try {
      dumps = await loading;
    } catch {
      const error = new HttpError(
        503,
        "Las series del Banco de México no están disponibles en este momento; vuelva a intentarlo en unos segundos.",
        ["Retry-After", "5"],
      );
      return problem(error, publicPath, []);
    }
  }
  return app.fetch(publicRequest(req, publicPath), context);
};

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it.
export const config = {
  path: "/_fn/banxico-series/*",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
