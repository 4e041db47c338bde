// Node http adapter: the API app through Hono's Node adapter; in front only what it cannot take (odd targets, a thrown error).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Context } from "hono";
import type { Api, ApiEnv, ApiOptions } from "../lib/http/app.ts";
import { badRequest, internalError, printable, problem } from "../lib/http-kit/errors.ts";
import type { FileStore } from "../lib/http-kit/respond.ts";
import { MCP_MAX_BODY, MCP_PATH } from "../lib/mcp/endpoint.ts";
import { mcpTooLarge, type McpEndpoint } from "../lib/mcp/server.ts";
import { FairShare } from "./fair-share.ts";
import { siteResponse } from "./site.ts";

/** Whether the client is gone (its answer, 499, goes to nobody); never for in-process requests. */
const gone = (c: Context<ApiEnv>): boolean => (c.env?.incoming as IncomingMessage | undefined)?.socket.destroyed === true;

/** The site and /mcp beside the API, computed answers taking turns. */
export function serverOptions(files: FileStore, mcp: () => McpEndpoint): Pick<ApiOptions, "other" | "schedule"> {
  const turns = new FairShare();
  return {
    // /mcp is counted by the API's limiter (a preflight is not); Hono's adapter drains or cuts a body left unread.
    other: (c, target, api) => {
      if (target.path !== MCP_PATH) return siteResponse(files, c.req.method, target.path);
      const answer = (): Promise<Response> =>
        mcp()(c.req.raw, "").catch((e: unknown) => {
          if (gone(c)) return new Response(null, { status: 499 });
          throw e;
        });
      return c.req.method === "OPTIONS" ? answer() : api.beside(c, answer);
    },
    schedule: (c, client, compute) => turns.run(client, () => (gone(c) ? new Response(null, { status: 499 }) : compute())),
  };
}

/** Writes a web Response on a Node response (a refusal in front of the app). */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const out = Buffer.from(await response.arrayBuffer());
  if (res.headersSent) return void res.end();
  res.writeHead(response.status, [...response.headers].flat());
  res.end(out);
}

/** Last resort for whatever a request's handling throws: a 500 problem+json if nothing was sent, the connection closed, logged. */
function answerInternalError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  console.error(`Error interno en ${printable(req.method ?? "?")} ${printable(path)}:`, error);
  // The last resort must not throw itself (a socket already gone, headers racing out): that would end the process.
  try {
    if (res.headersSent) return void res.destroy();
    res.setHeader("Connection", "close");
    writeResponse(problem(internalError(), path.startsWith("/") ? path : "/", []), res).catch(() => res.destroy());
  } catch {
    res.destroy();
  }
}

/** `draining`: the server is shutting down, so each response closes its connection after it. */
export function nodeHandler(api: Api, draining: () => boolean = () => false): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(api.app.fetch, {
    hostname: "localhost",
    // A request the adapter cannot make a web Request of (a Host header no URL can hold): a 400, never a 500.
    errorHandler: () => problem(badRequest("La solicitud tiene un encabezado Host o una dirección inválidos."), "/", []),
  });
  const handle = (req: IncomingMessage, res: ServerResponse): unknown => {
    if (req.url === MCP_PATH || req.url?.startsWith(`${MCP_PATH}?`)) {
      // An announced body past the bound is refused before it is counted (as the API's 414), and never read: the
      // connection half-closed, what still comes dropped for a moment (closing with unread data would reset it).
      if (req.method === "POST" && Number(req.headers["content-length"] ?? 0) > MCP_MAX_BODY) {
        res.once("finish", () => {
          req.socket.end();
          req.resume();
          setTimeout(() => req.socket.destroy(), 500).unref();
        });
        return writeResponse(mcpTooLarge(), res);
      }
      // The MCP endpoint builds no URL from the client's Host: one no URL can hold must not fail its request.
      req.headers.host = "localhost";
    }
    if (draining()) res.setHeader("Connection", "close");
    // Only origin-form targets ("/path?query"); absolute or authority forms are for proxies.
    if (!req.url?.startsWith("/"))
      return writeResponse(problem(badRequest("La solicitud debe pedir una ruta que empiece con /."), "/", []), res);
    // Hono answers a HEAD by running the GET and copying its Response into one with lower-cased, sorted headers. As a
    // GET, the headers go out as the app spells and orders them, and Node sends no body on a response to a HEAD.
    if (req.method === "HEAD") req.method = "GET";
    return listener(req, res);
  };
  return (req, res) => {
    try {
      const out = handle(req, res);
      if (out instanceof Promise) out.catch((e: unknown) => answerInternalError(req, res, e));
    } catch (e) {
      answerInternalError(req, res, e);
    }
  };
}
