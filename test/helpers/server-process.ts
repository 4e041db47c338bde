// The local server as a child process (as `npm start` runs it, same heap cap), for tests that must see it survive or fail as a process.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resident set size of the process now, in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startServerProcess(distDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--max-old-space-size=192", "--max-semi-space-size=4", "--import", "tsx", "server/main.ts"], {
    env: { ...process.env, FISCAL_DIST_DIR: distDir, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      log += c.toString();
      const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}):\n${log}`)));
  });
  return {
    url,
    child,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
