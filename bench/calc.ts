// `npm run bench:calc`: each /calculos route and MCP tools/call under autocannon on the local server, and the MCP function's cold start.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { API_BASE, exampleRequest, queryParams, routeById, routes } from "../lib/routes/routes.ts";
import { calculationHandlers } from "../lib/handlers/calculations.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { parseQuery } from "../lib/http-kit/query.ts";
import { autocannon, autocannonEach, bundleFunction, cpuMs, ensureBuilt, median } from "./measure.ts";
import { startOurs } from "./servers.ts";
const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    "mcp-connections": { type: "string", default: "8" },
    "cold-starts": { type: "string", default: "10" },
    // Each route is measured this many times and judged by the median: one run's p99 moves by a few ms
    // with whatever else the two cores do, for a prebuilt file as much as for a calculation.
    rounds: { type: "string", default: "3" },
    dist: { type: "string", default: "dist" },
    // Only the routes whose path contains this (e.g. "factura"); then the prebuilt file, the MCP and the cold start are skipped.
    only: { type: "string" },
  },
});
const DIST = resolve(opts.dist);
interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's CPU (user + system) per answered request, in µs: what a loaded machine distorts least. */
  cpuUs: number;
}

/** One autocannon run against the server process `pid`, with that process's CPU per request over the run. */
async function load(args: string[], pid = 0): Promise<Load> {
  return loadOf(() => autocannon(args), pid);
}

async function loadOf(run: () => ReturnType<typeof autocannon>, pid: number): Promise<Load> {
  const before = cpuMs(pid);
  const r = await run();
  const cpuUs = ((cpuMs(pid) - before) * 1000) / Math.max(1, r.requests.total);
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.failed, cpuUs };
}

/** Fresh Node processes importing the esbuild bundle of functions/mcp.ts: import time inside, and the whole process. */
async function coldStarts(count: number): Promise<{ importMs: number[]; processMs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), "fmx-mcp-bundle-"));
  try {
    const out = join(dir, "mcp.mjs");
    await bundleFunction("functions/mcp.ts", out);
    const importMs: number[] = [];
    const processMs: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const script = `const t = performance.now(); await import(${JSON.stringify(out)}); console.log(performance.now() - t);`;
      const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
      processMs.push(performance.now() - started);
      importMs.push(Number(r.stdout.trim()));
    }
    return { importMs, processMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, d = 1): string => n.toFixed(d);

/**
 * CPU per computed invoice in this process, without HTTP and without the kept answers: each GET asks for another
 * unit value (the memo's key), each POST is computed anyway; answers serialized as the route sends them.
 */
function invoiceCost(calls: number): { getUs: number; postUs: Map<number, number> } {
  const records = recordsFrom((path) => {
    try {
      return JSON.parse(readFileSync(join(DIST, path), "utf8")) as unknown;
    } catch {
      return undefined;
    }
  });
  const handler = calculationHandlers(() => records).calcFactura;
  const route = routeById("calcFactura");
  const query = (i: number) => parseQuery(`valorUnitario=${10_000 + i / 100}&preset=honorarios-pf-a-pm`, queryParams(route));
  handler({ pathValues: {}, query: query(0), now: Date.now() });
  let before = process.cpuUsage();
  for (let i = 1; i <= calls; i++) handler({ pathValues: {}, query: query(i), now: Date.now() });
  let used = process.cpuUsage(before);
  const getUs = (used.user + used.system) / calls;
  const postUs = new Map<number, number>();
  for (const lines of [1, 100, 1000]) {
    // Each call another invoice (its first unit value), so that none is a kept answer.
    const body = (call: number) => ({
      preset: "honorarios-pf-a-pm",
      conceptos: Array.from({ length: lines }, (_, i) => ({
        cantidad: "2",
        valorUnitario: `${1000 + i + (i === 0 ? call : 0)}.50`,
        descuento: "1",
      })),
    });
    const n = Math.max(10, Math.floor(calls / lines));
    const bodies = Array.from({ length: n }, (_, i) => body(i));
    before = process.cpuUsage();
    for (let i = 0; i < n; i++) handler({ pathValues: {}, query: {}, now: Date.now(), body: { media: "json", value: bodies[i] } });
    used = process.cpuUsage(before);
    postUs.set(lines, (used.user + used.system) / n);
  }
  return { getUs, postUs };
}

