// `npm run bench:server`: nginx, the `serve` package and the local server side by side under autocannon on loopback.
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { autocannon, autocannonEach, ensureBuilt } from "./measure.ts";
import { ensureNginx, startBareNode, startNginx, startOurs, startServe } from "./servers.ts";

const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "64" },
    // 64 connections each pulling a 13 MB body measure the load generator, not the server.
    "dump-connections": { type: "string", default: "8" },
    soak: { type: "string", default: "0" },
    dist: { type: "string", default: "dist" },
  },
});
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const DUMP_CONNECTIONS = Number(opts["dump-connections"]);
const SOAK = Number(opts.soak);
const DIST = resolve(opts.dist);

process.on("SIGINT", () => process.exit(130));

interface Load {
  reqPerSec: number;
  p99: number;
  mbPerSec: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function load(url: string, seconds: number, connections = CONNECTIONS): Promise<Load> {
  const r = await autocannon(["-c", String(connections), "-d", String(seconds), url]);
  return {
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    mbPerSec: r.throughput.average / 1e6,
    non2xx: r.non2xx,
    errors: r.failed,
    total: r.requests.total,
  };
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * Memory under sustained load from ever new clients: behind a trusted proxy (127.0.0.1), every request
 * carries a new X-Forwarded-For address, so the limiter's table fills to its cap and must stay there.
 */
async function soakRun(): Promise<string> {
  const server = await startOurs(DIST, { FISCAL_TRUSTED_PROXIES: "127.0.0.1" });
  const samples: number[] = [rssMb(server.child)];
  const timer = setInterval(() => samples.push(rssMb(server.child)), 30_000);
  const r = await autocannonEach(
    `${server.origin}/api/v1/public/fx/today`,
    CONNECTIONS,
    SOAK,
    `(r, i) => { const n = i + 1; return { ...r, headers: { ...r.headers, "x-forwarded-for": "10." + ((n >> 16) & 255) + "." + ((n >> 8) & 255) + "." + (n & 255) } }; }`,
  );
  clearInterval(timer);
  samples.push(rssMb(server.child));
  server.child.kill("SIGTERM");
  return (
    `Prueba larga: ${SOAK} s, ${r.requests.total.toLocaleString("en-US")} solicitudes de direcciones siempre nuevas (${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} no 2xx); ` +
    `RSS cada 30 s: ${samples.map((x) => x.toFixed(0)).join(" → ")} MB`
  );
}

interface Row {
  scenario: string;
  server: string;
  load: Load;
}

async function measure(rows: Row[], scenario: string, server: string, url: string, connections = CONNECTIONS): Promise<Load> {
  if (WARMUP > 0) await load(url, WARMUP, connections);
  const result = await load(url, DURATION, connections);
  rows.push({ scenario, server, load: result });
  console.log(`  ${scenario} · ${server}: ${Math.round(result.reqPerSec)} req/s, p99 ${result.p99} ms`);
  return result;
}

function table(rows: Row[]): string {
  const header = ["escenario", "servidor", "req/s", "p99 ms", "MB/s", "no 2xx", "errores"];
  const lines = rows.map((r) => [
    r.scenario,
    r.server,
    Math.round(r.load.reqPerSec).toLocaleString("en-US"),
    String(r.load.p99),
    r.load.mbPerSec.toFixed(1),
    String(r.load.non2xx),
    String(r.load.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    fmt(header),
    `|${widths.map((w, i) => (i < 2 ? `${"-".repeat(w + 1)}-` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
    ...lines.map(fmt),
  ].join("\n");
}

async function main(): Promise<void> {
  ensureBuilt(DIST);
  const nginxVersion = ensureNginx();
  console.log(
    `Node ${process.version}, ${nginxVersion}, ${cpus().length} CPU, ${CONNECTIONS} conexiones, ${DURATION} s por escenario (+${WARMUP} s de calentamiento); carga del sistema al empezar ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const small = "/api/v1/public/fx/today";
  const dump = "/api/v1/public/dumps/cfdi-clave-prod-serv.json";
  const rows: Row[] = [];

  const nginx = await startNginx(DIST);
  const nginxSmall = await measure(rows, "archivo pequeño", "nginx", `${nginx.origin}${small}.json`);
  const nginxDump = await measure(
    rows,
    `volcado clave-prod-serv (${DUMP_CONNECTIONS} conexiones)`,
    "nginx",
    `${nginx.origin}${dump}`,
    DUMP_CONNECTIONS,
  );
  nginx.child.kill("SIGQUIT");

  const serve = await startServe(DIST);
  const serveSmall = await measure(rows, "archivo pequeño", "serve", `${serve.origin}${small}.json`);
  serve.child.kill("SIGTERM");

  const bare = await startBareNode(join(DIST, `${small}.json`));
  const bareSmall = await measure(rows, "archivo pequeño", "Node mínimo", `${bare.origin}/`);
  bare.child.kill("SIGTERM");

  const ours = await startOurs(DIST, { FISCAL_RATE_LIMIT: "1000000000" });
  const rssLoaded = rssMb(ours.child);
  const oursSmall = await measure(rows, "archivo pequeño (ruta API)", "local", `${ours.origin}${small}`);
  const rfc = await measure(rows, "/rfc/validar/GODE561231GR8", "local", `${ours.origin}/api/v1/public/rfc/validar/GODE561231GR8`);
  const calendar = await measure(rows, "/calendario/proximos", "local", `${ours.origin}/api/v1/public/calendario/proximos`);
  await measure(rows, "/suggest (cinco palabras)", "local", `${ours.origin}/api/v1/public/suggest?q=retencion%20de%20isr%20por%20salarios`);
  const oursDump = await measure(
    rows,
    `volcado clave-prod-serv (${DUMP_CONNECTIONS} conexiones)`,
    "local",
    `${ours.origin}${dump}`,
    DUMP_CONNECTIONS,
  );
  const rssAfter = rssMb(ours.child);
  ours.child.kill("SIGTERM");

  let soak = "";
  if (SOAK > 0) soak = await soakRun();

  const limited = await startOurs(DIST, {});
  const tooMany = await measure(rows, "429 (límite de 60 agotado)", "local", `${limited.origin}${small}`);
  limited.child.kill("SIGTERM");

  console.log(
    `\n${table(rows)}\n\nCarga del sistema al terminar: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const ratio = (a: Load, b: Load): string => `${(a.reqPerSec / b.reqPerSec).toFixed(2)}×`;
  console.log(
    `Archivo pequeño: local/nginx ${ratio(oursSmall, nginxSmall)} (meta ≥ 0.5×), local/serve ${ratio(oursSmall, serveSmall)} (meta ≥ 4×), local/Node mínimo ${ratio(oursSmall, bareSmall)}, p99 ${oursSmall.p99} ms (meta < 10 ms)`,
  );
  console.log(
    `RFC ${Math.round(rfc.reqPerSec)} req/s y calendario ${Math.round(calendar.reqPerSec)} req/s (meta ≥ 20 000, p99 < 10 ms: ${rfc.p99} y ${calendar.p99} ms)`,
  );
  console.log(
    `Volcado: local/nginx ${ratio(oursDump, nginxDump)} en req/s (${oursDump.mbPerSec.toFixed(0)} frente a ${nginxDump.mbPerSec.toFixed(0)} MB/s; meta ≥ 0.5×)`,
  );
  console.log(
    `429: ${Math.round(tooMany.reqPerSec)} req/s frente a ${Math.round(oursSmall.reqPerSec)} de un 200 (${tooMany.non2xx} respuestas no 2xx de ${tooMany.total})`,
  );
  console.log(
    `RSS del servidor: ${rssLoaded.toFixed(0)} MB con la API cargada, ${rssAfter.toFixed(0)} MB después de la carga (meta < 300 MB)`,
  );
  if (soak) console.log(soak);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
