// CI's closing line: a real vitest run's JSON report, read by build/test-tally.ts in its own process, as .ci/run does.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
afterAll(removeTempDirs);

const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });
const tally = (report: string) => run(["--import", "tsx", "build/test-tally.ts", report]);

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
