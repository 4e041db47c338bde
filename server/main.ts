// `npm start`: builds dist/ when missing, then serves the API and the site on http://127.0.0.1:8787.
// package.json caps V8's old space (192 MB) and young space (4 MB semi-spaces): the live heap is ~60 MB,
// and without a cap V8 lets garbage from sustained load push the resident size past 300 MB before collecting.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { startServer } from "./app.ts";
import { staleNotice } from "../build/stale-notice.ts";
import { todayInMexicoCity } from "../lib/mexico-time.ts";

const distDir = resolve(process.env["FISCAL_DIST_DIR"] ?? "dist");

function buildIfMissing(): void {
  if (existsSync(join(distDir, "api"))) return;
  console.log(`No existe ${distDir}; compilando con npm run build…`);
  // The build holds every response in memory at once: it must not inherit the server's heap cap.
  const env = { ...process.env, NODE_OPTIONS: "" };
  const run = spawnSync("npm", ["run", "build", "--", "--out", distDir], { stdio: "inherit", env });
  if (run.status !== 0) {
    console.error("La compilación falló; no se puede iniciar el servidor.");
    process.exit(1);
  }
}

async function main(): Promise<void> {
  buildIfMissing();
  // On every start, not only the one that builds: stale data is served until someone refreshes it.
  for (const line of staleNotice(distDir, todayInMexicoCity(new Date()))) console.warn(line);
  const started = performance.now();
  const port = Number(process.env["PORT"] ?? 8787);
  const host = process.env["HOST"] ?? "127.0.0.1";
  const app = await startServer({ distDir, port, host, env: process.env });
  const ms = Math.round(performance.now() - started);
  console.log(`Fiscal MX en ${app.url} (${app.files.files.size} archivos, ${(app.files.bytes / 1e6).toFixed(1)} MB en memoria, ${ms} ms)`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: cerrando el servidor…`);
    // Requests in flight finish; connections that stay open after 5 s are cut.
    setTimeout(() => app.server.closeAllConnections(), 5000).unref();
    void app.close().then(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
