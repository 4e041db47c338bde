// `npm run bench:tests`: how long `npm test`'s steps and `npm run test:quick` take, wall and CPU (user + system, children included), and each test file's CPU (the costliest 12; FISCAL_BENCH_FILES=n for n).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const TARGET_TEST_SECONDS = 75;
const TARGET_QUICK_SECONDS = 20;

interface Step {
  label: string;
  wallSeconds: number;
  cpuSeconds: number;
  status: number | null;
}

const BASH_TIMES = (command: string): string[] => ["-c", `${command} >&2; s=$?; times; exit $s`];

/** The children's user and system seconds from the last line of bash's `times`. */
function childSeconds(stdout: string): number {
  const children = stdout.trim().split("\n").at(-1) ?? "";
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2])).reduce((a, b) => a + b, 0);
}

/**
 * Runs `command` in bash and reads its CPU time from bash's own `times` (the second line: children's user
 * and system time), so every process the step starts is counted, the workers and their children included.
 */
function step(label: string, command: string): Step {
  const started = performance.now();
  const run = spawnSync("bash", BASH_TIMES(command), { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const wallSeconds = (performance.now() - started) / 1000;
  return { label, wallSeconds, cpuSeconds: childSeconds(run.stdout), status: run.status };
}

/** The same as `step`, started in the background: `npm test` runs tsc, Biome and knip beside Vitest. */
function backgroundStep(label: string, command: string): Promise<Step> {
  // Its wall time from bash's own clock: the steps after it block this process, which sees its end only then.
  const script = `a=$EPOCHREALTIME; ${command} >&2; s=$?; echo "wall $a $EPOCHREALTIME"; times; exit $s`;
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", "pipe", "ignore"] });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((done) =>
    child.on("close", (status) => {
      const [, from, to] = /wall ([\d.]+) ([\d.]+)/.exec(stdout) ?? [];
      done({ label, wallSeconds: Number(to) - Number(from), cpuSeconds: childSeconds(stdout), status });
    }),
  );
}

/** The slowest test files of a vitest JSON report, by their own duration. */
function slowestFiles(report: string, count: number): string[] {
  const { testResults } = JSON.parse(readFileSync(report, "utf8")) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  return testResults
    .map((r) => ({ name: r.name.split("/test/").at(-1) ?? r.name, seconds: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map((r) => `${r.name} ${r.seconds.toFixed(1)} s`);
}

/** The names of the tests that failed, from vitest's JSON report. */
function failedTests(report: string): string[] {
  const { testResults } = JSON.parse(readFileSync(report, "utf8")) as {
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  return testResults.flatMap((r) =>
    r.assertionResults.filter((a) => a.status === "failed").map((a) => `${r.name.split("/test/").at(-1)} > ${a.fullName}`),
  );
}

/**
 * The run's serial tail: how long only one file was still running at the end (from the first file's start to
 * the last one's end, vitest's JSON report), and which file that was.
 */
function serialTail(report: string): string {
  const { testResults } = JSON.parse(readFileSync(report, "utf8")) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  const byEnd = [...testResults].sort((a, b) => a.endTime - b.endTime);
  const last = byEnd.at(-1)!;
  // The latest moment another file was still running.
  const others = Math.max(...byEnd.slice(0, -1).map((r) => Math.min(r.endTime, last.endTime)));
  const first = Math.min(...testResults.map((r) => r.startTime));
  const tail = Math.max(0, last.endTime - Math.max(others, last.startTime));
  return `files ran ${((last.endTime - first) / 1000).toFixed(1)} s; the last ${(tail / 1000).toFixed(1)} s only ${last.name.split("/test/").at(-1)}`;
}

/**
 * The files that took the most CPU in their worker, their finished child processes included (bench/tests-cpu.ts),
 * after the sum over every file (the rest of the run's CPU is the main process, the global setup and the imports).
 */
function costliestFiles(lines: string, count: number): string[] {
  const files = lines
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { file: string; cpuSeconds: number; wallSeconds: number })
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds);
  const sum = files.reduce((n, r) => n + r.cpuSeconds, 0);
  return [
    `all ${files.length} files CPU ${sum.toFixed(1)} s`,
    ...files.slice(0, count).map((r) => `${r.file} CPU ${r.cpuSeconds.toFixed(1)} s (wall ${r.wallSeconds.toFixed(1)} s)`),
  ];
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "fmx-bench-tests-"));
const report = join(dir, "vitest.json");
const perFile = join(dir, "cpu.jsonl");
// vitest.config.ts with bench/tests-cpu.ts as a setup file; inside the checkout, where its imports resolve.
const config = join(ROOT, "node_modules/.cache/fiscal-mx-bench-tests.config.ts");
// A fresh clone has no node_modules/.cache yet.
mkdirSync(dirname(config), { recursive: true });
writeFileSync(
  config,
  `import { defineConfig } from "vitest/config";\nimport base from ${JSON.stringify(join(ROOT, "vitest.config.ts"))};\n` +
    `export default defineConfig({ test: { ...base.test, setupFiles: [...(base.test?.setupFiles ?? []), ${JSON.stringify(join(ROOT, "bench/tests-cpu.ts"))}] } });\n`,
);
console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the start`,
);
const testStarted = performance.now();
const tsc = backgroundStep("tsc (incremental)", "npx tsc --noEmit --incremental --tsBuildInfoFile node_modules/.cache/tsc/tsbuildinfo");
const biome = backgroundStep("biome", "npx biome check .");
const knip = backgroundStep("knip", "npx knip");
const vitest = step(
  "vitest run",
  `FISCAL_BENCH_CPU_FILE=${perFile} npx vitest run --config ${config} --reporter=json --outputFile=${report}`,
);
const steps = [await tsc, await biome, await knip, vitest];
// As `npm test` runs them (test/npm-test.sh): tsc, Biome and knip beside Vitest.
const wall = (performance.now() - testStarted) / 1000;
steps.push(step("test:quick", "npm run test:quick"));
for (const s of steps) {
  console.log(
    `${s.label.padEnd(18)} wall ${s.wallSeconds.toFixed(1).padStart(6)} s  CPU ${s.cpuSeconds.toFixed(1).padStart(6)} s  exit ${s.status}`,
  );
}
const cpu = steps.slice(0, 4).reduce((n, s) => n + s.cpuSeconds, 0);
const quick = steps[4]!;
console.log(`npm test: wall ${wall.toFixed(1)} s (target ≤ ${TARGET_TEST_SECONDS} s on two idle cores), CPU ${cpu.toFixed(1)} s`);
console.log(
  `test:quick: wall ${quick.wallSeconds.toFixed(1)} s (target < ${TARGET_QUICK_SECONDS} s), CPU ${quick.cpuSeconds.toFixed(1)} s`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the end; slowest files:`,
);
for (const line of slowestFiles(report, 12)) console.log(`  ${line}`);
console.log(serialTail(report));
for (const name of failedTests(report)) console.log(`failed: ${name}`);
console.log("costliest files (CPU in their worker, child processes included; not their imports):");
for (const line of costliestFiles(readFileSync(perFile, "utf8"), Number(process.env["FISCAL_BENCH_FILES"] ?? 12))) console.log(`  ${line}`);
rmSync(dir, { recursive: true, force: true });
rmSync(config, { force: true });
