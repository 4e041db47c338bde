// Test runner settings: one build of the real snapshot for the whole run (global setup); files run in forks.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on two cores, so every file
    // waited for the one before. Most files wait on child processes, timers, sockets or the browser.
    maxWorkers: 2,
  },
});
