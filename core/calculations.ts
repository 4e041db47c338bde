// The calculations of the calculators and of the API's /calculos routes: exact inputs and the API's own records in, a result out.
// The API handlers and the tests import this module; the calculator pages get it in the bundle the build makes from core (site/calc-bundle.ts).
import {
  aguinaldo,
  applyFactor,
  cesantiaBand,
  divHalfUp,
  exemptSplit,
  isrWithholding,
  mulDivHalfUp,
  percentOf,
  pow10,
  scaled,
  updateFactor,
  vacationDays,
  type IsrResult,
  type TariffRowLike,
} from "./money.ts";
import { addMonthsClamped, yearOf } from "./dates.ts";

const TEN_10 = pow10(10);
const TEN_16 = pow10(16);

/** An INPC record as the API gives it. */
export interface InpcLike {
  period: string;
  value: number;
}

/** The UMA and minimum wage of a year as the API gives them. */
export interface UmaLike {
  uma: number;
  salarioMinimo: number;
}

export type ContributionBase = "prima-de-riesgo" | "uma" | "sbc-excedente-3-uma" | "sbc";

/** The IMSS and INFONAVIT rates as the calculator page embeds them (lib/calc/imss-table.ts builds it). */
export interface ImssRateTable {
  rates: { concept: string; employer: number | null; worker: number; base: ContributionBase; legal: string }[];
  cesantia: Record<string, number[]>;
  before2023: number;
  bands: readonly string[];
}

export interface ImssRow {
  concept: string;
  base: ContributionBase;
  legal: string;
  baseCentavos: bigint;
  workerPercent5: bigint;
  employerPercent5: bigint;
  byBand: boolean;
  worker: bigint;
  employer: bigint;
}

export interface ImssResult {
  sbc: bigint;
  adjusted: "salario-minimo" | "tope-25-uma" | null;
  uma: bigint;
  minimum: bigint;
  band: number;
  bandLabel: string;
  excess: bigint;
  rows: ImssRow[];
  totals: { worker: bigint; employer: bigint };
  minimumWageRule: boolean;
}

export type SubsidyPeriod = "diaria" | "semanal" | "decenal" | "quincenal" | "mensual";

/** A subsidio para el empleo rule as the API gives it. */
export interface SubsidyRuleLike {
  vigenteDesde: string;
  vigenteHasta: string | null;
  montoMensual: number;
  topeIngresoMensual: number;
}

/** A row of the RESICO table as the API gives it. */
export interface ResicoRowLike {
  limiteSuperior: number;
  tasa: number;
}

/** A calculation that needs a value the data does not have (the API answers 404, the page says so). */
export class MissingDataError extends Error {}

