// Response header names and values shared by the API app and the generated host configuration.
import type { CachePolicy, Route } from "../route-shape/route-types.ts";
import { HEADER_PREFIX } from "../../core/service-config.ts";

export const RATE_LIMIT_HEADER = `${HEADER_PREFIX}-rate-limit`;
export const RATE_LIMIT_REMAINING_HEADER = `${HEADER_PREFIX}-rate-limit-remaining`;
export const RATE_LIMIT_RESET_HEADER = `${HEADER_PREFIX}-rate-limit-reset`;
// The data behind an answer (decision 0039): the /status ids of its datasets, each one's `latest` in the same order,
// the earliest `staleFrom` (from that day in Mexico City it rests on stale data) and, computed answers only, whether it is.
export const DATASETS_HEADER = `${HEADER_PREFIX}-datasets`;
export const DATA_DATE_HEADER = `${HEADER_PREFIX}-data-date`;
export const DATA_STALE_FROM_HEADER = `${HEADER_PREFIX}-data-stale-from`;
export const DATA_STALE_HEADER = `${HEADER_PREFIX}-data-stale`;

/** Headers a browser script may read on a cross-origin response. */
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

/** The methods a path answers (Allow, and the preflight's): GET and HEAD, and POST where the route takes a body. */
export function allowedMethods(route: Route | undefined): string {
  if (route?.post === undefined) return ALLOWED_METHODS;
  return route.post.only === true ? "POST, OPTIONS" : "GET, HEAD, POST, OPTIONS";
}

export function cacheControl(cache: CachePolicy, secondsToMidnight?: number): string {
  if (cache !== "until-midnight-mexico-city") return `public, max-age=${cache.maxAge}`;
  if (secondsToMidnight === undefined) throw new Error("the calendar's cache lifetime depends on the request time");
  return `public, max-age=${secondsToMidnight}`;
}

/** Headers every API response carries, success or error. */
export const CORS_HEADERS: readonly string[] = [
  "Access-Control-Allow-Origin",
  "*",
  "Access-Control-Expose-Headers",
  EXPOSED_HEADERS.join(", "),
  "X-Content-Type-Options",
  "nosniff",
];
