// Open connections per client address: one address cannot hold every slot (with unfinished headers or otherwise).
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { canonicalIp, clientKey } from "../lib/http/client-ip.ts";
import { rawResponse } from "./client-error.ts";

/** How often an address past its cap is told why (a 429 problem); its other refused connections are reset. */
const EXPLAIN_EVERY_MS = 1000;

/**
 * Counts open connections by client key (IPv4 address, IPv6 /64) from the moment they are accepted, so a
 * connection still sending its headers counts as much as one being answered. Past `max` a new connection
 * is refused: once a second with a 429 problem that says why, otherwise reset at once. The others, from
 * other addresses, are served as before. A trusted proxy carries every client's connections and is not
 * capped here: in production the proxy caps per client.
 * Call it before adding 'connection' listeners of one's own: it takes over those already there (Node's, which
 * attaches the HTTP parser) and runs them for admitted connections only, so a refused one is never parsed.
 */
export function capConnectionsPerClient(server: Server, max: number, trusted: ReadonlySet<string>): void {
  const open = new Map<string, number>();
  /** When each address past its cap was last sent the 429; forgotten once it has no connection open. */
  const told = new Map<string, number>();
  const detail =
    `Demasiadas conexiones abiertas desde su dirección (máximo ${max}); ` +
    "reutilice las que tiene (keep-alive) o espere a que terminen antes de abrir otra.";
  const response = rawResponse(429, detail);
  const admitted = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  server.on("connection", (socket: Socket) => {
    if (admit(socket)) for (const listener of admitted) listener.call(server, socket);
  });

  function admit(socket: Socket): boolean {
    const peer = socket.remoteAddress ?? "";
    if (trusted.has(canonicalIp(peer) ?? peer)) return true;
    const key = clientKey(peer);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      refuse(socket, key);
      return false;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) return void open.set(key, left);
      open.delete(key);
      told.delete(key);
    });
    return true;
  }

  /**
   * A client reopening each refused connection at once (a flood) must cost the server as little as possible:
   * every connection still in the accept queue delays the other addresses' new connections, and a full queue
   * drops them (the kernel's SYN retransmission then costs them a whole second). A reset is one system call;
   * the 429 is written, half-closed and waited for, so it goes to one connection a second. Node's own listener
   * never runs on either: no parser, no timers, less garbage (a flood's sockets otherwise live long enough to be
   * promoted, and the old-space collections they cause pause every connection for tens of ms).
   */
  function refuse(socket: Socket, key: string): void {
    const now = Date.now();
    if (now - (told.get(key) ?? -Infinity) < EXPLAIN_EVERY_MS) return void socket.resetAndDestroy();
    told.set(key, now);
    // Closed as soon as the answer is handed to the system: a refused socket that lingered would take one
    // of the server's slots (maxConnections) for as long, and a client reopening at once would hold them all.
    socket.end(response);
    socket.once("finish", () => socket.destroy());
  }
}
