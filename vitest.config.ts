// Test runner settings: one build of the real snapshot for the whole run (global setup); files run in forks.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    // Hooks build or remove whole trees of ~100,000 files; on a loaded disk a removal alone took over 2 minutes.
    hookTimeout: 600_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one: a single worker on two cores, so every file
    // waited for the one before. Most files wait on child processes, timers, sockets or the browser.
    maxWorkers: 2,
  },
});
