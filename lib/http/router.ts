// Matches an API path with Hono's routers over the route table, then checks its path parameters (malformed → 400).
import type { ParamIndexMap, Params, ParamStash } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { API_BASE, routes as allRoutes, type PathParam, type Route } from "../routes.ts";
import { isValidIsoDate } from "../../core/dates.ts";
import { badRequest, printable } from "./errors.ts";
import { decodeComponent } from "./query.ts";

export interface RouteMatch {
  route: Route;
  /** Decoded path parameters by name. */
  pathValues: Record<string, string>;
}

/** A path parameter with its pattern compiled once. */
type Checked = [PathParam, RegExp | undefined];

/**
 * Routes by path relative to API_BASE; literal routes win over templates. A parameter matches any segment, even an
 * empty one, and is checked here, so that a malformed one is a 400, not a 404.
 */
export class Router {
  /** Templates by first segment, each group in Hono's RegExpRouter, or its TrieRouter where a regex cannot hold it (`/fx`). */
  private readonly groups = new Map<string, SmartRouter<[Route, Checked[]]>>();
  /** Literal routes by path, looked up before the templates. */
  private readonly literal = new Map<string, Route>();

  constructor(routes: readonly Route[] = allRoutes) {
    for (const route of routes) {
      if (!route.path.includes("{")) {
        this.literal.set(route.path, route);
        continue;
      }
      const params = route.params.filter((p): p is PathParam => p.in === "path");
      const checked = params.map((p): Checked => [p, p.pattern === undefined ? undefined : new RegExp(p.pattern)]);
      const first = route.path.split("/")[1] as string;
      let group = this.groups.get(first);
      if (group === undefined) {
        group = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] });
        this.groups.set(first, group);
      }
      group.add("GET", route.path.replace(/\{(\w+)\}/g, ":$1"), [route, checked]);
    }
  }

  /**
   * The route of `rawPath` (the full path as sent, percent-encoded, one trailing slash ignored), or null when none
   * has that shape. A path with escapes is matched by its decoded segments (an escaped literal segment is that
   * segment; an escaped "/" stays inside its segment). Throws a 400 HttpError for a malformed escape or parameter.
   */
  match(rawPath: string): RouteMatch | null {
    let rel = rawPath.slice(API_BASE.length);
    if (rel.length > 1 && rel.endsWith("/")) rel = rel.slice(0, -1);
    const literal = this.literal.get(rel);
    if (literal !== undefined) return { route: literal, pathValues: {} };
    if (!rel.startsWith("/")) return null;
    if (!rel.includes("%") && !rel.includes("//") && !rel.endsWith("/")) return this.checked(rel, false);
    // Decoded values are only compared, matched against patterns, looked up in maps or handed to a
    // handler that checks them (the RFC validator answers a control character with valid: false).
    const segments = rel
      .slice(1)
      .split("/")
      .map((s) => decodeComponent(s, false));
    const escaped = this.literal.get(`/${segments.join("/")}`);
    if (escaped !== undefined) return { route: escaped, pathValues: {} };
    // Each segment re-encoded, so that a decoded "/" stays inside it; an empty one, which Hono's parameters do not
    // match, spelled "%", which no encoded segment is.
    return this.checked(`/${segments.map((s) => (s === "" ? "%" : encodeURIComponent(s))).join("/")}`, true);
  }

  private checked(rel: string, encoded: boolean): RouteMatch | null {
    const slash = rel.indexOf("/", 1);
    const [handlers, stash] = this.groups.get(rel.slice(1, slash < 0 ? rel.length : slash))?.match("GET", rel) ?? [[]];
    if (handlers[0] === undefined) return null;
    // RegExpRouter gives each value's index in a stash, TrieRouter the values.
    const [[route, params], found] = handlers[0] as [[Route, Checked[]], ParamIndexMap | Params];
    const pathValues: Record<string, string> = {};
    for (const [p, regex] of params) {
      const at = found[p.name] as number | string;
      const raw = (stash === undefined ? at : (stash as ParamStash)[at as number]) as string;
      const value = !encoded ? raw : raw === "%" ? "" : decodeURIComponent(raw);
      checkPathParam(p, value, regex);
      pathValues[p.name] = value;
    }
    return { route, pathValues };
  }
}

/** Parameters with a pattern or an enum have a well-formed shape; free ones (codes, RFC) are looked up as is. */
function checkPathParam(p: PathParam, value: string, regex: RegExp | undefined): void {
  if (regex !== undefined && (value.length > p.maxLength || !regex.test(value))) {
    throw badRequest(`El segmento ${p.name} de la ruta no tiene el formato esperado: ${p.description}`);
  }
  if (p.enum !== undefined && !p.enum.includes(value)) {
    throw badRequest(`El segmento ${p.name} de la ruta debe ser uno de: ${p.enum.join(", ")}.`);
  }
  if (p.format === "date" && !isValidIsoDate(value)) {
    throw badRequest(`El segmento ${p.name} de la ruta debe ser una fecha real con formato AAAA-MM-DD; se recibió «${printable(value)}».`);
  }
}
