// No small group of addresses denies service: with the connection caps as shipped (1,000 open, 128 per address), 16
// loopback addresses holding half-open and slowloris connections (2,048 wanted) leave another address served.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { get } from "./http-setup.ts";
import { startServerProcess, type ServerProcess } from "./helpers/server-process.ts";

const ATTACKERS = Array.from({ length: 16 }, (_, i) => `127.0.0.${i + 2}`);
const VICTIM = "127.0.0.40";
const UMA = "/api/v1/public/uma/2026";

let server: ServerProcess;
beforeAll(async () => {
  // The small snapshot's tree: the caps are the connections', whatever the data (the real tree's 105,800 files
  // cost a start 4 s of CPU, the small one's 1.2 s).
  server = await startServerProcess(inject("smallDistDir"), { FISCAL_RATE_LIMIT: "1000000" });
});
afterAll(() => server.stop());

/** Open file descriptors of the server: its sockets, a few files and pipes. */
const descriptors = (): number => readdirSync(`/proc/${server.child.pid}/fd`).length;

describe("16 addresses holding every connection slot they can", () => {
  it("leave a client from another address served on a new connection each time", async () => {
    // The attackers hold their connections until their input is closed, once the victim's requests are done.
    const attacker = spawn(process.execPath, ["test/helpers/hold-connections.mjs", String(server.port), ATTACKERS.join(","), "128"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    attacker.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const finished = new Promise<void>((resolve) => attacker.on("exit", () => resolve()));
    // Until the server holds its 1,000 connections (on a loaded machine the attacker takes a while to open them):
    // no time limit but the run's hang deadline, which a server that never fills its slots reaches.
    let most = 0;
    while (most < 990) {
      await new Promise((r) => setTimeout(r, 50));
      most = Math.max(most, descriptors());
    }
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        await get(server.url, UMA, { localAddress: VICTIM }).then(
          (r) => r.status,
          (e: NodeJS.ErrnoException) => e.code ?? String(e),
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
    attacker.stdin.end();
    await finished;
    const counts = JSON.parse(out) as { opened: number; closed: number; held: number };
    console.log(`attackers: ${JSON.stringify(counts)}; server descriptors at most ${most}; victim: ${statuses.join(" ")}`);
    // Before, Node refused every connection past 1,000 at accept: the victim got ECONNRESET (114 of 115 tries).
    expect(statuses).toEqual(Array(20).fill(200));
    expect(counts.opened).toBeGreaterThan(2000);
    expect(server.child.exitCode).toBeNull();
  });
});
