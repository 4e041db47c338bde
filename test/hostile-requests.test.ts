// No request ends the server: the requests that once killed `npm start` and hundreds like them (seeded fuzz of
// methods, Host, headers and bodies over raw sockets) each get an answer below 500, and the process goes on serving.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, builtFiles, get } from "./http-setup.ts";
import { seededRandom } from "./helpers/random.ts";
import { startServerProcess, type ServerProcess } from "./helpers/server-process.ts";

let server: ServerProcess;
beforeAll(async () => {
  // The small snapshot's tree: every route and the same request handling as the real one's, whose 105,800 files
  // cost a start 4 s of CPU (the small one's, 1.2 s).
  server = await startServerProcess(inject("smallDistDir"), { FISCAL_RATE_LIMIT: "1000000" });
});
afterAll(() => server.stop());

/** Sends `bytes` on a connection of its own; the answer's status line and headers (undefined when the connection closed without one). */
function exchange(port: number, bytes: Buffer): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    let got = Buffer.alloc(0);
    const done = (value: string | undefined): void => {
      socket.destroy();
      resolve(value);
    };
    socket.on("data", (c: Buffer) => {
      got = Buffer.concat([got, c]);
      const end = got.indexOf("\r\n\r\n");
      if (end >= 0) done(got.subarray(0, end).toString("latin1"));
    });
    socket.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" ? done(undefined) : reject(e)));
    socket.on("close", () => done(got.length > 0 ? got.toString("latin1") : undefined));
    // Generous: the machine is shared, and no request here waits for a timeout of the server.
    socket.setTimeout(30_000, () => reject(new Error(`no answer to ${JSON.stringify(bytes.toString("latin1").slice(0, 200))}`)));
    socket.write(bytes);
  });
}

const statusOf = (head: string | undefined): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? "")?.[1] ?? 0);

/** A request as bytes: the request line, the header lines as given (Content-Length added for a body unless chunked). */
function raw(method: string, target: string, headers: string[], body = ""): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, ...headers];
  const chunked = headers.some((h) => /^transfer-encoding:\s*chunked/i.test(h));
  const payload = Buffer.from(body, "utf8");
  if (!chunked && body.length > 0 && !headers.some((h) => /^content-length:/i.test(h))) lines.push(`Content-Length: ${payload.length}`);
  const framed = chunked
    ? Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from("\r\n0\r\n\r\n")])
    : payload;
  return Buffer.concat([
    Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"),
    chunked && body.length === 0 ? Buffer.from("0\r\n\r\n") : framed,
  ]);
}

async function stillServes(): Promise<void> {
  expect(server.child.exitCode, server.log()).toBeNull();
  expect((await get(server.url, "/api/v1/public/uma/2026")).status).toBe(200);
}

const RPC = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

describe("requests that ended the process", () => {
  const cases: [string, Buffer, number][] = [
    ["POST /mcp with Host x:99999", raw("POST", "/mcp", ["Host: x:99999"], "{}"), 400],
    ["POST /mcp with Host «a b»", raw("POST", "/mcp", ["Host: a b"], "{}"), 400],
    ["POST /mcp with Host [::1", raw("POST", "/mcp", ["Host: [::1"], RPC), 200],
    ["TRACE /mcp", raw("TRACE", "/mcp", ["Host: x"], "{}"), 405],
    ["TRACE /mcp without a body", raw("TRACE", "/mcp", ["Host: localhost"]), 405],
    ["PROPFIND /mcp", raw("PROPFIND", "/mcp", ["Host: localhost"], "<x/>"), 405],
    ["DELETE /mcp", raw("DELETE", "/mcp", ["Host: localhost"]), 405],
    ["GET /mcp?x with a bad Host", raw("GET", "/mcp?x=1", ["Host: [::1"]), 405],
  ];
  for (const [name, bytes, status] of cases) {
    it(`${name}: answered ${status}, and the server goes on`, async () => {
      const head = await exchange(server.port, bytes);
      expect(statusOf(head), head).toBe(status);
      await stillServes();
    });
  }

  it("answers a method /mcp does not take with a Spanish problem+json and Allow, without reading the body", async () => {
    // The announced body never comes: the 405 must not wait for it.
    const head = await exchange(server.port, Buffer.from("PUT /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n{"));
    expect(statusOf(head)).toBe(405);
    expect(head).toMatch(/\r\nallow: POST, OPTIONS\r\n/i);
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    const res = await fetch(`${server.url}/mcp`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { detail: string }).detail).toContain("solo acepta POST");
  });
});

