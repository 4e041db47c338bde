// Node http adapter: the API app through Hono's Node adapter; in front only what it cannot take (the MCP body, odd targets).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Context } from "hono";
import type { Api, ApiEnv, ApiOptions } from "../lib/http/app.ts";
import { badRequest, HttpError, printable, problem } from "../lib/http-kit/errors.ts";
import type { FileStore } from "../lib/http-kit/file-store.ts";
import { MCP_MAX_BODY, MCP_PATH, MCP_TOO_LARGE } from "../lib/mcp/endpoint.ts";
import { mcpMethodNotAllowed, type McpEndpoint } from "../lib/mcp/server.ts";
import { FairShare } from "./fair-share.ts";
import { siteResponse } from "./site.ts";

/** A header of a Node request by lower-case name; repeated headers joined with ", ". */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

/** Hono's binding under its Node adapter: the request and response it wraps (absent for in-process requests). */
type NodeBindings = { incoming?: IncomingMessage };
const incomingOf = (c: Context<ApiEnv>): IncomingMessage | undefined => (c.env as NodeBindings | undefined)?.incoming;

/**
 * What the API app needs of the Node server: the socket's address and the plain header object (cheaper than the web
 * Headers the adapter would build), the site outside the API, and computed answers taking turns per client.
 */
export function serverOptions(files: FileStore): Pick<ApiOptions, "ip" | "header" | "other" | "schedule"> {
  const turns = new FairShare();
  const header = (c: Context<ApiEnv>, name: string): string | undefined => {
    const incoming = incomingOf(c);
    return incoming === undefined ? (c.req.raw.headers.get(name) ?? undefined) : headerOf(incoming, name);
  };
  return {
    ip: (c) => incomingOf(c)?.socket.remoteAddress ?? (c.env as { ip?: string } | undefined)?.ip ?? "",
    header,
    other: (c, target) => siteResponse(files, c.req.method, target.path),
    // A computed answer runs on its client's turn: at once while computed work has time left in this turn of the
    // event loop (and then the answer goes out synchronously, the adapter's fast path), else queued; a client gone
    // while it waited costs nothing more.
    schedule: (c, client, compute) => {
      let now: Response | undefined;
      let later: { resolve: (res: Response) => void; reject: (e: unknown) => void } | undefined;
      turns.run(client, () => {
        if (later === undefined) {
          now = compute();
          return;
        }
        if (incomingOf(c)?.socket.destroyed === true) return later.resolve(new Response(null, { status: 499 }));
        try {
          later.resolve(compute());
        } catch (e) {
          later.reject(e);
        }
      });
      return now ?? new Promise<Response>((resolve, reject) => (later = { resolve, reject }));
    },
  };
}

/** Writes a web Response on a Node response (the MCP endpoint's, a refusal in front). */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const out = Buffer.from(await response.arrayBuffer());
  if (res.headersSent) return void res.end();
  res.writeHead(response.status, [...response.headers].flat());
  res.end(out);
}

/**
 * The last resort of a request whose handling threw (synchronously in a listener, or in a promise): a 500
 * problem+json when nothing was sent yet, the connection closed, and the error logged. Never fatal: an exception
 * in an event listener would otherwise end the process.
 */
function answerInternalError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  console.error(`Error interno en ${printable(req.method ?? "?")} ${printable(path)}:`, error);
  try {
    if (res.headersSent) return void res.destroy();
    res.setHeader("Connection", "close");
    void writeResponse(problem(new HttpError(500, INTERNAL), path.startsWith("/") ? path : "/", []), res).catch(() => res.destroy());
  } catch {
    res.destroy();
  }
}

const INTERNAL = "Error interno del servidor; vuelva a intentarlo más tarde.";

/** `run`, with whatever it throws answered by answerInternalError. */
function guarded(req: IncomingMessage, res: ServerResponse, run: () => unknown): void {
  try {
    const out = run();
    if (out instanceof Promise) out.catch((e: unknown) => answerInternalError(req, res, e));
  } catch (e) {
    answerInternalError(req, res, e);
  }
}

