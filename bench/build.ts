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

  // This file system is noisy (a large delete slows the writes that follow it), so every measured run
  // writes into a fresh directory, baseline and build alternate, all deletes happen at the end, and the
  // verdict uses the median of the per-round ratios.
  const rounds = Number(process.env["FISCAL_BENCH_ROUNDS"] ?? 3);
  const results: { baseline: number; full: BuildRun }[] = [];
  for (let i = 0; i < rounds; i++) {
    const baseline = baselineWrite(files, join(root, `baseline-${i}`));
    const full = runBuild(join(root, `dist-${i}`));
    results.push({ baseline, full });
    console.log(
      `round ${i + 1}: baseline write (fresh dir) ${baseline.toFixed(2)} s; full build (fresh dir, process wall time) ` +
        `${full.wallSeconds.toFixed(2)} s = ${(full.wallSeconds / baseline).toFixed(2)}×; peak ${mb(full.maxRssBytes)}; ${full.written} written`,
    );
  }
  const rebuild = runBuild(join(root, `dist-${rounds - 1}`));
  console.log(
    `rebuild with unchanged inputs: ${rebuild.wallSeconds.toFixed(2)} s; peak ${mb(rebuild.maxRssBytes)}; ` +
      `${rebuild.written} written / ${rebuild.unchanged} unchanged / ${rebuild.removed} removed`,
  );

  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = median(results.map((r) => r.full.wallSeconds / r.baseline));
  const fullSeconds = median(results.map((r) => r.full.wallSeconds));
  const peak = Math.max(rebuild.maxRssBytes, ...results.map((r) => r.full.maxRssBytes));
  const checks = [
    [`full build ≤ 2× baseline (median ratio ${ratio.toFixed(2)}×)`, ratio <= 2],
    [`full build < 20 s (median ${fullSeconds.toFixed(2)} s)`, fullSeconds < 20],
    [`peak memory < 1 GB (${mb(peak)})`, peak < 1e9],
    [`unchanged rebuild rewrites no file (${rebuild.written} written)`, rebuild.written === 0],
  ] as const;
  for (const [label, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${label}`);
  rmSync(root, { recursive: true, force: true });
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
