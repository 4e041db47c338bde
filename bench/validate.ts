// `npm run bench:validate`: each CFDI pre-check route (and a filtered uso list) under autocannon at 64 connections on the local server, and the CPU of a 100-line CFDI's whole check.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { validateCfdi } from "../lib/cfdi-check/cfdi.ts";
import { readCfdi } from "../lib/cfdi-check/xml.ts";
import { checkHandlers, checkIndexFrom } from "../lib/handlers/check.ts";
import { parseQuery } from "../lib/http-kit/query.ts";
import { API_BASE, queryParams, routes } from "../lib/routes/routes.ts";
import { autocannon, cpuMs, ensureBuilt, median } from "./measure.ts";
import { startOurs } from "./servers.ts";

const { values: opts } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    // Judged by the median of the rounds: one run's p99 moves by milliseconds with whatever else the two cores do.
    rounds: { type: "string", default: "3" },
    dist: { type: "string", default: "dist" },
  },
});
const DIST = resolve(opts.dist);

/** A prebuilt file first (the ceiling of the server at this moment), then each check with a refused and an accepted request. */
const TARGETS = [
  "/cfdi/uso",
  "/cfdi/uso?regimen=605&persona=fisica",
  "/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=605&uso=G03&fecha=2026-03-15",
  "/cfdi/validar/receptor?rfc=XAXX010101000&regimen=616&uso=S01&fecha=2026-03-15",
  "/cfdi/validar/concepto?claveProdServ=80111700&claveUnidad=E48&objetoImp=02&impuesto=002&factor=Tasa&tasaOCuota=0.160000&tipo=traslado&fecha=2026-03-15",
  "/cfdi/validar/concepto?claveProdServ=15101506&claveUnidad=H87&objetoImp=02&impuesto=001&factor=Tasa&tasaOCuota=0.36&tipo=retencion&fecha=2026-03-15",
  "/cfdi/validar/comprobante?tipo=I&metodoPago=PPD&formaPago=03&moneda=JPY&total=100.5&exportacion=01&fecha=2026-03-15",
  "/cfdi/validar/comprobante?tipo=I&metodoPago=PUE&formaPago=03&moneda=MXN&total=1160.00&exportacion=01&fecha=2026-03-15",
  "/cfdi/validar/comprobante?tipo=I&metodoPago=PUE&formaPago=03&moneda=USD&tipoCambio=17.2345&total=1160.00&exportacion=01&fecha=2026-03-15",
];

/**
 * A CFDI 4.0 of `lines` concepts, each 1 × 100.00 at IVA 16 % (Importe 100.00, IVA 16.00), so SubTotal is
 * lines × 100.00 and Total lines × 116.00: every sum and bound holds, and every rule runs on every line.
 */
export function cfdiOfLines(lines: number): string {
  const traslado = (base: string, importe: string): string =>
    `<cfdi:Traslado Base="${base}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${importe}"/>`;
  const concepto =
    '<cfdi:Concepto ClaveProdServ="80111700" Cantidad="1" ClaveUnidad="E48" Descripcion="Servicio" ValorUnitario="100.00" Importe="100.00" ObjetoImp="02">' +
    `<cfdi:Impuestos><cfdi:Traslados>${traslado("100.00", "16.00")}</cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto>`;
  const money = (cents: number): string => (cents / 100).toFixed(2);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Fecha="2026-03-15T10:00:00" FormaPago="03" MetodoPago="PUE" ' +
    `SubTotal="${money(lines * 10000)}" Moneda="MXN" Total="${money(lines * 11600)}" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="06000">` +
    '<cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>' +
    '<cfdi:Receptor Rfc="GODE561231GR8" Nombre="EJEMPLO" DomicilioFiscalReceptor="06000" RegimenFiscalReceptor="612" UsoCFDI="G03"/>' +
    `<cfdi:Conceptos>${concepto.repeat(lines)}</cfdi:Conceptos>` +
    `<cfdi:Impuestos TotalImpuestosTrasladados="${money(lines * 1600)}"><cfdi:Traslados>${traslado(money(lines * 10000), money(lines * 1600))}</cfdi:Traslados></cfdi:Impuestos>` +
    "</cfdi:Comprobante>"
  );
}

