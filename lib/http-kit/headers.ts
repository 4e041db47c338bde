// Response header values shared by the API app and the generated host configuration.
import type { CachePolicy, Route } from "../route-shape/route-types.ts";
import { HEADER_PREFIX } from "../../core/service-config.ts";

export const RATE_LIMIT_HEADER = `${HEADER_PREFIX}-rate-limit`;
export const RATE_LIMIT_REMAINING_HEADER = `${HEADER_PREFIX}-rate-limit-remaining`;
export const RATE_LIMIT_RESET_HEADER = `${HEADER_PREFIX}-rate-limit-reset`;

// The data behind an answer (lib/http/freshness.ts, decision 0039).
/** The /status ids of the datasets, comma-separated, in the route's order. */
export const DATASETS_HEADER = `${HEADER_PREFIX}-datasets`;
/** Each dataset's `latest` (date, period or year), in the same order. */
export const DATA_DATE_HEADER = `${HEADER_PREFIX}-data-date`;
/** The earliest `staleFrom` among them: from that day (Mexico City) the answer rests on stale data. */
export const DATA_STALE_FROM_HEADER = `${HEADER_PREFIX}-data-stale-from`;
/** On computed answers only: whether the request day has reached that date. */
export const DATA_STALE_HEADER = `${HEADER_PREFIX}-data-stale`;

/** Headers a browser script may read on a cross-origin response (CORS hides the others). */
export const EXPOSED_HEADERS = [
  RATE_LIMIT_HEADER,
  RATE_LIMIT_REMAINING_HEADER,
  RATE_LIMIT_RESET_HEADER,
  DATASETS_HEADER,
  DATA_DATE_HEADER,
  DATA_STALE_FROM_HEADER,
  DATA_STALE_HEADER,
  "ETag",
  "Retry-After",
  "Link",
  "X-Total-Count",
];

export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";
const WITH_POST = "GET, HEAD, POST, OPTIONS";
const POST_ONLY = "POST, OPTIONS";

/** The methods a path answers (Allow, and the preflight's Access-Control-Allow-Methods): GET and HEAD, and POST where the route takes a body. */
export function allowedMethods(route: Route | undefined): string {
  if (route?.post === undefined) return ALLOWED_METHODS;
  return route.post.only === true ? POST_ONLY : WITH_POST;
}

export function cacheControl(cache: CachePolicy, secondsToMidnight?: number): string {
  if (cache === "until-midnight-mexico-city") {
    if (secondsToMidnight === undefined) throw new Error("the calendar's cache lifetime depends on the request time");
    return `public, max-age=${secondsToMidnight}`;
  }
  return `public, max-age=${cache.maxAge}`;
}

/** Headers every API response carries, success or error (flat name/value list). */
export const CORS_HEADERS: readonly string[] = [
  "Access-Control-Allow-Origin",
  "*",
  "Access-Control-Expose-Headers",
  EXPOSED_HEADERS.join(", "),
  "X-Content-Type-Options",
  "nosniff",
];
