// Hostile paths, parameters and request lines over raw sockets: always a 4xx or a normal answer, never a 5xx or a crash.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { get, sharedServer } from "./http-setup.ts";
import { seededRandom } from "./helpers/random.ts";

const app = sharedServer();

/** Sends raw bytes as one request and returns the status line's code and the whole reply. */
function raw(requestText: string | Buffer): Promise<{ status: number; text: string }> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.end(requestText);
  });
}

const target = (t: string, method = "GET"): Promise<{ status: number; text: string }> =>
  raw(`${method} ${t} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);

const PREFIXES = [
  "/api/v1/public",
  "/api/v1/public/cfdi/uso",
  "/api/v1/public/uma",
  "/api/v1/public/rfc/validar",
  "/api/v1/public/inpc",
  "/api/v1/public/tarifa/isr/2026",
  "/",
  "/api",
  "/api/v1/public/cfdi/clave-prod-serv",
];
const PIECES = [
  "..",
  "%2e%2e",
  "%2E%2E%2F",
  "%2f",
  "%5c",
  "..%2f",
  "%00",
  "%",
  "%z",
  "%zz",
  "%c0%af",
  "%e0%80%ae",
  "%ff",
  "%C3%91",
  "ñ",
  "%20",
  "+",
  "//",
  "./",
  "etc",
  "passwd",
  "package.json",
  "openapi.json",
  "dumps",
  "G03",
  "2026",
  "2024-01",
  "mensual",
  "GODE561231GR8",
  ";",
  "#",
  "?",
  "&",
  "=",
  "*",
  "'",
  '"',
  "%0d%0a",
  "x".repeat(500),
  "9".repeat(30),
  "%u002e",
  "\\",
  "~",
  "%25",
  "%252e%252e",
];
const QUERIES = ["days", "limit", "offset", "q", "days[]", "__proto__", "constructor", "limit.x"];
const VALUES = [
  "",
  "0",
  "1",
  "-1",
  "1.5",
  "abc",
  "366",
  "1e3",
  "0x1",
  "%00",
  "%zz",
  "9".repeat(40),
  "a".repeat(3000),
  "%F0%9F%92%A9",
  "+1",
  " 1",
  "1%20",
];

function hostileTarget(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  let path = pick(PREFIXES);
  for (let i = Math.floor(next() * 5); i >= 0; i--) path += (path.endsWith("/") ? "" : "/") + pick(PIECES);
  if (next() < 0.6) {
    const pairs = Array.from({ length: 1 + Math.floor(next() * 4) }, () => `${pick(QUERIES)}=${pick(VALUES)}`);
    path += `?${pairs.join("&")}`;
  }
  // Characters no client should send raw: Node's parser must refuse them itself.
  return path.replace(/[ "\\#]/g, (c) => (next() < 0.5 ? c : encodeURIComponent(c)));
}

describe("hostile input", () => {
  it("answers 1,500 generated hostile requests without a 5xx", async () => {
    const next = seededRandom(20261121);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 60; batch++) {
      const targets = Array.from({ length: 25 }, () => hostileTarget(next));
      const methods = targets.map(() =>
        next() < 0.85 ? "GET" : ["HEAD", "OPTIONS", "POST", "TRACE", "CONNECT", "get", "BREW"][Math.floor(next() * 7)]!,
      );
      const replies = await Promise.all(targets.map((t, i) => target(t, methods[i])));
      replies.forEach((r, i) => {
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status < 200 || r.status >= 500 || r.text.includes("root:") || r.text.includes('"devDependencies"'))
          failures.push(`${methods[i]} ${targets[i]!.slice(0, 120)} → ${r.status}`);
      });
    }
    expect(failures).toEqual([]);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
    expect((await get(app.url, "/api/v1/public/fx/today")).status).toBe(200);
  });

  it("refuses malformed request lines, NUL bytes, huge paths and huge headers with a 4xx", async () => {
    const cases: (string | Buffer)[] = [
      "GET /api/v1/public/fx/today\0 HTTP/1.1\r\nHost: x\r\n\r\n",
      Buffer.concat([
        Buffer.from("GET /api/v1/public/cfdi/uso/G"),
        Buffer.from([0]),
        Buffer.from("03 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      ]),
      `GET /api/v1/public/${"a".repeat(3000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      `GET /api/v1/public/fx/history?days=${"1".repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /api/v1/public/fx/today HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(70_000)}\r\n\r\n`,
      "GET http://evil.example/etc/passwd HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
      "GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GET ../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "GARBAGE\r\n\r\n",
      "GET /api/v1/public/fx/today HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
    ];
    for (const c of cases) {
      const reply = await raw(c);
      const label = c.toString().slice(0, 60);
      expect(reply.status, label).toBeGreaterThanOrEqual(400);
      expect(reply.status, label).toBeLessThan(500);
      expect(reply.text).not.toContain("root:");
    }
    expect((await get(app.url, "/api/v1/public/fx/today")).status).toBe(200);
  });

  it("answers headers too large with a 431 problem+json the client can read, although it is still sending", async () => {
    // 200 KB of header: the parser gives up after 16 KB, while the client still has most of it to send.
    const huge = `GET /api/v1/public/uma HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(200_000)}\r\n\r\n`;
    for (let i = 0; i < 10; i++) {
      const reply = await raw(huge);
      expect(reply.status).toBe(431);
      const [head, body] = reply.text.split("\r\n\r\n");
      expect(head).toMatch(/\r\nCache-Control: no-store\r\n/);
      expect(head).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
      expect(JSON.parse(Buffer.from(body ?? "", "latin1").toString("utf8"))).toEqual({
        type: "https://fiscal-mx.netlify.app/problemas/encabezados-demasiado-grandes/",
        title: "Encabezados demasiado grandes",
        status: 431,
        detail: "Los encabezados de la solicitud son demasiado grandes.",
      });
    }
  });

  it("answers hostile parameters with 400 and the limits as documented", async () => {
    const expectations: [string, number][] = [
      ["/api/v1/public/fx/history?days=1&days=1", 400],
      ["/api/v1/public/fx/history?days=%31", 200],
      ["/api/v1/public/fx/history?days=%zz", 400],
      ["/api/v1/public/fx/history?__proto__=1&constructor=2", 200],
      [`/api/v1/public/suggest?q=${"%C3%B1".repeat(101)}`, 400],
      [`/api/v1/public/suggest?q=${"a".repeat(2100)}`, 414],
      ["/api/v1/public/rfc/validar/%00", 200],
      ["/api/v1/public/rfc/validar/..%2F..%2Fetc%2Fpasswd", 200],
      ["/api/v1/public/cfdi/uso/..%2F..%2F..%2F..%2Fpackage", 404],
    ];
    for (const [path, status] of expectations) expect((await get(app.url, path)).status, path).toBe(status);
  });
});