/** CPU per whole check of a CFDI of `lines` lines in this process (read with saxes, checked, serialized), in µs. */
function xmlCost(lines: number, calls: number): { us: number; passed: boolean; bytes: number } {
  const index = checkIndexFrom(<T>(path: string) => JSON.parse(readFileSync(join(DIST, path), "utf8")) as T);
  const xml = cfdiOfLines(lines);
  const first = validateCfdi(index, readCfdi(xml), "2026-03-15");
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) JSON.stringify(validateCfdi(index, readCfdi(xml), "2026-03-15"));
  const used = process.cpuUsage(before);
  return { us: (used.user + used.system) / calls, passed: first.passed, bytes: Buffer.byteLength(xml) };
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server's CPU (user + system) per answered request, in µs: what a loaded machine does not distort much. */
  cpuUs: number;
}

async function load(args: string[], pid: number): Promise<Load> {
  const before = cpuMs(pid);
  const r = await autocannon(args);
  const cpuUs = ((cpuMs(pid) - before) * 1000) / Math.max(1, r.requests.total);
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.failed, cpuUs };
}

const fmt = (n: number): string => n.toFixed(0);

const DAY_MS = 86_400_000;

/**
 * CPU per computed answer in this process, without HTTP and without the memo: each call asks for a different
 * date (the memo's key), so every answer is computed from the indexes, serialized and hashed.
 */
function computeCost(target: string, calls: number): number {
  const index = checkIndexFrom(<T>(path: string) => JSON.parse(readFileSync(join(DIST, path), "utf8")) as T);
  const handlers = checkHandlers(() => index);
  const [path = "", queryString = ""] = target.split("?");
  const route = routes.find((r) => r.path === path);
  const handler = route === undefined ? undefined : (handlers as Record<string, (typeof handlers)["cfdiCheckReceptor"]>)[route.id];
  if (route === undefined || handler === undefined) throw new Error(`${target}: not a check route`);
  const query = parseQuery(queryString.replace(/&fecha=[^&]*/, ""), queryParams(route));
  const start = Date.UTC(2026, 0, 1, 12);
  handler({ pathValues: {}, query, now: start }); // loads nothing more: the index is built above
  const before = process.cpuUsage();
  for (let i = 1; i <= calls; i++) handler({ pathValues: {}, query, now: start + i * DAY_MS });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

async function main(): Promise<void> {
  ensureBuilt(DIST);
  console.log("CPU per computed answer, in process (no HTTP, no memo; 20,000 distinct dates each):\n");
  for (const target of TARGETS.filter((t) => t.startsWith("/cfdi/validar/"))) {
    console.log(`- ${target.split("&fecha")[0]}: ${computeCost(target, 20_000).toFixed(1)} µs`);
  }
  for (const lines of [1, 100, 1000]) {
    const r = xmlCost(lines, lines >= 1000 ? 50 : 500);
    console.log(
      `- POST /cfdi/validar, ${lines} lines (${r.bytes} bytes, passed ${r.passed}): ${(r.us / 1000).toFixed(2)} ms of CPU${lines === 100 ? ` (target < 5 ms: ${r.us < 5000 ? "yes" : "no"})` : ""}`,
    );
  }
  console.log("");
  const { origin, child } = await startOurs(DIST, { FISCAL_RATE_LIMIT: "1000000000" });
  const pid = child.pid ?? 0;
  const rounds = Number(opts.rounds);
  console.log(
    `Local server ${origin}, ${opts.connections} connections, ${opts.duration} s per request and round, ${rounds} rounds: ` +
      "medians, with each round's figure in brackets (autocannon in its own process)\n",
  );
  console.log(
    "| request | req/s | p50 ms | p99 ms | server CPU µs/req | non-2xx | ≥ 10,000 req/s and p99 < 10 ms |\n|---|---|---|---|---|---|---|",
  );
  for (const target of TARGETS) {
    const url = `${origin}${API_BASE}${target}`;
    await load(["-c", opts.connections, "-d", "2", url], pid); // warm-up: the first request loads the indexes
    const runs: Load[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await load(["-c", opts.connections, "-d", opts.duration, url], pid));
    const rps = median(runs.map((r) => r.reqPerSec));
    const p99 = median(runs.map((r) => r.p99));
    const failed = runs.reduce((n, r) => n + r.failed, 0);
    const ok = rps >= 10_000 && p99 < 10 && failed === 0;
    const each = (f: (r: Load) => number): string => `[${runs.map((r) => fmt(f(r))).join(", ")}]`;
    console.log(
      `| ${target} | ${fmt(rps)} ${each((r) => r.reqPerSec)} | ${median(runs.map((r) => r.p50))} | ${p99} ${each((r) => r.p99)} | ${fmt(median(runs.map((r) => r.cpuUs)))} ${each((r) => r.cpuUs)} | ${failed} | ${ok ? "yes" : "no"} |`,
    );
  }
}

if (process.argv[1]?.endsWith("validate.ts"))
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
