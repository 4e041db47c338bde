// The pipeline of a Netlify function that runs only the handlers it is given: it imports no other, so its bundle holds none.
import type { FunctionRouteId } from "../routes.ts";
import { Api } from "./api.ts";
import { parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import { Freshness } from "./freshness.ts";
import type { Handler } from "./handler.ts";

/**
 * The limits from the environment as `createApi` reads them, over these handlers alone; `status`, the published
 * /status document's bytes, gives the x-fmx-data-* headers (read on first use).
 */
export function shellApi(env: Env, handlers: Partial<Record<FunctionRouteId, Handler>>, status?: () => Uint8Array | undefined): Api {
  let freshness: Freshness | undefined;
  return new Api({
    handlers,
    limiter: rateLimiterFromEnv(env),
    trustedProxies: parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]),
    ...(status !== undefined && { freshness: () => (freshness ??= Freshness.fromStatus(status())) }),
  });
}
