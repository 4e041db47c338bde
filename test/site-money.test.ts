// The calculators' arithmetic (core/money.ts, bundled for the browser into /assets/calc/core.js): centavos, half-up rounding, ISR, 17-A factor.
import { describe, expect, it } from "vitest";
import {
  aguinaldo,
  applyFactor,
  cesantiaBand,
  divHalfUp,
  exemptSplit,
  formatPesos,
  formatRateMicro,
  formatScaled,
  isrWithholding,
  parseDecimal,
  parseWhole,
  percentOf,
  scaled,
  updateFactor,
  vacationDays,
} from "../core/money.ts";
import { isrTariff, isrYears } from "../lib/datasets/records.ts";
import { ISR_API_PERIODS } from "../lib/routes/routes.ts";
import { isrTariffs } from "../sources/isr.ts";

describe("parsing what a person types", () => {
  it("reads amounts with a decimal point and optional thousands commas", () => {
    expect(parseDecimal("20,000.00", 2)).toBe(2_000_000n);
    expect(parseDecimal("20000", 2)).toBe(2_000_000n);
    expect(parseDecimal(" 1,234,567.5 ", 2)).toBe(123_456_750n);
    expect(parseDecimal(".5", 2)).toBe(50n);
    expect(parseDecimal("0", 2)).toBe(0n);
  });

  it("refuses what is not a plain non-negative decimal, or has too many decimals", () => {
    for (const bad of ["", "abc", "-5", "1.234", "1,23", "12,3456.00", "1e3", "20 000", "1.2.3", "$100"]) {
      expect(parseDecimal(bad, 2), bad).toBeNull();
    }
    expect(parseWhole("15")).toBe(15);
    expect(parseWhole("1.5")).toBeNull();
  });

  it("turns API numbers into exact scaled integers", () => {
    expect(scaled(17533.65, 2)).toBe(1_753_365n);
    expect(scaled(0.2136, 6)).toBe(213_600n);
    expect(scaled(0.0192, 6)).toBe(19_200n);
    expect(scaled(18.4308, 4)).toBe(184_308n);
    expect(scaled(1.005, 2)).toBe(101n); // half up on the decimal text, not on the binary float
  });
});

describe("rounding and formatting", () => {
  it("rounds half up", () => {
    expect(divHalfUp(5n, 10n)).toBe(1n);
    expect(divHalfUp(4n, 10n)).toBe(0n);
    expect(divHalfUp(15n, 10n)).toBe(2n);
    expect(divHalfUp(25n, 10n)).toBe(3n);
  });

  it("writes amounts as Mexico does", () => {
    expect(formatPesos(238_365n)).toBe("$2,383.65");
    expect(formatPesos(5n)).toBe("$0.05");
    expect(formatScaled(10_358n, 4)).toBe("1.0358");
    expect(formatRateMicro(213_600n)).toBe("21.36\u00a0%");
    expect(formatRateMicro(19_200n)).toBe("1.92\u00a0%");
    expect(formatRateMicro(350_000n)).toBe("35.00\u00a0%");
  });
});

describe("ISR withholding (Art. 96 LISR)", () => {
  const rows = isrTariff(isrTariffs.rows, 2026, "mensual")!.rows;

  it("gives 2,383.65 for 20,000.00 a month in 2026", () => {
    const r = isrWithholding(rows, 2_000_000n)!;
    expect(r.lower).toBe(1_753_365n);
    expect(r.fixed).toBe(185_684n);
    expect(r.rateMicro).toBe(213_600n);
    expect(r.excess).toBe(246_635n);
    expect(r.marginal).toBe(52_681n); // 526.81236 → 526.81
    expect(r.isr).toBe(238_365n);
  });

  it("uses the row whose lower limit is reached, up to the open top row", () => {
    expect(isrWithholding(rows, 1_753_365n)!.isr).toBe(185_684n);
    expect(isrWithholding(rows, 3_536_283n)!.index).toBe(5);
    expect(isrWithholding(rows, 3_536_284n)!.index).toBe(6);
    expect(isrWithholding(rows, 100_000_000_00n)!.upper).toBeNull();
    expect(isrWithholding(rows, 0n)).toBeNull();
    expect(isrWithholding(rows, 100n)!.isr).toBe(2n); // 0.99 × 1.92 % = 0.019008 → 0.02
  });

  // SAT derives the other periods' tables from the monthly one and rounds each figure, so they meet within cents.
  it("meets the next row's fixed fee at every upper limit, within ten centavos, for every year and period", () => {
    for (const year of isrYears(isrTariffs.rows)) {
      for (const period of ISR_API_PERIODS) {
        const t = isrTariff(isrTariffs.rows, year, period)!.rows;
        t.slice(0, -1).forEach((row, i) => {
          const atTop = isrWithholding(t, scaled(row.upperLimit!, 2))!.isr;
          const next = scaled(t[i + 1]!.fixedQuota, 2);
          expect(Number(atTop - next), `${year} ${period} row ${i}`).toBeGreaterThanOrEqual(-10);
          expect(Number(atTop - next), `${year} ${period} row ${i}`).toBeLessThanOrEqual(10);
        });
      }
    }
  });
});