/** "2024-03" → "2024-02"; "2024-01" → "2023-12". */
export function monthBefore(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** The INPC months Art. 17-A CFF divides for a period: those before its latest and before its earliest month. */
export const factorPeriods = (from: string, to: string): { late: string; early: string } => ({
  late: monthBefore(to),
  early: monthBefore(from),
});

/** The update factor from the two INPC records and, when given, the amount updated with it. */
export function factorCalculation(
  lateRecord: InpcLike,
  earlyRecord: InpcLike,
  amountCentavos: bigint | null,
): { factor: bigint; quotient8: bigint; belowOne: boolean; updated: bigint | null } {
  const f = updateFactor(lateRecord.value, earlyRecord.value);
  return { ...f, updated: amountCentavos === null ? null : applyFactor(amountCentavos, f.factor) };
}

/** ISR of Art. 96 LISR for an income of a period, with the rows of that period's tariff; null below the first row. */
export const isrCalculation = (rows: readonly TariffRowLike[], incomeCentavos: bigint): IsrResult | null =>
  isrWithholding(rows, incomeCentavos);

/** Tenths of a day in each pay period, for the subsidy: the decrees prorate the monthly amount as ÷ 30.4 × days. */
export const SUBSIDY_PERIOD_DAYS10: Record<SubsidyPeriod, bigint> = {
  diaria: 10n,
  semanal: 70n,
  decenal: 100n,
  quincenal: 150n,
  mensual: 304n,
};

/** The last day a subsidy rule is applied: its end, or December 31 of its year while open (a decree comes each December). */
export const subsidyRuleLastDay = (rule: Pick<SubsidyRuleLike, "vigenteDesde" | "vigenteHasta">): string =>
  rule.vigenteHasta ?? `${rule.vigenteDesde.slice(0, 4)}-12-31`;

/** The subsidy rule (SubsidioEmpleoRule records, in order) in force on a date; null outside the data. */
export const subsidyRuleOn = <R extends SubsidyRuleLike>(rules: readonly R[], date: string): R | null =>
  rules.find((r) => r.vigenteDesde <= date && date <= subsidyRuleLastDay(r)) ?? null;

/**
 * Subsidio para el empleo of a pay period for an income of that period. The monthly amount is granted when
 * the income does not exceed the monthly ceiling; for a shorter period both are prorated by days (÷ 30.4 ×
 * days), so the test is income × 30.4 ≤ ceiling × days, exactly. The period's amount is rounded half up.
 */
export function subsidyCalculation(
  rule: SubsidyRuleLike,
  period: SubsidyPeriod,
  incomeCentavos: bigint,
): { days10: bigint; monthly: bigint; ceiling: bigint; eligible: boolean; amount: bigint } {
  const days10 = SUBSIDY_PERIOD_DAYS10[period];
  const monthly = scaled(rule.montoMensual, 2);
  const ceiling = scaled(rule.topeIngresoMensual, 2);
  const eligible = incomeCentavos * 304n <= ceiling * days10;
  const amount = eligible ? mulDivHalfUp(monthly, days10, 304n) : 0n;
  return { days10, monthly, ceiling, eligible, amount };
}

/** ISR to withhold: the tariff's ISR less the subsidy, never below zero (the subsidy is no longer paid out). */
export const withheldAfterSubsidy = (isrCentavos: bigint, subsidyCentavos: bigint): bigint =>
  isrCentavos > subsidyCentavos ? isrCentavos - subsidyCentavos : 0n;

/**
 * RESICO personas físicas (Arts. 113-E and 113-F LISR): the rate of the row whose upper limit the income does
 * not exceed, applied to the whole income, rounded half up; null above the regime's last limit.
 */
export function resicoCalculation(
  rows: readonly ResicoRowLike[],
  incomeCentavos: bigint,
): { index: number; percent2: bigint; tax: bigint } | null {
  const index = rows.findIndex((r) => incomeCentavos <= scaled(r.limiteSuperior, 2));
  if (index < 0) return null;
  const percent2 = scaled(rows[index]!.tasa, 2);
  return { index, percent2, tax: mulDivHalfUp(incomeCentavos, percent2, 10_000n) };
}

/** Aguinaldo of Art. 87 LFT and its exempt part up to 30 UMA (Art. 93 fr. XIV LISR). */
export function aguinaldoCalculation(
  dailyCentavos: bigint,
  days: number,
  daysWorked: number,
  umaRecord: UmaLike,
): { amount: bigint; cap: bigint; daysDue1000: bigint; exempt: bigint; taxed: bigint } {
  const cap = scaled(umaRecord.uma, 2) * 30n;
  const amount = aguinaldo(dailyCentavos, days, daysWorked);
  // Days due to three decimals, as the page shows them.
  const daysDue1000 = divHalfUp(BigInt(days * daysWorked) * 1000n, 365n);
  return { amount, cap, daysDue1000, ...exemptSplit(amount, cap) };
}

/** Vacation days of Art. 76 LFT, the premium of Art. 80 (percent × 100) and its exempt part up to 15 UMA. */
export function vacationPremiumCalculation(
  dailyCentavos: bigint,
  years: number,
  percent2: bigint,
  umaRecord: UmaLike,
): { days: number; wages: bigint; premium: bigint; cap: bigint; exempt: bigint; taxed: bigint } {
  const days = vacationDays(years);
  const wages = dailyCentavos * BigInt(days);
  const premium = mulDivHalfUp(wages, percent2, 10_000n);
  const cap = scaled(umaRecord.uma, 2) * 15n;
  return { days, wages, premium, cap, ...exemptSplit(premium, cap) };
}

/** Dollars to pesos (`toPesos`) or pesos to dollars at a FIX (pesos per dollar, 4 decimals), rounded half up to the centavo. */
export function fxConversion(amountCentavos: bigint, toPesos: boolean, rate: number): { rate4: bigint; result: bigint } {
  const rate4 = scaled(rate, 4);
  return { rate4, result: toPesos ? mulDivHalfUp(amountCentavos, rate4, 10_000n) : mulDivHalfUp(amountCentavos, 10_000n, rate4) };
}

/**
 * Pesos and UDIS at a UDI value (six decimals, value6 = pesos per UDI × 10^6): centavos to UDIS × 10^6
 * (toPesos false) or UDIS × 10^6 to centavos (toPesos true), half up.
 */
export function udiConversion(amount: bigint, toPesos: boolean, value: number): { value6: bigint; result: bigint } {
  const value6 = scaled(value, 6);
  return { value6, result: toPesos ? mulDivHalfUp(amount, value6, 10_000_000_000n) : mulDivHalfUp(amount, 10_000_000_000n, value6) };
}

const pct5 = (percent: number): bigint => scaled(percent, 5);

/** Employer cesantía y vejez percent of a year and band, from the table; MissingDataError past its years. */
function cesantiaPercent(table: ImssRateTable, year: number, band: number): number {
  if (year < 2023) return table.before2023;
  const row = table.cesantia[String(year)];
  if (!row) throw new MissingDataError(`No hay tabla de cuotas patronales de cesantía y vejez para ${year}.`);
  return row[band]!;
}

/**
 * IMSS and INFONAVIT contributions concept by concept (LSS, Ley del INFONAVIT) for a daily SBC over some
 * days. The SBC is raised to the minimum wage and capped at 25 UMA; the employer's cesantía y vejez rate
 * depends on the year and the SBC band; on the minimum wage the employer pays the worker's share too (Art. 36 LSS).
 * `riskPercent5` is the riesgo de trabajo premium in percent × 10^5; `table` the rates of sources/imss.ts.
 */
export function imssCalculation(
  typedSbcCentavos: bigint,
  days: number,
  riskPercent5: bigint,
  year: number,
  umaRecord: UmaLike,
  table: ImssRateTable,
): ImssResult {
  const uma = scaled(umaRecord.uma, 2);
  const minimum = scaled(umaRecord.salarioMinimo, 2);
  let sbc = typedSbcCentavos;
  let adjusted: ImssResult["adjusted"] = null;
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
    const employerPercent5 =
      r.base === "prima-de-riesgo" ? riskPercent5 : r.employer === null ? pct5(cesantiaPercent(table, year, band)) : pct5(r.employer);
    return {
      concept: r.concept,
      base: r.base,
      legal: r.legal,
      baseCentavos: base,
      workerPercent5,
      employerPercent5,
      byBand: r.employer === null && r.base !== "prima-de-riesgo",
      worker: percentOf(base, days, workerPercent5),
      employer: percentOf(base, days, employerPercent5),
    };
  });
  const totals = rows.reduce((t, r) => ({ worker: t.worker + r.worker, employer: t.employer + r.employer }), { worker: 0n, employer: 0n });
  const minimumWageRule = sbc <= minimum;
  if (minimumWageRule) {
    totals.employer += totals.worker;
    totals.worker = 0n;
  }
  return { sbc, adjusted, uma, minimum, band, bandLabel: table.bands[band]!, excess, rows, totals, minimumWageRule };
}

