// The recargos and integration-factor tables pass their checks, the checks catch the errors they exist for, and the
// late-payment and SBC arithmetic (core/) gives the worked examples computed by hand from the laws' texts.
import { describe, expect, it } from "vitest";
import { moraFromProrroga, recargos, type RecargosRow } from "../sources/recargos.ts";
import { factorIntegracion, type IntegrationRow } from "../sources/factor-integracion.ts";
import { runChecks, type CuratedTable } from "../sources/types.ts";
import { delayMonths, latePaymentCalculation, sbcCalculation } from "../core/calculations.ts";
import { integrationFactor4 } from "../core/money.ts";
import { addMonthsClamped } from "../core/dates.ts";

const check = <T>(t: CuratedTable<T>, rows: T = t.rows) => runChecks(rows, t.file, t.checks);
const names = (t: CuratedTable<unknown>, rows: unknown) => check(t, rows).map((f) => [f.check, f.row]);

describe("recargos rates (Art. 21 CFF, LIF of each year)", () => {
  it("pass their checks: 2019–2026, 1.47 % a month until 2025 and 2.07 % in 2026 (LIF 2026 art. 11, RMF 2026 regla 2.1.20)", () => {
    expect(check(recargos)).toEqual([]);
    expect(recargos.rows.map((r) => [r.year, r.mora])).toEqual([
      [2019, 1.47],
      [2020, 1.47],
      [2021, 1.47],
      [2022, 1.47],
      [2023, 1.47],
      [2024, 1.47],
      [2025, 1.47],
      [2026, 2.07],
    ]);
    // The gaps the compiled table names stay gaps.
    expect(recargos.rows.find((r) => r.year === 2022)?.parcialidades).toEqual({ hasta12: null, de12a24: null, mas24oDiferido: null });
    expect(recargos.rows.find((r) => r.year === 2023)?.parcialidades.mas24oDiferido).toBeNull();
  });

  it("derive mora from the LIF rate as Art. 21 says: + 50 %, to the hundredth, up when the thousandth is 5 or more", () => {
    expect(moraFromProrroga(0.98)).toBe(1.47);
    expect(moraFromProrroga(1.38)).toBe(2.07);
    // 1.13 × 1.5 = 1.695 → 1.70; 1.12 × 1.5 = 1.68.
    expect(moraFromProrroga(1.13)).toBe(1.7);
    expect(moraFromProrroga(1.12)).toBe(1.68);
  });

  it("catch a mora rate that is not the LIF's + 50 %, a missing year, a third decimal and instalment tiers out of order", () => {
    const stale: RecargosRow[] = structuredClone(recargos.rows);
    stale[7]!.mora = 1.47;
    expect(names(recargos, stale)).toEqual([["recargos-mora-es-prorroga-mas-50", 9]]);
    const gap = recargos.rows.filter((r) => r.year !== 2022);
    expect(names(recargos, gap)).toEqual([["recargos-anios-consecutivos", 6]]);
    const digits: RecargosRow[] = structuredClone(recargos.rows);
    digits[0]!.parcialidades.hasta12 = 1.265;
    expect(names(recargos, digits)).toEqual([["recargos-tasas-plausibles", 2]]);
    const order: RecargosRow[] = structuredClone(recargos.rows);
    order[1]!.parcialidades.de12a24 = 1.2;
    expect(names(recargos, order)).toEqual([["recargos-parcialidades-crecientes", 3]]);
  });
});

