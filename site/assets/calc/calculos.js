// The calculations of the calculators and of the API's /calculos routes: exact inputs and the API's own records in, a result out.
// Plain ES module beside money.js: the browser pages, the API handlers and the tests import this same file (types in calculos.d.ts).
import { aguinaldo, applyFactor, cesantiaBand, divHalfUp, exemptSplit, isrWithholding, mulDivHalfUp, percentOf, scaled, updateFactor, vacationDays } from "./money.js";

/** A calculation that needs a value the data does not have (the API answers 404, the page says so). */
export class MissingDataError extends Error {}

/** "2024-03" → "2024-02"; "2024-01" → "2023-12". */
export function monthBefore(period) {
  const [y, m] = period.split("-").map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** The INPC months Art. 17-A CFF divides for a period: those before its latest and before its earliest month. */
export const factorPeriods = (from, to) => ({ late: monthBefore(to), early: monthBefore(from) });

/** The update factor from the two INPC records and, when given, the amount updated with it. */
export function factorCalculation(lateRecord, earlyRecord, amountCentavos) {
  const f = updateFactor(lateRecord.value, earlyRecord.value);
  return { ...f, updated: amountCentavos === null ? null : applyFactor(amountCentavos, f.factor) };
}

/** ISR of Art. 96 LISR for an income of a period, with the rows of that period's tariff; null below the first row. */
export const isrCalculation = (rows, incomeCentavos) => isrWithholding(rows, incomeCentavos);

/** Aguinaldo of Art. 87 LFT and its exempt part up to 30 UMA (Art. 93 fr. XIV LISR). */
export function aguinaldoCalculation(dailyCentavos, days, daysWorked, umaRecord) {
  const cap = scaled(umaRecord.uma, 2) * 30n;
  const amount = aguinaldo(dailyCentavos, days, daysWorked);
  // Days due to three decimals, as the page shows them.
  const daysDue1000 = divHalfUp(BigInt(days * daysWorked) * 1000n, 365n);
  return { amount, cap, daysDue1000, ...exemptSplit(amount, cap) };
}

/** Vacation days of Art. 76 LFT, the premium of Art. 80 (percent × 100) and its exempt part up to 15 UMA. */
export function vacationPremiumCalculation(dailyCentavos, years, percent2, umaRecord) {
  const days = vacationDays(years);
  const wages = dailyCentavos * BigInt(days);
  const premium = mulDivHalfUp(wages, percent2, 10_000n);
  const cap = scaled(umaRecord.uma, 2) * 15n;
  return { days, wages, premium, cap, ...exemptSplit(premium, cap) };
}

/** Dollars to pesos (`toPesos`) or pesos to dollars at a FIX (pesos per dollar, 4 decimals), rounded half up to the centavo. */
export function fxConversion(amountCentavos, toPesos, rate) {
  const rate4 = scaled(rate, 4);
  return { rate4, result: toPesos ? mulDivHalfUp(amountCentavos, rate4, 10_000n) : mulDivHalfUp(amountCentavos, 10_000n, rate4) };
}

/**
 * Pesos and UDIS at a UDI value (six decimals, value6 = pesos per UDI × 10^6): centavos to UDIS × 10^6
 * (toPesos false) or UDIS × 10^6 to centavos (toPesos true), half up.
 */
export function udiConversion(amount, toPesos, value) {
  const value6 = scaled(value, 6);
  return { value6, result: toPesos ? mulDivHalfUp(amount, value6, 10_000_000_000n) : mulDivHalfUp(amount, 10_000_000_000n, value6) };
}

const pct5 = (percent) => scaled(percent, 5);

/** Employer cesantía y vejez percent of a year and band, from the table; MissingDataError past its years. */
function cesantiaPercent(table, year, band) {
  if (year < 2023) return table.before2023;
  const row = table.cesantia[String(year)];
  if (!row) throw new MissingDataError(`No hay tabla de cuotas patronales de cesantía y vejez para ${year}.`);
  return row[band];
}

/**
 * IMSS and INFONAVIT contributions concept by concept (LSS, Ley del INFONAVIT) for a daily SBC over some
 * days. The SBC is raised to the minimum wage and capped at 25 UMA; the employer's cesantía y vejez rate
 * depends on the year and the SBC band; on the minimum wage the employer pays the worker's share too (Art. 36 LSS).
 * `riskPercent5` is the riesgo de trabajo premium in percent × 10^5; `table` the rates of sources/imss.ts.
 */
export function imssCalculation(typedSbcCentavos, days, riskPercent5, year, umaRecord, table) {
  const uma = scaled(umaRecord.uma, 2);
  const minimum = scaled(umaRecord.salarioMinimo, 2);
  let sbc = typedSbcCentavos;
  let adjusted = null;
  if (sbc < minimum) {
    sbc = minimum;
    adjusted = "salario-minimo";
  }
  if (sbc > uma * 25n) {
    sbc = uma * 25n;
    adjusted = "tope-25-uma";
  }
  const band = cesantiaBand(sbc, uma, minimum);
  const excess = sbc > uma * 3n ? sbc - uma * 3n : 0n;
  const rows = table.rates.map((r) => {
    const base = r.base === "uma" ? uma : r.base === "sbc-excedente-3-uma" ? excess : sbc;
    const workerPercent5 = pct5(r.worker);
    const employerPercent5 = r.base === "prima-de-riesgo" ? riskPercent5 : r.employer === null ? pct5(cesantiaPercent(table, year, band)) : pct5(r.employer);
    return {
      concept: r.concept, base: r.base, legal: r.legal, baseCentavos: base, workerPercent5, employerPercent5,
      byBand: r.employer === null && r.base !== "prima-de-riesgo",
      worker: percentOf(base, days, workerPercent5), employer: percentOf(base, days, employerPercent5),
    };
  });
  const totals = rows.reduce((t, r) => ({ worker: t.worker + r.worker, employer: t.employer + r.employer }), { worker: 0n, employer: 0n });
  const minimumWageRule = sbc <= minimum;
  if (minimumWageRule) {
    totals.employer += totals.worker;
    totals.worker = 0n;
  }
  return { sbc, adjusted, uma, minimum, band, bandLabel: table.bands[band], excess, rows, totals, minimumWageRule };
}
