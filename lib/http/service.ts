// The API as deployed: the pipeline wired with the function handlers and the limits from the environment.
import { Api } from "./api.ts";
import { parseTrustedProxies } from "./client-ip.ts";
import { calendarHandler } from "./handlers/calendar.ts";
import { catalogPagesHandler, type CatalogPages } from "./handlers/catalog-pages.ts";
import { rfcHandler } from "./handlers/rfc.ts";
import { suggestHandler } from "./handlers/suggest.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import type { FileStore } from "./static.ts";
import type { Handler } from "./handler.ts";
import type { FunctionRouteId, PagedRouteId } from "../routes.ts";

export type { Env };

export interface ServiceOptions {
  files?: FileStore;
  /** The clave-prod-serv pages, once the dump is loaded; without it arbitrary pages are a 404. */
  catalog?: () => CatalogPages;
  /**
   * FISCAL_RATE_LIMIT (requests per window, default 60; raised for load tests),
   * FISCAL_RATE_LIMIT_MAX_CLIENTS (tracked clients, default 100,000),
   * FISCAL_TRUSTED_PROXIES (comma-separated peer addresses whose X-Forwarded-For is believed).
   */
  env?: Env;
  /** False where the platform alone enforces the limit. */
  rateLimit?: boolean;
  now?: () => number;
}

/** Every function route's handler, by route id: a function route without one, or one without a route, does not compile. */
const handlers = (): Record<FunctionRouteId, Handler> => ({ rfcValidate: rfcHandler, calendarNext: calendarHandler(), suggest: suggestHandler });

export function createApi(options: ServiceOptions = {}): Api {
  const env = options.env ?? {};
  const catalog = options.catalog;
  return new Api({
    ...(options.files !== undefined && { files: options.files }),
    handlers: handlers(),
    fallbacks: catalog !== undefined ? ({ cfdiClaveProdServList: catalogPagesHandler(catalog) } satisfies Record<PagedRouteId, Handler>) : {},
    ...(options.rateLimit !== false && { limiter: rateLimiterFromEnv(env) }),
    trustedProxies: parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]),
    ...(options.now !== undefined && { now: options.now }),
  });
}
