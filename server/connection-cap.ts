// Open connections per client address: one address cannot hold every slot (with unfinished headers or otherwise).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { canonicalIp, clientKey } from "../lib/http/client-ip.ts";
import { rawResponse } from "./client-error.ts";

/** How often an address past its cap is told why (a 429 problem); its other refused connections are reset. */
const EXPLAIN_EVERY_MS = 1000;

/**
 * Counts open connections by client key (IPv4 address, IPv6 /64) from accept, unfinished headers too. Past `max` a new
 * one is refused (a trusted proxy caps per client itself). At `total` in all (8 × 128 > 1,000), a newcomer from an
 * address holding fewer than the one holding most takes the place of that one's oldest connection not being answered,
 * so an address with nothing open always gets in. Call it before adding 'connection' listeners: it runs those already
 * there (Node's, which attaches the parser) for admitted connections only, so a refused one is never parsed.
 */
export function capConnectionsPerClient(server: Server, max: number, trusted: ReadonlySet<string>, total = Number.POSITIVE_INFINITY): void {
  /** Each address's open connections, oldest first; those being answered (headers to last byte); those closed to make room. */
  const open = new Map<string, Set<Socket>>();
  const answering = new WeakSet<Socket>();
  const shed = new WeakSet<Socket>();
  let count = 0;
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
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    answering.add(socket);
    res.once("close", () => answering.delete(socket));
  });

  function admit(socket: Socket): boolean {
    const peer = socket.remoteAddress ?? "";
    const own = trusted.has(canonicalIp(peer) ?? peer);
    const key = clientKey(peer);
    const mine = own ? undefined : (open.get(key) ?? new Set<Socket>());
    if (mine !== undefined && mine.size >= max) {
      refuse(socket, key);
      return false;
    }
    if (count >= total && !makeRoom(mine?.size ?? 0)) {
      socket.destroy();
      return false;
    }
    count++;
    if (mine !== undefined) {
      mine.add(socket);
      open.set(key, mine);
    }
    socket.once("close", () => {
      if (shed.has(socket)) return;
      count--;
      if (mine === undefined) return;
      mine.delete(socket);
      if (mine.size > 0) return;
      open.delete(key);
      told.delete(key);
    });
    return true;
  }

  /** At the cap: closes the oldest connection not being answered of the address holding most, if it holds more than `held`. */
  function makeRoom(held: number): boolean {
    let most: [string, Set<Socket>] | undefined;
    for (const entry of open) if (most === undefined || entry[1].size > most[1].size) most = entry;
    if (most === undefined || most[1].size <= held) return false;
    const [key, sockets] = most;
    let victim: Socket | undefined;
    for (const s of sockets) {
      if (!answering.has(s)) {
        victim = s;
        break;
      }
    }
    victim ??= sockets.values().next().value as Socket;
    // Uncounted now: its 'close' comes later, and the newcomer takes its place at once.
    shed.add(victim);
    sockets.delete(victim);
    count--;
    if (sockets.size === 0) open.delete(key);
    victim.destroy();
    return true;
  }

  /**
   * A flood of reopened connections must cost little (a full accept queue drops everyone's for a second): a reset is
   * one system call, the 429 that says why goes to one connection a second, and Node's listener runs on neither.
   */
  function refuse(socket: Socket, key: string): void {
    const now = Date.now();
    if (now - (told.get(key) ?? -Infinity) < EXPLAIN_EVERY_MS) return void socket.resetAndDestroy();
    told.set(key, now);
    // Closed once handed to the system: a lingering refused socket would hold one of the server's slots.
    socket.end(response);
    socket.once("finish", () => socket.destroy());
  }
}
