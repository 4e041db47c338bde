// The hand-kept yearly tables pass their checks, and the checks catch the transcription errors they exist for.
import { describe, expect, it } from "vitest";
import { imss } from "../sources/imss.ts";
import { isrTariffs } from "../sources/isr.ts";
import type { IsrPublication } from "../sources/isr-checks.ts";
import { minimumWage } from "../sources/salario-minimo.ts";
import { runChecks, type CuratedTable } from "../sources/types.ts";
import { uma, type UmaRow } from "../sources/uma.ts";
import { employeePercent, employerPercent } from "../lib/datasets/records.ts";

const check = <T>(t: CuratedTable<T>, rows: T = t.rows) => runChecks(rows, t.file, t.checks);
const clone = <T>(x: T): T => structuredClone(x);

describe("curated tables", () => {
  it("all pass their checks and cite a publication", () => {
    for (const t of [uma, minimumWage, isrTariffs, imss] as CuratedTable<unknown>[]) {
      expect(check(t), t.id).toEqual([]);
      expect(t.citation.length).toBeGreaterThan(20);
    }
  });

  it("UMA monthly and annual values must follow from the daily value", () => {
    const rows: UmaRow[] = clone(uma.rows);
    rows[10]!.monthly = 3566.23;
    expect(check(uma, rows)).toEqual([
      expect.objectContaining({ check: "uma-mensual-y-anual-derivadas", row: 11, file: "sources/uma.ts" }),
    ]);
  });

  it("ISR brackets must be contiguous and fees consistent", () => {
    const pubs: IsrPublication[] = clone(isrTariffs.rows);
    const mensual2026 = pubs[1]!.periods.mensual;
    mensual2026[4]![0] = 14644.66; // lower limit no longer follows 14,644.64
    mensual2026[6]![2] = 5665.61; // a transposed digit in the fixed fee
    const failures = check(isrTariffs, pubs);
    expect(failures.map((f) => [f.check, f.row])).toEqual([
      ["isr-renglones-contiguos", 5],
      ["isr-cuotas-consistentes", 7],
      // the next fee is computed from the wrong one, so it no longer agrees either
      ["isr-cuotas-consistentes", 8],
    ]);
    expect(failures[1]!.message).toContain("tarifa 2026 mensual");
  });

  it("the open-ended bracket is the last one only", () => {
    const pubs: IsrPublication[] = clone(isrTariffs.rows);
    pubs[0]!.periods.anual[10]![1] = 9_999_999;
    expect(check(isrTariffs, pubs).map((f) => f.check)).toContain("isr-limites-ordenados");
  });

  it("derives the Uma rates of decision 0003 from the IMSS table", () => {
    expect(employeePercent()).toBe(2.375);
    expect(employerPercent(2026)).toBe(19.013);
    expect(employerPercent(2022)).toBe(14.65);
    expect(employerPercent(2031)).toBeUndefined();
  });
});