describe("a seeded fuzz of methods, targets, Host, headers and bodies", () => {
  const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "M-SEARCH", "QUERY", "FOO", "LINK"];
  const TARGETS = [
    "/mcp",
    "/mcp?x=1",
    "/mcp?%zz",
    "/mcp?%00",
    "/api/v1/public/uma/2026",
    "/api/v1/public/%",
    "/api/v1/public/fx/%ff",
    "/api/v1/public/cfdi/buscar?q=%00%01",
    "/api/v1/public/cfdi/validar/comprobante?tipo=T&metodoPago=%01",
    "/",
    "/guia-mcp/",
    "/mcp/",
    "/%2e%2e/%2e%2e/etc/passwd",
  ];
  const HOSTS = [
    undefined,
    "Host: x:99999",
    "Host: a b",
    "Host: [::1",
    "Host: ",
    "Host: \xe4\xff",
    `Host: ${"x".repeat(300)}`,
    "Host: localhost:0",
    "Host: ::1",
    "Host: [::1]:80",
    "Host: a\r\nHost: b",
    "Host: localhost",
  ];
  const EXTRA = [
    "Content-Type: application/json",
    "Content-Type: text/plain; charset=\xff",
    "Accept: application/json, text/event-stream",
    "Accept: */*;q=x",
    "X-Forwarded-For: not-an-address, ::1, 999.1.1.1",
    "Origin: null",
    "Access-Control-Request-Method: TRACE",
    "Mcp-Protocol-Version: \xff\xfe",
    "Mcp-Session-Id: ../../x",
    "If-None-Match: *",
    'If-Match: W/"x"',
    "Range: bytes=5-1",
    "Expect: 100-continue",
    "Transfer-Encoding: chunked",
    "Content-Encoding: gzip",
    "X-Empty:",
  ];
  const BODIES = [
    "",
    "{}",
    "[]",
    "null",
    "{",
    RPC,
    '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"uma","arguments":{}}}',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call"}',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"catalogo_sat","arguments":{"catalog":"uso-cfdi","code":"\\ud800"}}}',
    '{"jsonrpc":"2.0","id":3,"method":"nada"}',
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    "\u0000\u0001\u0002",
    "\ud83d\ude00".repeat(100),
  ];
  const random = seededRandom(44);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const requests = Array.from({ length: 400 }, () => {
    const headers = [pick(HOSTS), ...Array.from({ length: Math.floor(random() * 4) }, () => pick(EXTRA))].filter((h) => h !== undefined);
    return raw(pick(METHODS), pick(TARGETS), [...new Set(headers)], pick(BODIES));
  });

  it("answers every one below 500 (or refuses it at the parser with a 4xx), and the server still serves", async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (let i = 0; i < requests.length; i += 8) {
      const batch = requests.slice(i, i + 8);
      const heads = await Promise.all(batch.map((b) => exchange(server.port, b)));
      heads.forEach((head, j) => {
        const status = statusOf(head);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status < 100 || status >= 500) failures.push(`${status}: ${JSON.stringify(batch[j]?.toString("latin1").slice(0, 160))}`);
      });
    }
    expect(failures, server.log()).toEqual([]);
    // The fuzz reached the MCP endpoint's answers and its refusals, not only the parser's 400.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 405]));
    await stillServes();
    expect(server.log()).not.toContain("Error interno");
  });
});

describe("the 408s", () => {
  let app: RunningServer;
  beforeAll(async () => {
    const env = { FISCAL_HEADERS_TIMEOUT_MS: "1000", FISCAL_REQUEST_TIMEOUT_MS: "2000", FISCAL_RATE_LIMIT: "1000000" };
    app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env });
  });
  afterAll(() => app.close());

  /** What the server sends before it closes a connection that sent `bytes` and then nothing. */
  function stalled(bytes: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect({ host: "127.0.0.1", port: Number(new URL(app.url).port) });
      let got = "";
      socket.on("data", (c: Buffer) => (got += c.toString("utf8")));
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(got));
      socket.write(bytes);
    });
  }

  it("say the headers were late when they were, and the body when it was (an MCP body cut short)", async () => {
    const [headers, body] = await Promise.all([
      stalled("POST /mcp HTTP/1.1\r\nHost: x\r\n"),
      stalled('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"'),
    ]);
    expect(headers).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers).toContain("Los encabezados de la solicitud no terminaron de llegar a tiempo.");
    expect(body).toMatch(/^HTTP\/1\.1 408 /);
    expect(body).toContain("El cuerpo de la solicitud no terminó de llegar a tiempo");
    expect(body).not.toContain("encabezados de la solicitud no terminaron");
  });
});
