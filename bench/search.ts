// `npm run bench:search`: /cfdi/buscar under autocannon on the local server, and the search function's bundle size and cold start.
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { createInterface, type Interface } from "node:readline";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CACHE_ENTRIES } from "../lib/handlers/search.ts";
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes/routes.ts";
import { unpackNumbers } from "../lib/search/compact-index.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { type IndexFile, OPTIONS } from "../lib/search/search-index-file.ts";
import { queryTerms } from "../lib/search/search-terms.ts";
import { type HeapUse, heapMark } from "./heap-use.ts";
import { createApp } from "../server/app.ts";
import { evalQueries } from "../test/helpers/search-eval.ts";
import { autocannonEach, bundleFunction, ensureBuilt, median, quantile } from "./measure.ts";

const { values: opts } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    "cold-runs": { type: "string", default: "5" },
    /** Only the route's path in process (appPath): the figure least disturbed by a loaded machine. */
    "path-only": { type: "boolean", default: false },
    /** Only the search alone in process (inProcess) and the single queries: no server, no bundle. */
    "search-only": { type: "boolean", default: false },
    /** Only the floor under the server: a repeated query's answer on our server, and the same bytes replayed by bare node:http and by Hono alone. */
    floor: { type: "boolean", default: false },
  },
});
const DIST = resolve(opts.dist);

/** Two-word queries over c_ClaveProdServ, as people type them (accents, typos and prefixes included): repeated, so answered from the handler's cache after their first round. */
const REPEATED = [
  "computadora portatil",
  "software contabilidad",
  "servicio contable",
  "papel bond",
  "tornillo acero",
  "cable electrico",
  "silla oficina",
  "renta oficina",
  "consultoria fiscal",
  "mantenimiento vehiculo",
  "pintura vinilica",
  "leche entera",
  "agua purificada",
  "servicio limpieza",
  "honorarios medicos",
  "equipo computo",
  "impresora laser",
  "tinta impresora",
  "cemento gris",
  "varilla acero",
  "llanta auto",
  "gasolina magna",
  "transporte carga",
  "publicidad impresa",
  "desarrollo software",
  "licencia software",
  "cafe molido",
  "azucar refinada",
  "medicamento generico",
  "servicio juridico",
  "telefono celular",
  "internet servicio",
  "hosting web",
  "capacitacion personal",
  "uniforme escolar",
  "zapato piel",
  "mueble madera",
  "lampara led",
  "aire acondicionado",
  "refaccion automotriz",
  "computadra notebok",
  "sofware nomina",
  "seguro gastos",
  "vigilancia privada",
  "flete terrestre",
  "hotel hospedaje",
  "alimento perro",
  "fertilizante organico",
  "madera pino",
  "vidrio templado",
  "compu portat",
  "servicios contab",
  "tarjeta madre",
  "disco duro",
];

/**
 * Distinct two-word queries from the catalog itself: the first two words of each c_ClaveProdServ description
 * (21,000 pairs). Sent once each, or again only after more than the cache holds, so every answer is a real search.
 */
function distinctQueries(): string[] {
  const entries = JSON.parse(readFileSync(join(DIST, CLAVE_PROD_SERV_DUMP), "utf8")) as { description: string }[];
  const pairs = new Set<string>();
  for (const e of entries) {
    const [a, b] = queryTerms(e.description);
    if (a !== undefined && b !== undefined) pairs.add(`${a} ${b}`);
  }
  return [...pairs];
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon in its own process (so it does not share the server's event loop), cycling through `queries`. */
async function load(origin: string, seconds: number, connections: number, queries: string[]): Promise<Load> {
  // Thousands of queries are too long for a command line: they go through a file.
  const list = join(mkdtempSync(join(tmpdir(), "fmx-bench-queries-")), "queries.json");
  writeFileSync(list, JSON.stringify(queries));
  try {
    const r = await autocannonEach(
      origin,
      connections,
      seconds,
      `(req, n) => ({ ...req, path: "/api/v1/public/cfdi/buscar?q=" + encodeURIComponent(queries[n % queries.length]) + "&catalogo=clave-prod-serv" })`,
      `const queries = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(list)}, "utf8"));`,
    );
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.failed, total: r.requests.total };
  } finally {
    rmSync(dirname(list), { recursive: true, force: true });
  }
}

/**
 * One fresh Node process: import the bundle, answer one search (the index read from the tree, as the
 * deployed function reads its included files). Prints the time and CPU time from the start of the import to the first answer.
 */
function coldStart(bundleFile: string, dist: string): Promise<{ ms: number; cpuMs: number; wallMs: number }> {
  const script = `
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    import(${JSON.stringify(bundleFile)}).then(async (m) => {
      const res = await m.default(new Request("https://fiscal-mx.example/api/v1/public/cfdi/buscar?q=computadora+portatil"), { ip: "192.0.2.1" });
      if (res.status !== 200) throw new Error("status " + res.status);
      await res.text();
      const c = process.cpuUsage(c0);
      console.log(JSON.stringify({ ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 }));
    });`;
  const started = performance.now();
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, ["-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, FISCAL_DIST_DIR: dist },
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.on("exit", () => {
      try {
        res({ ...(JSON.parse(out) as { ms: number; cpuMs: number }), wallMs: performance.now() - started });
      } catch (e) {
        rej(e);
      }
    });
  });
}

