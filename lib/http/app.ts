// The API as a Hono app: one handler per route of lib/routes/routes.ts (Request → Response) behind the gate they share, one onError.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { etag } from "hono/etag";
import { API_BASE, documentRoutes, isFiltered, JSON_TYPE, queryParams, routes, variantPath, type Route } from "../routes/routes.ts";
import type { PostBody } from "../route-shape/route-types.ts";
import { secondsUntilNextMidnightInMexicoCity } from "../../core/dates.ts";
import type { Handler, HandlerOutput } from "../http-kit/handler.ts";
import { clientIp, clientKey, parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env, type RateLimiter } from "./ratelimit.ts";
import {
  badRequest,
  HttpError,
  internalError,
  methodNotAllowed,
  notFound,
  printable,
  problem,
  problemBody,
  problemResponse,
  tooManyRequests,
  uriTooLong,
} from "../http-kit/errors.ts";
import { etagOf } from "../http-kit/etag.ts";
import { Freshness, type DatasetFacts } from "./freshness.ts";
import { pagingHeaders, PageTotals } from "./paging.ts";
import { allowedMethods, cacheControl, CORS_HEADERS, EXPOSED_HEADERS } from "../http-kit/headers.ts";
import { readBody } from "../http-kit/body.ts";
import { FirstMatch, pathValuesOf, routablePath } from "./path.ts";
import { isDateRange, parseQuery, type QueryValues } from "../http-kit/query.ts";
import { respond, type FileStore, type HeaderList } from "../http-kit/respond.ts";
import { fileResponse } from "./static.ts";
import { dumpResponse, isDumpFile } from "./byte-ranges.ts";
import { routerPath, withHeaders } from "./netlify.ts";

/** Longest request target (path and query, as sent) that is read at all. */
export const MAX_TARGET_BYTES = 2048;

/** A request's target as sent (path still percent-encoded, query without "?"), its rate-limit headers, its client key. */
export interface Target {
  path: string;
  query: string;
  rate: HeaderList;
  client?: string;
}

const TARGET = Symbol("target");

/** Read from the URL string once per request (the router and the answer both need it; no URL object). */
export function targetOf(req: Request): Target {
  const carrier = req as Request & { [TARGET]?: Target };
  carrier[TARGET] ??= parseTarget(req.url);
  return carrier[TARGET];
}

function parseTarget(url: string): Target {
  const start = url.indexOf("/", url.indexOf(":") + 3);
  if (start < 0) return { path: "/", query: "", rate: [] };
  const hash = url.indexOf("#", start);
  const end = hash < 0 ? url.length : hash;
  const q = url.indexOf("?", start);
  if (q < 0 || q > end) return { path: url.slice(start, end), query: "", rate: [] };
  return { path: url.slice(start, q), query: url.slice(q + 1, end), rate: [] };
}

/** A checked request: `path`, the file that answers it (null where none can exist); `compute`, the answer without a file. */
interface Step {
  path?: string | null;
  rate: HeaderList;
  route?: Route;
  pathValues?: Record<string, string>;
  query?: QueryValues;
  compute?: () => Response;
}

/** Answers a checked request (a function route's has no `path`): this process's files and handlers by default, the host's at the edge. */
export type Host = (c: Context<ApiEnv>, step: Step) => Response | Promise<Response>;

/**
 * `routes`: all by default (a Netlify function mounts its own). `files`: absent where the host serves them. `handlers`
 * answer function routes, `fallbacks` file routes' forms without a file. `env`: FISCAL_RATE_LIMIT…, FISCAL_TRUSTED_PROXIES.
 * `rateLimit`: false where the platform alone enforces it. `status`: /status's bytes, read on first use. `schedule`
 * runs a computed answer (by default at once); `other` answers paths outside the API and its documents (by default a 404).
 */
export interface ApiOptions {
  routes?: readonly Route[];
  files?: FileStore;
  handlers?: Readonly<Record<string, Handler>>;
  fallbacks?: Readonly<Record<string, Handler>>;
  env?: Env;
  rateLimit?: boolean;
  now?: () => number;
  status?: () => Uint8Array | undefined;
  host?: Host;
  schedule?: (c: Context<ApiEnv>, client: string, compute: () => Response) => Response | Promise<Response>;
  other?: (c: Context<ApiEnv>, target: Target, api: Api) => Response | Promise<Response>;
}

