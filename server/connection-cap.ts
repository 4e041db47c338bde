// Open connections per client address: one address cannot hold every slot (with unfinished headers or otherwise).
import type { Server } from "node:http";
import type { Socket } from "node:net";
import { canonicalIp, clientKey } from "../lib/http/client-ip.ts";
import { rawResponse } from "./client-error.ts";

/**
 * Counts open connections by client key (IPv4 address, IPv6 /64) from the moment they are accepted, so a
 * connection still sending its headers counts as much as one being answered. Past `max` a new connection
 * gets a 429 problem and is closed; the others, from other addresses, are served as before. A trusted proxy
 * carries every client's connections and is not capped here: in production the proxy caps per client.
 * Returns whether a socket was refused, for the request handler to ignore whatever it still sends.
 */
export function capConnectionsPerClient(server: Server, max: number, trusted: ReadonlySet<string>): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  const detail =
    `Demasiadas conexiones abiertas desde su dirección (máximo ${max}); ` +
    "reutilice las que tiene (keep-alive) o espere a que terminen antes de abrir otra.";
  const response = rawResponse(429, detail);
  // Before Node's own listener: a refused socket is answered before any request on it is parsed.
  server.prependListener("connection", (socket: Socket) => {
    const peer = socket.remoteAddress ?? "";
    if (trusted.has(canonicalIp(peer) ?? peer)) return;
    const key = clientKey(peer);
    const count = open.get(key) ?? 0;
    if (count >= max) {
      refused.add(socket);
      // Closed as soon as the answer is handed to the system: a refused socket that lingered would take one
      // of the server's slots (maxConnections) for as long, and a client reopening at once would hold them all.
      socket.end(response);
      socket.once("finish", () => socket.destroy());
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return (socket) => refused.has(socket);
}
