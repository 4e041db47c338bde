// Node http adapter: what the pipeline answers without computing is written in front; computed answers go out through Hono's Node adapter.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { Result, Router } from "hono/router";
import type { Api } from "../lib/http/api.ts";
import { badRequest, errorResult, problem } from "../lib/http/errors.ts";
import type { FileStore } from "../lib/http/static.ts";
import type { HeaderList, HttpRequest, HttpResult } from "../lib/http/types.ts";
import { MCP_MAX_BODY, MCP_PATH, MCP_TOO_LARGE } from "../lib/mcp/endpoint.ts";
import type { McpEndpoint } from "../lib/mcp/server.ts";
import { FairShare } from "./fair-share.ts";
import { siteResult } from "./site.ts";

function toHttpRequest(req: IncomingMessage): HttpRequest {
  const target = req.url ?? "/";
  const q = target.indexOf("?");
  const headers = req.headers;
  return {
    method: req.method ?? "GET",
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? "" : target.slice(q + 1),
    header: (name) => {
      const v = headers[name];
      return Array.isArray(v) ? v.join(", ") : v;
    },
    ip: req.socket.remoteAddress ?? "",
  };
}

/** The answer, or a function that builds it when it is computed on demand (for FairShare to schedule). */
function answer(api: Api, files: FileStore, request: HttpRequest): HttpResult | (() => HttpResult) {
  // Only origin-form targets ("/path?query"); absolute or authority forms are for proxies.
  if (!request.path.startsWith("/")) return problem(badRequest("La solicitud debe pedir una ruta que empiece con /."), "/", [], false);
  return api.prepare(request) ?? siteResult(files, request);
}

/** How long a connection answered 413 is kept to let the client read the answer. */
const LINGER_MS = 500;

/**
 * The MCP endpoint speaks web Request/Response (the SDK's transport): the request is read, then answered. A body
 * past the limit is answered 413 as soon as it is announced (Content-Length) or counted, and the connection closed
 * without reading the rest.
 */
function answerMcp(mcp: McpEndpoint, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = (): void => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: MCP_TOO_LARGE } });
    // Closing with unread data resets the connection, and the client would lose the 413: the answer is sent and
    // the connection half-closed, what still comes in is dropped unread for a moment, then the connection is cut.
    res.writeHead(413, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(body, () => req.socket.end());
    req.resume();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  };
  if (Number(req.headers["content-length"] ?? 0) > MCP_MAX_BODY) {
    tooLarge();
    return;
  }
  req.on("data", (c: Buffer) => {
    size += c.length;
    if (size <= MCP_MAX_BODY) chunks.push(c);
    else if (!res.headersSent) tooLarge();
  });
  req.on("end", () => {
    if (size > MCP_MAX_BODY) return;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const method = req.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? null : Buffer.concat(chunks);
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? MCP_PATH}`, { method, headers, body });
    mcp(request, req.socket.remoteAddress ?? "")
      .then(async (response) => {
        const out = Buffer.from(await response.arrayBuffer());
        res.writeHead(response.status, [...response.headers].flat());
        res.end(out);
      })
      .catch(() => {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end();
      });
  });
}

/**
 * One budget per client: a request to /mcp (but a preflight) is counted by the API's own limiter, under the
 * same client key (trusted proxies, IPv6 per /64), before its body is read. False when it was refused with
 * a 429, which closes the connection rather than read a body nobody will use; else the rate-limit headers
 * are set on the response to come (writeHead merges them with the endpoint's own).
 */
function countMcp(api: Api, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "OPTIONS") return true;
  const { rate, refused } = api.count(toHttpRequest(req));
  if (refused !== undefined) {
    res.writeHead(refused.status, [...refused.headers, "Connection", "close"]);
    res.end(refused.body ?? undefined);
    return false;
  }
  for (let i = 0; i + 1 < rate.length; i += 2) res.setHeader(rate[i] as string, rate[i + 1] as string);
  return true;
}

/** Hono's binding under its Node adapter: the request and response it wraps. */
type NodeEnv = { Bindings: { incoming: IncomingMessage; outgoing: ServerResponse } };

/**
 * Headers as a record in the pipeline's order and spelling (Hono's Node adapter writes a plain record as is, where
 * a Headers object would come out lower-cased and sorted); a repeated name keeps every value, comma-joined.
 */
function headerRecord(list: HeaderList): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i] as string;
    const had = out[name];
    out[name] = had === undefined ? (list[i + 1] as string) : `${had}, ${list[i + 1]}`;
  }
  return out;
}

/**
 * Hono's router for an app with one handler: the pipeline has already routed and checked the request in front,
 * so the app neither reads the path (`getPath`) nor matches it again.
 */
class OneHandler<T> implements Router<T> {
  readonly name = "OneHandler";
  private result: Result<T> = [[]];
  add(_method: string, _path: string, handler: T): void {
    this.result = [[[handler, {}]]];
  }
  match(): Result<T> {
    return this.result;
  }
}

/** Hosts the Node adapter takes as they are (its own test); any other Host header is answered in front, as before. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** `draining`: the server is shutting down, so each response closes its connection after it. */
export function nodeHandler(
  api: Api,
  files: FileStore,
  mcp?: McpEndpoint,
  draining: () => boolean = () => false,
): (req: IncomingMessage, res: ServerResponse) => void {
  const turns = new FairShare();
  const closing = (headers: HeaderList): HeaderList => (draining() ? [...headers, "Connection", "close"] : headers);
  const send = (res: ServerResponse, result: HttpResult): void => {
    res.writeHead(result.status, closing(result.headers));
    res.end(result.body ?? undefined);
  };
  // Bodies are never SharedArrayBuffer views; the DOM typings only accept ArrayBuffer-backed ones.
  const toResponse = (result: HttpResult): Response =>
    new Response(result.body as Uint8Array<ArrayBuffer> | null, { status: result.status, headers: headerRecord(closing(result.headers)) });
  // The computed answer being handed to the adapter, prepared in front (route, parameters, rate limit). The adapter
  // calls the app synchronously, so one variable carries it (a WeakMap per request cost more in collections).
  let delivering: (() => HttpResult) | undefined;
  const app = new Hono<NodeEnv>({ router: new OneHandler(), getPath: () => "/" });
  app.all("*", () => toResponse((delivering as () => HttpResult)()));
  app.onError((e, c) => toResponse(errorResult(e, toHttpRequest(c.env.incoming), [])));
  const listener = getRequestListener(app.fetch, { hostname: "localhost" });
  return (req, res) => {
    if (mcp !== undefined && (req.url === MCP_PATH || req.url?.startsWith(`${MCP_PATH}?`))) {
      if (countMcp(api, req, res)) answerMcp(mcp, req, res);
      return;
    }
    const request = toHttpRequest(req);
    // In front, as the edge and the host's files are in production: whatever the pipeline answers without
    // computing (files, errors, preflight, 429) is written at once, with no web objects.
    const result = answer(api, files, request);
    if (typeof result !== "function") return send(res, result);
    // A computed answer runs on its client's turn; a client gone while it waited costs nothing more. It goes out
    // through Hono's Node adapter, but for a Host the adapter would refuse (its own test).
    // Hono answers a HEAD by running the GET and copying its Response, whose headers come out lower-cased and
    // sorted: a HEAD is written in front.
    const plain = req.method !== "HEAD" && PLAIN_HOST.test(req.headers.host ?? "localhost");
    turns.run(api.client(request), () => {
      if (req.socket.destroyed) return;
      if (!plain) return send(res, result());
      delivering = result;
      void listener(req, res);
      delivering = undefined;
    });
  };
}
