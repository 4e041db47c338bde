// Node http adapter: the API app through Hono's Node adapter; in front only what it cannot take (odd targets, a thrown error).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Context } from "hono";
import type { Api, ApiEnv, ApiOptions } from "../lib/http/app.ts";
import { badRequest, HttpError, printable, problem } from "../lib/http-kit/errors.ts";
import type { FileStore } from "../lib/http-kit/respond.ts";
import { MCP_MAX_BODY, MCP_PATH } from "../lib/mcp/endpoint.ts";
import { mcpTooLarge, type McpEndpoint } from "../lib/mcp/server.ts";
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

/** The socket's address, the plain header object (cheaper than web Headers), the site and /mcp, computed answers taking turns. */
export function serverOptions(files: FileStore, mcp: () => McpEndpoint): Pick<ApiOptions, "ip" | "header" | "other" | "schedule"> {
  const turns = new FairShare();
  const header = (c: Context<ApiEnv>, name: string): string | undefined => {
    const incoming = incomingOf(c);
    return incoming === undefined ? (c.req.raw.headers.get(name) ?? undefined) : headerOf(incoming, name);
  };
  return {
    ip: (c) => incomingOf(c)?.socket.remoteAddress ?? (c.env as { ip?: string } | undefined)?.ip ?? "",
    header,
    // /mcp is counted by the API's limiter (a preflight is not); Hono's adapter drains or cuts a body left unread.
    other: (c, target, api) => {
      if (target.path !== MCP_PATH) return siteResponse(files, c.req.method, target.path);
      // A client gone while sending its message is no internal error: nobody is left to answer.
      const gone = (e: unknown): Response => {
        if (incomingOf(c)?.socket.destroyed === true) return new Response(null, { status: 499 });
        throw e;
      };
      const answer = (): Promise<Response> => mcp()(c.req.raw, "").catch(gone);
      return c.req.method === "OPTIONS" ? answer() : api.beside(c, answer);
    },
    // At once while computed work has time left in this turn (answered synchronously, the adapter's fast path), else
    // queued; a client gone while it waited costs nothing more.
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

/** Writes a web Response on a Node response (a refusal in front of the app). */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const out = Buffer.from(await response.arrayBuffer());
  if (res.headersSent) return void res.end();
  res.writeHead(response.status, [...response.headers].flat());
  res.end(out);
}

/** A request whose handling threw: a 500 problem+json if nothing was sent, the connection closed, logged; never fatal. */
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

/**
 * A refusal sent, then the connection half-closed: what still comes in is dropped unread for a moment, then the
 * connection is cut (closing with unread data would reset it, and the client could lose the answer).
 */
function refuseUnread(req: IncomingMessage, res: ServerResponse, refusal: Response): void {
  res.once("finish", () => {
    req.socket.end();
    req.resume();
    setTimeout(() => req.socket.destroy(), 500).unref();
  });
  void writeResponse(refusal, res);
}

/** `draining`: the server is shutting down, so each response closes its connection after it. */
export function nodeHandler(api: Api, draining: () => boolean = () => false): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(api.app.fetch, {
    hostname: "localhost",
    // A request the adapter cannot make a web Request of (a Host header no URL can hold): a 400, never a 500.
    errorHandler: () => problem(badRequest("La solicitud tiene un encabezado Host o una dirección inválidos."), "/", []),
  });
  return (req, res) => guarded(req, res, () => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse): unknown {
    if (req.url === MCP_PATH || req.url?.startsWith(`${MCP_PATH}?`)) {
      // An announced body past the bound is refused before it is counted (as the API's 414), and never read.
      if (req.method === "POST" && Number(req.headers["content-length"] ?? 0) > MCP_MAX_BODY) return refuseUnread(req, res, mcpTooLarge());
      // The MCP endpoint builds no URL from the client's Host: one no URL can hold must not fail its request.
      req.headers.host = "localhost";
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
