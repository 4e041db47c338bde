// The HTTP client's settings: defaults for the nightly job, FISCAL_HTTP_* variables checked and bounded.
import { siteUrl } from "../core/service-config.ts";

export interface HttpConfig {
  userAgent: string;
  connectTimeoutMs: number;
  /** Longest wait for the response headers, and for each next piece of the body. */
  timeoutMs: number;
  /** Longest a whole download may take, retries and their waits included. */
  deadlineMs: number;
  /** Retries after the first attempt (network errors, timeouts, 5xx, 429). */
  retries: number;
  /** First backoff; it doubles on every retry, with jitter, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the download fails instead. */
  maxRetryAfterMs: number;
  /** Upper bound on any response body; each kind of download has its own, smaller or equal. */
  maxBytes: number;
  /** Masks secrets (tokens) in the messages this client writes. */
  redact: (text: string) => string;
  onRetry?: (message: string) => void;
  /** Aborts every request in flight and every wait for a retry (SIGTERM). */
  signal?: AbortSignal;
}

export const MB = 1024 * 1024;
/** One FISCAL_HTTP_* setting: its default and the range that makes sense (0 would mean "no timeout" to undici). */
interface Setting {
  name: string;
  fallback: number;
  min: number;
  max: number;
  unit: string;
}

const SETTINGS = {
  connectTimeoutMs: { name: "FISCAL_HTTP_CONNECT_TIMEOUT_MS", fallback: 10_000, min: 1, max: 600_000, unit: "ms" },
  timeoutMs: { name: "FISCAL_HTTP_TIMEOUT_MS", fallback: 60_000, min: 1, max: 3_600_000, unit: "ms" },
  deadlineMs: { name: "FISCAL_HTTP_DEADLINE_MS", fallback: 900_000, min: 1, max: 21_600_000, unit: "ms" },
  retries: { name: "FISCAL_HTTP_RETRIES", fallback: 4, min: 0, max: 10, unit: "reintentos" },
  backoffMs: { name: "FISCAL_HTTP_BACKOFF_MS", fallback: 2_000, min: 0, max: 600_000, unit: "ms" },
  maxBackoffMs: { name: "FISCAL_HTTP_MAX_BACKOFF_MS", fallback: 60_000, min: 0, max: 3_600_000, unit: "ms" },
  maxRetryAfterS: { name: "FISCAL_HTTP_MAX_RETRY_AFTER_S", fallback: 300, min: 0, max: 3_600, unit: "s" },
  maxBytes: { name: "FISCAL_HTTP_MAX_BYTES", fallback: 256 * MB, min: 1, max: 1024 * MB, unit: "bytes" },
} satisfies Record<string, Setting>;

/** Settings that make no sense; the message lists every one of them (Spanish). */
export class HttpSettingsError extends Error {
  override readonly name = "HttpSettingsError";
}

function readSetting(env: Record<string, string | undefined>, s: Setting, problems: string[]): number {
  const raw = env[s.name];
  if (raw === undefined || raw === "") return s.fallback;
  // Whole decimal digits only: "1e3", " 5", "-1", "0x10" and "2.5" are refused rather than guessed at.
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(n)) problems.push(`${s.name}="${raw}" no es un entero no negativo (${s.unit})`);
  else if (n < s.min || n > s.max) problems.push(`${s.name}=${raw} fuera de rango: debe estar entre ${s.min} y ${s.max} ${s.unit}`);
  return n;
}

/** Defaults for the nightly job; FISCAL_HTTP_* variables shorten or lengthen them. Throws HttpSettingsError. */
export function httpConfigFromEnv(env: Record<string, string | undefined>, redact: (text: string) => string = (t) => t): HttpConfig {
  const problems: string[] = [];
  const v = Object.fromEntries(Object.entries(SETTINGS).map(([key, s]) => [key, readSetting(env, s, problems)])) as Record<
    keyof typeof SETTINGS,
    number
  >;
  if (problems.length === 0 && v.maxBackoffMs < v.backoffMs) {
    problems.push(`FISCAL_HTTP_MAX_BACKOFF_MS (${v.maxBackoffMs}) es menor que FISCAL_HTTP_BACKOFF_MS (${v.backoffMs})`);
  }
  if (problems.length > 0) throw new HttpSettingsError(`configuración HTTP inválida:\n  ${problems.join("\n  ")}`);
  const { maxRetryAfterS, ...rest } = v;
  return { userAgent: `FiscalMX/1.0 (+${siteUrl(env)})`, ...rest, maxRetryAfterMs: maxRetryAfterS * 1000, redact };
}
