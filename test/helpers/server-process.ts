// The local server as `npm start` runs it (a child process, the same heap caps), on a built tree, for process-level tests.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { nodeArgs } from "./entry-args.ts";

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  /** stdout and stderr so far. */
  log(): string;
  /** Resident set size (KB) now, from /proc. */
  rssKb(): number;
  /** The same in MB. */
  rssMb(): number;
  /** User + system CPU time (ms) so far, from /proc. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** NODE_OPTIONS of `npm start` (package.json): the same heap as in production. */
const START_NODE_OPTIONS = "--max-old-space-size=192 --max-semi-space-size=4";

export async function startServerProcess(distDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs("server/main.ts"), {
    env: { ...process.env, NODE_OPTIONS: START_NODE_OPTIONS, FISCAL_DIST_DIR: distDir, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      log += c.toString();
      const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) resolve(m[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`the server exited early (${code}):\n${log}`)));
  });
  const rssKb = (): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
  const stat = (): string[] => readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return {
    child,
    url,
    port: Number(new URL(url).port),
    log: () => log,
    rssKb,
    rssMb: () => rssKb() / 1024,
    // Fields 14 and 15 of /proc/PID/stat (utime, stime), in clock ticks of 10 ms; index 11/12 after the name.
    cpuMs: () => (Number(stat()[11]) + Number(stat()[12])) * 10,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