const API_PREFIX = `${API_BASE}/`;
const encoder = new TextEncoder();
/** Hono's ETag middleware; a 304 keeps all of the 200 it stands for but the body's type and length. */
const CONDITIONAL = etag({
  retainedHeaders: [
    "Cache-Control",
    "ETag",
    ...CORS_HEADERS.filter((_, i) => i % 2 === 0),
    ...EXPOSED_HEADERS.filter((h) => h !== "ETag" && h !== "Retry-After"),
  ],
});
/** Hono's CORS middleware answering the preflight, per Allow list. */
const PREFLIGHTS = new Map<string, MiddlewareHandler>();
/** Each route's Cache-Control, where it does not depend on the request time. */
const ROUTE_CACHE = new Map(routes.map((r) => [r.id, r.cache === "until-midnight-mexico-city" ? undefined : cacheControl(r.cache)]));
const DOCUMENT_PATHS: ReadonlySet<string> = new Set(documentRoutes.map((d) => d.path));

/** What the 404 of a step without an answer says: the route's own words, or the path that has no data. */
export function missingDetail(step: { route?: Route; pathValues?: Record<string, string> }, path: string): string {
  if (step.route?.missing !== undefined && step.pathValues !== undefined) return step.route.missing(step.pathValues);
  return `No hay datos publicados para ${printable(path)}.`;
}

/** `head` then `text` in UTF-8: an ASCII path is copied (a fraction of TextEncoder's cost on short strings); web APIs only, for the edge. */
function concatText(head: Uint8Array, text: string): Uint8Array {
  let ascii = true;
  for (let i = 0; i < text.length && ascii; i++) ascii = text.charCodeAt(i) < 0x80;
  const tail = ascii ? undefined : encoder.encode(text);
  const body = new Uint8Array(head.length + (tail?.length ?? text.length));
  body.set(head);
  if (tail !== undefined) body.set(tail, head.length);
  else for (let i = 0; i < text.length; i++) body[head.length + i] = text.charCodeAt(i);
  return body;
}

/** The app's environment: the platform's context, Netlify's (`ip`) or the Node adapter's (`incoming`); none in process. */
export type ApiEnv = {
  Bindings:
    | { ip?: string; incoming?: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } } }
    | undefined;
};

export class Api {
  readonly app = new Hono<ApiEnv>({ router: new FirstMatch(), getPath: (req) => routablePath(targetOf(req).path) });
  private readonly limiter: RateLimiter | undefined;
  private readonly trusted: ReadonlySet<string>;
  private readonly now: () => number;
  private readonly host: Host;
  /** The 429 body up to its `instance` value, by seconds left: at most one per second of the window. */
  private readonly tooManyHeads = new Map<number, Uint8Array>();
  private facts: { fresh: Freshness; totals: PageTotals } | undefined;