// ——— An invoice's totals (CFDI 4.0, Anexo 20) ———

/** The taxes of an invoice line as SAT's c_Impuesto keys them. */
export type TaxKey = "001" | "002" | "003";
export type TaxFactor = "Tasa" | "Cuota" | "Exento";

/** One transferred or withheld tax of a line: its base (scaled by 10^baseDecimals), factor and rate or quota (× 10^6). */
export interface TaxLineInput {
  tax: TaxKey;
  factor: TaxFactor;
  /** Null for Exento. */
  rate6: bigint | null;
  base: bigint;
  baseDecimals: number;
  /**
   * The amount the law gives, in centavos, where it is not base × rate (two thirds of the IVA, Art. 3 fr. I RLIVA);
   * it is then brought within SAT's bounds for the rate written in the CFDI.
   */
  legal?: bigint;
}

export interface TaxLineResult extends TaxLineInput {
  /** Centavos; null for Exento. */
  amount: bigint | null;
  lower: bigint | null;
  upper: bigint | null;
  /** Whether the legal amount fell outside the bounds and was brought to the nearest one. */
  clamped: boolean;
}

/**
 * SAT's bounds for a tax's Importe (Matriz de errores CFDI 4.0: CFDI40180 traslado, CFDI40186 retención; the
 * Anexo 20 states them as límite inferior = (Base − 10^-d/2) × TasaOCuota, truncated, and límite superior =
 * (Base + 10^-d/2 − 10^-12) × TasaOCuota, rounded up, d the decimals of Base; the Guía de llenado CFDI 4.0,
 * Apéndice 7, pregunta 41, p. 88–89: "el límite inferior truncarlo … el límite superior redondearlo hacia
 * arriba"), in centavos. Base scaled by 10^baseDecimals (at most 12), rate × 10^6.
 */
