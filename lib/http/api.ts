// The request pipeline: rate limit · method · CORS · route and parameter checks · file or handler · ETag/304.
import {
  API_BASE,
  documentRoutes,
  filePath,
  isFiltered,
  JSON_TYPE,
  queryParams,
  routes,
  type IntegerQueryParam,
  type Route,
} from "../routes.ts";
import { secondsUntilNextMidnightInMexicoCity } from "../../core/dates.ts";
import { clientIp, clientKey, parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import {
  errorResult,
  methodNotAllowed,
  notFound,
  printable,
  problem,
  problemBody,
  problemResult,
  tooManyRequests,
  uriTooLong,
} from "./errors.ts";
import { etagOf, ifNoneMatchHits } from "./etag.ts";
import { Freshness } from "./freshness.ts";
import type { Handler, HandlerOutput } from "../handler.ts";
import { ALLOWED_METHODS, cacheControl, CORS_HEADERS } from "./headers.ts";
import { isDateRange, parseQuery, type QueryValues } from "./query.ts";
import type { RateLimiter } from "./ratelimit.ts";
import { Router } from "./router.ts";
import { notModifiedHeaders, okHeaders, type FileStore, type StaticFile } from "./static.ts";
import type { HeaderList, HttpRequest, HttpResult } from "./types.ts";

/** Longest request target (path and query, as sent) that is read at all. */
export const MAX_TARGET_BYTES = 2048;

export interface ApiOptions {
  /** Prebuilt responses by path; absent where the host serves files itself (functions). */
  files?: FileStore;
  /** Function routes by route id. */
  handlers?: Readonly<Record<string, Handler>>;
  /** File routes by id whose query variant may have no file (arbitrary clave-prod-serv pages). */
  fallbacks?: Readonly<Record<string, Handler>>;
  /**
   * FISCAL_RATE_LIMIT (requests per window, default 60; raised for load tests),
   * FISCAL_RATE_LIMIT_MAX_CLIENTS (tracked clients, default 100,000),
   * FISCAL_TRUSTED_PROXIES (comma-separated peer addresses whose X-Forwarded-For is believed).
   */
  env?: Env;
  /** False where the platform alone enforces the limit: requests under the API prefix are not counted. */
  rateLimit?: boolean;
  now?: () => number;
  /** The published /status document's bytes, behind the x-fmx-data-* headers, read on first use. */
  status?: () => Uint8Array | undefined;
}

const API_PREFIX = `${API_BASE}/`;
const encoder = new TextEncoder();
const ALLOW_HEADERS_TOKEN_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/**
 * Where a checked request goes. `answer`: complete (errors, preflight, 429). `file`: the prebuilt file at
 * `path` (null for a query form that never has one, a date range or a filtered list), else `compute` (arbitrary catalog
 * pages, date ranges, dates without an observation), else 404. `function`: a function route, answered by
 * `compute` where its handler runs here, or by the platform's function.
 */
export type Step =
  | { kind: "answer"; result: HttpResult }
  | {
      kind: "file";
      path: string | null;
      rate: HeaderList;
      route?: Route;
      pathValues?: Record<string, string>;
      query?: QueryValues;
      compute?: () => HttpResult;
    }
  | { kind: "function"; rate: HeaderList; route: Route; compute?: () => HttpResult };

/** What the 404 of a step without an answer says: the route's own words, or the path that has no data. */
export function missingDetail(step: { route?: Route; pathValues?: Record<string, string> }, path: string): string {
  if (step.route?.missing !== undefined && step.pathValues !== undefined) return step.route.missing(step.pathValues);
  return `No hay datos publicados para ${printable(path)}.`;
}

export class Api {
  private readonly router = new Router();
  private readonly files: FileStore | undefined;
  private readonly handlers: Readonly<Record<string, Handler>>;
  private readonly fallbacks: Readonly<Record<string, Handler>>;
  private readonly limiter: RateLimiter | undefined;
  private readonly trusted: ReadonlySet<string>;
  private readonly now: () => number;
  /** Every document's path (discovery files, openapi.json, dumps): files even where this code has none (the edge). */
  private readonly documentPaths: ReadonlySet<string> = new Set(documentRoutes.map((d) => d.path));
  private readonly documents: ReadonlySet<string> = new Set([...this.documentPaths].filter((p) => !p.startsWith(API_PREFIX)));
  /** The 429 body up to its `instance` value, by seconds left: at most one per second of the window. */
  private readonly tooManyHeads = new Map<number, Uint8Array>();
  private readonly routeCache = new Map(
    routes.map((r) => [r.id, r.cache === "until-midnight-mexico-city" ? undefined : cacheControl(r.cache)]),
  );

  private fresh: Freshness | undefined;

  constructor(private readonly options: ApiOptions = {}) {
    const env = options.env ?? {};
    this.files = options.files;
    this.handlers = options.handlers ?? {};
    this.fallbacks = options.fallbacks ?? {};
    this.limiter = options.rateLimit === false ? undefined : rateLimiterFromEnv(env);
    this.trusted = parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]);
    this.now = options.now ?? Date.now;
  }

  /**
   * The same pipeline over the same handlers and files (and so the same data, loaded once), without the rate
   * limit: for requests made on behalf of one already counted, like an MCP tool's.
   */
  withoutLimit(): Api {
    return new Api({ ...this.options, rateLimit: false });
  }

  /** The /status facts behind the x-fmx-data-* headers; none where there is no /status. */
  private freshness(): Freshness | undefined {
    if (this.fresh === undefined && this.options.status !== undefined) this.fresh = Freshness.fromStatus(this.options.status());
    return this.fresh;
  }

  /** Whether the pipeline answers this path: the API and the documents beside it. */
  owns(path: string): boolean {
    return path.startsWith(API_PREFIX) || path === API_BASE || this.documents.has(path);
  }

  /** The answer to any request for a path it owns; null for other paths (site pages). Never throws. */
  handle(req: HttpRequest): HttpResult | null {
    const prepared = this.prepare(req);
    return typeof prepared === "function" ? prepared() : prepared;
  }

  /**
   * `handle` in two steps, for a server that schedules the costly ones: the answer itself when it is a file, an
   * error, a preflight or a refusal; a function that computes it (never throwing) when it is built on demand.
   */
  prepare(req: HttpRequest): HttpResult | (() => HttpResult) | null {
    const step = this.resolve(req);
    if (step === null) return null;
    if (step.kind === "answer") return step.result;
    const compute = step.compute;
    const served = this.guard(req, step.rate, () => {
      if (step.kind === "file" && step.path !== null) {
        const file = this.files?.get(step.path);
        if (file !== undefined) {
          const data = this.freshness()?.forPath(step.path) ?? [];
          return fileResult(file, req, [...data, ...step.rate], req.method === "HEAD");
        }
      }
      if (compute === undefined) throw notFound(missingDetail(step, req.path));
      return null;
    });
    if (served !== null || compute === undefined) return served;
    return () => this.guard(req, step.rate, compute) as HttpResult;
  }

  /**
   * Everything that does not need the files: rate limit, method, size, route and parameter checks.
   * The edge uses it alone and lets the host serve the file or the function; `handle` goes on to serve.
   */
  resolve(req: HttpRequest): Step | null {
    if (!this.owns(req.path)) return null;
    // Before the limiter: an oversized target is refused without being counted or remembered.
    if (req.path.length + req.query.length + 1 > MAX_TARGET_BYTES) {
      return { kind: "answer", result: problem(uriTooLong(MAX_TARGET_BYTES), req.path, [], req.method === "HEAD") };
    }
    const now = this.now();
    let rate: HeaderList = [];
    // Documents outside the API prefix are served like site files by the host: no rate limit.
    if (req.path === API_BASE || req.path.startsWith(API_PREFIX)) {
      const counted = this.count(req, now);
      if (counted.refused !== undefined) return { kind: "answer", result: counted.refused };
      rate = counted.rate;
    }
    let step: Step | undefined;
    const result = this.guard(req, rate, () => {
      step = this.check(req, now, rate);
      return null;
    });
    return result !== null ? { kind: "answer", result } : (step ?? null);
  }

  /**
   * Counts one request of its client (the same key for every endpoint the limiter guards: the API and
   * /mcp) and gives the rate-limit headers, or the 429 when the client's window is spent.
   */
  count(req: HttpRequest, now: number = this.now()): { rate: HeaderList; refused?: HttpResult } {
    if (this.limiter === undefined) return { rate: [] };
    const decision = this.limiter.take(this.client(req), now);
    if (decision.allowed) return { rate: decision.headers };
    return { rate: decision.headers, refused: this.tooMany(req, decision.reset, decision.headers) };
  }

  /** The client a request is counted for: the socket address, or a trusted proxy's `X-Forwarded-For`; IPv6 per /64. */
  client(req: HttpRequest): string {
    const forwarded = this.trusted.size > 0 ? req.header("x-forwarded-for") : undefined;
    return clientKey(clientIp(req.ip, forwarded, this.trusted));
  }

  /**
   * A 429. Refusing must cost less than answering, so the body's constant part (everything before the
   * `instance`, which depends only on the seconds left) is made once per second of the window; memory stays
   * the same whatever paths a flood asks for.
   */
  private tooMany(req: HttpRequest, reset: number, rate: HeaderList): HttpResult {
    const limiter = this.limiter as RateLimiter;
    const error = tooManyRequests(limiter.limit, limiter.windowSeconds, reset);
    let head = this.tooManyHeads.get(reset);
    if (head === undefined) {
      const sample = problemBody(error, "");
      // The body ends with `"instance":""}`: keep what comes before the empty string.
      head = sample.subarray(0, sample.length - 3);
      this.tooManyHeads.set(reset, head);
    }
    // Web APIs only (no Buffer): the edge runtime shares this code.
    const tail = encoder.encode(`${JSON.stringify(req.path)}}`);
    const body = new Uint8Array(head.length + tail.length);
    body.set(head);
    body.set(tail, head.length);
    return problemResult(error, body, rate, req.method === "HEAD");
  }

  /** Runs `work`, turning any error into its problem response (errors.ts errorResult). */
  private guard(req: HttpRequest, rate: HeaderList, work: () => HttpResult | null): HttpResult | null {
    try {
      return work();
    } catch (e) {
      return errorResult(e, req, rate);
    }
  }

  private check(req: HttpRequest, now: number, rate: HeaderList): Step {
    const method = req.method;
    if (method === "OPTIONS") return { kind: "answer", result: preflight(req, rate) };
    if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method);
    const head = method === "HEAD";

    // A file of the tree asked for by its own path (documents, dumps): served as the host serves it.
    if (this.files?.get(req.path) !== undefined || req.path.endsWith(".json") || this.documentPaths.has(req.path))
      return { kind: "file", path: req.path, rate };

    const match = this.router.match(req.path);
    if (match === null) throw notFound(`La ruta ${printable(req.path)} no existe en la API; las rutas están en ${API_BASE}/openapi.json.`);
    const { route, pathValues } = match;
    const query = parseQuery(req.query, queryParams(route));
    const input = { pathValues, query, now };
    const run = (handler: Handler | undefined): (() => HttpResult) | undefined =>
      handler === undefined ? undefined : () => this.dynamic(route, handler(input), req, rate, head, now);

    if (route.kind === "file") {
      const path = isDateRange(query) || isFiltered(route, query) ? null : variantPath(route, pathValues, query);
      return { kind: "file", path, rate, route, pathValues, query, compute: run(this.fallbacks[route.id]) };
    }
    return { kind: "function", rate, route, compute: run(this.handlers[route.id]) };
  }

  private dynamic(route: Route, out: HandlerOutput, req: HttpRequest, rate: HeaderList, head: boolean, now: number): HttpResult {
    const etag = out.etag ?? etagOf(out.body);
    const cache =
      out.maxAge !== undefined
        ? `public, max-age=${out.maxAge}`
        : (this.routeCache.get(route.id) ?? cacheControl(route.cache, secondsUntilNextMidnightInMexicoCity(new Date(now))));
    const data = this.freshness()?.computed(route, now) ?? [];
    const common = ["Cache-Control", cache, "ETag", etag, ...CORS_HEADERS, ...data, ...rate];
    if (ifNoneMatchHits(req.header("if-none-match"), etag)) return { status: 304, headers: common, body: null };
    const headers = ["Content-Type", JSON_TYPE, "Content-Length", String(out.body.length), ...common];
    return { status: 200, headers, body: head ? null : out.body };
  }
}