async function main(): Promise<void> {
  ensureBuilt(DIST);
  const cost = invoiceCost(20_000);
  console.log(
    `CPU per computed invoice in process (no HTTP, no kept answer): GET one concept ${fmt(cost.getUs)} µs; ` +
      `POST ${[...cost.postUs].map(([lines, us]) => `${lines} concepts ${fmt(us)} µs`).join(", ")}\n`,
  );
  const { origin, child } = await startOurs(DIST, { FISCAL_RATE_LIMIT: "1000000000" });
  const pid = child.pid ?? 0;
  const seconds = opts.duration;
  const connections = opts.connections;
  const rounds = Number(opts.rounds);
  console.log(
    `Local server ${origin}, ${connections} connections, ${seconds} s per route and round, ${rounds} rounds: ` +
      "medians, with each round's figure in brackets (autocannon in its own process)\n",
  );
  console.log(
    "| route | req/s | p50 ms | p99 ms | server CPU µs/req | non-2xx | ≥ 10,000 req/s and p99 < 10 ms |\n|---|---|---|---|---|---|---|",
  );
  // A prebuilt file first: the ceiling this machine gives any route of the server at this moment.
  const only = opts.only;
  const calcRoutes = routes.filter((r) => r.path.startsWith("/calculos/") && (only === undefined || r.path.includes(only)));
  const targets: { path: string; query: string; post?: string }[] = [
    ...(only === undefined ? [{ path: "/uma/2026", query: "" }] : []),
    ...calcRoutes.map((r) => exampleRequest(r)),
    // A route that takes a body: its published example, posted (repeated, so a kept answer after the first).
    ...calcRoutes.flatMap((r) => (r.post === undefined ? [] : [{ path: r.path, query: "", post: r.post.example }])),
  ];
  /** A warm-up, then `rounds` runs of `run(seconds)`, printed as one row of the table. */
  const row = async (label: string, run: (seconds: string) => Promise<Load>): Promise<void> => {
    await run("2");
    const runs: Load[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await run(seconds));
    const rps = median(runs.map((r) => r.reqPerSec));
    const p99 = median(runs.map((r) => r.p99));
    const failed = runs.reduce((n, r) => n + r.non2xx + r.errors, 0);
    const ok = rps >= 10_000 && p99 < 10 && failed === 0;
    const each = (f: (r: Load) => number): string => `[${runs.map((r) => fmt(f(r), 0)).join(", ")}]`;
    console.log(
      `| ${label} | ${fmt(rps, 0)} ${each((r) => r.reqPerSec)} | ${median(runs.map((r) => r.p50))} | ` +
        `${p99} ${each((r) => r.p99)} | ${fmt(median(runs.map((r) => r.cpuUs)), 0)} ${each((r) => r.cpuUs)} | ${failed} | ${ok ? "yes" : "no"} |`,
    );
  };
  for (const { path, query, post } of targets) {
    const url = `${origin}${API_BASE}${path}${query ? `?${query}` : ""}`;
    const method = post === undefined ? [] : ["-m", "POST", "-H", "Content-Type=application/json", "-b", post];
    const label = post !== undefined ? `POST ${path} (its example body)` : `${path}${query ? `?${query}` : " (file)"}`;
    await row(label, (s) => load(["-c", connections, "-d", s, ...method, url], pid));
  }
  // Another invoice on every request (the first unit value counts up by a centavo): each one computed.
  if (calcRoutes.some((r) => r.path === "/calculos/factura")) {
    const url = `${origin}${API_BASE}/calculos/factura`;
    const rewrite = `(request, n) => ({ ...request, method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ preset: "honorarios-pf-a-pm", conceptos: [{ valorUnitario: (10000 + n / 100).toFixed(2) }, { cantidad: "2", valorUnitario: "1500.50", descuento: "100" }] }) })`;
    await row("POST /calculos/factura, another invoice each time (computed)", (s) =>
      loadOf(() => autocannonEach(url, Number(connections), Number(s), rewrite), pid),
    );
  }
  if (only !== undefined) return;
  const call = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "calcular", arguments: { calculo: "isr", ingreso: "20000.00", periodo: "mensual", anio: 2026 } },
  });
  const mcpArgs = ["-m", "POST", "-H", "Content-Type=application/json", "-H", "Accept=application/json, text/event-stream", "-b", call];
  await load(["-c", opts["mcp-connections"], "-d", "2", ...mcpArgs, `${origin}/mcp`]);
  for (const c of ["1", opts["mcp-connections"]]) {
    const m = await load(["-c", c, "-d", seconds, ...mcpArgs, `${origin}/mcp`]);
    console.log(
      `\nMCP tools/call calcular (isr), ${c} connection(s): ${fmt(m.reqPerSec, 0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms (target p99 < 20 ms), non-2xx ${m.non2xx}`,
    );
  }
  const cold = await coldStarts(Number(opts["cold-starts"]));
  const empty: number[] = [];
  for (let i = 0; i < Number(opts["cold-starts"]); i++) {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", ""]);
    empty.push(performance.now() - started);
  }
  console.log(`\nAn empty Node process on this machine now: median ${fmt(median(empty))} ms (the floor under the whole-process figure).`);
  console.log(
    `\nMCP function cold start (esbuild bundle of functions/mcp.ts, ${cold.importMs.length} fresh processes): ` +
      `import median ${fmt(median(cold.importMs))} ms, max ${fmt(Math.max(...cold.importMs))} ms; ` +
      `whole process (node start + import + exit) median ${fmt(median(cold.processMs))} ms (target < 300 ms)`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