export function taxBounds(base: bigint, baseDecimals: number, rate6: bigint): { lower: bigint; upper: bigint } {
  const at12 = base * pow10(12 - baseDecimals);
  const half = 5n * pow10(11 - baseDecimals);
  // (scale 12) × (scale 6) = scale 18; centavos are scale 2.
  const unit = TEN_16;
  const low = at12 - half;
  const lower = low <= 0n ? 0n : (low * rate6) / unit;
  const high = (at12 + half - 1n) * rate6;
  return { lower, upper: (high + unit - 1n) / unit };
}

/** Base × rate in centavos, rounded half up (base scaled by 10^baseDecimals, rate × 10^6). */
export const taxAmount = (base: bigint, baseDecimals: number, rate6: bigint): bigint => divHalfUp(base * rate6, pow10(baseDecimals + 4));

/**
 * One tax line: Exento has no amount; otherwise the legal amount (base × rate, rounded half up, unless the law
 * gives another) within SAT's bounds. Base × rate rounded always lies within them; a legal amount that does not
 * (two thirds of a large IVA against the six decimals of 0.106667) is brought to the nearest bound.
 */
export function taxLine(input: TaxLineInput): TaxLineResult {
  if (input.factor === "Exento" || input.rate6 === null) return { ...input, amount: null, lower: null, upper: null, clamped: false };
  const { lower, upper } = taxBounds(input.base, input.baseDecimals, input.rate6);
  const legal = input.legal ?? taxAmount(input.base, input.baseDecimals, input.rate6);
  let amount = legal;
  // BigInts: Math.min and Math.max do not take them.
  if (amount > upper) amount = upper;
  if (amount < lower) amount = lower;
  return { ...input, amount, lower, upper, clamped: amount !== legal };
}

/** A line's Importe: quantity × unit value (both × 10^6), rounded half up to the centavo. */
export const lineAmount = (quantity6: bigint, unitValue6: bigint): bigint => divHalfUp(quantity6 * unitValue6, TEN_10);

/** Two thirds of a rate × 10^6, to the six decimals c_TasaOCuota has (0.160000 → 0.106667). */
export const twoThirdsRate = (rate6: bigint): bigint => divHalfUp(2n * rate6, 3n);

/** Two thirds of an amount in centavos, rounded half up (Art. 3 fr. I RLIVA: "las dos terceras partes del impuesto"). */
export const twoThirds = (centavos: bigint): bigint => divHalfUp(2n * centavos, 3n);

/** A line of an invoice as the totals need it: its amount and discount in centavos, its tax lines computed. */
export interface InvoiceLine {
  amount: bigint;
  discount: bigint;
  transferred: readonly TaxLineResult[];
  withheld: readonly TaxLineResult[];
}

/** A group of the invoice's Impuestos node: transfers by tax, factor and rate; withholdings by tax. */
export interface TaxGroup {
  tax: TaxKey;
  factor: TaxFactor;
  rate6: bigint | null;
  /** Centavos (the sum of the lines' bases; quantities for a Cuota). */
  base: bigint;
  amount: bigint | null;
}

