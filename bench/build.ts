// `npm run bench:build`: the full build against the time this machine needs just to write the same bytes.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { generate } from "../build/pipeline.ts";
import { findRawDir } from "../build/raw-dir.ts";

const AS_OF = process.env["FISCAL_BENCH_AS_OF"] ?? "2026-11-21";
const rawDir = findRawDir();
const root = mkdtempSync(join(tmpdir(), "fmx-bench-build-"));

interface BuildRun {
  files: number;
  bytes: number;
  written: number;
  unchanged: number;
  removed: number;
  maxRssBytes: number;
  wallSeconds: number;
}

/** Plain synchronous writes of the given files into a fresh directory: what the disk alone costs. */
function baselineWrite(files: { path: string; data: Uint8Array }[], dir: string): number {
  const started = performance.now();
  for (const d of new Set(files.map((f) => dirname(f.path)))) mkdirSync(join(dir, d), { recursive: true });
  for (const f of files) writeFileSync(join(dir, f.path), f.data);
  return (performance.now() - started) / 1000;
}

/** The real `npm run build` as a separate process (startup and transpiling included). */
function runBuild(outDir: string): BuildRun {
  const started = performance.now();
  const res = spawnSync(process.execPath, ["--import", "tsx", "build/main.ts", "--as-of", AS_OF, "--out", outDir, "--stats-json"], {
    encoding: "utf8",
    env: { ...process.env, FISCAL_RAW_DIR: rawDir },
  });
  const wallSeconds = (performance.now() - started) / 1000;
  if (res.status !== 0) throw new Error(`build failed:\n${res.stderr}`);
  const statsLine = res.stdout.trim().split("\n").at(-1) ?? "{}";
  return { ...(JSON.parse(statsLine) as Omit<BuildRun, "wallSeconds">), wallSeconds };
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

async function main(): Promise<void> {
  const files = await generate({ rawDir, asOf: AS_OF, env: process.env });
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  console.log(`Raw: ${rawDir}; ${files.length} files, ${mb(bytes)}; as-of ${AS_OF}; temp dir ${root}`);

  // Order matters on this file system: a large delete makes the next writes slower, so every measured
  // run writes into a fresh directory and all deletes happen at the end.
  const baseline = baselineWrite(files, join(root, "baseline"));
  const full = runBuild(join(root, "dist"));
  const rebuild = runBuild(join(root, "dist"));

  const rows = [
    ["baseline: write the same files (fresh dir)", `${baseline.toFixed(2)} s`, "-", "-"],
    ["full build (fresh dir, process wall time)", `${full.wallSeconds.toFixed(2)} s`, mb(full.maxRssBytes), `${full.written} written / ${full.unchanged} unchanged`],
    ["rebuild, unchanged inputs", `${rebuild.wallSeconds.toFixed(2)} s`, mb(rebuild.maxRssBytes), `${rebuild.written} written / ${rebuild.unchanged} unchanged / ${rebuild.removed} removed`],
  ];
  for (const r of rows) console.log(`${r[0]!.padEnd(46)} ${r[1]!.padStart(9)}  peak ${r[2]!.padStart(9)}  ${r[3]}`);
  const ratio = full.wallSeconds / baseline;
  const checks = [
    [`full build ≤ 2× baseline (${ratio.toFixed(2)}×)`, ratio <= 2],
    [`full build < 20 s (${full.wallSeconds.toFixed(2)} s)`, full.wallSeconds < 20],
    [`peak memory < 1 GB (${mb(Math.max(full.maxRssBytes, rebuild.maxRssBytes))})`, Math.max(full.maxRssBytes, rebuild.maxRssBytes) < 1e9],
    [`unchanged rebuild rewrites no file (${rebuild.written} written)`, rebuild.written === 0],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${label}`);
  rmSync(root, { recursive: true, force: true });
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