/** Bytes of a number packed as packNumbers does (LEB128, before base64). */
const packedBytes = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * What the index file's bytes are: each top-level part's JSON, and the text index's postings and field lengths by
 * field (the postings' packed bytes of each field, times 4/3 for base64; a field length's digits and its comma).
 */
function indexBytes(indexFile: string): void {
  const text = readFileSync(indexFile, "utf8");
  const file = JSON.parse(text) as IndexFile;
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
  const parts = Object.entries(file).map(([k, v]) => `${k} ${kb(JSON.stringify(v).length)}`);
  console.log(`índice: ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB; por parte: ${parts.join(", ")}`);
  const fields = OPTIONS.fields;
  const postings = new Array<number>(fields.length).fill(0);
  const lengths = new Array<number>(fields.length).fill(0);
  const p = unpackNumbers(file.index.postings, file.index.postingCount);
  for (let at = 0; at < p.length; ) {
    for (let f = p[at++]!; f > 0; f--) {
      const field = p[at]!;
      const n = p[at + 1]!;
      let bytes = packedBytes(field) + packedBytes(n);
      for (let i = 0; i < n; i++) bytes += packedBytes(p[at + 2 + 2 * i]!) + packedBytes(p[at + 3 + 2 * i]!);
      postings[field]! += (bytes * 4) / 3;
      at += 2 + 2 * n;
    }
  }
  file.index.fieldLength.forEach((n, i) => {
    lengths[i % fields.length]! += String(n).length + 1;
  });
  console.log(
    `índice de texto por campo (postings + longitudes): ${fields.map((f, i) => `${f} ${kb(postings[i]!)} + ${kb(lengths[i]!)}`).join(", ")}`,
  );
}

/** CPU per query of the search alone: the mean, and the time of single queries at a few quantiles. */
interface InProcess {
  mean: number;
  /** Heap bytes allocated per query. */
  allocated: number;
  /** Collections during the run: scavenges and full ones, and the time in them (ms). */
  scavenges: number;
  fullGcs: number;
  pauseMs: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The search alone, in this process, without HTTP: CPU per distinct query over the first `count` queries,
 * after a round of others. The floor under any server's throughput on one core. Single queries are timed
 * too: at 64 connections a p99 under 10 ms cannot hold if 1 % of the queries alone take longer.
 */
function inProcess(indexFile: string, queries: string[], count: number): InProcess {
  const search = new SatSearch(readFileSync(indexFile, "utf8"));
  const options = { catalog: "clave-prod-serv", family: "cfdi", limit: 10 };
  for (const q of queries.slice(-count)) search.search(q, options);
  const single = new Float64Array(count);
  const list = queries.slice(0, count);
  const mark = heapMark();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    search.search(list[i]!, options);
    single[i] = performance.now() - t;
  }
  const used = mark.stop();
  const times = [...single];
  const at = (q: number): number => quantile(times, q);
  return {
    mean: used.cpuUs / 1000 / count,
    allocated: used.allocated / count,
    scavenges: used.scavenges,
    fullGcs: used.fullGcs,
    pauseMs: used.pauseMs,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
  };
}

/**
 * The route's whole path in this process without the socket: Hono's routing, parameter checks, the handler's
 * cache, the search, the JSON and the Response, for `count` distinct queries after `warm` others, and for the
 * repeated ones (answered from the cache: the floor under a distinct query). CPU and heap bytes per request,
 * counted the same way as the server's; unlike the server's, not disturbed by autocannon's and the machine's load.
 */
