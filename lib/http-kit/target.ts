// A request's target as sent (path still percent-encoded, query without "?"), read from its URL string once.
import type { HeaderList } from "./respond.ts";

/** The target as sent, path (still percent-encoded) and query without "?", and the rate-limit headers it was given. */
export interface Target {
  path: string;
  query: string;
  rate: HeaderList;
  client?: string;
}

const TARGET = Symbol("target");

/** The request's target, read from its URL string once (the router and the handler both need it; no URL object). */
export function targetOf(req: Request): Target {
  const carrier = req as Request & { [TARGET]?: Target };
  let target = carrier[TARGET];
  if (target === undefined) {
    target = parseTarget(req.url);
    carrier[TARGET] = target;
  }
  return target;
}

function parseTarget(url: string): Target {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  if (start < 0) return { path: "/", query: "", rate: [] };
  const q = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const end = hash < 0 ? url.length : hash;
  if (q < 0 || q > end) return { path: url.slice(start, end), query: "", rate: [] };
  return { path: url.slice(start, q), query: url.slice(q + 1, end), rate: [] };
}
