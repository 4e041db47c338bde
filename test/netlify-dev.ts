// `npm run test:netlify`: builds the tree, serves it with `netlify dev --offline`, runs the contract (`npm run verify`'s runner,
// netlify dev's known differences reported apart) against it, then drains the one address's budget and calls every function
// (the pinned tools: test/helpers/netlify-tools.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createServer } from "node:net";
import { installTools, ROOT, run, toolEnv, TOOLS } from "./helpers/netlify-tools.ts";

const DIST = join(TOOLS, "dist");
const READY_TIMEOUT_MS = 240_000;
const BASE = "/api/v1/public";

/** One request of every function (the page and series functions through the edge's hand-on), and /mcp. */
const FUNCTION_CALLS: [name: string, path: string, init?: RequestInit][] = [
  ["rfc-validar", `${BASE}/rfc/validar/GODE561231GR8`],
  ["calendario-proximos", `${BASE}/calendario/proximos`],
  ["suggest", `${BASE}/suggest?q=aguinaldo`],
  ["cfdi-buscar", `${BASE}/cfdi/buscar?q=kilogramo`],
  ["cfdi-tasa-o-cuota", `${BASE}/cfdi/tasa-o-cuota?factor=Tasa`],
  ["cfdi-num-pedimento-aduana", `${BASE}/cfdi/num-pedimento-aduana/01/3173/2007`],
  ["cfdi-validar", `${BASE}/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03`],
  ["calculos", `${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026`],
  ["catalog-pages", `${BASE}/cfdi/clave-prod-serv?limit=7&offset=13`],
  ["banxico-series", `${BASE}/fx/history?from=2025-01-02&to=2025-01-31`],
  [
    "mcp",
    "/mcp",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    },
  ],
];

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? done(address.port) : fail(new Error("no port"))));
    });
  });

/** Polls until the edge function answers an API path (netlify dev bundles the functions first). */
async function waitReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify dev terminó antes de estar listo (código ${child.exitCode})`);
    try {
      const res = await fetch(`${origin}${BASE}/uma`);
      if (res.headers.get("x-fmx-rate-limit") !== null) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`netlify dev no respondió en ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * One budget, and no function spends one: once the address's window is spent, every function is refused by the edge in
 * front of it (429); in a fresh window (netlify dev gives every client the same address, so a fresh address is a fresh
 * window there) every function answers, none with the 503 of a file it could not get. Returns the failures.
 */
async function drainThenCallEveryFunction(origin: string): Promise<string[]> {
  const failures: string[] = [];
  let retryAfter = 0;
  for (let i = 0; i < 200 && retryAfter === 0; i++) {
    const res = await fetch(`${origin}${BASE}/uma`);
    await res.arrayBuffer();
    if (res.status === 429) retryAfter = Number(res.headers.get("retry-after") ?? "60");
  }
  if (retryAfter === 0) return ["200 solicitudes de una dirección sin un 429: no hay un presupuesto"];
  for (const [name, path, init] of FUNCTION_CALLS) {
    const res = await fetch(`${origin}${path}`, init);
    await res.arrayBuffer();
    if (res.status !== 429) failures.push(`${name}: ${res.status} con el presupuesto gastado (se esperaba 429)`);
  }
  console.log(`Presupuesto gastado; cada función respondió 429. Espera de ${retryAfter} s a una ventana nueva…`);
  await new Promise((r) => setTimeout(r, (retryAfter + 1) * 1000));
  for (const [name, path, init] of FUNCTION_CALLS) {
    const res = await fetch(`${origin}${path}`, init);
    await res.arrayBuffer();
    if (res.status === 429 || res.status >= 500) failures.push(`${name}: ${res.status} en una ventana nueva`);
    else console.log(`${name}: ${res.status} en una ventana nueva`);
  }
  return failures;
}

async function main(): Promise<number> {
  installTools();
  run("npm", ["run", "build", "--", "--out", DIST]);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  // The functions read their packed files from the tree served (absolute: wherever netlify dev starts them).
  const env = { ...toolEnv(), FISCAL_DIST_DIR: DIST };
  // Its own process group, so the functions and the Deno server it starts end with it.
  const dev = spawn("netlify", ["dev", "--offline", "--no-open", "--port", String(port), "--dir", DIST], {
    cwd: ROOT,
    env,
    stdio: "inherit",
    detached: true,
  });
  try {
    await waitReady(origin, dev);
    // Paced under the edge's 60 a minute: netlify dev gives every client one address.
    const verify = spawnSync("npx", ["tsx", "tools/verify.ts", origin, "--emulator", "--max-requests=150", "--per-minute=55"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    const failures = await drainThenCallEveryFunction(origin);
    for (const f of failures) console.error(f);
    return verify.status === 0 && failures.length === 0 ? 0 : 1;
  } finally {
    try {
      process.kill(-(dev.pid as number), "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
