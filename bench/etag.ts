// `npm run bench:etag`: CPU of a computed answer in process (a /fx/history range of ~1,950 observations), and what its ETag costs: as served (from the dump's hash and the range's bounds) and if the body were hashed.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createApi } from "../lib/http/service.ts";
import { etagOf } from "../lib/http-kit/etag.ts";
import { seriesStore } from "../lib/datasets/dump-slices.ts";
import { preload } from "../server/preload.ts";
import { ensureBuilt, median } from "./measure.ts";

const { values: opts } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    requests: { type: "string", default: "4000" },
    rounds: { type: "string", default: "7" },
    from: { type: "string", default: "2019-01-01" },
    to: { type: "string", default: "2026-10-06" },
  },
});
const DIST = resolve(opts.dist);

/** Microseconds of CPU (user + system) per call of `run`, over `n` calls. */
async function cpuPerCall(n: number, run: () => unknown | Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / n;
}

async function main(): Promise<number> {
  ensureBuilt(DIST);
  const files = preload(DIST);
  const series = seriesStore((path) => files.get(path)?.body);
  const api = createApi({ files, series, rateLimit: false });
  const url = `/api/v1/public/fx/history?from=${opts.from}&to=${opts.to}`;
  const probe = await api.app.request(url, undefined, { ip: "127.0.0.1" });
  const body = new Uint8Array(await probe.arrayBuffer());
  const count = (JSON.parse(new TextDecoder().decode(body)) as unknown[]).length;
  if (probe.status !== 200) throw new Error(`${url}: ${probe.status}`);
  const n = Number(opts.requests);
  const request = async (): Promise<void> => {
    const res = await api.app.request(url, undefined, { ip: "127.0.0.1" });
    await res.arrayBuffer();
  };
  // The served ETag is the dump's hash (made once per process) and the range's bounds: its cost per answer is
  // that of naming the bounds. The bounds do not change its cost; these are the first `count` records'.
  const pages = series("fx").pages;
  const requests: number[] = [];
  const hashes: number[] = [];
  const served: number[] = [];
  for (let round = 0; round < Number(opts.rounds); round++) {
    requests.push(await cpuPerCall(n, request));
    hashes.push(await cpuPerCall(n, () => etagOf(body)));
    served.push(await cpuPerCall(n, () => pages.pageEtag(0, count)));
  }
  const etag = probe.headers.get("etag") ?? "";
  const derived = /^"[0-9a-z]+-[0-9a-z]+\.[0-9a-z]+\.[0-9a-z]+"$/.test(etag);
  console.log(`GET ${url}: ${count} observaciones, ${body.length} bytes; ${n} solicitudes por ronda, ${opts.rounds} rondas (mediana)`);
  console.log(`  CPU por solicitud (en proceso, sin red): ${median(requests).toFixed(1)} µs`);
  console.log(`  etagOf(cuerpo) sola, hash de todos los bytes: ${median(hashes).toFixed(1)} µs`);
  console.log(`  ETag como se sirve (hash del volcado y límites del rango): ${median(served).toFixed(2)} µs`);
  console.log(`  ETag de la respuesta: ${etag}`);
  const ok = derived && median(served) < median(requests);
  console.log(`${ok ? "✓" : "✗"} el ETag servido sale del volcado y los límites, y cuesta menos que la respuesta`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
