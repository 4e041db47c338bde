// The pipeline of a Netlify function over only the handlers it is given (so its bundle holds no other), and the environment wiring every pipeline shares.
import type { FunctionRouteId } from "../routes.ts";
import { Api, type ApiOptions } from "./api.ts";
import { parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import { Freshness } from "./freshness.ts";
import type { Handler } from "../handler.ts";

/** The limits the environment sets (FISCAL_RATE_LIMIT…, FISCAL_TRUSTED_PROXIES), as the pipeline takes them. */
export const envLimits = (env: Env, rateLimit = true): Pick<ApiOptions, "limiter" | "trustedProxies"> => ({
  ...(rateLimit && { limiter: rateLimiterFromEnv(env) }),
  trustedProxies: parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]),
});

/** The x-fmx-data-* headers' source: the published /status document's bytes, read on first use. */
export function statusFreshness(status: () => Uint8Array | undefined): () => Freshness | undefined {
  let freshness: Freshness | undefined;
  return () => (freshness ??= Freshness.fromStatus(status()));
}

/** What a function's pipeline computes: its function routes' handlers, its file routes' fallbacks, the /status bytes. */
export interface ShellParts {
  handlers?: Partial<Record<FunctionRouteId, Handler>>;
  fallbacks?: Readonly<Record<string, Handler>>;
  status?: () => Uint8Array | undefined;
}

/** The pipeline over these parts alone, with the limits from the environment as `createApi` reads them. */
export function shellApi(env: Env, { handlers, fallbacks, status }: ShellParts): Api {
  return new Api({
    ...(handlers !== undefined && { handlers }),
    ...(fallbacks !== undefined && { fallbacks }),
    ...envLimits(env),
    ...(status !== undefined && { freshness: statusFreshness(status) }),
  });
}