async function appPath(distinct: string[], warm: number, count: number): Promise<{ distinct: HeapUse; repeated: HeapUse; count: number }> {
  const { api, files } = createApp(DIST, { FISCAL_RATE_LIMIT: "1000000000" });
  const ask = async (q: string): Promise<void> => {
    const res = await api.app.request(
      `http://127.0.0.1/api/v1/public/cfdi/buscar?q=${encodeURIComponent(q)}&catalogo=clave-prod-serv`,
      undefined,
      { ip: "127.0.0.1" },
    );
    if (res.status !== 200) throw new Error(`${q}: status ${res.status}`);
    await res.arrayBuffer();
  };
  try {
    for (const q of distinct.slice(-warm)) await ask(q);
    for (const q of REPEATED) await ask(q);
    const mark = heapMark();
    for (const q of distinct.slice(0, count)) await ask(q);
    const used = mark.stop();
    const again = heapMark();
    for (let i = 0; i < count; i++) await ask(REPEATED[i % REPEATED.length]!);
    return { distinct: used, repeated: again.stop(), count };
  } finally {
    files.close();
  }
}

function reportAlone(alone: InProcess): void {
  console.log(
    `la búsqueda sola, en proceso y sin HTTP: ${alone.mean.toFixed(3)} ms de CPU y ${(alone.allocated / 1024).toFixed(1)} KB asignados por consulta distinta (4000 consultas), ` +
      `a lo más ${Math.round(1000 / alone.mean)} búsquedas/s en un núcleo; una consulta: p50 ${alone.p50.toFixed(2)} ms, ` +
      `p90 ${alone.p90.toFixed(2)} ms, p99 ${alone.p99.toFixed(2)} ms, máx. ${alone.max.toFixed(1)} ms; ${alone.scavenges} scavenges, ${alone.fullGcs} recolecciones completas, ` +
      `${alone.pauseMs.toFixed(0)} ms en el recolector (objetivo: < 0.2 ms de CPU, < 20 KB)`,
  );
}

function reportPath(path: { distinct: HeapUse; repeated: HeapUse; count: number }): void {
  const per = (u: HeapUse): string =>
    `${(u.cpuUs / path.count).toFixed(0)} µs de CPU y ${(u.allocated / path.count / 1024).toFixed(1)} KB asignados`;
  console.log(
    `la ruta en proceso (Hono, parámetros, caché, búsqueda, JSON, Response; sin socket), ${path.count} solicitudes: ` +
      `consulta distinta ${per(path.distinct)}; repetida (desde la caché) ${per(path.repeated)} por solicitud (objetivo: distinta < 200 µs, < 20 KB)`,
  );
}

/** Queries an attacker would send: long, many short words, a frequent word repeated, one-letter words, frequent words and a prefix. */
const HOSTILE = [
  "x".repeat(100),
  "ab cd ef gh ij kl mn op qr st uv wx yz ba dc fe hg ji lk nm",
  "servicio ".repeat(11).trim(),
  "a b c d e f g h i j k l m n o p q r s t",
  "equipo material servicio sistema producto partes accesorios maquinas aparatos instrumentos com",
  "equipx materxal servixio sistexa productx partxs accesorixs maquinxs",
];

/** Two-word queries whose kinds a process answers before single queries are timed (each in five forms). */
const WARMUP_QUERIES = 250;

/** A query with one letter of its longest word dropped (from its middle): a typo, so the typo pass runs too. */
const withTypo = (q: string): string => {
  const words = q.split(" ");
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const cut = longest.length >> 1;
  return words.map((w) => (w === longest ? w.slice(0, cut) + w.slice(cut + 1) : w)).join(" ");
};

/** The relevance sets' queries, each in its catalog, and the bench's two-word queries. */
function typicalQueries(): { q: string; catalog: string }[] {
  const sets = [...evalQueries("queries.csv"), ...evalQueries("own-queries.csv")].map((q) => ({ q: q.query, catalog: q.catalogo }));
  return [...sets, ...REPEATED.map((q) => ({ q, catalog: "clave-prod-serv" }))];
}

/** The wall time of each query, in order, on `search`. */
const timeEach = (search: SatSearch, list: { q: string; catalog: string }[]): number[] =>
  list.map(({ q, catalog }) => {
    const t = performance.now();
    search.search(q, { catalog, family: "cfdi", limit: 10 });
    return performance.now() - t;
  });

