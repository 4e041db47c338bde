// The subsidio para el empleo and RESICO tables pass their checks, and the checks catch the transcription errors they exist for.
import { describe, expect, it } from "vitest";
import { resico, type ResicoRow } from "../sources/resico.ts";
import { subsidioEmpleo, type SubsidyRow } from "../sources/subsidio-empleo.ts";
import { subsidyAmountCentavos, umaMonthlyOn } from "../sources/subsidio-checks.ts";
import { runChecks, type CuratedTable } from "../sources/types.ts";

const check = <T>(t: CuratedTable<T>, rows: T = t.rows) => runChecks(rows, t.file, t.checks);
const names = (t: CuratedTable<unknown>, rows: unknown) => check(t, rows).map((f) => [f.check, f.row]);

describe("subsidio para el empleo", () => {
  it("passes its checks, from 2024-05-01 with a January row in 2025 and 2026", () => {
    expect(check(subsidioEmpleo)).toEqual([]);
    expect(subsidioEmpleo.rows[0]!.from).toBe("2024-05-01");
    expect(subsidioEmpleo.rows.filter((r) => r.from.endsWith("-01-01")).map((r) => r.to)).toEqual(["2025-01-31", "2026-01-31"]);
  });

  it("derives 535.65 from 15.02 % of the monthly UMA 2026 (not the press figure 536.22), and 536.21 in January on the UMA 2025", () => {
    expect(subsidyAmountCentavos(15.02, 3566.22)).toBe(53565n);
    expect(subsidyAmountCentavos(15.59, 3439.46)).toBe(53621n);
    expect(umaMonthlyOn("2026-01-31")).toBe(3439.46);
    expect(umaMonthlyOn("2026-02-01")).toBe(3566.22);
  });

  it("catches a gap in validity, an amount that is not percentage × UMA, and a January row on the new UMA", () => {
    const gap: SubsidyRow[] = structuredClone(subsidioEmpleo.rows);
    gap[2]!.from = "2025-02-02";
    expect(names(subsidioEmpleo, gap)).toEqual([
      ["subsidio-empleo-vigencia-contigua", 3],
      ["subsidio-empleo-renglon-transitorio-de-enero", 3],
    ]);
    const amount: SubsidyRow[] = structuredClone(subsidioEmpleo.rows);
    amount[4]!.monthlyAmount = 536.22;
    expect(names(subsidioEmpleo, amount)).toEqual([["subsidio-empleo-monto-igual-porcentaje-por-uma", 5]]);
    const january: SubsidyRow[] = structuredClone(subsidioEmpleo.rows);
    january[3]!.umaMonthly = 3566.22;
    january[3]!.monthlyAmount = 555.97;
    expect(names(subsidioEmpleo, january)).toEqual([["subsidio-empleo-uma-vigente", 4]]);
    const open: SubsidyRow[] = structuredClone(subsidioEmpleo.rows);
    open[3]!.to = null;
    expect(names(subsidioEmpleo, open).map(([c]) => c)).toContain("subsidio-empleo-vigencia-contigua");
  });
});

describe("RESICO personas físicas", () => {
  it("passes its checks: five rows per period up to 3,500,000.00", () => {
    expect(check(resico)).toEqual([]);
    expect(resico.rows.filter((r) => r.period === "mensual").map((r) => r.percent)).toEqual([1, 1.1, 1.5, 2, 2.5]);
  });

  it("catches an annual limit that is not the monthly × 12 and a last row that is not the ceiling", () => {
    const rows: ResicoRow[] = structuredClone(resico.rows);
    rows[7]!.upperLimit = 1000010.0;
    rows[4]!.upperLimit = 3000000.0;
    // The shortened last monthly row is then compared with the annual one too.
    expect(names(resico, rows)).toEqual([
      ["resico-ultimo-limite-es-el-tope", 5],
      ["resico-anual-corresponde-a-mensual", 3],
      ["resico-anual-corresponde-a-mensual", 5],
    ]);
  });
});
