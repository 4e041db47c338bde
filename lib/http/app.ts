// The API as a Hono app: one handler per route of lib/routes/routes.ts (Request → Response) behind the gate they share, one onError.
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import {
  API_BASE,
  documentRoutes,
  isFiltered,
  JSON_TYPE,
  queryParams,
  routes as allRoutes,
  variantPath,
  type Route,
} from "../routes/routes.ts";
import { secondsUntilNextMidnightInMexicoCity } from "../../core/dates.ts";
import type { Handler, HandlerOutput } from "../http-kit/handler.ts";
import { clientIp, clientKey, parseTrustedProxies } from "./client-ip.ts";
import { rateLimiterFromEnv, type Env } from "./config.ts";
import {
  badRequest,
  errorResponse,
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
import { etag } from "hono/etag";
import { Freshness } from "./freshness.ts";
import { isPagedList, pagingHeaders, PageTotals } from "./paging.ts";
import { allowedMethods, cacheControl, CORS_HEADERS, EXPOSED_HEADERS } from "../http-kit/headers.ts";
import { readBody } from "../http-kit/body.ts";
import { FirstMatch, pathValuesOf, routablePath } from "./path.ts";
import { targetOf, type Target } from "../http-kit/target.ts";
import { isDateRange, parseQuery, type QueryValues } from "../http-kit/query.ts";
import type { RateLimiter } from "./ratelimit.ts";
import { respond, type HeaderList } from "../http-kit/respond.ts";
import { fileResponse } from "./static.ts";
import type { FileStore } from "../http-kit/file-store.ts";
import { dumpResponse, isDumpFile, type DumpAsk } from "./byte-ranges.ts";
import { routerPath, withHeaders } from "./netlify.ts";

/** Longest request target (path and query, as sent) that is read at all. */
export const MAX_TARGET_BYTES = 2048;

/** A checked request: `path`, the file that answers it (null where none can exist); `compute`, the answer without a file. */
interface Step {
  path?: string | null;
  rate: HeaderList;
  route?: Route;
  pathValues?: Record<string, string>;
  query?: QueryValues;
  compute?: () => Response;
}

/** Where checked requests are answered: this process's files and handlers by default, the host's at the edge. */
export interface Host {
  file(c: Context<ApiEnv>, step: Step): Response | Promise<Response>;
  function(c: Context<ApiEnv>, step: Step): Response | Promise<Response>;
}

export interface ApiOptions {
  /** The routes mounted; all by default (a Netlify function mounts its own). */
  routes?: readonly Route[];
  /** Prebuilt responses by path; absent where the host serves files itself (functions, edge). */
  files?: FileStore;
  /** Function routes' handlers, and file routes' for query variants without a file, by route id. */
  handlers?: Readonly<Record<string, Handler>>;
  fallbacks?: Readonly<Record<string, Handler>>;
  /** FISCAL_RATE_LIMIT, FISCAL_RATE_LIMIT_MAX_CLIENTS, FISCAL_TRUSTED_PROXIES (peers whose X-Forwarded-For is believed). */
  env?: Env;
  /** False where the platform alone enforces the limit. */
  rateLimit?: boolean;
  now?: () => number;
  /** The published /status document's bytes, behind the x-fmx-data-* headers, read on first use. */
  status?: () => Uint8Array | undefined;
  /** Answers checked requests; by default from `files` and the handlers. */
  host?: Host;
  /** The client's address and a request header (lower-case name); by default from the platform context and the web Request. */
  ip?: (c: Context<ApiEnv>) => string;
  header?: (c: Context<ApiEnv>, name: string) => string | undefined;
  /** Runs a computed answer (the local server takes turns between clients); by default at once. */
  schedule?: (c: Context<ApiEnv>, client: string, compute: () => Response) => Response | Promise<Response>;
  /** Paths outside the API and its documents (site pages, /mcp through `beside`); by default a 404 problem. */
  other?: (c: Context<ApiEnv>, target: Target, api: Api) => Response | Promise<Response>;
}

const API_PREFIX = `${API_BASE}/`;
const encoder = new TextEncoder();
/** What a 304 keeps of the 200 it stands for: all but the body's type and length. */
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
const ROUTE_CACHE = new Map(allRoutes.map((r) => [r.id, r.cache === "until-midnight-mexico-city" ? undefined : cacheControl(r.cache)]));
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

/** Whether the API answers this path: the API and the documents beside it. */
const owns = (path: string): boolean => path.startsWith(API_PREFIX) || path === API_BASE || DOCUMENT_PATHS.has(path);

/** The app's environment: the platform's context (Netlify's, the Node adapter's), read by the options that know it. */
export type ApiEnv = { Bindings: object | undefined };

export class Api {
  readonly app: Hono<ApiEnv>;
  private readonly limiter: RateLimiter | undefined;
  private readonly trusted: ReadonlySet<string>;
  private readonly now: () => number;
  private readonly host: Host;
  private readonly ip: (c: Context<ApiEnv>) => string;
  private readonly header: (c: Context<ApiEnv>, name: string) => string | undefined;
  /** The 429 body up to its `instance` value, by seconds left: at most one per second of the window. */
  private readonly tooManyHeads = new Map<number, Uint8Array>();
  private fresh: Freshness | undefined;
  private totals: PageTotals | undefined;

  constructor(private readonly options: ApiOptions = {}) {
    const env = options.env ?? {};
    this.limiter = options.rateLimit === false ? undefined : rateLimiterFromEnv(env);
    this.trusted = parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]);
    this.now = options.now ?? Date.now;
    this.host = options.host ?? this.localHost();
    this.ip = options.ip ?? ((c) => (c.env as { ip?: string } | undefined)?.ip ?? "");
    this.header = options.header ?? ((c, name) => c.req.raw.headers.get(name) ?? undefined);
    this.app = this.mount(options.routes ?? allRoutes);
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

  /** Counts one request of its client: the rate-limit headers, or the 429 when the client's window is spent. */
  private count(c: Context<ApiEnv>, target: Target): Response | HeaderList {
    if (this.limiter === undefined) return [];
    const decision = this.limiter.take(this.clientOf(c, target), this.now());
    return decision.allowed ? decision.headers : this.tooMany(target.path, decision.reset, decision.headers);
  }

  /** The peer's address, or a trusted proxy's X-Forwarded-For (read only then), IPv6 per /64; worked out once (the limiter and the turns ask). */
  private clientOf(c: Context<ApiEnv>, target: Target): string {
    target.client ??= clientKey(
      clientIp(this.ip(c), this.trusted.size === 0 ? undefined : this.header(c, "x-forwarded-for"), this.trusted),
    );
    return target.client;
  }

  private mount(mounted: readonly Route[]): Hono<ApiEnv> {
    const app = new Hono<ApiEnv>({ router: new FirstMatch(), getPath: (req) => routablePath(targetOf(req).path) });
    // Where a template also matches a literal route (/fx/{date}, /fx/today), FirstMatch gives the literal one.
    for (const route of mounted) {
      if (route.post !== undefined && route.kind !== "function") throw new Error(`${route.id}: only a function route can take a POST body`);
      app.all(routerPath(route), (c) => this.conditional(c, route));
    }
    app.notFound((c) => this.conditional(c, undefined));
    app.onError((e, c) => errorResponse(e, c.req.method, targetOf(c.req.raw)));
    return app;
  }

  /** With If-None-Match, the answer through Hono's ETag middleware (a 200 whose ETag it names becomes a 304); else synchronously as is. */
  private conditional(c: Context<ApiEnv>, route: Route | undefined): Response | Promise<Response> {
    if (this.header(c, "if-none-match") === undefined) return this.answer(c, route);
    return CONDITIONAL(c, async () => {
      c.res = await this.answer(c, route);
    }).then(() => c.res);
  }

  /** Any request: the gate, then the file by its own path, the matched route's answer, or the 404. */
  private answer(c: Context<ApiEnv>, route: Route | undefined): Response | Promise<Response> {
    const target = targetOf(c.req.raw);
    if (!owns(target.path)) {
      if (this.options.other !== undefined) return this.options.other(c, target, this);
      throw notFound("La ruta no existe.");
    }
    const rate = this.gate(c, target, route);
    if (rate instanceof Response) return rate;
    if (c.req.method === "OPTIONS") return this.preflight(c, rate, route);
    // A file of the tree asked for by its own path (documents, dumps): served as the host serves it.
    if (target.path.endsWith(".json") || DOCUMENT_PATHS.has(target.path) || this.options.files?.get(target.path) !== undefined)
      return this.host.file(c, { path: target.path, rate });
    if (route === undefined) {
      routablePath(target.path, true); // the 400 of a malformed escape
      throw notFound(`La ruta ${printable(target.path)} no existe en la API; las rutas están en ${API_BASE}/openapi.json.`);
    }
    return this.route(c, route, target, rate);
  }

  /** Size, rate limit, preflight and method (`route`'s, GET and HEAD elsewhere): the rate-limit headers to send, or the answer already. */
  private gate(c: Context<ApiEnv>, target: Target, route: Route | undefined): Response | HeaderList {
    // Before the limiter: an oversized target is refused without being counted or remembered.
    if (target.path.length + target.query.length + 1 > MAX_TARGET_BYTES) return problem(uriTooLong(MAX_TARGET_BYTES), target.path, []);
    // Documents outside the API prefix are served like site files by the host: no rate limit.
    const counted = target.path === API_BASE || target.path.startsWith(API_PREFIX);
    const rate = counted ? this.count(c, target) : [];
    if (rate instanceof Response) return rate;
    target.rate = rate;
    const method = c.req.method;
    if (method === "OPTIONS") return rate;
    const post = route?.post;
    const allowed = method === "POST" ? post !== undefined : (method === "GET" || method === "HEAD") && post?.only !== true;
    if (!allowed) throw methodNotAllowed(method, allowedMethods(route));
    return rate;
  }

  private route(c: Context<ApiEnv>, route: Route, target: Target, rate: HeaderList): Response | Promise<Response> {
    const pathValues = pathValuesOf(route, c.req.path);
    if (c.req.method === "POST") return this.posted(c, route, target, pathValues, rate);
    const query = parseQuery(target.query, queryParams(route), route.strictQuery === true);
    const now = this.now();
    const handler = (route.kind === "file" ? this.options.fallbacks : this.options.handlers)?.[route.id];
    const compute =
      handler &&
      ((): Response => {
        const out = handler({ pathValues, query, now });
        return this.dynamic(route, out, rate, now, false, out.total === undefined ? [] : pagingHeaders(route, query, out.total));
      });
    if (route.kind === "function") return this.host.function(c, { route, rate, compute });
    const path = isDateRange(query) || isFiltered(route, query) ? null : variantPath(route, pathValues, query);
    return this.host.file(c, { path, rate, route, pathValues, query, compute });
  }

  /** A POST: the body read within its route's bounds, then the handler as for a GET, never cached; all it asks is in its body. */
  private async posted(
    c: Context<ApiEnv>,
    route: Route,
    target: Target,
    pathValues: Record<string, string>,
    rate: HeaderList,
  ): Promise<Response> {
    const post = route.post as NonNullable<Route["post"]>;
    if (target.query !== "") {
      throw badRequest("Una solicitud POST lleva sus datos en el cuerpo: quite los parámetros de la dirección (lo que sigue a «?»).");
    }
    const body = await readBody(c, post, (name) => this.header(c, name));
    const now = this.now();
    const handler = this.options.handlers?.[route.id];
    const compute = handler && ((): Response => this.dynamic(route, handler({ pathValues, query: {}, now, body }), rate, now, true));
    return this.host.function(c, { route, rate, compute });
  }

  /** Files from `files`, else computed answers from the handlers (through `schedule`), else the 404. */
  private localHost(): Host {
    const local = (c: Context<ApiEnv>, step: Step): Response | Promise<Response> => {
      const file = step.path == null ? undefined : this.options.files?.get(step.path);
      if (file !== undefined) {
        const data = this.freshness()?.forPath(step.path as string, this.now()) ?? [];
        const extra = [...data, ...this.paging(step), ...step.rate];
        if (isDumpFile(step.path as string)) return dumpResponse(file, this.dumpAsk(c), extra);
        return fileResponse(file, extra);
      }
      if (step.compute === undefined) throw notFound(missingDetail(step, targetOf(c.req.raw).path));
      if (this.options.schedule === undefined) return step.compute();
      return this.options.schedule(c, this.clientOf(c, targetOf(c.req.raw)), step.compute);
    };
    return { file: local, function: local };
  }

  /** The headers that decide a dump's answer. */
  private dumpAsk(c: Context<ApiEnv>): DumpAsk {
    const h = (name: string): string | undefined => this.header(c, name);
    return { range: h("range"), ifRange: h("if-range"), ifMatch: h("if-match"), ifNoneMatch: h("if-none-match") };
  }

  /** A prebuilt file's X-Total-Count (the host rules'), and asked for as a page of its list, the Link to the others (as at the edge). */
  private paging(step: Step): HeaderList {
    if (this.totals === undefined && this.options.status !== undefined) {
      const bytes = this.options.status();
      if (bytes !== undefined) this.totals = new PageTotals((JSON.parse(new TextDecoder().decode(bytes)) as { datasets: [] }).datasets);
    }
    const totals = this.totals;
    if (totals === undefined) return [];
    const total = step.route === undefined || !isPagedList(step.route) ? undefined : totals.total(step.route);
    if (step.route !== undefined && step.query !== undefined && total !== undefined) return pagingHeaders(step.route, step.query, total);
    return typeof step.path === "string" ? totals.forPath(step.path) : [];
  }

  /** The /status facts behind the x-fmx-data-* headers; none where there is no /status. */
  private freshness(): Freshness | undefined {
    if (this.fresh === undefined && this.options.status !== undefined) this.fresh = Freshness.fromStatus(this.options.status());
    return this.fresh;
  }

  /** A computed answer: cached by the route's policy with its ETag, or, to a POST (`posted`), never stored. */
  private dynamic(route: Route, out: HandlerOutput, rate: HeaderList, now: number, posted = false, paging: HeaderList = []): Response {
    const data = this.freshness()?.computed(route, now) ?? [];
    if (posted) {
      const headers = ["Content-Type", JSON_TYPE, "Content-Length", String(out.body.length), "Cache-Control", "no-store"];
      return respond(200, [...headers, ...CORS_HEADERS, ...data, ...rate], out.body);
    }
    const cache =
      out.maxAge !== undefined
        ? `public, max-age=${out.maxAge}`
        : (ROUTE_CACHE.get(route.id) ?? cacheControl(route.cache, secondsUntilNextMidnightInMexicoCity(new Date(now))));
    const headers = ["Content-Type", JSON_TYPE, "Content-Length", String(out.body.length), "Cache-Control", cache];
    return respond(200, [...headers, "ETag", out.etag ?? etagOf(out.body), ...CORS_HEADERS, ...data, ...paging, ...rate], out.body);
  }

  /** A 429. Refusing must cost less than answering: the body up to its `instance` is made once per second left in the window. */
  private tooMany(path: string, reset: number, rate: HeaderList): Response {
    const limiter = this.limiter as RateLimiter;
    const error = tooManyRequests(limiter.limit, limiter.windowSeconds, reset);
    let head = this.tooManyHeads.get(reset);
    if (head === undefined) {
      const sample = problemBody(error, "");
      // The body ends with `"instance":""}`: keep what comes before the empty string.
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
