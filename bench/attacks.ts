// The nine findings of issue 29's reliability probe as attacks on a running server, after the probe's own
// scripts (mcpbatch, starve, connflood, bigbody): each runs until `end` and counts what it sent and got back.
import { Agent, request, type IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";

export interface AttackStats {
  /** Requests (or connections) the attacker made. */
  sent: number;
  /** Answers by status, or error code. */
  outcomes: Record<string, number>;
  /** Whatever the attack observed beyond the counts (a budget, a body read before a 413, …). */
  notes: string[];
}

export interface Target {
  port: number;
  /** Source addresses of the attacker (127.0.0.x; each its own rate-limit window). */
  attackerIps: string[];
}

const newStats = (): AttackStats => ({ sent: 0, outcomes: {}, notes: [] });
const count = (s: AttackStats, outcome: string | number): void => {
  s.sent++;
  s.outcomes[outcome] = (s.outcomes[outcome] ?? 0) + 1;
};

/** One HTTP request; the status and body text, or the error code. */
export function send(
  port: number,
  method: string,
  path: string,
  options: { body?: string | Buffer; from?: string; agent?: Agent; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number | string; body: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined)
      Object.assign(headers, { "content-type": "application/json", accept: "application/json, text/event-stream" });
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers,
        agent: options.agent ?? false,
        localAddress: options.from,
        timeout: options.timeoutMs ?? 30_000,
      },
      (res: IncomingMessage) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          if (body.length < 4096) body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", () => resolve({ status: "ERR", body }));
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ status: e.code ?? "ERR", body: "" }));
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.end(options.body);
  });
}

const rpc = (id: number, name: string, args: unknown): object => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
const cycle = <T>(xs: T[], n: number): T => xs[n % xs.length] as T;

const SEPARATORS = [" ", ",", ".", ";", ":", "-", "_", "/", "!", "?", "¿", "¡", "(", ")", '"', "'", "«", "»", "*", "&", "#", "@", "%"];

/** The probe's worst search: eleven "organica" joined by separators spelled from n, distinct per n (no cache hit). */
function worstQuery(n: number): string {
  let q = "organica";
  for (let i = 0, k = n; i < 10; i++, k = Math.floor(k / SEPARATORS.length)) q += `${cycle(SEPARATORS, k)}organica`;
  return q;
}

async function until(end: number, body: (n: number) => Promise<void>): Promise<void> {
  for (let n = 0; Date.now() < end; n++) await body(n);
}

/** 1. One JSON-RPC batch of 100 udi_history calls to 2030 (each answer 1.3 MB before the bounds). */
export async function mcpBatchHeap(t: Target, end: number): Promise<AttackStats> {
  const s = newStats();
  const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => rpc(i, "udi_history", { to: "2030-01-01" })));
  await until(end, async (n) => count(s, (await send(t.port, "POST", "/mcp", { body: batch, from: cycle(t.attackerIps, n) })).status));
  return s;
}

/** 2. Batches of 100 costly searches over MCP. */
export async function mcpBatchSearch(t: Target, end: number): Promise<AttackStats> {
  const s = newStats();
  await until(end, async (n) => {
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, i) => rpc(i, "cfdi_search", { q: worstQuery(n * 100 + i), limit: 50 })));
    count(s, (await send(t.port, "POST", "/mcp", { body: batch, from: cycle(t.attackerIps, n) })).status);
  });
  return s;
}

/** 3. One address holding 1,100 connections with unfinished headers, reopening each as it closes. */
export async function connectionFlood(t: Target, end: number): Promise<AttackStats> {
  const s = newStats();
  const from = t.attackerIps[0] as string;
  let open = 0;
  let most = 0;
  const sockets = new Set<Socket>();
  const opener = (): void => {
    if (Date.now() >= end) return;
    const socket = connect({ port: t.port, host: "127.0.0.1", localAddress: from });
    sockets.add(socket);
    s.sent++;
    let answered = false;
    socket.on("connect", () => {
      most = Math.max(most, ++open);
      socket.write("GET /api/v1/public/uma/2026 HTTP/1.1\r\nHost: x\r\n");
    });
    socket.on("data", (c: Buffer) => {
      if (!answered) s.outcomes[c.toString("latin1", 9, 12)] = (s.outcomes[c.toString("latin1", 9, 12)] ?? 0) + 1;
      answered = true;
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (s.outcomes[e.code ?? "ERR"] = (s.outcomes[e.code ?? "ERR"] ?? 0) + 1));
    socket.on("close", (hadError) => {
      if (!hadError || answered) open--;
      sockets.delete(socket);
      // Reopened after a pause, so the attacker's own loop does not take the machine's CPU from the server.
      setTimeout(opener, 20);
    });
  };
  for (let i = 0; i < 1100; i++) opener();
  await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now())));
  s.notes.push(`most connections open at once: ${most}`);
  for (const socket of sockets) socket.destroy();
  return s;
}

