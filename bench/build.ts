// `npm run bench:build`: the full build against the time this machine needs just to write the same bytes.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { loadDatasets } from "../build/datasets.ts";
import { digestOf, dumpDatasets, dumpFiles, dumpIndex } from "../build/dumps.ts";
import { claveProdServList } from "../lib/bodies/bodies.ts";
import { generate } from "../build/pipeline.ts";
import { siteUrl } from "../core/service-config.ts";
import { findRawDir } from "../build/raw-dir.ts";
import { byteLength, type OutputFile } from "../build/write.ts";
import { median } from "./measure.ts";

const AS_OF = process.env["FISCAL_BENCH_AS_OF"] ?? "2026-11-21";
const rawDir = findRawDir();
const root = mkdtempSync(join(tmpdir(), "fmx-bench-build-"));

interface BuildRun {
  files: number;
  bytes: number;
  removed: number;
  maxRssBytes: number;
  /** User and system CPU time of all the build's threads. */
  cpuSeconds: number;
  /** The bundle thread's work (SQLite file and workbooks), and how long the build waited for it at the end. */
  bundleSeconds: number | null;
  bundleWaitSeconds: number | null;
  /** The output folder's machinery: the lock (and any repair), the two renames, deleting the previous tree. */
  claimSeconds: number;
  renameSeconds: number;
  retireSeconds: number;
  wallSeconds: number;
}

/** How much of the bundle thread's work ran beside the rest of the build. */
const overlap = (r: BuildRun): string =>
  r.bundleSeconds === null || r.bundleWaitSeconds === null
    ? "no bundle thread"
    : `bundle thread ${r.bundleSeconds.toFixed(2)} s, ${(r.bundleSeconds - r.bundleWaitSeconds).toFixed(2)} s of it beside the build, ${r.bundleWaitSeconds.toFixed(2)} s waited for`;

/** Plain synchronous writes of the given files into a fresh directory: what the disk alone costs. */
function baselineWrite(files: OutputFile[], dir: string): number {
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

/** Writes and discards completed on every block device (Linux /proc/diskstats), summed. */
function diskActivity(): string {
  try {
    return readFileSync("/proc/diskstats", "utf8")
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f.length >= 18)
      .map((f) => `${f[7]}:${f[14]}`)
      .join(",");
  } catch {
    return "";
  }
}

/**
 * ext4 without a journal (as here) skips, when it allocates an inode, every inode freed in the last
 * 60 s, or 360 s while its inode table block is dirty, and that block is dirtied again by the very
 * files being created. Each allocation rescans the group from its first free inode, reading the inode
 * table entry of every skipped one. Creating 54,000 files within 6 minutes of a large delete therefore
 * costs up to several times more, by a different amount in each directory. The bench watches the
 * free-inode count of the file system it writes to (a rise means something was deleted) and measures
 * only when no large delete happened in the last 6 minutes.
 */
const INODE_REUSE_DELAY_MS = 365_000;
/** Inodes freed by other programs now and then (temporary files) cost nothing worth waiting for. */
const LARGE_DELETE_INODES = 1000;
let freeInodes = statfsSync(root).ffree;
/** When inodes were freed, and how many. Unknown history counts as a large delete at the start. */
const inodeFrees: { at: number; count: number }[] = [{ at: Date.now(), count: Infinity }];

function watchInodeFrees(): void {
  const now = statfsSync(root).ffree;
  if (now > freeInodes) inodeFrees.push({ at: Date.now(), count: now - freeInodes });
  freeInodes = now;
}

const recentlyFreedInodes = (): number =>
  inodeFrees.filter((f) => Date.now() - f.at < INODE_REUSE_DELAY_MS).reduce((n, f) => n + f.count, 0);

/**
 * The longest wait for a settled disk (`FISCAL_BENCH_MAX_WAIT_S`, default 900 s). On a machine shared
 * with programs that keep deleting trees the disk never settles; a shorter cap trades accuracy for time,
 * and the figures say how long each run waited and how loaded the machine was.
 */
const MAX_WAIT_SECONDS = Number(process.env["FISCAL_BENCH_MAX_WAIT_S"] ?? 900);

/** Time spent waiting for a settled disk, reported at the end. */
let secondsWaited = 0;

/**
 * Each measured run starts from a clean page cache and an idle disk, after no large delete. `sync`
 * first writes back what the previous run left dirty (the kernel would otherwise do it up to 30 s
 * later, in the middle of the next run). Then we wait until the disk has been idle for 2 s, since a
 * large delete goes on discarding blocks after `rm` returns, and until fewer than 1,000 inodes have
 * been freed in the last 365 s (see INODE_REUSE_DELAY_MS).
 */
function waitForQuietDisk(maxSeconds = MAX_WAIT_SECONDS): number {
  const started = Date.now();
  spawnSync("sync");
  let last = diskActivity();
  let quietSince = Date.now();
  watchInodeFrees();
  const settled = (): boolean => Date.now() - quietSince >= 2000 && recentlyFreedInodes() < LARGE_DELETE_INODES;
  while (!settled() && Date.now() - started < maxSeconds * 1000) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    const now = diskActivity();
    if (now !== last) quietSince = Date.now();
    last = now;
    watchInodeFrees();
  }
  const waited = (Date.now() - started) / 1000;
  secondsWaited += waited;
  return waited;
}

