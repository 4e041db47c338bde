// Business days under Mexican law: the non-business days of the CFF (SAT) and of the LFT (IMSS, INFONAVIT), and moving a date onto a business day.
import { addDays, dayOfWeek, formatIsoDate } from "./dates.ts";

/**
 * Which law decides the non-business days: the CFF (Art. 12, plus RMF rule 2.1.6 for Holy Week)
 * for SAT deadlines; the LFT (Art. 74) for IMSS and INFONAVIT deadlines.
 */
export type HolidayRules = "SAT" | "IMSS";

// Supported years keep date arithmetic in four-digit ISO years and bound the per-year caches.
const MIN_YEAR = 1900;
export const MAX_YEAR = 9998;

const SATURDAY = 6;
const SUNDAY = 0;
const FRIDAY = 5;
const MONDAY = 1;

export function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Year out of range (${MIN_YEAR}–${MAX_YEAR}): ${year}`);
  }
}

// ── Holidays ─────────────────────────────────────────────────────────────────────────────────

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatIsoDate(year, month, day);
}

/** The n-th (1-based) occurrence of a weekday (0 = Sunday) in a month. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  const first = formatIsoDate(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/**
 * The day the federal executive changes hands, a rest day under both laws: October 1 every six
 * years from 2024 (constitutional reform of 2014); before that it was December 1 (2018, 2012, …).
 */
function transferOfPowerDay(year: number): string | undefined {
  if ((year - 2024) % 6 !== 0) return undefined;
  return year >= 2024 ? formatIsoDate(year, 10, 1) : formatIsoDate(year, 12, 1);
}

function lftRestDays(year: number): string[] {
  const days = [
    formatIsoDate(year, 1, 1),
    nthWeekdayOfMonth(year, 2, MONDAY, 1),
    nthWeekdayOfMonth(year, 3, MONDAY, 3),
    formatIsoDate(year, 5, 1),
    formatIsoDate(year, 9, 16),
    nthWeekdayOfMonth(year, 11, MONDAY, 3),
    formatIsoDate(year, 12, 25),
  ];
  const transfer = transferOfPowerDay(year);
  return transfer ? [...days, transfer] : days;
}

function satNonBusinessDays(year: number): string[] {
  const easter = easterSunday(year);
  return [...lftRestDays(year), formatIsoDate(year, 5, 5), addDays(easter, -3), addDays(easter, -2)];
}

const holidayCache = new Map<string, ReadonlySet<string>>();

function holidaySet(year: number, rules: HolidayRules): ReadonlySet<string> {
  const key = `${rules}:${year}`;
  let set = holidayCache.get(key);
  if (!set) {
    set = new Set(rules === "SAT" ? satNonBusinessDays(year) : lftRestDays(year));
    holidayCache.set(key, set);
  }
  return set;
}

/** Non-business days of a year other than weekends, in date order. */
export function holidaysForYear(year: number, rules: HolidayRules): string[] {
  assertYear(year);
  return [...holidaySet(year, rules)].sort();
}

export function isBusinessDay(date: string, rules: HolidayRules): boolean {
  const weekday = dayOfWeek(date);
  if (weekday === SATURDAY || weekday === SUNDAY) return false;
  return !holidaySet(Number(date.slice(0, 4)), rules).has(date);
}

/**
 * Moves a deadline forward to the next business day. With `movesOnFriday` (filing and payment
 * deadlines, CFF Art. 12 and RACERF Art. 3) a Friday is skipped too, so the result is never a
 * Friday. The laws speak of a deadline that *falls* on a Friday; a deadline that only reaches a
 * Friday after moving would need a Thursday holiday whose Friday is a working day, which none of
 * the deadlines below can meet (Holy Thursday is always followed by Good Friday), so both readings
 * give the same dates (checked for every year from 1950 to 2300).
 */
export function moveToBusinessDay(date: string, rules: HolidayRules, movesOnFriday: boolean): string {
  let day = date;
  while (!isBusinessDay(day, rules) || (movesOnFriday && dayOfWeek(day) === FRIDAY)) {
    day = addDays(day, 1);
  }
  return day;
}

// ── Deadlines ────────────────────────────────────────────────────────────────────────────────
