// Findings 3, 4 and 5 of the reliability probe and the REST size bounds, against the server as a process: one
// address cannot hold every connection slot, nor delay another's requests with a connection flood or costly
// searches; REST and MCP share one budget per client under one key (trusted proxy, IPv6 /64); an answer built
// on demand has a bound with a 400 past it.
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { builtDist, get, type Reply } from "./http-setup.ts";
import { startServerProcess, type ServerProcess } from "./helpers/server-process.ts";

const UMA = "/api/v1/public/uma/2026";

/** Polls UMA from `from` every 50 ms for `ms`, each request over a connection of its own; the latencies. */
async function poll(origin: string, from: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  for (const end = performance.now() + ms; performance.now() < end; ) {
    const t0 = performance.now();
    expect((await get(origin, UMA, { localAddress: from })).status).toBe(200);
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

/** The same over one kept-alive connection: what the server and the machine delay, the accept queue aside. */
async function pollKeptAlive(origin: string, from: string, ms: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const u = new URL(origin);
  const times: number[] = [];
  for (const end = performance.now() + ms; performance.now() < end; ) {
    const t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: u.hostname, port: u.port, path: UMA, agent, localAddress: from }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(200);
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  agent.destroy();
  return times;
}

const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0;
const p99 = (xs: number[]): number => quantile(xs, 0.99);

function mcpPost(origin: string, from: string, forwardedFor?: string): Promise<Reply> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  if (forwardedFor !== undefined) headers["X-Forwarded-For"] = forwardedFor;
  const u = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: "/mcp", method: "POST", headers, agent: false, localAddress: from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString()) as unknown });
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  });
}

/** Opens a connection from `from` and sends the start of a request whose headers never end. */
function heldOpen(port: number, from: string): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    let text = "";
    const answer = new Promise<string>((done) => {
      socket.on("data", (c: Buffer) => (text += c.toString()));
      socket.on("close", () => done(text));
      socket.on("error", () => undefined);
    });
    socket.on("connect", () => {
      socket.write(`GET ${UMA} HTTP/1.1\r\nHost: x\r\n`);
      resolve({ socket, answer });
    });
    socket.on("error", () => resolve({ socket, answer }));
  });
}

/**
 * Waits until the server has refused every held connection past `slots` (each then closed), or until no more were
 * refused for 2 s (a cap that lets too many in): not a fixed pause, which a busy server may not yet have answered in.
 */