/** What the dumps add: generating them in memory (from loaded datasets and rendered records) and writing them. */
async function dumpsCost(dir: string): Promise<{ generate: number; write: number; files: number; bytes: number }> {
  const data = await loadDatasets(rawDir);
  const claveProdServ = claveProdServList(data.catalogs["clave-prod-serv"]);
  let started = performance.now();
  const datasets = dumpDatasets(data, claveProdServ);
  const dumps = dumpFiles(datasets);
  const files = [...dumps, dumpIndex(datasets, dumps.map(digestOf), siteUrl(process.env))];
  const generateSeconds = (performance.now() - started) / 1000;
  waitForQuietDisk();
  started = performance.now();
  const writeSeconds = baselineWrite(files, dir);
  return { generate: generateSeconds, write: writeSeconds, files: files.length, bytes: files.reduce((n, f) => n + byteLength(f.data), 0) };
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const ms = (seconds: number): string => `${(seconds * 1000).toFixed(2)} ms`;

async function main(): Promise<void> {
  const files = await generate({ rawDir, asOf: AS_OF, env: process.env });
  const bytes = files.reduce((n, f) => n + byteLength(f.data), 0);
  console.log(`Raw: ${rawDir}; ${files.length} files, ${mb(bytes)}; as-of ${AS_OF}; temp dir ${root}`);

  // This file system is noisy: the time to write the same files drifts by 2× within minutes. So every
  // measured run writes into a fresh directory once the disk is idle, each build is bracketed by a
  // baseline before and after it and compared with their mean, all deletes happen at the end, and the
  // verdict uses the median of the per-round ratios.
  const rounds = Number(process.env["FISCAL_BENCH_ROUNDS"] ?? 5);
  const results: { baseline: number; full: BuildRun }[] = [];
  const baselineRun = (name: string): number => {
    waitForQuietDisk();
    return baselineWrite(files, join(root, name));
  };
  let before = baselineRun("baseline-0");
  for (let i = 0; i < rounds; i++) {
    waitForQuietDisk();
    const full = runBuild(join(root, `dist-${i}`));
    const after = baselineRun(`baseline-${i + 1}`);
    const baseline = (before + after) / 2;
    results.push({ baseline, full });
    console.log(
      `round ${i + 1}: baseline write (fresh dir; before ${before.toFixed(2)} s, after ${after.toFixed(2)} s) mean ${baseline.toFixed(2)} s; ` +
        `full build (fresh dir, process wall time) ${full.wallSeconds.toFixed(2)} s, ${full.cpuSeconds.toFixed(2)} s CPU ` +
        `= ${(full.wallSeconds / baseline).toFixed(2)}×; peak ${mb(full.maxRssBytes)}; ${overlap(full)}; ` +
        `load average ${loadavg()[0]!.toFixed(1)}`,
    );
    before = after;
  }
  waitForQuietDisk();
  const rebuild = runBuild(join(root, `dist-${rounds - 1}`));
  console.log(
    `rebuild with unchanged inputs (every file rewritten): ${rebuild.wallSeconds.toFixed(2)} s, ${rebuild.cpuSeconds.toFixed(2)} s CPU; ` +
      `peak ${mb(rebuild.maxRssBytes)}; ${rebuild.removed} removed; lock ${ms(rebuild.claimSeconds)}, swap renames ${ms(rebuild.renameSeconds)}, ` +
      `deleting the previous tree ${rebuild.retireSeconds.toFixed(2)} s`,
  );

  const dumps = await dumpsCost(join(root, "dumps-only"));
  const dumpShare = (dumps.generate + dumps.write) / median(results.map((r) => r.full.wallSeconds));
  console.log(
    `dumps added to the build: ${dumps.files} files, ${mb(dumps.bytes)}; generate ${dumps.generate.toFixed(2)} s + write ${dumps.write.toFixed(2)} s ` +
      `= ${(dumpShare * 100).toFixed(1)} % of the median full build`,
  );
  const ratio = median(results.map((r) => r.full.wallSeconds / r.baseline));
  const fullSeconds = median(results.map((r) => r.full.wallSeconds));
  const peak = Math.max(rebuild.maxRssBytes, ...results.map((r) => r.full.maxRssBytes));
  const checks = [
    [`full build ≤ 2× baseline (median ratio ${ratio.toFixed(2)}×)`, ratio <= 2],
    [`full build < 20 s (median ${fullSeconds.toFixed(2)} s)`, fullSeconds < 20],
    [`peak memory < 1 GB (${mb(peak)})`, peak < 1e9],
    [`unchanged rebuild removes no file (${rebuild.removed} removed)`, rebuild.removed === 0],
    [`dumps add < 25 % to the full build (${(dumpShare * 100).toFixed(1)} %)`, dumpShare < 0.25],
  ] as const;
  console.log(`waited ${secondsWaited.toFixed(0)} s in all for a settled disk (no large delete in the last 365 s)`);
  for (const [label, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${label}`);
  rmSync(root, { recursive: true, force: true });
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

await main();
