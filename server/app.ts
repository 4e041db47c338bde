// The local server as a function: preload the publish directory, wire the API, listen; tests start it on port 0.
import { createServer, type Server } from "node:http";
import { Server as NetServer, type AddressInfo, type Socket } from "node:net";
import type { Api } from "../lib/http/app.ts";
import { SERIES_ROUTES, seriesStore } from "../lib/datasets/dump-slices.ts";
import { dumpPath } from "../lib/routes/routes.ts";
import { createApi, type Env } from "../lib/http/service.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { mcpHandler, type McpEndpoint } from "../lib/mcp/server.ts";
import { answerClientError } from "./client-error.ts";
import { nodeHandler, serverOptions } from "./node-adapter.ts";
import { preload, type Preloaded } from "./preload.ts";
import { serverLimitsFromEnv, type ServerLimits } from "./limits.ts";
import { capConnectionsPerClient } from "./connection-cap.ts";
import { parseTrustedProxies } from "../lib/http/client-ip.ts";

export interface ServerOptions {
  distDir: string;
  /** distDir already loaded, which the caller keeps and closes (the tests share one load of the same tree). */
  files?: Preloaded;
  port?: number;
  host?: string;
  /** FISCAL_RATE_LIMIT…, FISCAL_TRUSTED_PROXIES, and the connection limits of server/limits.ts. */
  env?: Env;
}

export interface RunningServer {
  server: Server;
  api: Api;
  files: Preloaded;
  limits: ServerLimits;
  /** Origin without a trailing slash, e.g. http://127.0.0.1:8787. */
  url: string;
  /** Stops accepting, lets responses in flight finish, cuts what is open after the grace (FISCAL_SHUTDOWN_GRACE_MS). */
  close(graceMs?: number): Promise<void>;
}

export function createApp(distDir: string, env: Env, files: Preloaded = preload(distDir)): { api: Api; files: Preloaded } {
  // The Banxico series over their dumps in the tree, each parsed on first use; absent when any dump is missing.
  const series = SERIES_ROUTES.every((s) => files.get(dumpPath(s.dump, "json")) !== undefined)
    ? { series: seriesStore((path) => files.get(path)?.body) }
    : {};
  let mcp: McpEndpoint | undefined;
  const api = createApi({
    files,
    env,
    tree: (path) => files.get(path)?.body,
    ...series,
    ...serverOptions(files, () => mcp as McpEndpoint),
  });
  // The tools ask the same app without counting again: the MCP request itself was counted before the endpoint saw it.
  mcp = mcpHandler({ call: inProcessCall(api.withoutLimit()) });
  return { api, files };
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const env = options.env ?? {};
  const limits = serverLimitsFromEnv(env);
  const { api, files } = createApp(options.distDir, env, options.files);
  let draining = false;
  const handle = nodeHandler(api, () => draining);
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // How often the two timeouts above are enforced (Node's default, 30 s, would let them overrun by that much).
      connectionsCheckingInterval: 1000,
    },
    handle,
  );
  capConnectionsPerClient(
    server,
    limits.maxConnectionsPerClient,
    parseTrustedProxies(env["FISCAL_TRUSTED_PROXIES"]),
    limits.maxConnections,
  );
  // The cap is kept above; Node's own (refusing whoever comes) only bounds the descriptors of connections being closed.
  server.maxConnections = 2 * limits.maxConnections;
  server.setTimeout(limits.idleTimeoutMs);
  // Every open connection, and whether a response is being written on it (from its request to "finish").
  const sockets = new Map<Socket, boolean>();
  server.on("connection", (socket: Socket) => {
    sockets.set(socket, false);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req, res) => {
    const socket = req.socket;
    sockets.set(socket, true);
    res.once("finish", () => sockets.has(socket) && sockets.set(socket, false));
  });
  server.on("clientError", answerClientError);
  // CONNECT (tunnels) bypasses the request handler; without this the socket would just be dropped.
  server.on("connect", (_req, socket) => {
    socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Node's default backlog (511) fills under one address's flood, and the kernel drops everyone's new connections.
    server.listen({ port: options.port ?? 8787, host: options.host ?? "127.0.0.1", backlog: limits.listenBacklog }, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const close = (graceMs = limits.shutdownGraceMs): Promise<void> =>
    new Promise((resolve) => {
      draining = true;
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      // Not http's close(), which destroys connections whose ended response still waits in the socket's buffer.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(cut);
        if (options.files === undefined) files.close();
        resolve();
      });
      // A connection sending its response closes after it ("Connection: close"); the others close now.
      for (const [socket, writing] of sockets) if (!writing) socket.destroy();
    });
  return { server, api, files, limits, url: `http://${host}:${address.port}`, close };
}
