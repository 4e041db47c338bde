// The registry of the INPC, the yearly tables and c_TasaOCuota: one id per dataset, and every layer follows from its entry.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { DatasetEntry } from "../lib/datasets/entry.ts";
import { staleness } from "../lib/datasets/staleness.ts";
import { TABLE_SOURCES } from "../lib/datasets/table-sources.ts";
import { camel } from "../lib/datasets/series.ts";
import { DATASET_KEYS, DATASETS, joinedInto, ownDump } from "../lib/datasets/tables.ts";
import { FILE_BODIES } from "../lib/bodies/bodies.ts";
import { DUMP_DATASETS, familyOf, filePath, routeById, routes } from "../lib/routes/routes.ts";
import { addDays } from "../core/dates.ts";

const entries = DATASET_KEYS.map((key) => [key, DATASETS[key] as DatasetEntry] as const);

describe("dataset registry", () => {
  it("has one public id per dataset, its key: its source's, its dump's and its /status id", () => {
    expect(DATASET_KEYS).toEqual(Object.keys(TABLE_SOURCES));
    for (const key of DATASET_KEYS) expect(TABLE_SOURCES[key].id, key).toBe(key);
    const dumps = new Set(DUMP_DATASETS.map((d) => d.id));
    for (const [key] of entries) expect(dumps.has(key), key).toBe(ownDump(key) !== undefined);
    const status = JSON.parse(readFileSync(join(inject("distDir"), filePath(routeById("status"))), "utf8")) as {
      datasets: { id: string }[];
    };
    const statusIds = status.datasets.map((d) => d.id);
    for (const [key] of entries) expect(statusIds, key).toContain(key);
  });

  it("names its routes by its key in camelCase, but for the two tables whose published operationIds predate it", () => {
    const kept: Record<string, string> = { "obligaciones-periodicas": "calendar", "factor-integracion-sbc": "factorIntegracion" };
    for (const [key, e] of entries) {
      const prefix = kept[key] ?? camel(key);
      for (const r of e.routes) {
        expect(r.id.startsWith(prefix), r.id).toBe(true);
        // The x-fmx-data-* headers name the entry's own dataset first.
        if (r.datasets !== undefined) expect(r.datasets[0], r.id).toBe(key);
      }
    }
  });

  it("places every route in the table and binds every file route to the entry's producer", () => {
    for (const [, e] of entries) {
      for (const r of e.routes) {
        expect(routes).toContain(r);
        const producers = e.producers as Record<string, unknown>;
        if (r.kind === "file") expect(FILE_BODIES[r.id as keyof typeof FILE_BODIES], r.id).toBe(producers[r.id]);
        else expect(producers[r.id], r.id).toBeUndefined();
      }
    }
  });

  it("joins a table into a dump that names it among the datasets of its routes (the UMA record)", () => {
    const joined = entries.filter(([key]) => ownDump(key) === undefined);
    expect(joined.map(([key]) => key)).toEqual(["salario-minimo", "imss"]);
    for (const [key, e] of joined) {
      const into = joinedInto(key);
      expect(into && ownDump(into), key).toBeDefined();
      expect(e.routes).toEqual([]);
      for (const r of (DATASETS[into!] as DatasetEntry).routes) expect(r.datasets, r.id).toContain(key);
    }
    expect(joinedInto("uma")).toBeUndefined();
  });

  it("puts each dump in its workbook", () => {
    expect(familyOf("uma")).toBe("tablas-anuales");
    expect(familyOf("isr")).toBe("tablas-anuales");
    expect(familyOf("inpc")).toBe("series");
    expect(familyOf("cfdi-tasa-o-cuota")).toBe("catalogos-cfdi");
  });

  it("derives the INPC's staleness from its monthly cadence: stale from the day after it is due", () => {
    const cadence = DATASETS.inpc.status.cadence;
    for (const period of ["2024-01", "2024-11", "2024-12", "2025-02"]) {
      const from = staleness(cadence, period, period).staleFrom!;
      expect(staleness(cadence, period, addDays(from, -1)).staleReason, period).toBeNull();
      expect(staleness(cadence, period, from).staleReason, period).toMatch(/^falta el INPC posterior a /);
    }
  });
});
