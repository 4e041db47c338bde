// The pipeline of a Netlify function that runs only the handlers it is given: it imports no other, so its bundle holds none.
import type { FunctionRouteId } from "../routes.ts";
import { Api } from "./api.ts";
import { parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import type { Handler } from "./handler.ts";

/** The limits from the environment as `createApi` reads them, over these handlers alone. */
export function shellApi(env: Env, handlers: Partial<Record<FunctionRouteId, Handler>>): Api {
  return new Api({ handlers, limiter: rateLimiterFromEnv(env), trustedProxies: parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]) });
}
