// Every bulk dump re-read in its three formats and compared with the API files of the same build.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGS } from "../sources/sat.ts";
import { DUMP_DATASETS } from "../lib/routes.ts";
import { builtDist } from "./http-setup.ts";

let dist: string;
const bytes = (path: string): Buffer => readFileSync(join(dist, path));
const json = <T = unknown>(path: string): T => JSON.parse(bytes(path).toString("utf8")) as T;
const api = <T = unknown>(path: string): T => json<T>(`api/v1/public${path}.json`);
const dump = <T = Record<string, unknown>>(name: string): T[] => json<T[]>(`api/v1/public/dumps/${name}`);

beforeAll(async () => {
  dist = await builtDist();
});

interface IndexEntry { dataset: string; format: string; url: string; rows: number; bytes: number; sha256: string; coverage: { first: string; last: string }; license: string; attribution: string }

describe("dumps", () => {
  it("index.json lists every file with its true size, digest and row count", () => {
    const index = api<{ files: IndexEntry[]; attribution: string }>("/dumps/index");
    expect(index.files).toHaveLength(DUMP_DATASETS.length * 3);
    for (const f of index.files) {
      const data = bytes(f.url.slice(1));
      expect(data.length, f.url).toBe(f.bytes);
      expect(createHash("sha256").update(data).digest("hex"), f.url).toBe(f.sha256);
      const text = data.toString("utf8");
      const rows = f.format === "json" ? (JSON.parse(text) as unknown[]).length : f.format === "ndjson" ? text.split("\n").filter(Boolean).length : (parseCsv(text) as unknown[]).length - 1;
      expect(rows, f.url).toBe(f.rows);
      expect(f.license).toBe("CC BY 4.0");
      expect(f.attribution).toMatch(/^Según Fiscal MX \(https?:\/\//);
    }
  });

  it("NDJSON and CSV carry exactly the JSON records", () => {
    for (const { id } of DUMP_DATASETS) {
      const rows = dump(`${id}.json`);
      const nd = bytes(`api/v1/public/dumps/${id}.ndjson`).toString("utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as unknown);
      expect(nd, id).toEqual(rows);
      const csv = parseCsv(bytes(`api/v1/public/dumps/${id}.csv`), { columns: true }) as Record<string, string>[];
      expect(csv.length, id).toBe(rows.length);
      csv.forEach((record, i) => {
        const expected = Object.fromEntries(
          Object.keys(record).map((k) => {
            const v = rows[i]![k];
            return [k, v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v)];
          }),
        );
        expect(record, `${id} row ${i + 1}`).toEqual(expected);
      });
    }
  });

  it("FIX: the whole history, with the real values, ending like the API", () => {
    const fx = dump<{ date: string; rate: number }>("fx.json");
    expect(fx.find((r) => r.date === "2020-01-02")?.rate).toBe(18.8817);
    expect(fx.find((r) => r.date === "2022-02-09")?.rate).toBe(20.5008);
    expect(fx.at(-1)).toEqual(api("/fx/today"));
    const window = api<{ date: string }[]>("/fx/history/days-365");
    expect(fx.slice(-window.length)).toEqual(window);
  });

  it("INPC, UMA and ISR rows equal the API files", () => {
    for (const r of dump<{ period: string }>("inpc.json")) expect(api(`/inpc/${r.period}`)).toEqual(r);
    for (const r of dump<{ year: number }>("uma.json")) expect(api(`/uma/${r.year}`)).toEqual(r);
    const isr = dump<{ year: number; period: string }>("isr.json");
    for (const period of ["mensual", "anual", "quincenal", "semanal", "diaria"]) {
      for (const year of [2023, 2024, 2025, 2026]) {
        const rows = isr.filter((r) => r.year === year && r.period === period).map(({ year: _y, period: _p, ...row }) => row);
        expect(api<{ rows: unknown[] }>(`/tarifa/isr/${year}/${period}`).rows).toEqual(rows);
      }
    }
    expect(isr.some((r) => r.period === "decenal")).toBe(true);
  });

  it("every CFDI catalog entry equals its lookup file", () => {
    for (const c of CATALOGS) {
      const rows = dump<{ code: string }>(`cfdi-${c.id}.json`);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(api(`/cfdi/${c.id}/${r.code}`)).toEqual(r);
    }
  });
});

describe("status", () => {
  it("reports each dataset's freshness and raw provenance", () => {
    const status = api<{ asOf: string; datasets: { id: string; stale: boolean; latest: string; records: number; raw: { sha256: string } | null }[] }>("/status");
    expect(status.asOf).toBe("2026-11-21");
    const byId = new Map(status.datasets.map((d) => [d.id, d]));
    expect(byId.get("fx")).toMatchObject({ latest: "2025-11-25", records: 8556, stale: true, raw: { sha256: "e2afdcbac52d926d0374f162985c52094a8be0e9d5eaf2ec2e3407fbd1c6b9ed" } });
    expect(byId.get("inpc")).toMatchObject({ latest: "2026-08", records: 320, stale: true });
    expect(byId.get("uma")).toMatchObject({ latest: "2026", stale: false, raw: null });
    expect(byId.get("cfdi-clave-prod-serv")).toMatchObject({ records: 52514, stale: false });
    for (const { id } of DUMP_DATASETS) expect(byId.has(id), id).toBe(true);
  });
});