/**
 * The file of a query form, as the host rules map it (build/netlify.ts): without query parameters the
 * route's own file; with any, the variant that spells every parameter, defaults filled in.
 */
export function variantPath(route: Route, pathValues: Record<string, string>, query: QueryValues): string {
  const params = queryParams(route).filter((p): p is IntegerQueryParam => p.type === "integer");
  if (!params.some((p) => p.name in query)) return filePath(route, pathValues);
  const values: Record<string, number> = {};
  for (const p of params) {
    const v = query[p.name];
    values[p.name] = typeof v === "number" ? v : p.default;
  }
  return filePath(route, pathValues, values);
}

function fileResult(file: StaticFile, req: HttpRequest, rate: HeaderList, head: boolean): HttpResult {
  if (ifNoneMatchHits(req.header("if-none-match"), file.etag)) return { status: 304, headers: notModifiedHeaders(file, rate), body: null };
  return { status: 200, headers: okHeaders(file, rate), body: head ? null : file.body };
}

/** CORS preflight: any method the API has, the request headers a browser asks for, cached a day. */
function preflight(req: HttpRequest, rate: HeaderList): HttpResult {
  const headers = ["Access-Control-Allow-Methods", ALLOWED_METHODS, "Access-Control-Max-Age", "86400", ...CORS_HEADERS, ...rate];
  const asked = req.header("access-control-request-headers");
  if (asked !== undefined && asked.length <= 512 && ALLOW_HEADERS_TOKEN_LIST.test(asked))
    headers.push("Access-Control-Allow-Headers", asked);
  return { status: 204, headers, body: null };
}
