// The whole build on the real raw snapshot: real values, determinism, rebuilds and the OpenAPI contract.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { generate } from "../build/pipeline.ts";
import { rewrites } from "../build/netlify.ts";
import { routes } from "../lib/routes/routes.ts";
import { findRawDir } from "../build/raw-dir.ts";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { RAW_DIR, readJson, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";
import { runBuild } from "./helpers/build-cli.ts";
import { rawFix, rawInpc } from "./helpers/raw-facts.ts";
import { addDays } from "../core/dates.ts";
import { snapshotDatasets } from "./helpers/snapshot-data.ts";

const env = {};
afterAll(removeTempDirs);

describe("the real snapshot's tree (built once per run by the global setup)", () => {
  const out = (): string => inject("distDir");
  const api = (path: string): unknown => readJson(out(), `api/v1/public${path}.json`);

  it("holds about 54,000 files and the build's marker", () => {
    expect(fg.sync("**", { cwd: out() }).length).toBeGreaterThan(54_000);
    expect(existsSync(join(out(), BUILD_MARKER))).toBe(true);
  });

  it("parses the real FIX values", async () => {
    const d = await snapshotDatasets();
    const rate = (date: string) => d.fx.find((o) => o.date === date)?.value;
    expect(rate("2020-01-02")).toBe(18.8817);
    expect(rate("2022-02-09")).toBe(20.5008);
  });

  it("serves the latest FIX and a history window ending on it, oldest first", () => {
    const latest = rawFix().at(-1)!;
    expect(api("/fx/today")).toEqual({ date: latest.date, rate: latest.value, source: expect.stringContaining("SF43718") });
    const week = api("/fx/history/days-7") as { date: string }[];
    const weekStart = addDays(latest.date, -6);
    expect(week.map((r) => r.date)).toEqual(
      rawFix()
        .filter((o) => o.date >= weekStart)
        .map((o) => o.date),
    );
    expect(week.length).toBeGreaterThanOrEqual(3);
    expect(api("/fx/history")).toEqual(api("/fx/history/days-30"));
    expect((api("/fx/history/days-1") as unknown[]).length).toBe(1);
  });

  it("serves UMA 2026 as the current year, with the rates of decision 0003", () => {
    expect(api("/uma/2026")).toMatchObject({
      year: 2026,
      uma: 117.31,
      umaMensual: 3566.22,
      salarioMinimo: 315.04,
      employeeRate: 0.02375,
      employerRate: 0.19013,
    });
    expect(api("/uma")).toEqual(api("/uma/2026"));
    expect(existsSync(join(out(), "api/v1/public/uma/2015.json"))).toBe(false);
  });

  it("serves INPC periods and the most recent months oldest first", () => {
    expect(api("/inpc/2024-01")).toEqual({ period: "2024-01", value: 133.555 });
    const last3 = api("/inpc/limit-3") as { period: string }[];
    expect(last3.map((r) => r.period)).toEqual(
      rawInpc()
        .slice(-3)
        .map((o) => o.period),
    );
    expect((api("/inpc") as unknown[]).length).toBe(24);
  });

  it("serves the 2026 monthly ISR tariff with the bracket from 14,644.65", () => {
    const tariff = api("/tarifa/isr/2026/mensual") as { rows: unknown[] };
    expect(tariff.rows).toContainEqual({ lowerLimit: 14644.65, upperLimit: 17533.64, fixedQuota: 1339.14, marginalRate: 0.1792 });
    expect(tariff.rows.at(-1)).toEqual({ lowerLimit: 425642, upperLimit: null, fixedQuota: 133488.54, marginalRate: 0.35 });
    expect(api("/tarifa/isr/mensual")).toEqual(tariff);
    expect((api("/tarifa/isr/2024/quincenal") as { rows: unknown[] }).rows).toHaveLength(11);
  });

  it("serves every CFDI code and the clave-prod-serv pages", () => {
    expect(api("/cfdi/clave-prod-serv/01010101")).toMatchObject({ code: "01010101", description: "No existe en el catálogo" });
    expect(api("/cfdi/forma-pago/01")).toMatchObject({ code: "01", description: "Efectivo", plain: expect.any(String) });
    expect(readdirSync(join(out(), "api/v1/public/cfdi/moneda")).length).toBe(183);
    const page = api("/cfdi/clave-prod-serv/limit-100/offset-52500") as { code: string }[];
    expect(page.length).toBe(14);
    expect(page.at(-1)!.code).toBe("95141904");
    expect(api("/cfdi/clave-prod-serv")).toEqual(api("/cfdi/clave-prod-serv/limit-100/offset-0"));
  });

  it("is a valid OpenAPI 3.1 document with version 1.0.0, licence and attribution", async () => {
    const doc = api("/openapi") as { openapi: string; info: { version: string; license: { identifier: string }; description: string } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.info.license.identifier).toBe("CC-BY-4.0");
    expect(doc.info.description).toContain("Según Fiscal MX (");
    const result = await new Validator().validate(doc as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has the file each netlify.toml rewrite points at, for example and boundary values", () => {
    const missing: string[] = [];
    for (const route of routes) {
      const examples: Record<string, string[]> = {};
      for (const p of route.params) {
        if (p.in === "path") examples[p.name] = [p.example];
        else if (p.type === "integer" && route.prebuilt === "every-value")
          examples[p.name] = [String(p.minimum), String(p.maximum), String(p.default)];
        // Only the default limit is prebuilt, at offsets that are multiples of it (others: a function).
        else if (p.type === "integer")
          examples[p.name] =
            p.name === "offset" ? ["0", route.id === "cfdiClaveProdServList" ? "52500" : "200", "100"] : [String(p.default)];
      }
      for (const rw of rewrites(route)) {
        for (const i of [0, 1, 2]) {
          const target = rw.to.replace(
            /:(\w+)/g,
            (_, name: string) => examples[name]?.[Math.min(i, examples[name].length - 1)] ?? `:${name}`,
          );
          if (!existsSync(join(out(), target))) missing.push(`${rw.from} ${JSON.stringify(rw.query ?? {})} → ${target}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("builds of a small snapshot (the large files cut short)", () => {
  let raw: string;
  /** The small snapshot's tree that the global setup built in process, fresh; read-only. */
  let fresh: string;
  let freshDigest: Map<string, string>;
  /** The files the build counts: the tree's, but for its marker. */
  let files: number;

  beforeAll(() => {
    raw = smallRaw();
    fresh = inject("smallDistDir");
    freshDigest = treeDigest(fresh);
    expect(freshDigest.has(BUILD_MARKER)).toBe(true);
    files = freshDigest.size - 1;
  });

  it("writes every file on a fresh build, byte-identical in another process (`npm run build`) to the one in process", () => {
    const other = join(tempDir("cli"), "dist");
    const result = runBuild(["--out", other], { FISCAL_RAW_DIR: raw });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Fiscal MX: ${files} archivos`);
    expect(result.stdout).toMatch(/; 0 eliminados;/);
    expect(files).toBeGreaterThan(1_500);
    expect(treeDigest(other)).toEqual(freshDigest);
  });

  // The same inputs built again over a complete tree: test/build-safety.test.ts, whose build after a crash rebuilds
  // over the restored tree, writes every file, removes none and leaves the same tree.

  it("depends on the as-of date only where the API says so", async () => {
    const generated = await generate({ rawDir: raw, asOf: "2025-06-30", env });
    const body = (path: string): unknown => JSON.parse(Buffer.from(generated.find((f) => f.path === path)!.data).toString("utf8"));
    expect(body("/api/v1/public/uma.json")).toMatchObject({ year: 2025, uma: 113.14 });
    expect(body("/api/v1/public/tarifa/isr/mensual.json")).toMatchObject({ year: 2025 });
    expect(generated.length).toBe(files);
  });
});

describe("raw directory", () => {
  it("prefers FISCAL_RAW_DIR, then ./raw, and says how to get one", () => {
    expect(findRawDir({ FISCAL_RAW_DIR: RAW_DIR })).toBe(RAW_DIR.replace(/\/$/, ""));
    const empty = tempDir("cwd");
    expect(() => findRawDir({}, empty)).toThrow(/npm run fetch/);
    expect(() => findRawDir({ FISCAL_RAW_DIR: join(empty, "nope") })).toThrow(/no es un directorio/);
  });
});
