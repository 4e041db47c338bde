// `npm start`: builds dist/ when missing, then serves the API and the site on http://127.0.0.1:8787. package.json runs it
// as `node --import tsx` (one process, which gets the signals npm forwards) with V8's old space capped at 192 MB and its
// semi-spaces at 4 MB: the live heap is ~60 MB, and uncapped, garbage under load pushed the resident size past 300 MB.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { startServer, type RunningServer } from "./app.ts";
import { staleNotice } from "../build/stale-notice.ts";
import { todayInMexicoCity } from "../core/dates.ts";

const distDir = resolve(process.env["FISCAL_DIST_DIR"] ?? "dist");
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

let app: RunningServer | undefined;
let stopping: string | undefined;

/** The first SIGTERM/SIGINT stops the build or the server; the process exits once that is done. */
function onSignal(signal: string): void {
  if (stopping !== undefined) return;
  stopping = signal;
  if (app === undefined) return; // still building or loading: main() sees `stopping` and exits.
  console.log(`${signal}: cerrando el servidor (las respuestas en curso terminan, hasta ${app.limits.shutdownGraceMs} ms)…`);
  void app.close().then(() => {
    console.log("Servidor cerrado.");
    process.exit(0);
  });
}

/** Builds the tree when missing; a signal meanwhile is passed on to the build, which then stops. */
async function buildIfMissing(): Promise<void> {
  if (existsSync(join(distDir, "api"))) return;
  console.log(`No existe ${distDir}; compilando con npm run build…`);
  // The build holds every response in memory at once: it must not inherit the server's heap cap.
  const child = spawn("npm", ["run", "build", "--", "--out", distDir], { stdio: "inherit", env: { ...process.env, NODE_OPTIONS: "" } });
  const forward = (signal: NodeJS.Signals): void => void child.kill(signal);
  for (const s of SIGNALS) process.on(s, forward);
  const code = await new Promise<number | null>((done) => child.on("exit", (c) => done(c)));
  for (const s of SIGNALS) process.off(s, forward);
  if (stopping !== undefined) {
    console.error(`${stopping}: compilación interrumpida; el servidor no se inicia.`);
    process.exit(1);
  }
  if (code !== 0) {
    console.error("La compilación falló; no se puede iniciar el servidor.");
    process.exit(1);
  }
}

async function main(): Promise<void> {
  for (const s of SIGNALS) process.on(s, () => onSignal(s));
  await buildIfMissing();
  // On every start, not only the one that builds: stale data is served until someone refreshes it.
  for (const line of staleNotice(distDir, todayInMexicoCity(new Date()))) console.warn(line);
  const started = performance.now();
  const port = Number(process.env["PORT"] ?? 8787);
  const host = process.env["HOST"] ?? "127.0.0.1";
  app = await startServer({ distDir, port, host, env: process.env });
  const ms = Math.round(performance.now() - started);
  console.log(`Fiscal MX en ${app.url} (${app.files.files.size} archivos, ${(app.files.bytes / 1e6).toFixed(1)} MB en memoria, ${ms} ms)`);
  // A signal that came while loading: serve nothing, close at once.
  if (stopping !== undefined) {
    const signal = stopping;
    stopping = undefined;
    onSignal(signal);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
