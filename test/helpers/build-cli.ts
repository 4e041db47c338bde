// Runs `build/main.ts` as its own process (bundled, see test/helpers/bundle-entries.ts), for tests of exit codes, locks and crashes.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import { AS_OF } from "./tree.ts";
import { nodeArgs } from "./entry-args.ts";
import { HANG_MS } from "./patience.ts";

/** The build's arguments: `--as-of` is the tests' date unless given. */
const withDate = (args: string[]): string[] => (args.some((a) => a.startsWith("--as-of")) ? args : ["--as-of", AS_OF, ...args]);

/**
 * Runs the build to its end; `env` is added to this process's environment. A build that hangs is killed at
 * HANG_MS: it blocks the worker, so the test's own deadline could not end it.
 */
export function runBuild(args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...nodeArgs("build/main.ts"), ...withDate(args)], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: HANG_MS,
    killSignal: "SIGKILL",
  });
}

/** Runs the build to its end without blocking this process (builds side by side); `env` is added to this process's environment. */
export function runBuildAsync(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; signal: NodeJS.Signals | null; pid: number | undefined; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgs("build/main.ts"), ...withDate(args)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve, reject) =>
    child.on("error", reject).on("close", (status, signal) => resolve({ status, signal, pid: child.pid, stdout, stderr })),
  );
}

/** Starts the build without waiting; `done` gives its exit code, signal and output. */
export function startBuild(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [...nodeArgs("build/main.ts"), ...withDate(args)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on("close", (code) => resolve({ code, stderr })));
  return { child, done };
}
