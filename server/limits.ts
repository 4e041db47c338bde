// Connection limits of the local server, from the environment, each a positive whole number of ms or connections.
import { positiveInteger, type Env } from "../lib/http/ratelimit.ts";

export type ServerLimits = ReturnType<typeof serverLimitsFromEnv>;

export function serverLimitsFromEnv(env: Env) {
  const limits = {
    /** To receive a request's headers (slow-header clients are cut with 408), and the whole request. */
    headersTimeoutMs: positiveInteger(env, "FISCAL_HEADERS_TIMEOUT_MS", 10_000),
    requestTimeoutMs: positiveInteger(env, "FISCAL_REQUEST_TIMEOUT_MS", 15_000),
    /** An idle keep-alive connection kept for the next request; a connection making no progress (a client not reading). */
    keepAliveTimeoutMs: positiveInteger(env, "FISCAL_KEEP_ALIVE_TIMEOUT_MS", 5_000),
    idleTimeoutMs: positiveInteger(env, "FISCAL_IDLE_TIMEOUT_MS", 30_000),
    /** Open connections in all (see server/connection-cap.ts), and from one client address (IPv6: one /64) but a trusted proxy. */
    maxConnections: positiveInteger(env, "FISCAL_MAX_CONNECTIONS", 1_000),
    maxConnectionsPerClient: positiveInteger(env, "FISCAL_MAX_CONNECTIONS_PER_CLIENT", 128),
    /** Connections the kernel queues for the server to accept (capped at net.core.somaxconn); past it they are dropped. */
    listenBacklog: positiveInteger(env, "FISCAL_LISTEN_BACKLOG", 4096),
    /** On SIGTERM/SIGINT, how long responses in flight may take before their connections are cut. */
    shutdownGraceMs: positiveInteger(env, "FISCAL_SHUTDOWN_GRACE_MS", 10_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(
      "FISCAL_HEADERS_TIMEOUT_MS no puede ser mayor que FISCAL_REQUEST_TIMEOUT_MS: las cabeceras son parte de la solicitud.",
    );
  }
  return limits;
}