describe("update factor (Art. 17-A CFF)", () => {
  it("divides the indices of the months before and keeps four decimals", () => {
    const f = updateFactor(138.343, 133.555);
    expect(formatScaled(f.factor, 4)).toBe("1.0358");
    expect(f.belowOne).toBe(false);
    expect(applyFactor(1_000_000n, f.factor)).toBe(1_035_800n);
  });

  it("drops digits past the ten-thousandth instead of rounding them", () => {
    // 1.00009999… stays 1.0000; 1.23459 stays 1.2345.
    expect(updateFactor(100.009999, 100).factor).toBe(10_000n);
    expect(updateFactor(123.459, 100).factor).toBe(12_345n);
  });

  it("is never below 1", () => {
    const f = updateFactor(99.5, 100);
    expect(f.factor).toBe(10_000n);
    expect(f.belowOne).toBe(true);
  });

  it("works with INEGI's long early values", () => {
    expect(updateFactor(44.930830116378, 44.930830116378).factor).toBe(10_000n);
  });
});

describe("payroll benefits", () => {
  it("computes the proportional aguinaldo of the guide's example", () => {
    expect(aguinaldo(50_000n, 15, 180)).toBe(369_863n); // 3,698.63
    expect(aguinaldo(50_000n, 15, 365)).toBe(750_000n);
  });

  it("splits the exempt part up to 30 UMA", () => {
    const cap = scaled(117.31, 2) * 30n;
    expect(exemptSplit(750_000n, cap)).toEqual({ exempt: 351_930n, taxed: 398_070n });
    expect(exemptSplit(100_000n, cap)).toEqual({ exempt: 100_000n, taxed: 0n });
  });

  it("gives the vacation days of Art. 76 LFT since 2023", () => {
    expect([1, 2, 3, 4, 5, 6, 10, 11, 15, 16, 20, 21].map(vacationDays)).toEqual([12, 14, 16, 18, 20, 22, 22, 24, 24, 26, 26, 28]);
    expect(vacationDays(0)).toBe(0);
  });

  it("finds the cesantía band of an SBC and computes a percent over days", () => {
    const uma = 11_731n;
    const minimum = 31_504n; // 2026: the minimum wage is 2.69 UMA, so the lower bands are empty
    expect(cesantiaBand(minimum, uma, minimum)).toBe(0);
    expect(cesantiaBand(uma * 2n, uma, minimum)).toBe(0);
    expect(cesantiaBand(minimum + 1n, uma, minimum)).toBe(4);
    expect(cesantiaBand(uma + uma / 2n, uma, 9_000n)).toBe(1);
    expect(cesantiaBand(uma * 2n, uma, 9_000n)).toBe(2);
    expect(cesantiaBand(uma * 4n, uma, minimum)).toBe(6);
    // The table's bounds have two decimals of a UMA: 4.00… is still "3.51 a 4.00", 4.01 is the top band.
    expect(cesantiaBand(uma * 4n + 1n, uma, minimum)).toBe(6);
    expect(cesantiaBand((uma * 401n) / 100n + 1n, uma, minimum)).toBe(7);
    // 600.00 × 30 days × 1.125 % = 202.50
    expect(percentOf(60_000n, 30, 112_500n)).toBe(20_250n);
  });
});
