// Runs `tools/fetch.ts` as its own process (the fake publishers stay in the test's process) and watches it.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { nodeArgs } from "./entry-args.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface FetchChild {
  process: ChildProcess;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  done: Promise<ChildResult>;
}

/** Starts the fetch command with exactly this environment (PATH added); it never inherits the test's tokens. */
export function startFetch(args: string[], env: Record<string, string>): FetchChild {
  const child = spawn(process.execPath, [...nodeArgs("tools/fetch.ts"), ...args], {
    cwd: ROOT,
    env: { PATH: process.env["PATH"] ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const done = new Promise<ChildResult>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { process: child, output: () => stdout + stderr, done };
}

export function runFetchChild(args: string[], env: Record<string, string>): Promise<ChildResult> {
  return startFetch(args, env).done;
}

/** Polls until the condition holds; fails after timeoutMs with what the child printed. */
export async function waitFor(condition: () => boolean, what: string, child?: FetchChild, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}${child ? `; output:\n${child.output()}` : ""}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
