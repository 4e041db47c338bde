// Fixed-window rate limit per client: the window starts with the client's first request; memory is bounded.
import { RATE_LIMIT } from "../../core/service-config.ts";
import { RATE_LIMIT_HEADER, RATE_LIMIT_REMAINING_HEADER, RATE_LIMIT_RESET_HEADER } from "../http-kit/headers.ts";
import type { HeaderList } from "../http-kit/respond.ts";

export type Env = Record<string, string | undefined>;

/** Tracked clients at most, by default: ~190 bytes each (address, window, queue slot), about 18 MB at the cap. */
const DEFAULT_MAX_CLIENTS = 100_000;

export function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new RangeError(`${name} debe ser un entero positivo; se recibió "${raw}".`);
  }
  return Number(raw);
}

/** FISCAL_RATE_LIMIT and FISCAL_RATE_LIMIT_MAX_CLIENTS, read the same way on every runtime. */
export const rateLimiterFromEnv = (env: Env): RateLimiter =>
  new RateLimiter({
    limit: positiveInteger(env, "FISCAL_RATE_LIMIT", RATE_LIMIT.limit),
    maxClients: positiveInteger(env, "FISCAL_RATE_LIMIT_MAX_CLIENTS", DEFAULT_MAX_CLIENTS),
  });

/** `reset`: whole seconds until the window ends (≥ 1); `headers`: the three x-fmx-rate-limit ones. */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  reset: number;
  headers: HeaderList;
}

/**
 * Synchronous, so concurrent requests are counted exactly. A queue holds the windows in the order they started (=
 * the order they end): ended ones are swept from its front once a second, and past `maxClients` the oldest is
 * forgotten, which bounds memory under a flood of addresses; O(1) per request. A renewed window's old entry is skipped.
 */
export class RateLimiter {
  readonly limit: number;
  readonly windowSeconds: number;
  readonly maxClients: number;
  /** `end`: ms since the epoch. */
  private readonly windows = new Map<string, { end: number; count: number }>();
  private readonly limitValue: string;
  private queueClients: string[] = [];
  private queueEnds: number[] = [];
  private head = 0;
  private nextSweep = 0;

  constructor(options: { limit?: number; windowSeconds?: number; maxClients?: number } = {}) {
    this.limit = options.limit ?? RATE_LIMIT.limit;
    this.windowSeconds = options.windowSeconds ?? RATE_LIMIT.windowSeconds;
    this.maxClients = options.maxClients ?? DEFAULT_MAX_CLIENTS;
    this.limitValue = String(this.limit);
  }

  get trackedClients(): number {
    return this.windows.size;
  }

  /** Counts one request of `client` at `now` (ms) and says whether it is within the limit. */
  take(client: string, now: number): RateDecision {
    if (now >= this.nextSweep) this.sweep(now);
    let w = this.windows.get(client);
    if (w === undefined || now >= w.end) {
      if (w === undefined) {
        if (this.windows.size >= this.maxClients) this.evictOldest();
        w = { end: 0, count: 0 };
        this.windows.set(client, w);
      }
      w.end = now + this.windowSeconds * 1000;
      w.count = 0;
      this.queueClients.push(client);
      this.queueEnds.push(w.end);
    }
    // Past the limit the count stops growing: it only has to say "over".
    if (w.count <= this.limit) w.count++;
    const allowed = w.count <= this.limit;
    const remaining = allowed ? this.limit - w.count : 0;
    const reset = Math.max(1, Math.ceil((w.end - now) / 1000));
    const headers = [
      RATE_LIMIT_HEADER,
      this.limitValue,
      RATE_LIMIT_REMAINING_HEADER,
      String(remaining),
      RATE_LIMIT_RESET_HEADER,
      String(reset),
    ];
    return { allowed, remaining, reset, headers };
  }

  /** Drops every window that has ended. */
  sweep(now: number): void {
    while (this.head < this.queueEnds.length && (this.queueEnds[this.head] as number) <= now) this.dropHead();
    this.compact();
    this.nextSweep = now + 1000;
  }

  private evictOldest(): void {
    const size = this.windows.size;
    while (this.head < this.queueEnds.length && this.windows.size === size) this.dropHead();
    this.compact();
  }

  /** Removes the front queue entry, and its window unless the client has started a newer one since. */
  private dropHead(): void {
    const client = this.queueClients[this.head] as string;
    const end = this.queueEnds[this.head] as number;
    this.head++;
    if (this.windows.get(client)?.end === end) this.windows.delete(client);
  }

  /** Reclaims the consumed front of the queue once it is the larger part. */
  private compact(): void {
    if (this.head < 1024 || this.head * 2 < this.queueEnds.length) return;
    this.queueClients = this.queueClients.slice(this.head);
    this.queueEnds = this.queueEnds.slice(this.head);
    this.head = 0;
  }
}
