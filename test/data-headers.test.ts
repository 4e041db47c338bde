// The x-fmx-data-* headers: each answer on a series or table names its datasets, their latest date and staleFrom, as /status does.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { todayInMexicoCity } from "../core/dates.ts";
import { Freshness } from "../lib/http/freshness.ts";
import { API_BASE } from "../lib/routes/routes.ts";
import type { StatusDocument } from "../core/schemas.ts";
import { get } from "./http-setup.ts";
import { nodeArgs } from "./helpers/entry-args.ts";

const ISR = "/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026";
let distDir: string;
let status: StatusDocument;
const facts = (id: string): StatusDocument["datasets"][number] => status.datasets.find((d) => d.id === id)!;
const staleToday = (from: string): string => String(todayInMexicoCity(new Date()) >= from);

beforeAll(() => {
  // The run's small tree (test/global-setup.ts), which nothing here changes.
  distDir = inject("smallDistDir");
  status = JSON.parse(readFileSync(join(distDir, API_BASE, "status.json"), "utf8")) as StatusDocument;
});

describe("the data headers", () => {
  it("are written by the build into the host's _headers file, with /status's values", () => {
    const text = readFileSync(join(distDir, "_headers"), "utf8");
    const fx = facts("fx");
    expect(text).toContain(
      `${API_BASE}/fx/*\n  x-fmx-datasets: fx\n  x-fmx-data-date: ${fx.latest}\n  x-fmx-data-stale-from: ${fx.staleFrom}\n`,
    );
    const inpc = facts("inpc");
    expect(text).toContain(`${API_BASE}/inpc\n  x-fmx-datasets: inpc\n  x-fmx-data-date: ${inpc.latest}\n`);
    // Intended (branch host): a catalog's rule names its /status dataset, and a sheet known to be behind SAT's revisions
    // (sources/sat-revisions.ts) its staleFrom, for the edge to judge; never a data date, since a catalog's `latest` is a key.
    const blocks = text.split(/\n(?=\/)/);
    const cfdiRules = blocks.filter((block) => block.startsWith(`${API_BASE}/cfdi/`) && block.includes("\n  x-fmx-data"));
    expect(cfdiRules.length).toBeGreaterThan(0);
    for (const block of cfdiRules) expect(block).not.toContain("\n  x-fmx-data-date");
    const uso = facts("cfdi-uso");
    expect(uso.staleFrom).toBeNull();
    expect(text).toContain(`${API_BASE}/cfdi/uso/*\n  x-fmx-datasets: cfdi-uso\n`);
    const clave = facts("cfdi-clave-prod-serv");
    expect(clave.stale).toBe(true);
    expect(text).toContain(
      `${API_BASE}/cfdi/clave-prod-serv/*\n  x-fmx-datasets: cfdi-clave-prod-serv\n  x-fmx-data-stale-from: ${clave.staleFrom}\n`,
    );
  });

  it("are on a calculation answered by the function on a web Request", async () => {
    // Set for this call only: the worker's later test files read the variable, and serve other trees.
    const previous = process.env["FISCAL_DIST_DIR"];
    process.env["FISCAL_DIST_DIR"] = distDir;
    const { default: calculos } = await import("../functions/calculos.ts");
    const res = await calculos(new Request(`https://example.org${API_BASE}${ISR}`), {}).finally(() => {
      if (previous === undefined) delete process.env["FISCAL_DIST_DIR"];
      else process.env["FISCAL_DIST_DIR"] = previous;
    });
    expect(res.status).toBe(200);
    const isr = facts("isr");
    const subsidy = facts("subsidio-empleo");
    const from = [isr.staleFrom!, subsidy.staleFrom!].sort()[0]!;
    expect(res.headers.get("x-fmx-datasets")).toBe("isr, subsidio-empleo");
    expect(res.headers.get("x-fmx-data-date")).toBe(`${isr.latest}, ${subsidy.latest}`);
    expect(res.headers.get("x-fmx-data-stale-from")).toBe(from);
    expect(res.headers.get("x-fmx-data-stale")).toBe(staleToday(from));
    expect(res.headers.get("access-control-expose-headers")).toContain("x-fmx-data-stale-from");
  });

  it("judge staleness on the request day", () => {
    const f = new Freshness([{ id: "fx", latest: "2026-10-06", staleFrom: "2026-10-13" }]);
    const route = { id: "t", datasets: ["fx"] } as unknown as Parameters<Freshness["computed"]>[0];
    const at = (day: string): string[] => f.computed(route, Date.parse(`${day}T18:00:00Z`));
    expect(at("2026-10-12")).toEqual([
      "x-fmx-datasets",
      "fx",
      "x-fmx-data-date",
      "2026-10-06",
      "x-fmx-data-stale-from",
      "2026-10-13",
      "x-fmx-data-stale",
      "false",
    ]);
    expect(at("2026-10-13").at(-1)).toBe("true");
  });
});

describe("the local server (npm start, a child process)", () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(process.execPath, nodeArgs("server/main.ts"), {
      env: { ...process.env, FISCAL_DIST_DIR: distDir, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    url = await new Promise<string>((resolve, reject) => {
      let log = "";
      child.stdout?.on("data", (c: Buffer) => {
        log += c.toString();
        const m = /en (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
        if (m) resolve(m[1]!);
      });
      child.on("exit", () => reject(new Error(`the server exited early:\n${log}`)));
    });
  });
  afterAll(() => {
    child.kill("SIGKILL");
  });

  it("sends /fx/today and its .json file the headers of the _headers file", async () => {
    const fx = facts("fx");
    for (const path of ["/fx/today", "/fx/today.json", "/fx/history?days=30"]) {
      const res = await get(url, `${API_BASE}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers["x-fmx-datasets"]).toBe("fx");
      expect(res.headers["x-fmx-data-date"]).toBe(fx.latest);
      expect(res.headers["x-fmx-data-stale-from"]).toBe(fx.staleFrom);
    }
    const tiie = await get(url, `${API_BASE}/tiie/28/today`);
    expect(tiie.headers["x-fmx-data-date"]).toBe(facts("tiie-28").latest);
    const catalog = await get(url, `${API_BASE}/status`);
    expect(catalog.headers["x-fmx-datasets"]).toBeUndefined();
    // The rule file is the host's configuration, not a page: Netlify does not serve it, nor does npm start.
    expect((await get(url, "/_headers")).status).toBe(404);
    expect((await get(url, "/_redirects")).status).toBe(404);
  });

  it("sends a calculation its datasets' dates, staleFrom and the day's judgement", async () => {
    const res = await get(url, `${API_BASE}${ISR}`);
    expect(res.status).toBe(200);
    const isr = facts("isr");
    const from = [isr.staleFrom!, facts("subsidio-empleo").staleFrom!].sort()[0]!;
    expect(res.headers["x-fmx-data-date"]).toBe(`${isr.latest}, ${facts("subsidio-empleo").latest}`);
    expect(res.headers["x-fmx-data-stale-from"]).toBe(from);
    expect(res.headers["x-fmx-data-stale"]).toBe(staleToday(from));
    const conv = await get(url, `${API_BASE}/calculos/conversion?monto=100.00&moneda=USD&destino=MXN&fecha=${facts("fx").latest}`);
    expect(conv.headers["x-fmx-datasets"]).toBe("fx, udi");
  });
});
