// Exact arithmetic of the calculators: amounts are integer centavos (BigInt), rates are scaled integers, rounding is half up.
// Pure functions only: the API and the tests import this module; the browser gets it in the calculators' bundle (site/calc-bundle.ts).

// Powers of ten made once: BigInt exponentiation on every rounding was a third of an invoice line's cost.
const POWERS: readonly bigint[] = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));

/** 10^n as a BigInt (n ≥ 0). */
export const pow10 = (n: number): bigint => POWERS[n] ?? 10n ** BigInt(n);

/** A row of an ISR tariff as the API gives it (pesos, rate as a fraction). */
export interface TariffRowLike {
  lowerLimit: number;
  upperLimit: number | null;
  fixedQuota: number;
  marginalRate: number;
}

/** The ISR of a tariff row, every amount in centavos and the rate × 10^6. */
export interface IsrResult {
  index: number;
  lower: bigint;
  upper: bigint | null;
  excess: bigint;
  rateMicro: bigint;
  marginal: bigint;
  fixed: bigint;
  isr: bigint;
}

/**
 * A non-negative decimal typed by a person ("20,000.00", "20000", "0.5") as an integer scaled by
 * 10^decimals, or null when it is not such a number or has more decimals than allowed.
 */
export function parseDecimal(text: string, decimals: number): bigint | null {
  const s = String(text).trim();
  const grouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s);
  if (!grouped && !/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const [int, frac = ""] = s.replace(/,/g, "").split(".");
  if (frac.length > decimals) return null;
  return BigInt(int || "0") * pow10(decimals) + BigInt((frac + "0".repeat(decimals)).slice(0, decimals) || "0");
}

/** A whole number typed by a person ("15", "1,000"), or null. */
export function parseWhole(text: string): number | null {
  const n = parseDecimal(text, 0);
  return n === null || n > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(n);
}

/** A number from the API (e.g. 17533.65, 44.930830116378) as an exact decimal: digits and scale. */
export function decimalOf(value: number): { digits: bigint; scale: number } {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative finite number: ${value}`);
  let s = String(value);
  if (/e/i.test(s)) s = value.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
  const [int, frac = ""] = s.split(".");
  return { digits: BigInt(int + frac), scale: frac.length };
}

/** A number from the API scaled to exactly `decimals` places (rounded half up if it has more). */
export function scaled(value: number, decimals: number): bigint {
  const { digits, scale } = decimalOf(value);
  return scale <= decimals ? digits * pow10(decimals - scale) : divHalfUp(digits, pow10(scale - decimals));
}

/** n / d rounded half up, for n ≥ 0 and d > 0. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new RangeError("divHalfUp needs n >= 0 and d > 0");
  return (2n * n + d) / (2n * d);
}

/** a × b / d rounded half up. */
export const mulDivHalfUp = (a: bigint, b: bigint, d: bigint): bigint => divHalfUp(a * b, d);

/** An integer scaled by 10^decimals as text with thousands separators: 2038365n, 2 → "20,383.65". */
export function formatScaled(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0");
  const int = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative ? "−" : ""}${int}${frac}`;
}

export const formatPesos = (centavos: bigint): string => `$${formatScaled(centavos, 2)}`;

/** Like formatScaled, without trailing zeros after the point (30.500000 → "30.5", 30.000000 → "30"). */
export const formatTrimmed = (value: bigint, decimals: number): string =>
  formatScaled(value, decimals).replace(/\.?0+$/, (m) => (m.startsWith(".") || decimals > 0 ? "" : m));

/** A fraction scaled by 10^6 as a percentage: 213600n → "21.36 %" (trailing zeros beyond two decimals dropped). */
export function formatRateMicro(micro: bigint): string {
  const text = formatScaled(micro, 4).replace(/(\.\d\d\d*?)0+$/, "$1");
  return `${text}\u00a0%`;
}

/**
 * ISR of a tariff (Art. 96 LISR): the row whose lower limit is the highest not above the income;
 * ISR = (income − lower limit) × marginal rate + fixed fee. The marginal tax is rounded to the centavo.
 * `rows` as the API gives them (pesos, rate as a fraction). Null when the income is below the first row.
 */
