// The local server: arbitrary catalog pages identical to the page files, site files, and start-up and shutdown.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { copyFileSync, cpSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes/routes.ts";
import { CatalogPages } from "../lib/datasets/dump-slices.ts";
import { createApi } from "../lib/http/service.ts";
import type { Api } from "../lib/http/app.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import { serverLimitsFromEnv } from "../server/limits.ts";
import { builtDist, builtFiles, get } from "./http-setup.ts";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";
import { tinyRaw } from "./helpers/raw.ts";
import { nodeArgs } from "./helpers/entry-args.ts";
import { patient } from "./helpers/patience.ts";

afterAll(removeTempDirs);

const RATE_HEADERS = /^x-fmx-rate-limit/i;

/** The app's answer to a GET of `path?query`: status, body and headers but the rate-limit ones. */
async function request(api: Api, path: string, query: string): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
  const res = await api.app.request(`${path}?${query}`, undefined, { ip: "127.0.0.1" });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    headers: Object.fromEntries([...res.headers].filter(([n]) => !RATE_HEADERS.test(n))),
  };
}

describe("the server on the built tree", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
  });
  afterAll(() => app.close());

  it("slices every page exactly as the page files hold it", () => {
    const pages = new CatalogPages(app.files.get(CLAVE_PROD_SERV_DUMP)!.body);
    let checked = 0;
    for (const [path, file] of app.files.files) {
      const m = /\/cfdi\/clave-prod-serv\/limit-100\/offset-(\d+)\.json$/.exec(path);
      if (m === null) continue;
      expect(Buffer.from(pages.page(Number(m[1]), 100)).equals(Buffer.from(file.body)), path).toBe(true);
      checked++;
    }
    expect(checked).toBe(Math.ceil(pages.size / 100));
    expect(Buffer.from(pages.page(0, 100)).equals(Buffer.from(app.files.get("/api/v1/public/cfdi/clave-prod-serv.json")!.body))).toBe(true);
  });

  it("answers a pair without a file with the body and headers the file would have, its ETag named by the slice", async () => {
    // The same app with the page files hidden answers from the dump.
    const withoutPages = createApi({
      files: { get: (p) => (p.includes("/clave-prod-serv/limit-") ? undefined : app.files.get(p)) },
      tree: (p) => app.files.get(p)?.body,
    });
    for (const query of ["limit=100&offset=300", "offset=52500", "limit=100"]) {
      const fromFile = await request(app.api, "/api/v1/public/cfdi/clave-prod-serv", query);
      const fromDump = await request(withoutPages, "/api/v1/public/cfdi/clave-prod-serv", query);
      expect(fromDump.status).toBe(200);
      expect(fromDump.body.equals(fromFile.body), query).toBe(true);
      // The ETag of a computed slice comes from the dump's hash and the slice's bounds (docs/decisions/0056-etags-of-slices.md).
      const { etag, ...headers } = fromDump.headers;
      const { etag: fileEtag, ...fileHeaders } = fromFile.headers;
      expect(headers, query).toEqual(fileHeaders);
      expect(etag, query).toMatch(/^"[0-9a-z]+-[0-9a-z]+(\.[0-9a-z]+){2}"$/);
      expect(etag, query).not.toBe(fileEtag);
      expect((await request(withoutPages, "/api/v1/public/cfdi/clave-prod-serv", query)).headers["etag"], query).toBe(etag);
    }
  });

  it("serves the dump and the OpenAPI document at their paths", async () => {
    const dump = await get(app.url, CLAVE_PROD_SERV_DUMP);
    expect(dump.status).toBe(200);
    expect(dump.body.length).toBeGreaterThan(1_000_000);
    expect(dump.headers["cache-control"]).toBe("public, max-age=86400");
    expect((await get(app.url, "/api/v1/public/openapi.json")).json()).toMatchObject({ openapi: "3.1.0" });
  });
});

/** A dump above ON_DISK_BYTES: 1.5 MB of records. */
const BIG_DUMP = "api/v1/public/dumps/fx.json";
const BIG_TEXT = `[${Array.from({ length: 30_000 }, (_, i) => `{"date":"2000-01-01","rate":${i}.5,"n":"${"x".repeat(20)}"}`).join(",")}]\n`;

