// `npm run bench:fetch`: the fetch command against fake publishers on 127.0.0.1, wall time and peak memory.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { FakePublishers } from "../test/helpers/publishers.ts";

const TARGET_SECONDS = 30;
const TARGET_BYTES = 500e6;

interface Run {
  label: string;
  condition: string;
  wallSeconds: number;
  maxRssBytes: number;
  statuses: string[];
}

/** The real command in its own process (startup and transpiling included); the fake publishers stay in this one. */
async function fetchRun(fake: FakePublishers, rawDir: string, label: string, condition: string): Promise<Run> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "tools/fetch.ts", "--stats-json"], {
    env: { PATH: process.env["PATH"] ?? "", ...fake.env(), FISCAL_RAW_DIR: rawDir },
    maxBuffer: 16 * 1024 * 1024,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const stats = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { maxRssBytes: number; statuses: string[] };
  return { label, condition, wallSeconds, maxRssBytes: stats.maxRssBytes, statuses: stats.statuses };
}

async function main(): Promise<void> {
  const setupStarted = performance.now();
  const fake = await new FakePublishers().start();
  const setup = (performance.now() - setupStarted) / 1000;
  const root = mkdtempSync(join(tmpdir(), "fmx-bench-fetch-"));
  console.log(
    `Fake publishers on ${fake.url} (workbook ${(fake.workbook.length / 1e6).toFixed(1)} MB generated in ${setup.toFixed(2)} s, not counted); ` +
      `raw directories under ${root}`,
  );
  try {
    const runs: Run[] = [];
    const rounds = Number(process.env["FISCAL_BENCH_ROUNDS"] ?? 2);
    for (let i = 0; i < rounds; i++) {
      const dir = join(root, `raw-${i}`);
      runs.push(await fetchRun(fake, dir, `cold ${i + 1}`, "empty raw dir: all three downloaded, workbook converted"));
      if (i === rounds - 1) runs.push(await fetchRun(fake, dir, "warm", "previous snapshot in place: JSON compared, workbook 304"));
    }
    const rows = runs.map((r) => [
      r.label,
      r.condition,
      `${r.wallSeconds.toFixed(2)} s`,
      `${(r.maxRssBytes / 1e6).toFixed(0)} MB`,
      r.statuses.join(" "),
    ]);
    const header = ["run", "condition", "wall time", "peak RSS", "result"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
    const cold = runs.filter((r) => r.label.startsWith("cold"));
    const worstWall = Math.max(...cold.map((r) => r.wallSeconds));
    const peak = Math.max(...runs.map((r) => r.maxRssBytes));
    const checks = [
      [
        `every run fetched all three publishers without failure`,
        runs.every((r) => r.statuses.length === 3 && !r.statuses.some((s) => s.endsWith(":failed"))),
      ],
      [`cold fetch < ${TARGET_SECONDS} s (slowest ${worstWall.toFixed(2)} s)`, worstWall < TARGET_SECONDS],
      [`peak memory < ${TARGET_BYTES / 1e6} MB (${(peak / 1e6).toFixed(0)} MB)`, peak < TARGET_BYTES],
    ] as const;
    for (const [label, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${label}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