export function isrWithholding(rows: readonly TariffRowLike[], incomeCentavos: bigint): IsrResult | null {
  let index = -1;
  rows.forEach((r, i) => {
    if (scaled(r.lowerLimit, 2) <= incomeCentavos) index = i;
  });
  if (index < 0) return null;
  const row = rows[index]!;
  const lower = scaled(row.lowerLimit, 2);
  const excess = incomeCentavos - lower;
  const rateMicro = scaled(row.marginalRate, 6);
  const marginal = mulDivHalfUp(excess, rateMicro, 1_000_000n);
  const fixed = scaled(row.fixedQuota, 2);
  return {
    index,
    lower,
    upper: row.upperLimit === null ? null : scaled(row.upperLimit, 2),
    excess,
    rateMicro,
    marginal,
    fixed,
    isr: marginal + fixed,
  };
}

/**
 * Update factor of Art. 17-A CFF: INPC of the month before the latest month over INPC of the month
 * before the earliest one, computed to the ten-thousandth (digits past the fourth decimal dropped),
 * and 1 when the quotient is below 1. Returns the factor × 10^4 and the untruncated quotient × 10^8.
 */
export function updateFactor(latestIndex: number, earliestIndex: number): { factor: bigint; quotient8: bigint; belowOne: boolean } {
  const a = decimalOf(latestIndex);
  const b = decimalOf(earliestIndex);
  // a/b with both brought to the same scale.
  const scale = Math.max(a.scale, b.scale);
  const num = a.digits * pow10(scale - a.scale);
  const den = b.digits * pow10(scale - b.scale);
  const truncated = (num * 10_000n) / den;
  const quotient8 = (num * 100_000_000n) / den;
  return { factor: truncated < 10_000n ? 10_000n : truncated, quotient8, belowOne: truncated < 10_000n };
}

/** An amount in centavos times a factor scaled by 10^4, rounded half up to the centavo. */
export const applyFactor = (centavos: bigint, factor4: bigint): bigint => mulDivHalfUp(centavos, factor4, 10_000n);

/** Aguinaldo (Art. 87 LFT): daily wage × days × days worked / 365, rounded half up to the centavo. */
export function aguinaldo(dailyCentavos: bigint, days: number, daysWorked: number): bigint {
  return divHalfUp(dailyCentavos * BigInt(days) * BigInt(daysWorked), 365n);
}

/** Splits an amount into its exempt part (up to the cap) and the taxed rest. */
export function exemptSplit(total: bigint, cap: bigint): { exempt: bigint; taxed: bigint } {
  const exempt = total < cap ? total : cap;
  return { exempt, taxed: total - exempt };
}

/**
 * Minimum paid vacation days for completed years of service (Art. 76 LFT since 2023): 12 the first
 * year, two more each year up to 20 in the fifth, then two more for every five years of service.
 */
export function vacationDays(years: number): number {
  if (!Number.isInteger(years) || years < 1) return 0;
  if (years <= 5) return 10 + 2 * years;
  return 20 + 2 * Math.ceil((years - 5) / 5);
}

/**
 * Integration factor of the SBC × 10^4 (LSS Art. 27): (365 + aguinaldo days + vacation days × premium) ÷ 365, half up to
 * four decimals; the premium in percent × 100 (25 % → 2500n).
 */
export function integrationFactor4(aguinaldoDays: number, vacationDays: number, premiumPercent2: bigint): bigint {
  // (365 + aguinaldo) × 10^4 + days × premium (percent × 100) is the numerator × 10^4: factor × 10^4 = it ÷ 365.
  return divHalfUp(BigInt(365 + aguinaldoDays) * 10_000n + BigInt(vacationDays) * premiumPercent2, 365n);
}

/** Band of the employer's cesantía y vejez share for a daily SBC (index into the table's eight bands). */
export function cesantiaBand(sbcCentavos: bigint, umaCentavos: bigint, minimumWageCentavos: bigint): number {
  if (sbcCentavos <= minimumWageCentavos) return 0;
  // Upper bounds in hundredths of a UMA: 1.50, 2.00, … 4.00; above 4.00 UMA is the last band.
  const hundredths = (sbcCentavos * 100n) / umaCentavos;
  const bounds = [150n, 200n, 250n, 300n, 350n, 400n];
  const i = bounds.findIndex((b) => hundredths <= b);
  return i < 0 ? 7 : i + 1;
}

/** Percent (scaled by 10^5, i.e. 1.125 % → 112500n) of a base over some days, in centavos rounded half up. */
export const percentOf = (baseCentavos: bigint, days: number, percent5: bigint): bigint =>
  mulDivHalfUp(baseCentavos * BigInt(days), percent5, 10_000_000n);