describe("site files", () => {
  let app: RunningServer;
  let siteDir: string;
  beforeAll(async () => {
    const dir = tempDir("site");
    const write = (path: string, text: string): void => {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write("index.html", "<h1>Inicio</h1>");
    write("herramientas/aguinaldo/index.html", "<h1>Aguinaldo</h1>");
    write("acerca.html", "<h1>Acerca</h1>");
    write("404.html", "<h1>No encontrada</h1>");
    write("llms.txt", "# Fiscal MX");
    write(".well-known/mcp.json", "{}");
    write(".fiscal-mx-build", "marker");
    write("api/v1/public/fx/today.json", '{"date":"2026-11-20","rate":18.1,"source":"x"}');
    write(BIG_DUMP, BIG_TEXT);
    siteDir = dir;
    app = await startServer({ distDir: dir, port: 0, env: {} });
  });
  afterAll(() => app.close());

  it("keeps a large file on disk and serves it as it was at start, even once a build has replaced it", async () => {
    expect(app.files.bytes).toBeLessThan(10_000);
    // Responses sending it at the same time share one copy.
    const held = app.files.get(`/${BIG_DUMP}`)!.body;
    expect(app.files.get(`/${BIG_DUMP}`)!.body).toBe(held);
    expect(Buffer.from(held).toString()).toBe(BIG_TEXT);
    const first = await get(app.url, `/${BIG_DUMP}`);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toBe(BIG_TEXT);
    expect(first.headers["content-length"]).toBe(String(BIG_TEXT.length));
    // A build swaps trees by renaming: the old file lives on under another name, a new one takes its path.
    renameSync(join(siteDir, BIG_DUMP), join(siteDir, `${BIG_DUMP}.old`));
    writeFileSync(join(siteDir, BIG_DUMP), "[]\n");
    const again = await get(app.url, `/${BIG_DUMP}`);
    expect(again.body.toString()).toBe(BIG_TEXT);
    expect(again.headers["etag"]).toBe(first.headers["etag"]);
    const head = await get(app.url, `/${BIG_DUMP}`, { method: "HEAD" });
    expect(head.headers["content-length"]).toBe(String(BIG_TEXT.length));
    const revalidated = await get(app.url, `/${BIG_DUMP}`, { headers: { "If-None-Match": first.headers["etag"] as string } });
    expect(revalidated.status).toBe(304);
  });

  it("serves pages with pretty URLs, revalidated by ETag", async () => {
    const home = await get(app.url, "/");
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.body.toString()).toContain("Inicio");
    expect((await get(app.url, "/herramientas/aguinaldo/")).body.toString()).toContain("Aguinaldo");
    expect((await get(app.url, "/herramientas/aguinaldo")).body.toString()).toContain("Aguinaldo");
    expect((await get(app.url, "/acerca")).body.toString()).toContain("Acerca");
    const cached = await get(app.url, "/", { headers: { "If-None-Match": home.headers["etag"] as string } });
    expect(cached.status).toBe(304);
    expect(home.headers["x-fmx-rate-limit"]).toBeUndefined();
  });

  it("answers unknown pages with the 404 page and unknown API paths with a problem", async () => {
    const page = await get(app.url, "/no/existe");
    expect(page.status).toBe(404);
    expect(page.body.toString()).toContain("No encontrada");
    const api = await get(app.url, "/api/v1/public/no/existe");
    expect(api.status).toBe(404);
    expect(api.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
  });

  it("serves the discovery files but not the build's marker file", async () => {
    expect((await get(app.url, "/.well-known/mcp.json")).status).toBe(200);
    expect((await get(app.url, "/.fiscal-mx-build")).status).toBe(404);
  });

  it("never serves anything outside the directory", async () => {
    for (const path of [
      "/../../etc/passwd",
      "/..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/herramientas/..%2f..%2f..%2fetc/passwd",
      "/%zz",
      "/%00",
    ]) {
      const reply = await get(app.url, path);
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.status, path).toBeLessThan(500);
      expect(reply.body.toString()).not.toContain("root:");
    }
  });
});

/** A raw connection to the server and everything it receives until it is closed. */
function rawConnection(url: string, send: string): Promise<{ received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    let received = "";
    socket.on("data", (c: Buffer) => (received += c.toString("latin1")));
    const closed = new Promise<number>((done) => socket.on("close", () => done(Date.now() - opened)));
    socket.on("error", () => undefined);
    socket.once("connect", () => {
      socket.write(send);
      resolve({ received: () => received, closed });
    });
    socket.once("error", reject);
  });
}

const KEEP_ALIVE_GET = "GET /api/v1/public/fx/today HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n";

