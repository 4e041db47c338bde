// The API as deployed: the pipeline wired with the function handlers and the limits from the environment.
import { Api } from "./api.ts";
import { parseTrustedProxies } from "./client-ip.ts";
import { calendarHandler } from "./handlers/calendar.ts";
import { catalogPagesHandler, type CatalogPages } from "./handlers/catalog-pages.ts";
import { rfcHandler } from "./handlers/rfc.ts";
import { suggestHandler } from "./handlers/suggest.ts";
import { RATE_LIMIT } from "../site.ts";
import { DEFAULT_MAX_CLIENTS, RateLimiter } from "./ratelimit.ts";
import type { FileStore } from "./static.ts";

export type Env = Record<string, string | undefined>;

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

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new RangeError(`${name} debe ser un entero positivo; se recibió "${raw}".`);
  }
  return Number(raw);
}

export function rateLimiterFromEnv(env: Env): RateLimiter {
  return new RateLimiter({
    limit: positiveInteger(env, "FISCAL_RATE_LIMIT", RATE_LIMIT.limit),
    maxClients: positiveInteger(env, "FISCAL_RATE_LIMIT_MAX_CLIENTS", DEFAULT_MAX_CLIENTS),
  });
}

export function createApi(options: ServiceOptions = {}): Api {
  const env = options.env ?? {};
  const catalog = options.catalog;
  return new Api({
    ...(options.files !== undefined && { files: options.files }),
    handlers: { rfcValidate: rfcHandler, calendarNext: calendarHandler(), suggest: suggestHandler },
    fallbacks: catalog !== undefined ? { cfdiClaveProdServList: catalogPagesHandler(catalog) } : {},
    ...(options.rateLimit !== false && { limiter: rateLimiterFromEnv(env) }),
    trustedProxies: parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]),
    ...(options.now !== undefined && { now: options.now }),
  });
}