export interface InvoiceTotals {
  subtotal: bigint;
  discount: bigint;
  transferred: bigint;
  withheld: bigint;
  total: bigint;
  transfers: TaxGroup[];
  withholdings: TaxGroup[];
}

/** The key a transfer is grouped by in the Impuestos node (CFDI40215, CFDI40221): tax, factor and rate. */
const groupKey = (t: TaxLineResult): string => `${t.tax}|${t.factor}|${t.rate6 ?? ""}`;

function grouped(lines: readonly TaxLineResult[], key: (t: TaxLineResult) => string): TaxGroup[] {
  const groups = new Map<string, TaxGroup>();
  for (const t of lines) {
    const k = key(t);
    const g = groups.get(k);
    if (g === undefined) groups.set(k, { tax: t.tax, factor: t.factor, rate6: t.rate6, base: t.base, amount: t.amount });
    else {
      g.base += t.base;
      g.amount = g.amount === null || t.amount === null ? g.amount : g.amount + t.amount;
    }
  }
  return [...groups.values()];
}

/**
 * The invoice's totals from its lines (Anexo 20 Guía de llenado CFDI 4.0: SubTotal the sum of the concepts' Importe,
 * Descuento the sum of theirs, the Impuestos node grouped, Total = SubTotal − Descuento + trasladados − retenidos).
 * Every line amount is already at the currency's two decimals, so the sums are exact and need no further rounding.
 */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const sum = (values: readonly bigint[]): bigint => values.reduce((a, b) => a + b, 0n);
  const transferredLines = lines.flatMap((l) => l.transferred);
  const withheldLines = lines.flatMap((l) => l.withheld);
  const subtotal = sum(lines.map((l) => l.amount));
  const discount = sum(lines.map((l) => l.discount));
  const transferred = sum(transferredLines.map((t) => t.amount ?? 0n));
  const withheld = sum(withheldLines.map((t) => t.amount ?? 0n));
  return {
    subtotal,
    discount,
    transferred,
    withheld,
    total: subtotal - discount + transferred - withheld,
    // Retenciones are grouped by tax alone (CFDI40211); their base is not part of the node.
    transfers: grouped(transferredLines, groupKey),
    withholdings: grouped(withheldLines, (t) => t.tax),
  };
}

/** The taxes of a common invoice case: IVA transferred, ISR and IVA withheld (rates × 10^6; "dos-tercios": two thirds of the IVA). */
export interface PresetRates {
  iva6: bigint;
  isr6?: bigint;
  ivaWithheld?: bigint | "dos-tercios";
}

/**
 * The presets of /calculos/factura and of its calculator, by id (their laws: lib/calc/invoice.ts). ISR 10 % on
 * honorarios (Art. 106 LISR) and rents (Art. 116 LISR), 1.25 % in the RESICO (Art. 113-J LISR); IVA two thirds
 * (Art. 1-A fr. II a) LIVA, Art. 3 fr. I RLIVA) or 4 % on fletes (Art. 1-A fr. II c) LIVA, Art. 3 fr. II RLIVA).
 */
export const INVOICE_PRESET_RATES = {
  "honorarios-pf-a-pm": { iva6: 160_000n, isr6: 100_000n, ivaWithheld: "dos-tercios" },
  "arrendamiento-pf-a-pm": { iva6: 160_000n, isr6: 100_000n, ivaWithheld: "dos-tercios" },
  "fletes-a-pm": { iva6: 160_000n, ivaWithheld: 40_000n },
  "resico-servicios-pf-a-pm": { iva6: 160_000n, isr6: 12_500n, ivaWithheld: "dos-tercios" },
  "resico-bienes-pf-a-pm": { iva6: 160_000n, isr6: 12_500n },
  "publico-general": { iva6: 160_000n },
} as const satisfies Record<string, PresetRates>;

