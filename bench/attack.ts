// `npm run bench:attack`: each finding of issue 29's reliability probe as an attack on the local server (as
// `npm start` runs it, a child process) while a victim polls a static route: the victim's latency, whether
// the server had to be restarted, its resident size and CPU per request. Findings 6 and 9 (fetch and build)
// run those commands the same way and report their exit and message.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  connectionFlood,
  mcpBadArguments,
  mcpBatchHeap,
  mcpBatchSearch,
  mcpBigBody,
  restSearch,
  send,
  splitBudget,
  costlyQuery,
  type AttackStats,
  type Target,
} from "./attacks.ts";
import { killedFetch, unwritableBuild } from "./attack-commands.ts";
import { ensureBuilt, quantile } from "./measure.ts";
import { freePort, waitForPort } from "./ports.ts";
import { startFlags, track } from "./servers.ts";

const { values: opts } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    seconds: { type: "string", default: "10" },
    only: { type: "string" },
  },
});
const DIST = resolve(opts.dist);
const SECONDS = Number(opts.seconds);
/** The victim's route: a static file (bench/attack-victim.ts polls it every 50 ms from 40 addresses). */
const VICTIM = { path: "/api/v1/public/uma/2026" };
const VICTIM_LOAD_MS = 6000;
/** The attacker's addresses: 127.0.1.1 … 127.0.1.40, forty clients each under its own limit. */
const ATTACKERS = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);

type ServerAttack = (t: Target, end: number) => Promise<AttackStats>;
const SERVER_ATTACKS: [string, string, ServerAttack][] = [
  ["1", "MCP batch of 100 udi_history to 2030", mcpBatchHeap],
  ["2", "MCP batches of 100 costly searches", mcpBatchSearch],
  ["3", "1,100 connections with unfinished headers from one address", connectionFlood],
  ["4", "120 requests of one client, REST and MCP alternating", splitBudget],
  ["5", "costly REST searches, 16 in flight, from 40 addresses", restSearch],
  ["7", "MCP object/array/null arguments, malformed params", mcpBadArguments],
  ["8", "200 MB bodies to /mcp, and GET /mcp", mcpBigBody],
];

interface Server {
  child: ChildProcess;
  port: number;
}

/** The server as `npm start` runs it; loading the tree may take minutes on a busy machine. */
async function start(): Promise<Server> {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, [...startFlags(), "--import", "tsx", "server/main.ts"], {
      env: { ...process.env, FISCAL_DIST_DIR: DIST, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  await waitForPort(port, child, 300);
  // The search loads its index on first use (seconds on a busy machine): paid here, not by the first attack that searches.
  await send(port, "GET", `/api/v1/public/cfdi/buscar?q=${encodeURIComponent(costlyQuery(0))}`, { from: "127.0.3.1", timeoutMs: 120_000 });
  return { child, port };
}

/** VmRSS (MB) and user+system CPU (ms) of a process, from /proc. */
function usage(pid: number): { rssMb: number; cpuMs: number } {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return { rssMb: rss, cpuMs: (Number(fields[11]) + Number(fields[12])) * 10 };
  } catch {
    return { rssMb: 0, cpuMs: 0 };
  }
}

interface Row {
  finding: string;
  attack: string;
  victim: { n: number; failed: number; p50: number; p99: number; max: number };
  restarts: number;
  maxRssMb: number;
  cpuMsPerRequest: number;
  attacker: AttackStats;
}

/** The victim in its own process (bench/attack-victim.ts), polling until `end`. */
function victim(port: number, start: number, end: number): Promise<{ ms: number[]; failed: number }> {
  const args = [String(port), String(start), String(end), VICTIM.path];
  const child = spawn(process.execPath, ["--import", "tsx", "bench/attack-victim.ts", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) =>
    child.on("close", () => resolve(JSON.parse(out || '{"ms":[],"failed":0}') as { ms: number[]; failed: number })),
  );
}

async function runAttack(server: Server, [finding, name, attack]: [string, string, ServerAttack]): Promise<{ row: Row; server: Server }> {
  // The victim's process is given time to load before the attack starts.
  const begin = Date.now() + VICTIM_LOAD_MS;
  const end = begin + SECONDS * 1000;
  const victimDone = victim(server.port, begin, end);
  await new Promise((r) => setTimeout(r, VICTIM_LOAD_MS));
  const pid = server.child.pid as number;
  const before = usage(pid);
  let maxRss = before.rssMb;
  let died = false;
  server.child.once("exit", () => (died = true));
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, usage(pid).rssMb)), 100);
  const [stats, seen] = await Promise.all([attack({ port: server.port, attackerIps: ATTACKERS }, end), victimDone]);
  // A process that runs out of heap may take a moment to end: it counts against the attack that did it.
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(sampler);
  const after = usage(pid);
  const served = stats.sent + seen.ms.length + seen.failed;
  const row: Row = {
    finding,
    attack: name,
    victim: {
      n: seen.ms.length + seen.failed,
      failed: seen.failed,
      p50: quantile(seen.ms, 0.5),
      p99: quantile(seen.ms, 0.99),
      max: Math.max(0, ...seen.ms),
    },
    restarts: died ? 1 : 0,
    maxRssMb: maxRss,
    cpuMsPerRequest: died ? Number.NaN : (after.cpuMs - before.cpuMs) / Math.max(1, served),
    attacker: stats,
  };
  // Nothing restarts the server in production; here it is restarted so that the next attack has one.
  return { row, server: died ? await start() : server };
}

