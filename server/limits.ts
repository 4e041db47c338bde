// Connection limits of the local server, from the environment, each a positive whole number of ms or connections.
import { positiveInteger, type Env } from "../lib/http/ratelimit.ts";

export interface ServerLimits {
  /** Time to receive a request's headers (slow-header clients are cut with 408). */
  headersTimeoutMs: number;
  /** Time to receive a whole request. */
  requestTimeoutMs: number;
  /** Time an idle keep-alive connection is kept for the next request. */
  keepAliveTimeoutMs: number;
  /** Time a connection may make no progress at all (a client that stops reading a large file). */
  idleTimeoutMs: number;
  /**
   * Open connections at most. At the cap, a new connection from an address holding fewer than the address
   * holding most replaces that one's oldest connection not being answered; one from that address is closed.
   */
  maxConnections: number;
  /** Open connections at most from one client address (IPv6: one /64), a trusted proxy's excepted. */
  maxConnectionsPerClient: number;
  /**
   * Connections the kernel completes and queues for the server to accept (the system caps it at
   * net.core.somaxconn). Past it new connections are dropped and their clients retry a second later.
   */
  listenBacklog: number;
  /** On SIGTERM/SIGINT, how long responses in flight may take before their connections are cut. */
  shutdownGraceMs: number;
}

export function serverLimitsFromEnv(env: Env): ServerLimits {
  const limits = {
    headersTimeoutMs: positiveInteger(env, "FISCAL_HEADERS_TIMEOUT_MS", 10_000),
    requestTimeoutMs: positiveInteger(env, "FISCAL_REQUEST_TIMEOUT_MS", 15_000),
    keepAliveTimeoutMs: positiveInteger(env, "FISCAL_KEEP_ALIVE_TIMEOUT_MS", 5_000),
    idleTimeoutMs: positiveInteger(env, "FISCAL_IDLE_TIMEOUT_MS", 30_000),
    maxConnections: positiveInteger(env, "FISCAL_MAX_CONNECTIONS", 1_000),
    maxConnectionsPerClient: positiveInteger(env, "FISCAL_MAX_CONNECTIONS_PER_CLIENT", 128),
    listenBacklog: positiveInteger(env, "FISCAL_LISTEN_BACKLOG", 4096),
    shutdownGraceMs: positiveInteger(env, "FISCAL_SHUTDOWN_GRACE_MS", 10_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(
      "FISCAL_HEADERS_TIMEOUT_MS no puede ser mayor que FISCAL_REQUEST_TIMEOUT_MS: las cabeceras son parte de la solicitud.",
    );
  }
  return limits;
}