const stats = (xs: number[]): string =>
  `mediana ${median(xs).toFixed(3)} ms, p99 ${quantile(xs, 0.99).toFixed(2)} ms, máx. ${quantile(xs, 1).toFixed(2)} ms`;

/**
 * Single queries in this process (targets: median < 0.3 ms, p99 < 3 ms, worst < 10 ms), then the hostile ones
 * alone. The targets are read in a process that has answered other queries first (`warmup`: none of the timed
 * ones, of each kind the timed ones are), as a running server meets a query it has not seen. The same queries
 * in a new process, after 20 of them, are printed first: there each kind's first query also waits for its
 * code to be compiled (the cold start measures a new process's first answer). Per query, wall time only: the
 * process's CPU time also counts the compiler's and collector's threads, which work beside the query.
 */
function singleQueries(indexFile: string, warmup: string[]): void {
  const typical = typicalQueries();
  const fresh = new SatSearch(readFileSync(indexFile, "utf8"));
  timeEach(fresh, typical.slice(0, 20));
  console.log(`consultas sueltas en un proceso nuevo, tras 20 de ellas (${typical.length}): ${stats(timeEach(fresh, typical))}`);

  const search = new SatSearch(readFileSync(indexFile, "utf8"));
  const timed = new Set(typical.map(({ q }) => q));
  // Every kind of query the timed ones are: two words, one, a typo, and units («unidad carnicería»).
  const others = warmup.flatMap((q) => {
    const first = q.split(" ")[0]!;
    return [q, withTypo(q), first]
      .map((w) => ({ q: w, catalog: "clave-prod-serv" }))
      .concat([`unidad ${first}`, first].map((w) => ({ q: w, catalog: "clave-unidad" })));
  });
  timeEach(
    search,
    others.filter(({ q }) => !timed.has(q)),
  );
  const ms = timeEach(search, typical);
  console.log(
    `consultas sueltas en proceso, tras ${others.length} otras (${ms.length}: conjuntos de relevancia + dos palabras del bench): ${stats(ms)} ` +
      "(objetivo: mediana < 0.3, p99 < 3, máx. < 10)",
  );
  const hostile = HOSTILE.map((q) =>
    Math.max(
      ...timeEach(
        search,
        [1, 2, 3].map(() => ({ q, catalog: "clave-prod-serv" })),
      ),
    ),
  );
  console.log(`consultas hostiles, peor de 3 cada una: ${hostile.map((t) => t.toFixed(1)).join(", ")} ms (objetivo: unos pocos ms)`);
}

function report(what: string, r: Load, use: HeapUse): void {
  console.log(
    `/cfdi/buscar?catalogo=clave-prod-serv, ${what}, ${opts.connections} conexiones, ${opts.duration} s: ` +
      `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.total} respuestas, no 2xx ${r.non2xx}, errores ${r.errors} (objetivo ≥ 3000 req/s, p99 < 40 ms)`,
  );
  const n = Math.max(1, r.total);
  console.log(
    `  servidor por respuesta: ${(use.cpuUs / n).toFixed(0)} µs de CPU, ${(use.allocated / n / 1024).toFixed(1)} KB asignados en el heap; ` +
      `${use.scavenges} scavenges, ${use.fullGcs} recolecciones completas, ${use.pauseMs.toFixed(0)} ms en el recolector (objetivo: consulta distinta < 200 µs, < 20 KB)`,
  );
}

/**
 * The local server in its own process (bench/search-server.ts) with npm start's heap options, so its CPU time
 * and allocation are its own: autocannon and this process are elsewhere.
 */
class ServerChild {
  private readonly pending: ((line: string) => void)[] = [];

