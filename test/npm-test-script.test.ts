// `npm test`'s script (test/npm-test.sh) as a process: its exit code when any of its four steps fails, each step
// replaced by a small script on PATH that records its call and exits with a chosen code.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "fmx-npm-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the script with tsc, biome, knip and vitest replaced by scripts that record their call and exit with the given
 * codes (tsc after a pause, so that it ends last; each after `pause` seconds when given).
 */
function run(codes: { tsc?: number; biome?: number; knip?: number; vitest?: number }, args: string[] = [], pauseSeconds = 0) {
  for (const step of ["tsc", "biome", "knip", "vitest"] as const) {
    const pause = pauseSeconds > 0 ? `sleep ${pauseSeconds}; ` : step === "tsc" ? "sleep 0.3; " : "";
    const file = join(dir, step);
    const start = pauseSeconds > 0 ? `echo "start ${step}" >> "${dir}/calls"\n` : "";
    writeFileSync(file, `#!/bin/sh\n${start}${pause}echo "${step} $*" >> "${dir}/calls"\nexit ${codes[step] ?? 0}\n`);
    chmodSync(file, 0o755);
  }
  rmSync(join(dir, "calls"), { force: true });
  const result = spawnSync("sh", ["test/npm-test.sh", ...args], { env: { ...process.env, PATH: `${dir}:${process.env["PATH"]}` } });
  return { status: result.status, calls: readFileSync(join(dir, "calls"), "utf8").trim().split("\n") };
}

describe("npm test's script", () => {
  it("exits 0 when every step passes, and hands its arguments to vitest run", () => {
    const { status, calls } = run({}, ["--reporter=json"]);
    expect(status).toBe(0);
    expect(calls).toContain("vitest run --reporter=json");
    expect(calls.some((c) => c.startsWith("tsc --noEmit"))).toBe(true);
  });

  it("fails when the type check fails, even though it ends after Vitest passed", () => {
    expect(run({ tsc: 2 }).status).toBe(1);
  });

  it("exits with Vitest's code when the tests fail, else with Biome's or knip's, every step run beside the others", () => {
    expect(run({ vitest: 3, biome: 1, knip: 4 }).status).toBe(3);
    const biome = run({ biome: 1, knip: 4 });
    expect(biome.status).toBe(1);
    expect(biome.calls.some((c) => c.startsWith("vitest"))).toBe(true);
    expect(run({ knip: 4 }).status).toBe(4);
  });

  it("runs the four steps at once: each has started before any of them ends", () => {
    const { status, calls } = run({}, [], 1);
    expect(status).toBe(0);
    const starts = calls.filter((c) => c.startsWith("start "));
    expect(starts).toHaveLength(4);
    expect(calls.slice(0, 4)).toEqual(expect.arrayContaining(starts));
  });
});
