// The local server as a function: preload the publish directory, wire the API, listen; tests start it on port 0.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes.ts";
import type { Api } from "../lib/http/api.ts";
import { CatalogPages } from "../lib/http/handlers/catalog-pages.ts";
import { SERIES_ROUTES, SeriesDump, type SeriesStore } from "../lib/http/handlers/series.ts";
import { dumpPath } from "../lib/routes.ts";
import { createApi, type Env } from "../lib/http/service.ts";
import { rateLimiterFromEnv } from "../lib/http/config.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { mcpHandler, type McpEndpoint } from "../lib/mcp/server.ts";
import { nodeHandler } from "./node-adapter.ts";
import { preload, type Preloaded } from "./preload.ts";

export interface ServerOptions {
  distDir: string;
  port?: number;
  host?: string;
  env?: Env;
}

export interface RunningServer {
  server: Server;
  api: Api;
  files: Preloaded;
  /** Origin without a trailing slash, e.g. http://127.0.0.1:8787. */
  url: string;
  close(): Promise<void>;
}

export function createApp(distDir: string, env: Env): { api: Api; files: Preloaded; mcp: McpEndpoint } {
  const files = preload(distDir);
  const dump = files.get(CLAVE_PROD_SERV_DUMP);
  const catalog = dump !== undefined ? new CatalogPages(dump.body) : undefined;
  const options = { files, env, ...(catalog !== undefined && { catalog: () => catalog }), ...seriesOf(files) };
  const api = createApi(options);
  // The tools ask the same pipeline without counting again: the MCP request itself was counted.
  const mcp = mcpHandler({ call: inProcessCall(createApi({ ...options, rateLimit: false })), limiter: rateLimiterFromEnv(env) });
  return { api, files, mcp };
}

/** The Banxico series from their dumps in the tree, parsed once at start; absent when any dump is missing. */
function seriesOf(files: Preloaded): { series?: SeriesStore } {
  const dumps = new Map<string, SeriesDump>();
  for (const s of SERIES_ROUTES) {
    const file = files.get(dumpPath(s.dump, "json"));
    if (file === undefined) return {};
    dumps.set(s.prefix, new SeriesDump(file.body, s.valueField));
  }
  return { series: (prefix) => dumps.get(prefix) as SeriesDump };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { api, files, mcp } = createApp(options.distDir, options.env ?? {});
  const server = createServer({ keepAliveTimeout: 5000 }, nodeHandler(api, files, mcp));
  // CONNECT (tunnels) bypasses the request handler; without this the socket would just be dropped.
  server.on("connect", (_req, socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8787, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets would hold close() open until they time out.
      server.closeIdleConnections();
    });
  return { server, api, files, url: `http://${host}:${address.port}`, close };
}