/** How long a connection answered 413 is kept to let the client read the answer. */
const LINGER_MS = 500;

/** The methods the MCP endpoint answers; any other is a 405 before its body is read. */
const MCP_METHODS = new Set(["POST", "OPTIONS"]);

/** The 405 of a method /mcp does not answer, sent before the body is read. */
function mcpMethodRefused(req: IncomingMessage, res: ServerResponse): void {
  // A body nobody reads would be parsed as the next request: the connection closes after the answer.
  if (req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) res.setHeader("Connection", "close");
  void writeResponse(mcpMethodNotAllowed(req.method ?? ""), res);
}

/**
 * The web Request the MCP endpoint reads. Its origin is fixed: the client's Host is not an address this server
 * uses (no absolute URL is made from it), and a Host no URL can hold must not make the request fail.
 */
function mcpRequest(req: IncomingMessage, body: Buffer<ArrayBuffer>): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === "host") continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const query = req.url?.slice(MCP_PATH.length) ?? "";
  return new Request(`http://localhost${MCP_PATH}${query.startsWith("?") ? query : ""}`, { method: req.method ?? "POST", headers, body });
}

/**
 * The MCP endpoint speaks web Request/Response (the SDK's transport): the request is read, then answered. A body
 * past the limit is answered 413 as soon as it is announced (Content-Length) or counted, and the connection closed
 * without reading the rest.
 */
function answerMcp(mcp: McpEndpoint, req: IncomingMessage, res: ServerResponse): void {
  if (!MCP_METHODS.has(req.method ?? "")) return void mcpMethodRefused(req, res);
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
  req.on("end", () =>
    guarded(req, res, () => {
      if (size > MCP_MAX_BODY) return;
      return mcp(mcpRequest(req, Buffer.concat(chunks)), req.socket.remoteAddress ?? "").then((response) => writeResponse(response, res));
    }),
  );
}

/**
 * One budget per client: a request to /mcp (but a preflight) is counted by the API's own limiter, under the
 * same client key (trusted proxies, IPv6 per /64), before its body is read. False when it was refused with
 * a 429, which closes the connection rather than read a body nobody will use; else the rate-limit headers
 * are set on the response to come (writeHead merges them with the endpoint's own).
 */
function countMcp(api: Api, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "OPTIONS") return true;
  const rate = api.count(api.client(req.socket.remoteAddress ?? "", headerOf(req, "x-forwarded-for")), MCP_PATH);
  if (rate instanceof Response) {
    res.setHeader("Connection", "close");
    void writeResponse(rate, res);
    return false;
  }
  for (let i = 0; i + 1 < rate.length; i += 2) res.setHeader(rate[i] as string, rate[i + 1] as string);
  return true;
}

/** `draining`: the server is shutting down, so each response closes its connection after it. */
export function nodeHandler(
  api: Api,
  mcp?: McpEndpoint,
  draining: () => boolean = () => false,
): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(api.app.fetch, {
    hostname: "localhost",
    // A request the adapter cannot make a web Request of (a Host header no URL can hold): a 400, never a 500.
    errorHandler: () => problem(badRequest("La solicitud tiene un encabezado Host o una dirección inválidos."), "/", []),
  });
  return (req, res) => guarded(req, res, () => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse): unknown {
    if (mcp !== undefined && (req.url === MCP_PATH || req.url?.startsWith(`${MCP_PATH}?`))) {
      if (countMcp(api, req, res)) answerMcp(mcp, req, res);
      return;
    }
    if (draining()) res.setHeader("Connection", "close");
    // Only origin-form targets ("/path?query"); absolute or authority forms are for proxies.
    if (!req.url?.startsWith("/")) {
      void writeResponse(problem(badRequest("La solicitud debe pedir una ruta que empiece con /."), "/", []), res);
      return;
    }
    // Hono answers a HEAD by running the GET and copying its Response into one with lower-cased, sorted headers. As a
    // GET, the headers go out as the app spells and orders them, and Node sends no body on a response to a HEAD.
    if (req.method === "HEAD") req.method = "GET";
    return listener(req, res);
  }
}