/** 4. One client's budget: 120 requests, REST and MCP alternating, from one address; and MCP behind a proxy. */
export async function splitBudget(t: Target, _end: number): Promise<AttackStats> {
  const s = newStats();
  // An address of its own: the other attacks spend the budgets of theirs.
  const from = "127.0.4.1";
  const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  let ok = 0;
  for (let i = 0; i < 120; i++) {
    const r =
      i % 2 === 0 ? await send(t.port, "GET", "/api/v1/public/uma", { from }) : await send(t.port, "POST", "/mcp", { body: list, from });
    count(s, r.status);
    if (r.status === 200) ok++;
  }
  s.notes.push(`requests served to one client in one window: ${ok} (the limit is 60)`);
  return s;
}

/** Frequent words of the SAT catalog: eight of them and a prefix make a search that scores the most entries. */
const FREQUENT = ["servicio", "producto", "material", "equipo", "sistema", "accesorio", "partes", "industrial", "electrico", "metal"];
const MORE = ["plastico", "papel", "agua", "control", "unidad", "medico", "construccion", "madera", "vehiculo", "tubo", "cable"];

/**
 * A costly search distinct for each n: eight frequent words in an order and choice spelled from n, and a prefix.
 * Since the answer cache keys on the words as read (separators no longer defeat it), the words themselves vary.
 */
export function costlyQuery(n: number): string {
  const words = [...FREQUENT, ...MORE];
  const picked: string[] = [];
  for (let k = n; picked.length < 8; k = Math.floor(k / words.length)) picked.push(...words.splice(k % words.length, 1));
  return `${picked.join(" ")} co`;
}

/** 5. Costly searches over REST, distinct each time, 16 in flight from 40 addresses (each under its own limit). */
export async function restSearch(t: Target, end: number): Promise<AttackStats> {
  const s = newStats();
  const agents = t.attackerIps.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const worker = async (w: number): Promise<void> =>
    until(end, async (n) => {
      const k = n * 16 + w;
      const path = `/api/v1/public/cfdi/buscar?limit=50&q=${encodeURIComponent(costlyQuery(k + 7919))}`;
      count(s, (await send(t.port, "GET", path, { from: cycle(t.attackerIps, k), agent: cycle(agents, k) })).status);
    });
  await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
  for (const a of agents) a.destroy();
  return s;
}

/** 7. Object, array and null arguments to MCP tools, and malformed params. */
export async function mcpBadArguments(t: Target, _end: number): Promise<AttackStats> {
  const s = newStats();
  const calls = [rpc(1, "uma_by_year", { year: {} }), rpc(2, "uma_by_year", { year: [] }), rpc(3, "uma_by_year", { year: null })];
  for (const [i, call] of calls.entries()) {
    // Addresses of their own: the other attacks spend the budgets of theirs, and a 429 would hide the verdict.
    const r = await send(t.port, "POST", "/mcp", { body: JSON.stringify(call), from: `127.0.7.${i + 1}` });
    const verdict = /"isError":true|"error":\{/.test(r.body) ? "refused" : /"result"/.test(r.body) ? "answered as a success" : "other";
    count(s, `${r.status} ${verdict}`);
  }
  const malformed = await send(t.port, "POST", "/mcp", {
    body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: 7 }),
    from: "127.0.7.9",
  });
  s.notes.push(`malformed params: ${malformed.status} ${malformed.body.slice(0, 160)}`);
  return s;
}

/** 8. A 200 MB body to /mcp, sent as fast as the server reads it, and GET /mcp. */
export async function mcpBigBody(t: Target, end: number): Promise<AttackStats> {
  const s = newStats();
  await until(end, async (n) => {
    const got = await new Promise<{ status: number | string; sent: number; ms: number }>((resolve) => {
      const started = performance.now();
      const socket = connect({ port: t.port, host: "127.0.0.1", localAddress: n === 0 ? "127.0.8.1" : cycle(t.attackerIps, n) });
      const total = 200 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      let status: number | string = "no answer";
      const pump = (): void => {
        while (sent < total && Date.now() < end) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      socket.on("connect", () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${total}\r\n\r\n`,
        );
        pump();
      });
      socket.on("data", (c: Buffer) => {
        if (status === "no answer") status = Number(c.toString("latin1", 9, 12));
        socket.destroy();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve({ status, sent, ms: performance.now() - started }));
    });
    count(s, got.status);
    if (n === 0) s.notes.push(`first answer ${got.status} after ${(got.sent / 1e6).toFixed(1)} MB sent, ${got.ms.toFixed(0)} ms`);
  });
  const get = await send(t.port, "GET", "/mcp", { from: "127.0.8.2", headers: { accept: "text/event-stream" } });
  s.notes.push(`GET /mcp: ${get.status}`);
  return s;
}
