// `npx tsx bench/server-ab.ts --before DIR --after DIR`: two checkouts of the local server on one dist/, both up at
// once, short autocannon runs alternating between them per scenario, so that a shared machine's swings in load
// fall on both sides alike (one bench:server run after the other differed by up to 40 % between rounds). Besides
// requests per second it gives the server's own CPU time per request (/proc), which the other load moves far less.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { autocannon, ensureBuilt } from "./measure.ts";
import { freePort, waitForPort } from "./ports.ts";
import { startFlags, track } from "./servers.ts";

const { values: opts } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string" },
    dist: { type: "string", default: "dist" },
    rounds: { type: "string", default: "5" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "64" },
    /** Only the scenarios whose name contains this. */
    only: { type: "string", default: "" },
  },
});
if (opts.before === undefined || opts.after === undefined) throw new Error("usage: --before DIR --after DIR (checkouts with node_modules)");
const DIST = resolve(opts.dist);
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.duration);
const CONNECTIONS = opts.connections;

type Side = "before" | "after";

/** `npm start`'s server from checkout `dir`, on a free port. */
async function startAt(dir: string, env: Record<string, string>): Promise<{ origin: string; pid: number }> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [...startFlags(), "--import", "tsx", "server/main.ts"], {
      cwd: resolve(dir),
      env: { ...process.env, FISCAL_DIST_DIR: DIST, PORT: String(port), HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  await waitForPort(port, child);
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid as number };
}

/** CPU time (user + system) the process has used, in µs (clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Run {
  rps: number;
  /** Server CPU µs per request. */
  cpu: number;
}

async function rate(server: { origin: string; pid: number }, path: string, seconds: number): Promise<Run> {
  const cpu0 = cpuMicros(server.pid);
  const r = await autocannon(["-c", CONNECTIONS, "-d", String(seconds), `${server.origin}${path}`]);
  return { rps: r.requests.average, cpu: (cpuMicros(server.pid) - cpu0) / r.requests.total };
}
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<void> {
  ensureBuilt(DIST);
  const dirs: Record<Side, string> = { before: opts.before as string, after: opts.after as string };
  type Server = { origin: string; pid: number };
  const free = {} as Record<Side, Server>;
  const limited = {} as Record<Side, Server>;
  for (const side of ["before", "after"] as const) {
    free[side] = await startAt(dirs[side], { FISCAL_RATE_LIMIT: "1000000000" });
    limited[side] = await startAt(dirs[side], {});
  }
  const load = (): string =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  console.log(`${new Date().toISOString()}, load ${load()}; ${ROUNDS} rounds of ${SECONDS} s a side, ${CONNECTIONS} connections`);
  const scenarios: [string, string, Record<Side, Server>][] = [
    ["small file (API route)", "/api/v1/public/fx/today", free],
    ["/rfc/validar/GODE561231GR8", "/api/v1/public/rfc/validar/GODE561231GR8", free],
    ["/calendario/proximos", "/api/v1/public/calendario/proximos", free],
    ["/suggest (five words)", "/api/v1/public/suggest?q=retencion%20de%20isr%20por%20salarios", free],
    ["429 (limit of 60 spent)", "/api/v1/public/fx/today", limited],
  ];
  for (const [name, path, servers] of scenarios.filter(([name]) => name.includes(opts.only))) {
    const got: Record<Side, Run[]> = { before: [], after: [] };
    for (const side of ["before", "after"] as const) await rate(servers[side], path, 1);
    // before · after, then after · before: neither side always runs second.
    for (let i = 0; i < ROUNDS; i++) {
      for (const side of i % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const)) {
        got[side].push(await rate(servers[side], path, SECONDS));
      }
    }
    const rps = (side: Side): number[] => got[side].map((r) => r.rps);
    const cpu = (side: Side): number => mean(got[side].map((r) => r.cpu));
    const list = (xs: number[]): string => xs.map((x) => Math.round(x).toLocaleString("en-US")).join(", ");
    const line = (side: Side): string =>
      `${side} ${list(rps(side))} req/s (mean ${Math.round(mean(rps(side))).toLocaleString("en-US")}), ${cpu(side).toFixed(1)} µs CPU a request`;
    console.log(
      `${name}: ${line("before")}; ${line("after")}; after/before ${(mean(rps("after")) / mean(rps("before"))).toFixed(2)} in req/s, ${(cpu("after") / cpu("before")).toFixed(2)} in CPU`,
    );
  }
  console.log(`${new Date().toISOString()}, load ${load()}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