describe("integration factor of the SBC (LFT Arts. 76, 80, 87; LSS Art. 27)", () => {
  it("passes its checks: years 1 to 35, 12 days the first year up to 32, factor 1.0493 the first year", () => {
    expect(check(factorIntegracion)).toEqual([]);
    expect(factorIntegracion.rows.map((r) => [r.fromYear, r.toYear, r.vacationDays, r.factor])).toEqual([
      [1, 1, 12, 1.0493],
      [2, 2, 14, 1.0507],
      [3, 3, 16, 1.0521],
      [4, 4, 18, 1.0534],
      [5, 5, 20, 1.0548],
      [6, 10, 22, 1.0562],
      [11, 15, 24, 1.0575],
      [16, 20, 26, 1.0589],
      [21, 25, 28, 1.0603],
      [26, 30, 30, 1.0616],
      [31, 35, 32, 1.063],
    ]);
  });

  it("catches days that are not Art. 76's, a factor off the formula and a gap between bands", () => {
    const days: IntegrationRow[] = structuredClone(factorIntegracion.rows);
    days[0]!.vacationDays = 6; // the pre-2023 first year
    expect(names(factorIntegracion, days)).toEqual([
      ["factor-integracion-sbc-dias-del-art-76", 2],
      ["factor-integracion-sbc-formula", 2],
    ]);
    const factor: IntegrationRow[] = structuredClone(factorIntegracion.rows);
    factor[5]!.factor = 1.0561;
    expect(names(factorIntegracion, factor)).toEqual([["factor-integracion-sbc-formula", 7]]);
    const gap = factorIntegracion.rows.filter((r) => r.fromYear !== 6);
    expect(names(factorIntegracion, gap)).toEqual([["factor-integracion-sbc-anios-contiguos", 8]]);
  });

  it("is (365 + aguinaldo + vacation days × premium) ÷ 365 half up to four decimals: 1.0712 in the TRESS example", () => {
    // jappi.tress.com.mx: 20 días de aguinaldo, 20 de vacaciones, prima 30 % → 20/365 = 0.0548, 20 × 0.30 / 365 = 0.0164, factor 1.0712.
    expect(integrationFactor4(20, 20, 3000n)).toBe(10712n);
    // Legal minimum, first year: (365 + 15 + 12 × 0.25) / 365 = 383 / 365 = 1.049315… → 1.0493.
    expect(integrationFactor4(15, 12, 2500n)).toBe(10493n);
  });

  it("gives the TRESS SDI: 200.00 × 1.0712 = 214.24, + 40.00 variable = 254.24; and 200.00 × 1.0493 = 209.86 with legal minimums", () => {
    const uma2026 = { uma: 117.31 };
    expect(sbcCalculation(20000n, 10712n, 4000n, uma2026)).toEqual({
      fixed: 21424n,
      integrated: 25424n,
      cap: 293275n,
      capped: false,
      sbc: 25424n,
    });
    expect(sbcCalculation(20000n, 10493n, 0n, uma2026).sbc).toBe(20986n);
    // Art. 28 LSS: at most 25 UMA (25 × 117.31 = 2,932.75).
    expect(sbcCalculation(500000n, 10562n, 0n, uma2026)).toMatchObject({ fixed: 528100n, capped: true, sbc: 293275n });
  });
});

describe("months of delay (Art. 21 CFF: each month or fraction from the day the payment was due)", () => {
  it("counts whole months to the same day, a fraction past it, and a short month's last day", () => {
    expect(delayMonths("2026-04-17", "2026-04-17")).toEqual([]);
    expect(delayMonths("2026-04-17", "2026-04-18").map((m) => [m.from, m.to, m.fraction])).toEqual([["2026-04-17", "2026-04-18", true]]);
    expect(delayMonths("2026-04-17", "2026-07-17").map((m) => m.fraction)).toEqual([false, false, false]);
    expect(delayMonths("2026-04-17", "2026-07-18")).toHaveLength(4);
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(delayMonths("2026-01-31", "2026-02-28")).toHaveLength(1);
    expect(delayMonths("2026-01-31", "2026-03-01").map((m) => [m.from, m.to])).toEqual([
      ["2026-01-31", "2026-02-28"],
      ["2026-02-28", "2026-03-01"],
    ]);
  });

  it("gives each month the year of its first day", () => {
    expect(delayMonths("2025-11-17", "2026-02-20").map((m) => m.year)).toEqual([2025, 2025, 2026, 2026]);
  });
});

describe("what paying late costs (Arts. 17-A and 21 CFF), by hand", () => {
  it("10,000.00 due 2025-11-17 paid 2026-02-20: factor 1.0132, 132.00 of update, 7.08 % and 717.35 of recargos", () => {
    // Art. 17-A: INPC of January 2026 (the month before February) ÷ INPC of October 2025 (the month before November):
    // 143.588 / 141.708 = 1.013266…, to the ten-thousandth 1.0132. 10,000.00 × 1.0132 = 10,132.00.
    // Art. 21: four months or fractions (Nov 17–Dec 17, Dec 17–Jan 17 at 1.47 %; Jan 17–Feb 17, Feb 17–20 at 2.07 %) = 7.08 %;
    // 10,132.00 × 7.08 % = 717.3456 → 717.35. Total 10,849.35.
    const r = latePaymentCalculation(1_000_000n, { period: "2026-01", value: 143.588 }, { period: "2025-10", value: 141.708 }, [
      147n,
      147n,
      207n,
      207n,
    ]);
    expect(r).toMatchObject({
      factor: 10132n,
      belowOne: false,
      updated: 1_013_200n,
      update: 13_200n,
      rateSum2: 708n,
      surcharges: 71_735n,
      total: 1_084_935n,
    });
  });

  it("never lowers an amount: with prices down the factor is 1, and the recargos fall on the amount itself", () => {
    // INPC June 2026 145.131 < March 2026 145.544: factor 1 (Art. 17-A: "Cuando el resultado ... sea menor a 1, el factor ... será 1").
    const r = latePaymentCalculation(1_000_000n, { period: "2026-06", value: 145.131 }, { period: "2026-03", value: 145.544 }, [
      207n,
      207n,
      207n,
    ]);
    expect(r).toMatchObject({
      factor: 10000n,
      belowOne: true,
      updated: 1_000_000n,
      update: 0n,
      rateSum2: 621n,
      surcharges: 62_100n,
      total: 1_062_100n,
    });
  });
});