/** One concept of a preset: amount, discount, IVA on the base, then the ISR and IVA withheld, each within SAT's bounds. */
export function presetLine(rates: PresetRates, quantity6: bigint, unitValue6: bigint, discount: bigint): InvoiceLine {
  const amount = lineAmount(quantity6, unitValue6);
  const base = amount - discount;
  const iva = taxLine({ tax: "002", factor: "Tasa", rate6: rates.iva6, base, baseDecimals: 2 });
  const withheld: TaxLineResult[] = [];
  if (rates.isr6 !== undefined) withheld.push(taxLine({ tax: "001", factor: "Tasa", rate6: rates.isr6, base, baseDecimals: 2 }));
  if (rates.ivaWithheld === "dos-tercios") {
    const rate6 = twoThirdsRate(rates.iva6);
    withheld.push(taxLine({ tax: "002", factor: "Tasa", rate6, base, baseDecimals: 2, legal: twoThirds(iva.amount ?? 0n) }));
  } else if (rates.ivaWithheld !== undefined) {
    withheld.push(taxLine({ tax: "002", factor: "Tasa", rate6: rates.ivaWithheld, base, baseDecimals: 2 }));
  }
  return { amount, discount, transferred: [iva], withheld };
}

/** One month or fraction of a month of delay (Art. 21 CFF): from the day it starts to the day it ends or the payment. */
export interface DelayMonth {
  number: number;
  /** Its first day: the due date, then the same day of each later month. */
  from: string;
  /** The same day a month later, or the payment date when the payment falls inside it (a fraction). */
  to: string;
  fraction: boolean;
  /** The year whose rate it takes: the year of its first day. */
  year: number;
}

/**
 * The months or fractions of a month from the day a payment was due to the day it was made (Art. 21 CFF: "por cada
 * mes o fracción que transcurra a partir del día en que debió hacerse el pago y hasta que el mismo se efectúe"). A
 * month ends on the same day of the next month (the last day of a shorter month); a payment on that day closes it.
 * Empty when the payment is not after the due date.
 */
export function delayMonths(due: string, paid: string): DelayMonth[] {
  const months: DelayMonth[] = [];
  for (let from = due, n = 1; from < paid; n++) {
    const end = addMonthsClamped(due, n);
    months.push({ number: n, from, to: end < paid ? end : paid, fraction: paid < end, year: yearOf(from) });
    from = end;
  }
  return months;
}

/**
 * What paying late costs: the amount updated with the factor of Art. 17-A CFF (from the INPC of the month before
 * the payment's month over that of the month before the due month; `factorCalculation`), and the recargos of Art.
 * 21 CFF: the updated amount × the sum of each month's rate (percent × 100), rounded half up to the centavo.
 */
export function latePaymentCalculation(
  amountCentavos: bigint,
  lateRecord: InpcLike,
  earlyRecord: InpcLike,
  monthRates2: readonly bigint[],
): {
  factor: bigint;
  quotient8: bigint;
  belowOne: boolean;
  updated: bigint;
  update: bigint;
  rateSum2: bigint;
  surcharges: bigint;
  total: bigint;
} {
  const f = factorCalculation(lateRecord, earlyRecord, amountCentavos);
  const updated = f.updated ?? amountCentavos;
  const rateSum2 = monthRates2.reduce((a, b) => a + b, 0n);
  const surcharges = mulDivHalfUp(updated, rateSum2, 10_000n);
  return {
    factor: f.factor,
    quotient8: f.quotient8,
    belowOne: f.belowOne,
    updated,
    update: updated - amountCentavos,
    rateSum2,
    surcharges,
    total: updated + surcharges,
  };
}

/**
 * Salario base de cotización (Arts. 27 and 28 LSS): the daily salary × the integration factor, rounded half up to the
 * centavo, plus the daily variable parts, capped at 25 UMA of the year.
 */
export function sbcCalculation(
  dailyCentavos: bigint,
  factor4: bigint,
  variableCentavos: bigint,
  umaRecord: Pick<UmaLike, "uma">,
): { fixed: bigint; integrated: bigint; cap: bigint; capped: boolean; sbc: bigint } {
  const fixed = applyFactor(dailyCentavos, factor4);
  const integrated = fixed + variableCentavos;
  const cap = scaled(umaRecord.uma, 2) * 25n;
  return { fixed, integrated, cap, capped: integrated > cap, sbc: integrated > cap ? cap : integrated };
}
