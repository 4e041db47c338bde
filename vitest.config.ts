// Test runner settings: one build of the real snapshot for the whole run (global setup); files run in forks.
import { accessSync, constants, mkdirSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { HANG_MS } from "./test/helpers/patience.ts";
import { LongestFirst } from "./test/sequencer.ts";

/**
 * A folder in RAM for the tests' scratch trees (small snapshots, fetched raw copies, Chromium's profile),
 * when the machine has one and TMPDIR is not set. On a disk mounted with `discard`, creating and deleting
 * those trees cost a whole run 82 s of system CPU; in RAM, 35 s (wall 165 s → 142 s).
 */
function ramScratch(): string | undefined {
  try {
    accessSync("/dev/shm", constants.W_OK);
    const dir = join("/dev/shm", `fiscal-mx-test-${process.getuid?.() ?? 0}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch {
    return undefined;
  }
}

// Set before the workers and the tests' child processes start, so that all of them inherit it.
const scratch = process.env["TMPDIR"] === undefined ? ramScratch() : undefined;
if (scratch !== undefined) process.env["TMPDIR"] = scratch;

/**
 * How much slower than on a quiet machine the product's own short timeouts under test may be (test/helpers/patience.ts
 * patient(): an HTTP timeout a fetch test sets): the load average per core at the run's start, at least 1.
 */
process.env["FISCAL_TEST_PATIENCE"] ??= String(Math.max(1, Math.ceil((loadavg()[0] ?? 0) / availableParallelism())));

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // No speed bar per test or hook, which a busy machine trips: only a deadline that catches a hang (HANG_MS, 20 min).
    testTimeout: HANG_MS,
    hookTimeout: HANG_MS,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on two cores, so every file
    // waited for the one before. Most files wait on child processes, timers, sockets or the browser, so a
    // third worker keeps both cores busy: the whole run took 101 s instead of 111 s on two cores (4: 101 s).
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph instead of a fresh one per file:
    // the run spent 20 s importing the same modules again (wall 142 s → 112 s). It asks the tests not to
    // leave state behind: a global a test replaces is put back when it ends, and the modules
    // that keep state per instance (the functions' caches, the edge's rate limiter) are imported by two
    // files, which use client addresses of their own.
    isolate: false,
    // The long files first, on a fresh clone too (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
