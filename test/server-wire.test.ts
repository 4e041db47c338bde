// The local server on the wire: the header lines of an answer, through Hono's Node adapter, are the app's, in its spelling and in one order for GET and HEAD alike; what the adapter refuses is a 400.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, builtFiles } from "./http-setup.ts";

/** The raw answer to one request sent as is, the connection closed after it. */
function raw(origin: string, method: string, path: string, host = "localhost"): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.on("error", reject);
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

/** The names of the header lines, as sent. */
const headerNames = (answer: string): string[] =>
  (answer.split("\r\n\r\n")[0] ?? "")
    .split("\r\n")
    .slice(1)
    .map((line) => line.slice(0, line.indexOf(":")));

describe("the server's header lines", () => {
  let app: RunningServer;
  beforeAll(async () => {
    // The tree this worker has loaded already (test/http-setup.ts), not a load of its own (1.5 s of CPU).
    app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
  });
  afterAll(() => app.close());

  it.each(["/api/v1/public/rfc/validar/GODE561231GR8", "/api/v1/public/calendario/proximos", "/api/v1/public/fx/today"])(
    "%s: GET and HEAD send the app's headers as it spells them, in one order",
    async (path) => {
      const own = await app.api.app.request(path, undefined, { ip: "127.0.0.1" });
      const get = await raw(app.url, "GET", path);
      const head = await raw(app.url, "HEAD", path);
      expect(get.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
      const names = headerNames(get);
      expect(names.map((n) => n.toLowerCase()).sort()).toEqual([...own.headers.keys(), "date", "connection"].sort());
      expect(names).toEqual(
        expect.arrayContaining(["Content-Type", "Content-Length", "Cache-Control", "ETag", "Access-Control-Allow-Origin"]),
      );
      expect(headerNames(head)).toEqual(names);
      // Handed to the app as a GET, a HEAD still goes out without a body (Node drops it for a HEAD request).
      expect(head.slice(head.indexOf("\r\n\r\n") + 4)).toBe("");
    },
  );

  it("answers what Hono's adapter cannot make a web request of (a Host no URL holds, a backslash in the path) with a 400 problem", async () => {
    for (const [path, host] of [
      ["/api/v1/public/uma", "a b"],
      ["/api/v1/public/uma", "x@y"],
      ["/api/v1/public/rfc/validar/a\\b", "localhost"],
    ] as const) {
      const answer = await raw(app.url, "GET", path, host);
      expect(answer.startsWith("HTTP/1.1 400 Bad Request\r\n"), `${path} ${host}`).toBe(true);
      expect(answer).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
      expect(answer).toMatch(/"detail":"La solicitud tiene un encabezado Host o una direcci/); // latin1 here
    }
    // A Host in capitals or an IPv6 literal is a plain request.
    expect((await raw(app.url, "GET", "/api/v1/public/uma", "EXAMPLE.com")).startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
    expect((await raw(app.url, "GET", "/api/v1/public/uma", "[::1]:8080")).startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
  });
});
