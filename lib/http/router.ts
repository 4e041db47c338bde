// Matches an API path against the route table and checks its path parameters (malformed → 400).
import { API_BASE, routes as allRoutes, type PathParam, type Route } from "../routes.ts";
import { isValidIsoDate } from "../../core/dates.ts";
import { badRequest, printable } from "./errors.ts";
import { decodeComponent } from "./query.ts";

export interface RouteMatch {
  route: Route;
  /** Decoded path parameters by name. */
  pathValues: Record<string, string>;
}

type Segment = string | PathParam;

interface Template {
  route: Route;
  segments: Segment[];
  regexes: (RegExp | undefined)[];
}

/** Routes by path relative to API_BASE; literal routes win over templates with parameters. */
export class Router {
  private readonly exact = new Map<string, Route>();
  /** Templates by their first segment (every template's first segment is literal), in table order. */
  private readonly templates = new Map<string, Template[]>();

  constructor(routes: readonly Route[] = allRoutes) {
    for (const route of routes) {
      if (!route.path.includes("{")) {
        this.exact.set(route.path, route);
        continue;
      }
      const segments = route.path
        .slice(1)
        .split("/")
        .map((s): Segment => {
          const name = /^\{(\w+)\}$/.exec(s)?.[1];
          if (name === undefined) return s;
          const param = route.params.find((p): p is PathParam => p.in === "path" && p.name === name);
          if (!param) throw new Error(`${route.id}: no path parameter ${name}`);
          return param;
        });
      const regexes = segments.map((s) => (typeof s !== "string" && s.pattern !== undefined ? new RegExp(s.pattern) : undefined));
      const first = segments[0];
      if (typeof first !== "string") throw new Error(`${route.id}: the path starts with a parameter`);
      const group = this.templates.get(first) ?? [];
      group.push({ route, segments, regexes });
      this.templates.set(first, group);
    }
  }

  /**
   * The route of `rawPath` (the full path as sent, percent-encoded), or null when none has that shape.
   * Throws a 400 HttpError for malformed escapes, control characters or a malformed path parameter.
   */
  match(rawPath: string): RouteMatch | null {
    let rel = rawPath.slice(API_BASE.length);
    if (rel.length > 1 && rel.endsWith("/")) rel = rel.slice(0, -1);
    const fast = this.exact.get(rel);
    if (fast !== undefined) return { route: fast, pathValues: {} };
    if (!rel.startsWith("/")) return null;
    // Decoded values are only compared, matched against patterns, looked up in maps or handed to a
    // handler that checks them (the RFC validator answers a control character with valid: false).
    const segments = rel
      .slice(1)
      .split("/")
      .map((s) => decodeComponent(s, false));
    if (rawPath.includes("%")) {
      const literal = this.exact.get(`/${segments.join("/")}`);
      if (literal !== undefined) return { route: literal, pathValues: {} };
    }
    for (const t of this.templates.get(segments[0] ?? "") ?? []) {
      if (t.segments.length !== segments.length) continue;
      if (!t.segments.every((s, i) => typeof s !== "string" || s === segments[i])) continue;
      const pathValues: Record<string, string> = {};
      t.segments.forEach((s, i) => {
        if (typeof s === "string") return;
        const value = segments[i] ?? "";
        checkPathParam(s, value, t.regexes[i]);
        pathValues[s.name] = value;
      });
      return { route: t.route, pathValues };
    }
    return null;
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
