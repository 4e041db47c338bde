// Runs in the bundle thread: waits for the dumps, makes the SQLite file and the workbooks, and sends their bytes back.
import { parentPort } from "node:worker_threads";
import { makeBundles } from "./bundles.ts";
import type { BundleInput } from "./bundle-types.ts";
import type { BundleResult } from "./bundle-thread.ts";

/** A moment both threads read alike (performance.now() counts from each thread's own start). */
const now = (): number => performance.timeOrigin + performance.now();

/**
 * Test hooks: `FISCAL_BUILD_CRASH=bundle-thread` makes the thread fail, `bundle-thread-exit` makes it end
 * without a result (as when it runs out of memory).
 */
const CRASH_POINT = process.env["FISCAL_BUILD_CRASH"];

// An error thrown here reaches the build as the worker's "error" event (build/bundle-thread.ts).
parentPort?.once("message", async (input: BundleInput) => {
  const startedAt = now();
  if (CRASH_POINT === "bundle-thread") throw new Error("fallo provocado (FISCAL_BUILD_CRASH=bundle-thread)");
  if (CRASH_POINT === "bundle-thread-exit") process.exit(70);
  const bytes = await makeBundles(input);
  const result: BundleResult = { bytes, startedAt, finishedAt: now() };
  // Moved, not copied, where a buffer is the whole of its memory (the thread ends right after).
  const moved = [bytes.sqlite, ...bytes.workbooks]
    .filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength)
    .flatMap((b) => (b.buffer instanceof ArrayBuffer ? [b.buffer] : []));
  parentPort?.postMessage(result, moved);
  // The thread ends at once: the build may not read the result until it has made every other file, and until
  // then this heap and SQLite's WebAssembly memory would stay (Node delivers the message before the exit).
  process.exit(0);
});