  constructor(private readonly options: ApiOptions = {}) {
    const env = options.env ?? {};
    this.limiter = options.rateLimit === false ? undefined : rateLimiterFromEnv(env);
    this.trusted = parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]);
    this.now = options.now ?? Date.now;
    this.host = options.host ?? ((c, step) => this.local(c, step));
    // Where a template also matches a literal route (/fx/{date}, /fx/today), FirstMatch gives the literal one.
    for (const route of options.routes ?? routes) {
      if (route.post !== undefined && route.kind !== "function") throw new Error(`${route.id}: only a function route can take a POST body`);
      this.app.all(routerPath(route), (c) => this.conditional(c, route));
    }
    this.app.notFound((c) => this.conditional(c, undefined));
    this.app.onError((e, c) => {
      const target = targetOf(c.req.raw);
      if (e instanceof HttpError) return problem(e, target.path, target.rate);
      const query = target.query === "" ? "" : `?${printable(target.query)}`;
      console.error(`Error interno en ${c.req.method} ${printable(target.path)}${query}:`, e);
      return problem(internalError(), target.path, target.rate);
    });
  }

  /** The same app over the same data without the rate limit, for requests made on behalf of one already counted (MCP tools). */
  withoutLimit(): Api {
    return new Api({ ...this.options, rateLimit: false });
  }

  /** An endpoint beside the API (/mcp) in the same budget, under the same client key: the 429, or `answer` with the rate-limit headers. */
  async beside(c: Context<ApiEnv>, answer: () => Promise<Response>): Promise<Response> {
    const rate = this.count(c, targetOf(c.req.raw));
    return rate instanceof Response ? rate : withHeaders(await answer(), rate);
  }

  /** A request header by lower-case name: from Node's plain header object where there is one (cheaper than web Headers). */
  private header(c: Context<ApiEnv>, name: string): string | undefined {
    const incoming = c.env?.incoming;
    if (incoming === undefined) return c.req.raw.headers.get(name) ?? undefined;
    const v = incoming.headers[name];
    return Array.isArray(v) ? v.join(", ") : v;
  }

  /** Counts one request of its client: the rate-limit headers, or the 429 when the client's window is spent. */
  private count(c: Context<ApiEnv>, target: Target): Response | HeaderList {
    if (this.limiter === undefined) return [];
    const decision = this.limiter.take(this.clientOf(c, target), this.now());
    return decision.allowed ? decision.headers : this.tooMany(target.path, decision.reset, decision.headers);
  }

  /** The peer's address, or a trusted proxy's X-Forwarded-For (read only then), IPv6 per /64; worked out once (the limiter and the turns ask). */
  private clientOf(c: Context<ApiEnv>, target: Target): string {
    target.client ??= clientKey(
      clientIp(
        c.env?.incoming?.socket.remoteAddress ?? c.env?.ip ?? "",
        this.trusted.size === 0 ? undefined : this.header(c, "x-forwarded-for"),
        this.trusted,
      ),
    );
    return target.client;
  }

  /** With If-None-Match, the answer through Hono's ETag middleware (a 200 whose ETag it names becomes a 304); else synchronously as is. */
  private conditional(c: Context<ApiEnv>, route: Route | undefined): Response | Promise<Response> {
    if (this.header(c, "if-none-match") === undefined) return this.answer(c, route);
    return CONDITIONAL(c, async () => {
      c.res = await this.answer(c, route);
    }).then(() => c.res);
  }

  /** Any request: size, rate limit, preflight and method (`route`'s, GET and HEAD elsewhere), then the file by its own path, the route's answer, or the 404. */
  private answer(c: Context<ApiEnv>, route: Route | undefined): Response | Promise<Response> {
    const target = targetOf(c.req.raw);
    if (!target.path.startsWith(API_PREFIX) && target.path !== API_BASE && !DOCUMENT_PATHS.has(target.path)) {
      if (this.options.other !== undefined) return this.options.other(c, target, this);
      throw notFound("La ruta no existe.");
    }
    // Before the limiter: an oversized target is refused without being counted or remembered.
    if (target.path.length + target.query.length + 1 > MAX_TARGET_BYTES) return problem(uriTooLong(MAX_TARGET_BYTES), target.path, []);
    // Documents outside the API prefix are served like site files by the host: no rate limit.
    const rate = target.path === API_BASE || target.path.startsWith(API_PREFIX) ? this.count(c, target) : [];
    if (rate instanceof Response) return rate;
    target.rate = rate;
    const method = c.req.method;
    if (method === "OPTIONS") return this.preflight(c, rate, route);
    const post = route?.post;
    const allowed = method === "POST" ? post !== undefined : (method === "GET" || method === "HEAD") && post?.only !== true;
    if (!allowed) throw methodNotAllowed(method, allowedMethods(route));
    // A file of the tree asked for by its own path (documents, dumps): served as the host serves it.
    if (target.path.endsWith(".json") || DOCUMENT_PATHS.has(target.path) || this.options.files?.get(target.path) !== undefined)
      return this.host(c, { path: target.path, rate });
    if (route === undefined) {
      routablePath(target.path, true); // the 400 of a malformed escape
      throw notFound(`La ruta ${printable(target.path)} no existe en la API; las rutas están en ${API_BASE}/openapi.json.`);
    }
    const pathValues = pathValuesOf(route, c.req.path);
    if (method === "POST") return this.posted(c, route, target, pathValues, rate);
    const query = parseQuery(target.query, queryParams(route), route.strictQuery === true);
    const now = this.now();
    const handler = (route.kind === "file" ? this.options.fallbacks : this.options.handlers)?.[route.id];
    const compute =
      handler &&
      ((): Response => {
        const out = handler({ pathValues, query, now });
        return this.dynamic(route, out, rate, now, false, out.total === undefined ? [] : pagingHeaders(route, query, out.total));
      });
    if (route.kind === "function") return this.host(c, { route, rate, compute });
    const path = isDateRange(query) || isFiltered(route, query) ? null : variantPath(route, pathValues, query);
    return this.host(c, { path, rate, route, pathValues, query, compute });
  }

  /** A POST: the body read within its route's bounds, then the handler as for a GET, never cached; all it asks is in its body. */
  private async posted(
    c: Context<ApiEnv>,
    route: Route,
    target: Target,
    pathValues: Record<string, string>,
    rate: HeaderList,
  ): Promise<Response> {
    if (target.query !== "") {
      throw badRequest("Una solicitud POST lleva sus datos en el cuerpo: quite los parámetros de la dirección (lo que sigue a «?»).");
    }
    const body = await readBody(c, route.post as PostBody, (name) => this.header(c, name));
    const now = this.now();
    const handler = this.options.handlers?.[route.id];
    const compute = handler && ((): Response => this.dynamic(route, handler({ pathValues, query: {}, now, body }), rate, now, true));
    return this.host(c, { route, rate, compute });
  }

  /** Files from `files` (a paged list's file with its Link, as at the edge), else computed answers (through `schedule`), else the 404. */
  private local(c: Context<ApiEnv>, step: Step): Response | Promise<Response> {
    const path = step.path ?? "";
    const file = path === "" ? undefined : this.options.files?.get(path);
    if (file !== undefined) {
      const facts = this.statusFacts();
      const total = step.route === undefined ? undefined : facts?.totals.total(step.route);
      const paging =
        total === undefined || step.query === undefined
          ? facts?.totals.forPath(path)
          : pagingHeaders(step.route as Route, step.query, total);
      const extra = facts === undefined ? step.rate : [...facts.fresh.forPath(path, this.now()), ...(paging ?? []), ...step.rate];
      return isDumpFile(path) ? dumpResponse(file, (name) => this.header(c, name), extra) : fileResponse(file, extra);
    }
    if (step.compute === undefined) throw notFound(missingDetail(step, targetOf(c.req.raw).path));
    if (this.options.schedule === undefined) return step.compute();
    return this.options.schedule(c, this.clientOf(c, targetOf(c.req.raw)), step.compute);
  }

  /** The /status facts behind the x-fmx-data-* headers and the page totals, parsed on first use; none without /status. */
  private statusFacts(): { fresh: Freshness; totals: PageTotals } | undefined {
    const bytes = this.facts === undefined ? this.options.status?.() : undefined;
    if (bytes !== undefined) {
      const { datasets } = JSON.parse(new TextDecoder().decode(bytes)) as { datasets: (DatasetFacts & { records: number })[] };
      this.facts = { fresh: new Freshness(datasets), totals: new PageTotals(datasets) };
    }
    return this.facts;
  }

  /** A computed answer: cached by the route's policy with its ETag, or, to a POST, never stored. */
  private dynamic(route: Route, out: HandlerOutput, rate: HeaderList, now: number, posted: boolean, paging: HeaderList = []): Response {
    const data = this.statusFacts()?.fresh.computed(route, now) ?? [];
    const length = String(out.body.length);
    if (posted) {
      const headers = ["Content-Type", JSON_TYPE, "Content-Length", length, "Cache-Control", "no-store", ...CORS_HEADERS, ...data, ...rate];
      return respond(200, headers, out.body);
    }
    const cache =
      out.maxAge !== undefined
        ? `public, max-age=${out.maxAge}`
        : (ROUTE_CACHE.get(route.id) ?? cacheControl(route.cache, secondsUntilNextMidnightInMexicoCity(new Date(now))));
    const headers = ["Content-Type", JSON_TYPE, "Content-Length", length, "Cache-Control", cache, "ETag", out.etag ?? etagOf(out.body)];
    return respond(200, [...headers, ...CORS_HEADERS, ...data, ...paging, ...rate], out.body);
  }

  /** A 429. Refusing must cost less than answering: the body up to its `instance` is made once per second left in the window. */
  private tooMany(path: string, reset: number, rate: HeaderList): Response {
    const limiter = this.limiter as RateLimiter;
    const error = tooManyRequests(limiter.limit, limiter.windowSeconds, reset);
    let head = this.tooManyHeads.get(reset);
    if (head === undefined) {
      // The body ends with `"instance":""}`: keep what comes before the empty string.
      const sample = problemBody(error, "");
      head = sample.subarray(0, sample.length - 3);
      this.tooManyHeads.set(reset, head);
    }
    return problemResponse(error, concatText(head, `${JSON.stringify(path)}}`), rate);
  }

  /** CORS preflight by Hono's cors middleware: the methods the path answers (also in Allow), the headers asked, cached a day; counted. */
  private preflight(c: Context<ApiEnv>, rate: HeaderList, route: Route | undefined): Promise<Response> {
    const methods = allowedMethods(route);
    const extra = ["Allow", methods, "X-Content-Type-Options", "nosniff", ...rate];
    for (let i = 0; i + 1 < extra.length; i += 2) c.header(extra[i] as string, extra[i + 1] as string);
    let answer = PREFLIGHTS.get(methods);
    if (answer === undefined) {
      // One list item each, so that the values keep their spelling ("GET, HEAD, OPTIONS"); cors() joins with ",".
      answer = cors({ origin: "*", allowMethods: [methods], exposeHeaders: [EXPOSED_HEADERS.join(", ")], maxAge: 86400 });
      PREFLIGHTS.set(methods, answer);
    }
    return answer(c, async () => undefined) as Promise<Response>;
  }
}
