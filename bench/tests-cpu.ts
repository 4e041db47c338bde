// Setup file of `npm run bench:tests`: each test file's CPU in its worker, its finished child processes included, one JSON line each.
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";

/** utime, stime, cutime and cstime of this process, in seconds (clock ticks of 10 ms, fields 14–17 of /proc/self/stat). */
function cpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) / 100;
}

const out = process.env["FISCAL_BENCH_CPU_FILE"];
let start = 0;
let wallStart = 0;
beforeAll(() => {
  start = cpuSeconds();
  wallStart = performance.now();
});
afterAll(() => {
  const file = expect.getState().testPath?.split("/test/").at(-1) ?? "?";
  if (out !== undefined)
    appendFileSync(
      out,
      `${JSON.stringify({ file, cpuSeconds: cpuSeconds() - start, wallSeconds: (performance.now() - wallStart) / 1000 })}\n`,
    );
});
