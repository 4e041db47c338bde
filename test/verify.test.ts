// `npm run verify`, run as a child process against the local server: nothing differs; through a proxy that changes the
// content type like netlify dev's file server, the difference is named, and kept apart with --emulator.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, builtFiles } from "./http-setup.ts";

const ROOT = join(import.meta.dirname, "..");
let app: RunningServer;
let proxy: Server;
let proxyUrl: string;

function runVerify(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "tools/verify.ts"), ...args], { cwd: ROOT });
    let out = "";
    child.stdout.on("data", (b: Buffer) => (out += b));
    child.stderr.on("data", (b: Buffer) => (out += b));
    child.on("close", (code) => done({ code, out }));
  });
}

beforeAll(async () => {
  // Every request of the runner comes from one address: a limit it cannot reach, the pacing tested apart.
  app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env: { FISCAL_RATE_LIMIT: "100000" } });
  proxy = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? "/", app.url), { method: req.method, headers: req.headers as Record<string, string> });
    const headers = Object.fromEntries(upstream.headers);
    if (headers["content-type"] === "application/json; charset=utf-8" && !req.url?.endsWith("openapi.json"))
      headers["content-type"] = "application/json; charset=UTF-8";
    res.writeHead(upstream.status, headers);
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  const address = proxy.address();
  proxyUrl = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`;
});

afterAll(async () => {
  proxy.close();
  await app.close();
});

describe("npm run verify", () => {
  it("finds nothing different on the local server, within its request budget", async () => {
    const { code, out } = await runVerify(app.url, "--max-requests=80", "--per-minute=60000");
    expect(out).toContain("Nada difiere del contrato.");
    expect(out).toMatch(/, 80 solicitudes en [\d.]+ s, \d+ omitidas por el tope/);
    expect(code).toBe(0);
  });

  it("names what differs, and keeps a known emulator difference apart with --emulator", async () => {
    const plain = await runVerify(proxyUrl, "--max-requests=20", "--per-minute=60000");
    expect(plain.code).toBe(1);
    expect(plain.out).toMatch(
      /content-type esperado application\/json, recibido application\/json; charset=UTF-8 \(como el emulador: charset\)/,
    );
    const emulated = await runVerify(proxyUrl, "--max-requests=20", "--per-minute=60000", "--emulator");
    expect(emulated.out).toContain("Nada difiere del contrato.");
    expect(emulated.out).toMatch(/Diferencias conocidas del emulador \(\d+\), aparte:/);
    expect(emulated.code).toBe(0);
  });

  it("paces its requests under the given rate and refuses a bad URL", async () => {
    const { code, out } = await runVerify(app.url, "--max-requests=4", "--per-minute=120");
    // 4 requests at 2 a second: at least 1.5 s between the first and the last.
    expect(Number(/4 solicitudes en ([\d.]+) s/.exec(out)?.[1])).toBeGreaterThanOrEqual(1.5);
    expect(code).toBe(0);
    expect((await runVerify("ftp://x")).code).toBe(2);
  });
});
