// The local server: arbitrary catalog pages identical to the page files, site files, and start-up and shutdown.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes.ts";
import { CatalogPages } from "../lib/http/handlers/catalog-pages.ts";
import { createApi } from "../lib/http/service.ts";
import type { HttpRequest } from "../lib/http/types.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, get } from "./http-setup.ts";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";

afterAll(removeTempDirs);

const request = (path: string, query = ""): HttpRequest => ({ method: "GET", path, query, header: () => undefined, ip: "127.0.0.1" });
const RATE_HEADERS = /^x-fmx-rate-limit/i;

function headerMap(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) if (!RATE_HEADERS.test(list[i]!)) out[list[i]!.toLowerCase()] = list[i + 1]!;
  return out;
}

describe("the server on the built tree", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({ distDir: await builtDist(), port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
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

  it("answers a pair without a file with the body and headers the file would have", () => {
    // The same pipeline with the page files hidden answers from the dump.
    const withoutPages = createApi({
      files: { get: (p) => (p.includes("/clave-prod-serv/limit-") ? undefined : app.files.get(p)) },
      catalog: () => new CatalogPages(app.files.get(CLAVE_PROD_SERV_DUMP)!.body),
    });
    for (const query of ["limit=100&offset=300", "offset=52500", "limit=100"]) {
      const fromFile = app.api.handle(request("/api/v1/public/cfdi/clave-prod-serv", query))!;
      const fromDump = withoutPages.handle(request("/api/v1/public/cfdi/clave-prod-serv", query))!;
      expect(fromDump.status).toBe(200);
      expect(Buffer.from(fromDump.body!).equals(Buffer.from(fromFile.body!)), query).toBe(true);
      expect(headerMap(fromDump.headers), query).toEqual(headerMap(fromFile.headers));
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

describe("site files", () => {
  let app: RunningServer;
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
    write("api/v1/public/fx/today.json", '{"date":"2026-11-20","rate":18.1,"source":"x"}');
    app = await startServer({ distDir: dir, port: 0, env: {} });
  });
  afterAll(() => app.close());

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

  it("never serves anything outside the directory", async () => {
    for (const path of ["/../../etc/passwd", "/..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/etc/passwd", "/herramientas/..%2f..%2f..%2fetc/passwd", "/%zz", "/%00"]) {
      const reply = await get(app.url, path);
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(reply.status, path).toBeLessThan(500);
      expect(reply.body.toString()).not.toContain("root:");
    }
  });
});

describe("npm start", () => {
  it("builds a missing tree, serves it, and exits 0 on SIGTERM", async () => {
    const distDir = join(tempDir("start"), "dist");
    // node itself (not npx) receives the signal, as under a process manager.
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: new URL("..", import.meta.url),
      // A small snapshot (~2,000 files): building and deleting the real one's 54,000 would dominate the run.
      env: { ...process.env, FISCAL_RAW_DIR: smallRaw(), FISCAL_DIST_DIR: distDir, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stderr.on("data", (c: Buffer) => (log += c.toString()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (c: Buffer) => {
          log += c.toString();
          const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
          if (m) resolve(m[1]!);
        });
        child.on("exit", () => reject(new Error(`the server exited early:\n${log}`)));
      });
      const reply = await get(url, "/api/v1/public/fx/today");
      expect(reply.status).toBe(200);
      const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
    } finally {
      // Never leave a server behind, whatever failed above.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 180_000);
});
