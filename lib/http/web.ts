// Adapter between web-standard Request/Response (Netlify, Deno, tests) and the pipeline's plain objects.
import type { Api } from "./api.ts";
import { notFound, problem } from "./errors.ts";
import type { HttpRequest, HttpResult } from "./types.ts";

export function fromRequest(req: Request, ip: string): HttpRequest {
  // The URL parser has already resolved dot segments ("..", "%2e%2e"), so the path cannot climb.
  const url = new URL(req.url);
  return {
    method: req.method,
    path: url.pathname,
    query: url.search.length > 1 ? url.search.slice(1) : "",
    header: (name) => req.headers.get(name) ?? undefined,
    ip,
  };
}

export function toResponse(result: HttpResult): Response {
  const headers = new Headers();
  const h = result.headers;
  for (let i = 0; i + 1 < h.length; i += 2) headers.append(h[i] as string, h[i + 1] as string);
  // Bodies are never SharedArrayBuffer views; the DOM typings only accept ArrayBuffer-backed ones.
  return new Response(result.body as Uint8Array<ArrayBuffer> | null, { status: result.status, headers });
}

/** Answers a web Request with the pipeline, optionally as `publicPath` (a function behind a rewrite); a path it does not own gets a 404 problem. */
export function handleRequest(api: Api, req: Request, ip: string, publicPath?: string): Response {
  const request = fromRequest(req, ip);
  if (publicPath !== undefined) request.path = publicPath;
  const result = api.handle(request) ?? problem(notFound("La ruta no existe."), request.path, [], req.method === "HEAD");
  return toResponse(result);
}
