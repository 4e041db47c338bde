// Spanish (Mexico) formatting of numbers, money, percentages and dates, written out so every build prints the same text.
import { MONTH_NAMES } from "../core/dates.ts";

const SHORT_MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"] as const;

/** Non-breaking space: keeps "21.36 %" and "$ 1" together when a line wraps. */
export const NBSP = "\u00a0";

/** Digits grouped by thousands with commas and a decimal point, as Mexico writes amounts (20,000.00). */
export function fmtNumber(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [int, frac] = fixed.split(".") as [string, string | undefined];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 && Number(fixed) !== 0 ? "−" : "";
  return `${sign}${grouped}${frac === undefined ? "" : `.${frac}`}`;
}

export const fmtPesos = (value: number): string => `$${fmtNumber(value, 2)}`;

/** A fraction as a percentage with a space before the sign (0.2136 → "21.36 %"). */
export const fmtPercent = (fraction: number, decimals = 2): string => `${fmtNumber(fraction * 100, decimals)}${NBSP}%`;

function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) throw new RangeError(`month ${month}`);
  return name;
}

/** "2025-11-25" → "25 de noviembre de 2025". */
export function fmtDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${d} de ${monthName(m)} de ${y}`;
}

/** "2026-08" → "agosto de 2026". */
export function fmtPeriod(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return `${monthName(m)} de ${y}`;
}

/** "2026-08" → "ago 2026", for chart labels. */
export function fmtShortPeriod(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return `${SHORT_MONTHS[m - 1] ?? "?"} ${y}`;
}

/** The period twelve months before "YYYY-MM". */
export function yearBefore(period: string): string {
  const [y, m] = period.split("-") as [string, string];
  return `${Number(y) - 1}-${m}`;
}
