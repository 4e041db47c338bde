// Limits from the environment (FISCAL_RATE_LIMIT, FISCAL_RATE_LIMIT_MAX_CLIENTS), read the same way on every runtime.
import { RATE_LIMIT } from "../../core/service-config.ts";
import { DEFAULT_MAX_CLIENTS, RateLimiter } from "./ratelimit.ts";

export type Env = Record<string, string | undefined>;

export function positiveInteger(env: Env, name: string, fallback: number): number {
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