describe("connection limits", () => {
  let app: RunningServer;
  beforeAll(async () => {
    const dir = tempDir("limits");
    mkdirSync(join(dir, "api/v1/public/fx"), { recursive: true });
    writeFileSync(join(dir, "api/v1/public/fx/today.json"), '{"date":"2026-11-20","rate":18.1,"source":"x"}');
    const env = { FISCAL_MAX_CONNECTIONS: "2", FISCAL_HEADERS_TIMEOUT_MS: "400", FISCAL_KEEP_ALIVE_TIMEOUT_MS: "300" };
    app = await startServer({ distDir: dir, port: 0, env });
  });
  afterAll(() => app.close());

  it("cuts a client that never finishes its headers with 408", async () => {
    const slow = await rawConnection(app.url, "GET /api/v1/public/fx/today HTTP/1.1\r\nHost: x\r\n");
    const after = await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(after).toBeLessThan(3000);
  });

  it("closes an idle keep-alive connection after its timeout", async () => {
    const idle = await rawConnection(app.url, KEEP_ALIVE_GET);
    const after = await idle.closed;
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(after).toBeGreaterThanOrEqual(300);
    expect(after).toBeLessThan(3000);
  });

  it("refuses connections past the cap and accepts again once one closes", async () => {
    const first = await rawConnection(app.url, KEEP_ALIVE_GET);
    const second = await rawConnection(app.url, KEEP_ALIVE_GET);
    await new Promise((r) => setTimeout(r, 100));
    const third = await rawConnection(app.url, KEEP_ALIVE_GET);
    await third.closed;
    expect(third.received()).toBe("");
    expect(first.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(second.received()).toMatch(/^HTTP\/1\.1 200/);
    await Promise.all([first.closed, second.closed]);
    expect((await get(app.url, "/api/v1/public/fx/today")).status).toBe(200);
  });

  it("refuses limits that are not positive whole numbers or contradict each other", () => {
    expect(() => serverLimitsFromEnv({ FISCAL_MAX_CONNECTIONS: "0" })).toThrow(/FISCAL_MAX_CONNECTIONS/);
    expect(() => serverLimitsFromEnv({ FISCAL_IDLE_TIMEOUT_MS: "1.5" })).toThrow(/FISCAL_IDLE_TIMEOUT_MS/);
    expect(() => serverLimitsFromEnv({ FISCAL_HEADERS_TIMEOUT_MS: "20000" })).toThrow(/FISCAL_HEADERS_TIMEOUT_MS/);
    expect(serverLimitsFromEnv({})).toMatchObject({ headersTimeoutMs: 10_000, maxConnections: 1_000, shutdownGraceMs: 10_000 });
  });
});

/** `npm start` as a child process (npm → sh → node, through tsx), resolved once it prints where it listens. */
const npmStart = (env: Record<string, string>): Promise<Started> => listening("npm", ["start"], env);

/**
 * server/main.ts as a child process from this run's bundle (test/helpers/bundle-entries.ts), for the shutdown
 * tests: the same entry `npm start` runs, without npm and tsx (about 0.7 s of CPU a start).
 */
const serverStart = (env: Record<string, string>): Promise<Started> => listening(process.execPath, nodeArgs("server/main.ts"), env);

interface Started {
  child: ChildProcess;
  url: string;
  log: () => string;
}

/** Starts `command`, resolved once it prints where it listens. */
async function listening(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(command, args, {
    cwd: new URL("..", import.meta.url),
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a failed test can end npm and the node below it together.
    detached: true,
  });
  let log = "";
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (c: Buffer) => {
      log += c.toString();
      const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) resolve(m[1]!);
    });
    child.on("exit", () => reject(new Error(`the server exited early:\n${log}`)));
  });
  return { child, url, log: () => log };
}

const exitOf = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.on("exit", (code) => resolve(code)));