async function refusalsSettled(held: readonly { socket: Socket }[], slots: number): Promise<void> {
  let last = -1;
  let since = performance.now();
  for (;;) {
    const closed = held.filter((h) => h.socket.destroyed).length;
    if (closed >= held.length - slots) return;
    if (closed !== last) [last, since] = [closed, performance.now()];
    else if (performance.now() - since > 2000) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the server with its default limits (finding 3, point 1)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(await builtDist(), { FISCAL_RATE_LIMIT: "1000000" });
  });
  afterAll(() => server.stop());

  it("caps an address's open connections, unfinished headers included, and serves another address meanwhile", async () => {
    // More than the server's 1,000 slots, from one address, none of them ever finishing its headers.
    const held: { socket: Socket; answer: Promise<string> }[] = [];
    for (let i = 0; i < 1100; i++) held.push(await heldOpen(server.port, "127.0.0.5"));
    await refusalsSettled(held, 128);
    const open = held.filter((h) => !h.socket.destroyed && h.socket.readyState === "open");
    expect(open.length).toBe(128);
    const refusal = await (held.find((h) => h.socket.destroyed)?.answer ?? Promise.resolve(""));
    expect(refusal).toMatch(/^HTTP\/1\.1 429 /);
    expect(refusal).toContain("Demasiadas conexiones abiertas desde su dirección (máximo 128)");
    const victim: number[] = [];
    for (let i = 0; i < 20; i++) victim.push((await get(server.url, UMA, { localAddress: "127.0.0.6" })).status);
    expect(victim).toEqual(Array(20).fill(200));
    for (const h of held) h.socket.destroy();
  });

  it("keeps another address served while one floods it with connections, each reopened as it is refused (point 7)", async () => {
    const alone = await poll(server.url, "127.0.0.11", 1500);
    const cpu = server.cpuMs();
    // The attacker is a process of its own: 1,100 connections at a time from one address, for 3 s.
    const attacker = spawn(process.execPath, ["test/helpers/conn-flood.mjs", String(server.port), "127.0.0.10", "1100", "3"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    attacker.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const finished = new Promise<void>((resolve) => attacker.on("exit", () => resolve()));
    await new Promise((r) => setTimeout(r, 500));
    const [times, kept] = await Promise.all([poll(server.url, "127.0.0.11", 2500), pollKeptAlive(server.url, "127.0.0.16", 2500)]);
    await finished;
    const counts = JSON.parse(out) as { opened: number; 429: number; reset: number };
    const cpuPerConnection = (server.cpuMs() - cpu) / counts.opened;
    console.log(
      `victim p99: ${p99(alone).toFixed(0)} ms alone, ${p99(times).toFixed(0)} ms during the flood (${times.length} requests, ` +
        `a new connection each; ${p99(kept).toFixed(0)} ms over a kept-alive one); ` +
        `flood: ${JSON.stringify(counts)}, server CPU ${(cpuPerConnection * 1000).toFixed(0)} µs a connection`,
    );
    // Before, the flood overflowed the accept queue and the kernel dropped the victim's new connections, each then
    // retried a second later (p99 over 1,000 ms). The bound of issue 29 is 200 ms on a quiet machine; on two shared
    // cores the victim's p99 moves by hundreds of ms with the load, so it is measured alone and, during the flood,
    // over a kept-alive connection (which the accept queue does not delay): a new connection, which still waits
    // its turn behind the flood's in that queue, may take 200 ms more than three times the larger of the two.
    expect(p99(times)).toBeLessThan(200 + 3 * Math.max(p99(alone), p99(kept)));
    // Refused at once: every connection of the first 1,100 past the 128 slots was reset within the 3 s, which the
    // server's 10 s for unfinished headers would not do (how many reopened ones were reset too is the machine's speed).
    // Told why at most once a second.
    expect(counts.reset).toBeGreaterThanOrEqual(1100 - 128);
    expect(counts[429]).toBeGreaterThan(0);
    expect(counts[429]).toBeLessThanOrEqual(4);
    expect(server.child.exitCode).toBeNull();
    expect(server.rssMb()).toBeLessThan(400);
  });

  it("keeps another address served while one keeps 32 costly searches in flight (finding 5, point 7)", async () => {
    const alone = await poll(server.url, "127.0.0.13", 1500);
    // What one costly search takes here and now (distinct words, so none is answered from the cache), once the
    // first search has loaded the index.
    await get(server.url, "/api/v1/public/cfdi/buscar?q=tornillo", { localAddress: "127.0.0.14" });
    const searches: number[] = [];
    for (const q of [
      "servicio producto material equipo sistema accesorio partes industrial co",
      "metal plastico papel agua control unidad medico madera co",
    ]) {
      const t0 = performance.now();
      expect(
        (await get(server.url, `/api/v1/public/cfdi/buscar?limit=50&q=${encodeURIComponent(q)}`, { localAddress: "127.0.0.14" })).status,
      ).toBe(200);
      searches.push(performance.now() - t0);
    }
    const search = Math.max(...searches);
    const attacker = spawn(process.execPath, ["test/helpers/search-flood.mjs", server.url, "127.0.0.15", "32", "3"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    attacker.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const finished = new Promise<void>((resolve) => attacker.on("exit", () => resolve()));
    await new Promise((r) => setTimeout(r, 500));
    const times = await poll(server.url, "127.0.0.13", 2500);
    await finished;
    const counts = JSON.parse(out) as Record<string, number>;
    console.log(
      `victim p99: ${p99(alone).toFixed(0)} ms alone, ${p99(times).toFixed(0)} ms during the searches (p50 ${quantile(times, 0.5).toFixed(0)}, p90 ${quantile(times, 0.9).toFixed(0)} ms, ${times.length} requests); ` +
        `one costly search alone: ${search.toFixed(0)} ms; attacker: ${JSON.stringify(counts)}`,
    );
    // Before, the victim's request waited for every search in flight (32 of them: even its median was many
    // searches long); now for about one, or two when it comes just as a slice ends. The same allowance as above
    // for a loaded machine. Not the p99: of some 20 requests it is the single slowest, and on two shared cores
    // one search now and then takes ten times the two timed here (bench/attack.ts prints it).
    expect(quantile(times, 0.5)).toBeLessThan(200 + 2 * p99(alone));
    expect(quantile(times, 0.9)).toBeLessThan(200 + 2 * p99(alone) + 2 * search);
    expect(counts["200"]).toBeGreaterThan(32);
    expect(server.child.exitCode).toBeNull();
    expect(server.rssMb()).toBeLessThan(400);
  });

  it("bounds a series range built on demand, and says how to ask for less (point 1)", async () => {
    const rss = server.rssKb();
    const cpu = server.cpuMs();
    // The whole UDI series (11,600 observations, 1.2 MB) asked 30 times over: each a 400 that costs nothing.
    for (let i = 0; i < 30; i++) {
      const r = await get(server.url, "/api/v1/public/udi/history?to=2030-01-01", { localAddress: "127.0.0.6" });
      expect(r.status).toBe(400);
      expect(r.headers["cache-control"]).toBe("no-store");
      const detail = (r.json() as { detail: string }).detail;
      expect(detail).toMatch(/^El intervalo tiene \d+ observaciones y una respuesta admite como máximo 2000\./);
      expect(detail).toContain("from=1995-04-04&to=");
      expect(detail).toContain("/api/v1/public/dumps/udi.json");
    }
    expect(server.cpuMs() - cpu).toBeLessThan(1000);
    expect(server.rssKb() - rss).toBeLessThan(50_000);
    const fits = await get(server.url, "/api/v1/public/fx/history?from=2020-01-01&to=2024-12-31", { localAddress: "127.0.0.6" });
    expect(fits.status).toBe(200);
    const list = fits.json() as unknown[];
    expect(list.length).toBeGreaterThan(1000);
    expect(list.length).toBeLessThanOrEqual(2000);
  });
});

describe("one budget per client for REST and MCP (finding 4)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Budgets, not data: the small snapshot's tree, which the server loads in a tenth of the real one's time.
    server = await startServerProcess(inject("smallDistDir"), { FISCAL_RATE_LIMIT: "5", FISCAL_TRUSTED_PROXIES: "127.0.0.9" });
  });
  afterAll(() => server.stop());

  it("counts MCP requests and API requests against the same window", async () => {
    const from = "127.0.0.7";
    const replies = [
      await get(server.url, UMA, { localAddress: from }),
      await mcpPost(server.url, from),
      await get(server.url, UMA, { localAddress: from }),
      await mcpPost(server.url, from),
      await get(server.url, UMA, { localAddress: from }),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.headers["x-fmx-rate-limit-remaining"])).toEqual(["4", "3", "2", "1", "0"]);
    const mcp = await mcpPost(server.url, from);
    expect(mcp.status).toBe(429);
    expect(mcp.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(mcp.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await get(server.url, UMA, { localAddress: from })).status).toBe(429);
    // Another address has its budget untouched.
    expect((await mcpPost(server.url, "127.0.0.8")).headers["x-fmx-rate-limit-remaining"]).toBe("4");
  });

  it("keys MCP by the forwarded client behind a trusted proxy, IPv6 per /64", async () => {
    const proxy = "127.0.0.9";
    for (let i = 0; i < 5; i++) expect((await mcpPost(server.url, proxy, "203.0.113.7")).status).toBe(200);
    expect((await mcpPost(server.url, proxy, "203.0.113.7")).status).toBe(429);
    // Anyone else behind the same proxy is not blocked by that client.
    expect((await mcpPost(server.url, proxy, "203.0.113.8")).status).toBe(200);
    // Two addresses of one /64 are one client; REST and MCP together.
    for (let i = 0; i < 3; i++) expect((await mcpPost(server.url, proxy, `2001:db8:1:2::${i + 1}`)).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await get(server.url, UMA, { localAddress: proxy, headers: { "X-Forwarded-For": "2001:db8:1:2::99" } })).status).toBe(200);
    expect((await mcpPost(server.url, proxy, "2001:db8:1:2:ffff::1")).status).toBe(429);
    expect((await mcpPost(server.url, proxy, "2001:db8:1:3::1")).status).toBe(200);
  });
});
