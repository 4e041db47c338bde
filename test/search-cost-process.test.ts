// Costly searches do not starve other clients: the server as a child process, one client sending hostile queries back to back while another polls a static route.
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtDist, get } from "./http-setup.ts";

let child: ChildProcess;
let origin: string;

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, FISCAL_DIST_DIR: await builtDist(), PORT: "0", HOST: "127.0.0.1", FISCAL_RATE_LIMIT: "1000000" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  origin = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (c: Buffer) => {
      log += c.toString();
      const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (m) resolve(m[1]!);
    });
    child.on("exit", () => reject(new Error(`the server exited early:\n${log}`)));
  });
}, 240_000);

afterAll(() => {
  child.kill("SIGKILL");
});

/** Frequent catalog words: every hostile query below is a distinct combination of them, so none is answered from the cache. */
const FREQUENT = [
  "servicio",
  "equipo",
  "material",
  "sistema",
  "producto",
  "partes",
  "accesorios",
  "maquinas",
  "aparatos",
  "instrumentos",
  "componentes",
];

function hostile(i: number): string {
  const words = FREQUENT.map((_w, k) => FREQUENT[(i + k * 7) % FREQUENT.length]!);
  const kinds = [
    `${words.join(" ")} com`, // eleven frequent words and a prefix
    `${words[0]!} `.repeat(11), // one frequent word eleven times
    `${"abcdefghijklmnopqrst".split("").join(" ")} ${i}`, // one-letter words
    `${words.map((w) => `${w.slice(0, -1)}x`).join(" ")}`, // unknown words: the typo pass
  ];
  return kinds[i % kinds.length]!.slice(0, 100);
}

const p99 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.POSITIVE_INFINITY;

describe("hostile searches against the running server", () => {
  it("leave a victim polling a static route served within 200 ms (p99), and answer each in a bounded time", async () => {
    // The first search loads the index (once per process): not the attack's cost.
    expect((await get(origin, "/api/v1/public/cfdi/buscar?q=computadora")).status).toBe(200);
    let attacking = true;
    const searchMs: number[] = [];
    const attack = (async () => {
      for (let i = 0; attacking && i < 400; i++) {
        const t = performance.now();
        const r = await get(origin, `/api/v1/public/cfdi/buscar?q=${encodeURIComponent(hostile(i))}&catalogo=clave-prod-serv`);
        searchMs.push(performance.now() - t);
        expect(r.status).toBe(200);
      }
    })();
    const victimMs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const r = await get(origin, "/api/v1/public/cfdi/clave-unidad/H87");
      victimMs.push(performance.now() - t);
      expect(r.status).toBe(200);
      await new Promise((res) => setTimeout(res, 25));
    }
    attacking = false;
    await attack;
    console.log(
      `victim p99 ${p99(victimMs).toFixed(0)} ms over ${victimMs.length} requests; ${searchMs.length} hostile searches, p99 ${p99(searchMs).toFixed(0)} ms`,
    );
    expect(searchMs.length).toBeGreaterThan(20);
    expect(p99(victimMs)).toBeLessThan(200);
  }, 120_000);
});
