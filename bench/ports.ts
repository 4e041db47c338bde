// Loopback ports for the benchmarks' servers: a free one to listen on, and waiting until a started server listens.
import type { ChildProcess } from "node:child_process";
import { connect, createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on("error", rej);
  });
}

const isOpen = (port: number): Promise<boolean> =>
  new Promise((res) => {
    const s = connect(port, "127.0.0.1", () => {
      s.destroy();
      res(true);
    });
    s.on("error", () => res(false));
  });

/** Resolves once something listens on the port; rejects when the child exits first or the time runs out. */
export async function waitForPort(port: number, child: ChildProcess, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with ${child.exitCode}`);
    if (await isOpen(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after ${seconds} s`);
}
