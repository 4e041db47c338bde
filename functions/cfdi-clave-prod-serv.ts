// Netlify function: /cfdi/clave-prod-serv pages that have no file, sliced from the catalog dump; the edge rewrites to it.
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes.ts";
import { CatalogPages } from "../lib/http/handlers/catalog-pages.ts";
import { HttpError, problem } from "../lib/http/errors.ts";
import { createApi } from "../lib/http/service.ts";
import { toResponse } from "../lib/http/web.ts";
import { answer, CATALOG_LIST_PATH, platformEnv, type PlatformContext } from "../lib/http/netlify.ts";

// The dump is a static file of the same deploy: fetched once per instance, on the first request, through the
// edge function like any client's request (so it is counted against this function's address).
let pages: CatalogPages | undefined;
let loading: Promise<CatalogPages> | undefined;

async function loadPages(origin: string): Promise<CatalogPages> {
  const res = await fetch(new URL(CLAVE_PROD_SERV_DUMP, origin));
  if (!res.ok) throw new Error(`catalog dump: HTTP ${res.status}`);
  return new CatalogPages(new Uint8Array(await res.arrayBuffer()));
}

const api = createApi({ env: platformEnv(), catalog: () => pages as CatalogPages });

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  if (pages === undefined) {
    loading ??= loadPages(req.url).finally(() => (loading = undefined));
    try {
      pages = await loading;
    } catch {
      const error = new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", ["Retry-After", "5"]);
      return toResponse(problem(error, CATALOG_LIST_PATH, [], req.method === "HEAD"));
    }
  }
  // Whatever path reached it, it answers as the list route (instance, routing, headers).
  return answer(api, req, context, CATALOG_LIST_PATH);
};

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it.
export const config = {
  path: "/_fn/cfdi-clave-prod-serv",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
