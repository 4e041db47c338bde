// `npm run bench:mcp`: the MCP endpoint of the local server under autocannon, a mix of tools/list, lookups, searches and calculations.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadavg } from "node:os";
import { autocannonEach, ensureBuilt, median, type AutocannonReport } from "./measure.ts";
import { startOurs } from "./servers.ts";

const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    rounds: { type: "string", default: "3" },
    dist: { type: "string", default: "dist" },
  },
});

/** What an assistant asks, cycled request by request: a listing, lookups, a search and calculations. */
const MIX: { name: string; arguments: Record<string, unknown> }[] = [
  { name: "serie_banxico", arguments: { serie: "fix", date: "2024-03-15" } },
  { name: "tipo_cambio_art20", arguments: { date: "2022-02-09" } },
  { name: "catalogo_sat", arguments: { catalogo: "uso", code: "G03" } },
  { name: "uma_salario_minimo", arguments: { year: "2025" } },
  { name: "buscar_clave_sat", arguments: { q: "laptop", catalogo: "clave-prod-serv" } },
  { name: "buscar_clave_sat", arguments: { q: "servicios de contabilidad" } },
  { name: "calcular", arguments: { calculo: "isr", ingreso: "12000", periodo: "mensual", anio: 2026 } },
  { name: "calcular", arguments: { calculo: "conversion", monto: "100", moneda: "USD", fecha: "2022-02-09", regla: "dof" } },
  { name: "validar", arguments: { que: "rfc", rfc: "XAXX010101000" } },
];
const BODIES = [
  JSON.stringify({ jsonrpc: "2.0", id: 0, method: "tools/list" }),
  ...MIX.map((params, i) => JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params })),
];

const REWRITE = `(request, n) => {
  request.method = "POST";
  request.headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  request.body = BODIES[n % BODIES.length];
  return request;
}`;

async function main(): Promise<void> {
  const dist = resolve(opts.dist);
  ensureBuilt(dist);
  const { origin } = await startOurs(dist, { FISCAL_RATE_LIMIT: "1000000000" });
  const connections = Number(opts.connections);
  const seconds = Number(opts.duration);
  const preamble = `const BODIES = ${JSON.stringify(BODIES)};`;
  await autocannonEach(`${origin}/mcp`, connections, 2, REWRITE, preamble); // warm-up
  const runs: AutocannonReport[] = [];
  for (let i = 0; i < Number(opts.rounds); i++) runs.push(await autocannonEach(`${origin}/mcp`, connections, seconds, REWRITE, preamble));
  const each = (f: (r: AutocannonReport) => number): string => runs.map((r) => String(f(r))).join(", ");
  console.log(
    `MCP at ${connections} connections, ${seconds} s x ${runs.length} rounds, ${BODIES.length} requests cycled ` +
      `(tools/list, ${MIX.map((m) => m.name).join(", ")}); load average before: ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`req/s median ${median(runs.map((r) => r.requests.average))} [${each((r) => r.requests.average)}]`);
  console.log(`p50 ms median ${median(runs.map((r) => r.latency.p50))} [${each((r) => r.latency.p50)}]`);
  console.log(`p99 ms median ${median(runs.map((r) => r.latency.p99))} [${each((r) => r.latency.p99)}] (target < 20 ms)`);
  console.log(`non-2xx ${runs.reduce((n, r) => n + r.non2xx, 0)}, errors ${runs.reduce((n, r) => n + r.failed, 0)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
