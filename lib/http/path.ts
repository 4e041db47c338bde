// A request's path as the router sees it (one trailing slash ignored, escapes canonical), the router, and the parameters, checked.
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { API_BASE, type PathParam, type Route } from "../routes/routes.ts";
import { isValidIsoDate } from "../../core/dates.ts";
import { badRequest, printable } from "../http-kit/errors.ts";
import { decodeComponent, patternOf, refuseControl } from "../http-kit/query.ts";

/** Where the router looks for a path it cannot read (a malformed escape): no route has it, so the 404 handler explains. */
const UNREADABLE = "/\u0000";

/**
 * The path Hono routes: under the API, one trailing slash dropped (not Hono's trimTrailingSlash, which redirects) and
 * each segment decoded and encoded again (an escaped "/" stays inside it), an empty one as "%", which Hono's parameters
 * match. A malformed escape is a 400 when `strict`, else routed nowhere.
 */
export function routablePath(path: string, strict = false): string {
  if (!path.startsWith(API_BASE)) return path;
  if (path.length > API_BASE.length + 1 && path.endsWith("/")) path = path.slice(0, -1);
  const rel = path.slice(API_BASE.length);
  if (!rel.includes("%") && !rel.includes("//") && !rel.endsWith("/")) return path;
  try {
    const segments = rel.slice(1).split("/");
    return `${API_BASE}/${segments.map((s) => (s === "" ? "%" : encodeURIComponent(decodeComponent(s, false)))).join("/")}`;
  } catch (e) {
    if (strict) throw e;
    return UNREADABLE;
  }
}

/**
 * Hono's TrieRouter (one regular expression cannot hold `/fx/{date}` beside `/fx/dof/{date}`) keeping only the first
 * match, parameterless routes by map first: `/fx/today` is fxToday alone, answered synchronously, not composed with fxByDate.
 */
export class FirstMatch<T> implements Router<T> {
  readonly name = "FirstMatch";
  private readonly trie = new TrieRouter<T>();
  private readonly literal = new Map<string, Result<T>>();
  add(method: string, path: string, handler: T): void {
    if (!path.includes(":") && !this.literal.has(path)) this.literal.set(path, [[[handler, {}]]]);
    this.trie.add(method, path, handler);
  }
  match(method: string, path: string): Result<T> {
    const found = this.literal.get(path) ?? this.trie.match(method, path);
    return found[0].length > 1 ? [[found[0][0] as [T, Record<string, string>]]] : found;
  }
}

/** Where each path parameter of a route sits among its segments. */
const positions = new Map<string, [PathParam, number][]>();

function paramPositions(route: Route): [PathParam, number][] {
  let found = positions.get(route.id);
  if (found === undefined) {
    const segments = route.path.slice(1).split("/");
    found = route.params.flatMap((p): [PathParam, number][] => (p.in === "path" ? [[p, segments.indexOf(`{${p.name}}`)]] : []));
    positions.set(route.id, found);
  }
  return found;
}

/** The route's path parameters in `routed`, decoded and checked (a malformed one is a 400); Hono's decoding cannot tell "%" from "%25". */
export function pathValuesOf(route: Route, routed: string): Record<string, string> {
  const values: Record<string, string> = {};
  const params = paramPositions(route);
  if (params.length === 0) return values;
  const segments = routed.slice(API_BASE.length + 1).split("/");
  for (const [p, at] of params) {
    const raw = segments[at] ?? "";
    const value = raw === "%" ? "" : decodeComponent(raw, false);
    checkPathParam(p, value);
    values[p.name] = value;
  }
  return values;
}

/** A pattern or an enum gives a shape to check; free parameters (codes, RFC) are looked up as is. */
function checkPathParam(p: PathParam, value: string): void {
  if (p.anyText !== true) refuseControl(`El segmento ${p.name} de la ruta`, value);
  if (p.pattern !== undefined) {
    if (value.length > p.maxLength || !patternOf(p.pattern).test(value))
      throw badRequest(`El segmento ${p.name} de la ruta no tiene el formato esperado: ${p.description}`);
  }
  if (p.enum !== undefined && !p.enum.includes(value)) {
    throw badRequest(`El segmento ${p.name} de la ruta debe ser uno de: ${p.enum.join(", ")}.`);
  }
  if (p.format === "date" && !isValidIsoDate(value)) {
    throw badRequest(`El segmento ${p.name} de la ruta debe ser una fecha real con formato AAAA-MM-DD; se recibió «${printable(value)}».`);
  }
}
