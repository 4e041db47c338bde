// Node http adapter: IncomingMessage → the pipeline's plain request → writeHead/end, no web objects per request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Api } from "../lib/http/api.ts";
import { badRequest, problem } from "../lib/http/errors.ts";
import type { FileStore } from "../lib/http/static.ts";
import type { HttpRequest, HttpResult } from "../lib/http/types.ts";
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

export function answer(api: Api, files: FileStore, request: HttpRequest): HttpResult {
  // Only origin-form targets ("/path?query"); absolute or authority forms are for proxies.
  if (!request.path.startsWith("/")) return problem(badRequest("La solicitud debe pedir una ruta que empiece con /."), "/", [], false);
  return api.handle(request) ?? siteResult(files, request);
}

/** `draining`: the server is shutting down, so each response closes its connection after it. */
export function nodeHandler(api: Api, files: FileStore, draining: () => boolean = () => false): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const result = answer(api, files, toHttpRequest(req));
    res.writeHead(result.status, draining() ? [...result.headers, "Connection", "close"] : result.headers);
    res.end(result.body ?? undefined);
  };
}