  private constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    const lines: Interface = createInterface({ input: child.stdout });
    lines.on("line", (line) => this.pending.shift()?.(line));
  }

  /** Our server on `dist`, or with `floor` (node, hono) the bare server that replays its answer (bench/search-server.ts). */
  static async start(dist: string, floor?: string): Promise<{ server: ServerChild; url: string }> {
    const child = spawn(
      process.execPath,
      [
        "--max-old-space-size=192",
        "--max-semi-space-size=4",
        "--import",
        "tsx",
        join(import.meta.dirname, "search-server.ts"),
        dist,
        ...(floor === undefined ? [] : [floor]),
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const server = new ServerChild(child);
    const { url } = JSON.parse(await server.next()) as { url: string };
    return { server, url };
  }

  private next(): Promise<string> {
    return new Promise((res, rej) => {
      this.pending.push(res);
      this.child.once("exit", (code) => rej(new Error(`search server exited with ${code}`)));
    });
  }

  async start(): Promise<void> {
    this.child.stdin.write("start\n");
    await this.next();
  }

  async stop(): Promise<HeapUse> {
    this.child.stdin.write("stop\n");
    return JSON.parse(await this.next()) as HeapUse;
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill("SIGTERM");
  }
}

/** A load run between two marks of the server's own CPU and allocation. */
async function measured(server: ServerChild, url: string, queries: string[]): Promise<{ load: Load; use: HeapUse }> {
  await server.start();
  const l = await load(url, Number(opts.duration), Number(opts.connections), queries);
  return { load: l, use: await server.stop() };
}

/**
 * What a request costs the server before any of our code runs: the same cached answer (bytes and headers) from our
 * server, from a one-route Hono app on @hono/node-server, and from a bare node:http handler, each in its own process
 * under the same load. The difference between two rows is what the layer between them costs.
 */
async function floors(): Promise<void> {
  for (const [name, floor] of [
    ["el servidor local, respuesta desde la caché", undefined],
    ["Hono solo en @hono/node-server, la misma respuesta", "hono"],
    ["node:http solo, la misma respuesta", "node"],
  ] as const) {
    const { server, url } = await ServerChild.start(DIST, floor);
    try {
      await load(url, 2, Number(opts.connections), REPEATED);
      const run = await measured(server, url, REPEATED);
      report(name, run.load, run.use);
    } finally {
      server.close();
    }
  }
}

async function main(): Promise<void> {
  ensureBuilt(DIST, SEARCH_INDEX_PATH.slice(1));
  console.log(
    `carga del sistema al empezar: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  if (opts["path-only"]) {
    reportPath(await appPath(distinctQueries(), 3000, 3000));
    return;
  }
  if (opts.floor) {
    await floors();
    return;
  }
  if (opts["search-only"]) {
    const distinct = distinctQueries();
    const indexFile = join(DIST, SEARCH_INDEX_PATH.slice(1));
    indexBytes(indexFile);
    singleQueries(indexFile, [...distinct].reverse().slice(0, WARMUP_QUERIES));
    reportAlone(inProcess(indexFile, distinct, 4000));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "fmx-bench-search-"));
  try {
    const indexFile = join(DIST, SEARCH_INDEX_PATH.slice(1));
    const file = join(dir, "cfdi-buscar.mjs");
    const bytes = await bundleFunction("functions/cfdi-buscar.ts", file, true);
    const indexSize = statSync(indexFile).size;
    console.log(
      `función: ${(bytes / 1e6).toFixed(2)} MB + índice ${(indexSize / 1e6).toFixed(2)} MB = ${((bytes + indexSize) / 1e6).toFixed(2)} MB (objetivo < 10 MB)`,
    );
    indexBytes(indexFile);
    const runs = [];
    for (let i = 0; i < Number(opts["cold-runs"]); i++) runs.push(await coldStart(file, DIST));
    console.log(
      `arranque en frío (importar + cargar índice + primera respuesta), mediana de ${runs.length}: ${median(runs.map((r) => r.ms)).toFixed(0)} ms (CPU ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms); proceso completo ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms (objetivo < 300 ms)`,
    );

    const distinct = distinctQueries();
    if (distinct.length <= CACHE_ENTRIES + Number(opts.connections)) throw new Error("too few distinct queries to miss the cache");
    // The warm-up takes its queries from the end of the list, the measured run from the start: no query of the
    // run was asked before it, and within it a query comes back only after all the others (21,000), far more
    // than the cache's answers, so none comes from the cache.
    const warmup = [...distinct].reverse();
    singleQueries(indexFile, warmup.slice(0, WARMUP_QUERIES));
    reportAlone(inProcess(indexFile, distinct, 4000));
    reportPath(await appPath(distinct, 3000, 3000));
    const { server, url } = await ServerChild.start(DIST);
    try {
      await load(url, 2, Number(opts.connections), warmup);
      const real = await measured(server, url, distinct);
      report(`${distinct.length} consultas distintas (búsquedas reales, ninguna desde la caché)`, real.load, real.use);
      const cached = await measured(server, url, REPEATED);
      report(`${REPEATED.length} consultas repetidas (desde la caché tras su primera vuelta)`, cached.load, cached.use);
    } finally {
      server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