/** Never leave a server behind, whatever failed: the npm process and the node it runs (its process group). */
function killAll(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/** Whether a new TCP connection to `url` is accepted. */
const accepts = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** A GET of a large file whose body the client does not read until `drain()`: a response in flight. */
function slowDownload(url: string, path: string): Promise<{ declared: number; drain: () => Promise<number> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${path}`, { agent: false }, (res) => {
      res.pause();
      const drain = (): Promise<number> =>
        new Promise((done) => {
          let n = 0;
          res.on("data", (c: Buffer) => (n += c.length));
          res.on("end", () => done(n));
          res.on("error", () => done(n));
          res.on("close", () => done(n));
          res.resume();
        });
      resolve({ declared: Number(res.headers["content-length"]), drain });
    });
    req.on("error", reject);
    req.end();
  });
}

describe("npm start and the server process", () => {
  /**
   * A small tree (~5,400 files, loaded in a fraction of the time of the real one's 105,800) holding the
   * real snapshot's 13 MB c_ClaveProdServ dump: a response large enough to stay in flight while unread.
   */
  let smallDist: string;
  beforeAll(async () => {
    // A copy of the run's small tree (test/global-setup.ts), which this suite changes.
    smallDist = join(tempDir("start-small"), "dist");
    cpSync(inject("smallDistDir"), smallDist, { recursive: true });
    copyFileSync(join(await builtDist(), CLAVE_PROD_SERV_DUMP), join(smallDist, CLAVE_PROD_SERV_DUMP));
  });

  it("builds a missing tree, serves it, and exits 0 when the npm process gets SIGTERM", async () => {
    const distDir = join(tempDir("start"), "dist");
    // The tiny snapshot (~4,200 files): what is checked is that npm start builds and serves, not what it builds.
    const { child, url } = await npmStart({ FISCAL_RAW_DIR: tinyRaw(), FISCAL_DIST_DIR: distDir });
    try {
      expect((await get(url, "/api/v1/public/fx/today")).status).toBe(200);
      const exit = exitOf(child);
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
      expect(await accepts(url)).toBe(false);
    } finally {
      killAll(child);
    }
  });

  it("on SIGTERM stops accepting at once, lets a response in flight finish, then exits 0", async () => {
    const { child, url, log } = await serverStart({ FISCAL_DIST_DIR: smallDist });
    try {
      const download = await slowDownload(url, CLAVE_PROD_SERV_DUMP);
      expect(download.declared).toBeGreaterThan(1_000_000);
      const exit = exitOf(child);
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      expect(await accepts(url)).toBe(false);
      expect(child.exitCode).toBeNull();
      expect(await download.drain()).toBe(download.declared);
      expect(await exit).toBe(0);
      expect(log()).toMatch(/SIGTERM: cerrando/);
    } finally {
      killAll(child);
    }
  });

  it("on SIGTERM answers a request sent behind a response in flight with Connection: close, then exits 0", async () => {
    const { child, url } = await serverStart({ FISCAL_DIST_DIR: smallDist });
    try {
      const socket = connect(Number(new URL(url).port), "127.0.0.1");
      const chunks: Buffer[] = [];
      const closed = new Promise<void>((done) => socket.on("close", () => done()));
      socket.on("data", (c: Buffer) => chunks.push(c));
      await new Promise((r) => socket.once("connect", r));
      // The dump's response stays in flight while the client reads nothing; the second request, sent once the server
      // is draining, waits behind it.
      socket.pause();
      socket.write(`GET ${CLAVE_PROD_SERV_DUMP} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await new Promise((r) => setTimeout(r, 300));
      const exit = exitOf(child);
      child.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      socket.write("GET /api/v1/public/uma HTTP/1.1\r\nHost: x\r\n\r\n");
      await new Promise((r) => setTimeout(r, 100));
      socket.resume();
      await closed;
      const received = Buffer.concat(chunks).toString("latin1");
      const second = received.slice(received.lastIndexOf("HTTP/1.1 "));
      expect(received.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
      expect(second.startsWith("HTTP/1.1 200 OK\r\n")).toBe(true);
      expect(second.split("\r\n\r\n")[0]).toMatch(/\r\nConnection: close(\r\n|$)/i);
      expect(await exit).toBe(0);
    } finally {
      killAll(child);
    }
  });

  it("on SIGINT cuts a response still in flight after the grace period and exits 0", async () => {
    const { child, url } = await serverStart({ FISCAL_DIST_DIR: smallDist, FISCAL_SHUTDOWN_GRACE_MS: "1000" });
    try {
      const download = await slowDownload(url, CLAVE_PROD_SERV_DUMP);
      const exit = exitOf(child);
      const signalled = Date.now();
      child.kill("SIGINT");
      expect(await exit).toBe(0);
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(1000);
      // A grace period that is not honoured shows as a wait far past it; a loaded machine only stretches it.
      expect(took).toBeLessThan(patient(8000));
      expect(await download.drain()).toBeLessThan(download.declared);
    } finally {
      killAll(child);
    }
  });

  it("refuses a limit that is not a positive whole number, before loading anything", async () => {
    const run = spawnSync(process.execPath, nodeArgs("server/main.ts"), {
      cwd: new URL("..", import.meta.url),
      env: { ...process.env, FISCAL_DIST_DIR: smallDist, PORT: "0", FISCAL_SHUTDOWN_GRACE_MS: "0" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/FISCAL_SHUTDOWN_GRACE_MS debe ser un entero positivo/);
  });
});
