// CI's closing line: tools/test-tally.ts on a real vitest run's JSON report, and .ci/run around it, each in its own process.
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
afterAll(removeTempDirs);

const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
const tally = (report: string) => run([...nodeArgs("tools/test-tally.ts"), report]);

describe("the tally .ci/run prints", () => {
  it("counts what a run with the reporter arguments of .ci/run passed, failed and skipped", () => {
    const dir = tempDir("tally");
    writeFileSync(join(dir, "vitest.config.mjs"), 'export default { test: { globals: true, include: ["*.test.js"] } };\n');
    writeFileSync(
      join(dir, "sample.test.js"),
      'test("a", () => {});\ntest("b", () => {});\ntest("c", () => { throw new Error("no"); });\ntest.skip("d", () => {});\ntest.todo("e");\n',
    );
    const report = join(dir, "vitest.json");
    const vitest = run([
      "node_modules/vitest/vitest.mjs",
      "run",
      "--root",
      dir,
      "--config",
      join(dir, "vitest.config.mjs"),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]);
    expect(vitest.status).toBe(1);
    const result = tally(report);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("vitest: 2 passed, 1 failed, 2 skipped\n");
  });

  it("ends .ci/run's log, which exits with npm test's code, and prints no tally when the tests never ran", () => {
    // An npm of our own first on PATH: `ci` does nothing, `test` writes the report it is given (if any) and exits as told.
    const bin = tempDir("fake-npm");
    writeFileSync(
      join(bin, "npm"),
      [
        "#!/usr/bin/env bash",
        'case "$1" in',
        "  --version) echo 10.0.0 ;;",
        "  ci) exit 0 ;;",
        '  test) for a in "$@"; do case "$a" in --outputFile.json=*) out="${a#--outputFile.json=}" ;; esac; done',
        '    if [ -n "$FAKE_REPORT" ]; then printf %s "$FAKE_REPORT" > "$out"; fi',
        '    exit "$FAKE_STATUS" ;;',
        "esac",
        "",
      ].join("\n"),
    );
    chmodSync(join(bin, "npm"), 0o755);
    const ciRun = (status: number, report: string) =>
      spawnSync("bash", [".ci/run"], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env["PATH"] ?? ""}`, FAKE_STATUS: String(status), FAKE_REPORT: report },
      });
    const counts = { numPassedTests: 5, numFailedTests: 1, numPendingTests: 0, numTodoTests: 1 };
    const failed = ciRun(1, JSON.stringify(counts));
    expect(failed.status).toBe(1);
    expect(failed.stdout.trimEnd().split("\n").at(-1)).toBe("vitest: 5 passed, 1 failed, 1 skipped");
    const passed = ciRun(0, JSON.stringify({ ...counts, numFailedTests: 0 }));
    expect(passed.status).toBe(0);
    expect(passed.stdout.trimEnd().split("\n").at(-1)).toBe("vitest: 5 passed, 0 failed, 1 skipped");
    // The type check failed: no report, no tally, npm test's code.
    const stopped = ciRun(2, "");
    expect(stopped.status).toBe(2);
    expect(stopped.stdout).not.toContain("vitest:");
  });

  it("prints no tally and exits 1 when the run stopped before writing a report, or the report is not vitest's", () => {
    const dir = tempDir("tally");
    const missing = tally(join(dir, "none.json"));
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("none.json");
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ numPassedTests: 3, numFailedTests: "0" }));
    const wrong = tally(other);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toBe("");
    expect(wrong.stderr).toContain('numFailedTests no es un conteo: "0"');
  });
});