const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : "–");

function print(rows: Row[]): void {
  console.log(
    `\n| finding | attack | victim n (failed) | victim p50 / p99 / max ms | restarts | max RSS MB | CPU ms/request | attacker's outcomes |`,
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const outcomes = Object.entries(r.attacker.outcomes)
      .map(([k, v]) => `${k}×${v}`)
      .join(", ");
    const notes = r.attacker.notes.length > 0 ? `${outcomes === "" ? "" : "; "}${r.attacker.notes.join("; ")}` : "";
    const victim = r.victim.n === 0 ? "–" : `${r.victim.n} (${r.victim.failed})`;
    console.log(
      `| ${r.finding} | ${r.attack} | ${victim} | ${f1(r.victim.p50)} / ${f1(r.victim.p99)} / ${f1(r.victim.max)} | ${r.restarts} | ${f1(r.maxRssMb)} | ${f1(r.cpuMsPerRequest)} | ${outcomes}${notes} |`,
    );
  }
}

async function main(): Promise<void> {
  ensureBuilt(DIST);
  const only = opts.only?.split(",");
  const wanted = (f: string): boolean => only === undefined || only.includes(f);
  let server = await start();
  const rows: Row[] = [];
  // A first, quiet period: the victim alone, as the baseline.
  ({ row: rows[rows.length], server } = await runAttack(server, [
    "–",
    "none (baseline)",
    async () => ({ sent: 0, outcomes: {}, notes: [] }),
  ]));
  for (const attack of SERVER_ATTACKS.filter(([f]) => wanted(f))) {
    console.error(`finding ${attack[0]}: ${attack[1]}…`);
    ({ row: rows[rows.length], server } = await runAttack(server, attack));
  }
  server.child.kill("SIGTERM");
  // Findings 6 and 9 are commands an operator runs, not requests: their rows give what the command did.
  if (wanted("6")) rows.push(commandRow("6", "fetch killed with SIGKILL while replacing files", await killedFetch()));
  if (wanted("9")) rows.push(commandRow("9", "build into a read-only folder", unwritableBuild(DIST)));
  print(rows.sort((a, b) => order(a.finding) - order(b.finding)));
  console.log(
    `\n${SECONDS} s per attack; victim (its own process): GET ${VICTIM.path} every 50 ms from 40 addresses, a keep-alive connection each.`,
  );
}

const order = (finding: string): number => (finding === "–" ? 0 : Number(finding));

function commandRow(finding: string, attack: string, outcome: string): Row {
  const none = { n: 0, failed: 0, p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
  return {
    finding,
    attack,
    victim: none,
    restarts: 0,
    maxRssMb: Number.NaN,
    cpuMsPerRequest: Number.NaN,
    attacker: { sent: 1, outcomes: {}, notes: [outcome] },
  };
}

await main();
