// What the benches share: a built tree to measure, autocannon runs in their own process, function bundles, medians.
import { spawn, spawnSync, type ChildProcessByStdio } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { track } from "./servers.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const AUTOCANNON = join(ROOT, "node_modules/autocannon/autocannon.js");

/** Builds `dist` with `npm run build` unless `marker` (a path inside it) is already there. */
export function ensureBuilt(dist: string, marker = "api"): void {
  if (existsSync(join(dist, marker))) return;
  console.log(`${dist} no tiene ${marker}: npm run build…`);
  if (spawnSync("npm", ["run", "build", "--", "--out", dist], { stdio: "inherit" }).status !== 0) throw new Error("build failed");
}

/** The parts of autocannon's JSON report the benches read. */
export interface AutocannonReport {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number; total: number };
  non2xx: number;
  /** Errors and timeouts together. */
  failed: number;
}

/** One autocannon run (its command-line arguments) in its own process, so the load generator never shares the server's event loop. */
export function autocannon(args: string[]): Promise<AutocannonReport> {
  const child = spawn(process.execPath, [AUTOCANNON, "-j", "-t", "30", ...args], { stdio: ["ignore", "pipe", "ignore"] });
  return reportOf(child, args.at(-1) ?? "");
}

/**
 * The same, with every request rewritten by `rewrite`: the source of a function `(request, n) => request`,
 * n counting the requests from 0 (to cycle through queries or client addresses). `preamble` is source run
 * before it, e.g. to read what it cycles through.
 */
export function autocannonEach(
  url: string,
  connections: number,
  seconds: number,
  rewrite: string,
  preamble = "",
): Promise<AutocannonReport> {
  const script = `
    const autocannon = require(${JSON.stringify(dirname(AUTOCANNON))});
    ${preamble}
    const rewrite = ${rewrite};
    let n = 0;
    const setupRequest = (request) => rewrite(request, n++);
    autocannon({ url: ${JSON.stringify(url)}, connections: ${connections}, duration: ${seconds}, requests: [{ setupRequest }] }, (err, r) => {
      if (err) throw err;
      console.log(JSON.stringify(r));
    });`;
  return reportOf(spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] }), url);
}

function reportOf(child: ChildProcessByStdio<null, Readable, null>, url: string): Promise<AutocannonReport> {
  track(child);
  return new Promise((res, rej) => {
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", rej);
    child.on("exit", () => {
      try {
        const r = JSON.parse(out) as Omit<AutocannonReport, "failed"> & { errors: number; timeouts: number };
        res({ requests: r.requests, latency: r.latency, throughput: r.throughput, non2xx: r.non2xx, failed: r.errors + r.timeouts });
      } catch (e) {
        rej(new Error(`autocannon gave no result for ${url}: ${String(e)}`));
      }
    });
  });
}

/** A function of `functions/` bundled as Netlify bundles it (esbuild, ESM, node target) into `outfile`; its size in bytes. */
export async function bundleFunction(entry: string, outfile: string, minify = false): Promise<number> {
  await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    minify,
    outfile,
    logLevel: "error",
  });
  return statSync(outfile).size;
}

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The value at quantile `q` (0–1) of `values`, by nearest rank; 0 for none. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/** User + system CPU of a process in ms, from Linux's /proc (clock ticks of 10 ms); NaN elsewhere. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
