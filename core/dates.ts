// Every date the program handles: ISO dates and YYYY-MM periods (parsed and checked), plain-date arithmetic, Mexico City's today, weekdays.
// Nothing else does date arithmetic; web-standard APIs only, so the edge function can use it too.

const MEXICO_CITY = "America/Mexico_City";
const MS_PER_DAY = 86_400_000;

// Building an Intl formatter is expensive; one shared instance keeps per-request calls cheap.
// hourCycle h23 avoids the "24" hour that some engines print for midnight with hour12: false.
const mexicoCityParts = new Intl.DateTimeFormat("en-US", {
  timeZone: MEXICO_CITY,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockInMexicoCity(instant: Date): WallClock {
  const fields: Record<string, number> = {};
  for (const part of mexicoCityParts.formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return {
    year: fields["year"] ?? NaN,
    month: fields["month"] ?? NaN,
    day: fields["day"] ?? NaN,
    hour: fields["hour"] ?? NaN,
    minute: fields["minute"] ?? NaN,
    second: fields["second"] ?? NaN,
  };
}

/** Milliseconds that Mexico City's wall clock is ahead of UTC at `instant` (negative: behind). */
function offsetMsAt(instant: number): number {
  const wall = wallClockInMexicoCity(new Date(instant));
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

function assertValidInstant(now: Date): void {
  if (Number.isNaN(now.getTime())) throw new RangeError("Invalid Date");
}

interface MexicoCityDay {
  /** The instant it was computed for: the cache answers from there on, not before (that day's start is unknown). */
  from: number;
  /** The next midnight's instant: from it on, another day. */
  until: number;
  date: string;
}

/**
 * The day of the last instant asked for. Answers are computed for nearly the same instant again and again,
 * and the time-zone database (Intl) costs more than the rest of a small computed answer: reading it once a
 * day instead of on every request takes a third of a pre-check's CPU away. The answers are the same.
 */
let lastDay: MexicoCityDay | undefined;

function mexicoCityDay(now: Date): MexicoCityDay {
  assertValidInstant(now);
  const instant = now.getTime();
  if (lastDay !== undefined && instant >= lastDay.from && instant < lastDay.until) return lastDay;
  const wall = wallClockInMexicoCity(now);
  const nextMidnightWall = Date.UTC(wall.year, wall.month - 1, wall.day + 1);
  // First guess with today's offset, then correct with the offset in force at that moment.
  let midnight = nextMidnightWall - offsetMsAt(instant);
  midnight = nextMidnightWall - offsetMsAt(midnight);
  lastDay = { from: instant, until: midnight, date: formatIsoDate(wall.year, wall.month, wall.day) };
  return lastDay;
}

/** The calendar date (YYYY-MM-DD) in Mexico City at the instant `now`. */
export function todayInMexicoCity(now: Date): string {
  return mexicoCityDay(now).date;
}

/**
 * Whole seconds (at least 1) from `now` until the next midnight in Mexico City.
 * The offset is read from the time-zone database at both ends, so a future DST rule change
 * would still give the right answer.
 */
export function secondsUntilNextMidnightInMexicoCity(now: Date): number {
  return Math.max(1, Math.ceil((mexicoCityDay(now).until - now.getTime()) / 1000));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;

interface PlainDate {
  year: number;
  month: number;
  day: number;
}

/** YYYY-MM-DD as its parts, or null for text that is not one or a date that does not exist (2023-02-29). */
function plainDateOf(date: string): PlainDate | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Parses YYYY-MM-DD, throwing on dates that do not exist. */
function parseIsoDate(date: string): PlainDate {
  const parsed = plainDateOf(date);
  if (parsed === null) throw new RangeError(`Not a valid ISO date: ${date}`);
  return parsed;
}

// Without a throw: the workbook conversion asks this of every text cell, and a thrown error costs microseconds.
export const isValidIsoDate = (date: string): boolean => plainDateOf(date) !== null;

/** Formats a date, normalising overflow (month 13, day 0, day 32) the way Date.UTC does. */
export function formatIsoDate(year: number, month: number, day: number): string {
  const date = new Date(utcMs(year, month, day));
  return [
    String(date.getUTCFullYear()).padStart(4, "0"),
    String(date.getUTCMonth() + 1).padStart(2, "0"),
    String(date.getUTCDate()).padStart(2, "0"),
  ].join("-");
}

// Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps them literal.
function utcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** Number of days in a month (1–12) of the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  return formatIsoDate(year, month, day + days);
}

/**
 * The same day `months` months later, or the last day of that month when it is shorter (2026-01-31 + 1 → 2026-02-28):
 * how a "mes" of a term counted from a day is reckoned.
 */
export function addMonthsClamped(date: string, months: number): string {
  const { year, month, day } = parseIsoDate(date);
  const first = formatIsoDate(year, month + months, 1);
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  return formatIsoDate(y, m, Math.min(day, daysInMonth(y, m)));
}

/** Day of the week of a YYYY-MM-DD date: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  return new Date(utcMs(year, month, day)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return Math.round((utcMs(b.year, b.month, b.day) - utcMs(a.year, a.month, a.day)) / MS_PER_DAY);
}

/** The year of a YYYY-MM-DD date or a YYYY-MM period. */
export function yearOf(dateOrPeriod: string): number {
  const year = /^(\d{4})-\d{2}/.exec(dateOrPeriod)?.[1];
  if (year === undefined) throw new RangeError(`Not a date or period: ${dateOrPeriod}`);
  return Number(year);
}

/** `YYYY-MM-DD` from day-month-year text as Mexican publishers write it (`31/12/2024`), or null if that day does not exist. */
export function fromDayMonthYear(text: string): string | null {
  const m = DAY_MONTH_YEAR.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** The UTC calendar date of an instant (spreadsheet date cells are midnight UTC). */
export const utcDateOf = (instant: Date): string =>
  formatIsoDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());

/** An ISO 8601 instant from whole seconds since the epoch (SOURCE_DATE_EPOCH). */
export const instantFromEpochSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** Noon of a date in Mexico City (UTC−6 all year since 2022), as milliseconds since the epoch. */
export function noonInMexicoCity(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  return utcMs(year, month, day) + 18 * 3_600_000;
}

/** A calendar date YYYY-MM-DD (month 01–12, day 01–31) as a JSON Schema pattern: the published shape of every date parameter and field. */
export const ISO_DATE_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$";
/** A month YYYY-MM (01–12) as a JSON Schema pattern. */
export const PERIOD_PATTERN = "^\\d{4}-(0[1-9]|1[0-2])$";

/** The months' names in Spanish, January first, as the site and the API's messages write them. */
export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
] as const;

const PERIOD = new RegExp(PERIOD_PATTERN);

/** A month written YYYY-MM (01–12). */
export const isValidPeriod = (period: string): boolean => PERIOD.test(period);

function parsePeriod(period: string): { year: number; month: number } {
  if (!PERIOD.test(period)) throw new RangeError(`Not a valid period: ${period}`);
  return { year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) };
}

/** The month after a YYYY-MM period. */
export function nextPeriod(period: string): string {
  const { year, month } = parsePeriod(period);
  return formatIsoDate(year, month + 1, 1).slice(0, 7);
}

/** The last day (YYYY-MM-DD) of the month `monthsLater` months after a YYYY-MM period (0: that month). */
export function endOfMonth(period: string, monthsLater = 0): string {
  const { year, month } = parsePeriod(period);
  return formatIsoDate(year, month + monthsLater + 1, 0);
}

/** Saturday or Sunday. */
export function isWeekend(date: string): boolean {
  const day = dayOfWeek(date);
  return day === 0 || day === 6;
}

/** The first Monday-to-Friday day after `date`. */
export function nextWeekday(date: string): string {
  let d = addDays(date, 1);
  while (isWeekend(d)) d = addDays(d, 1);
  return d;
}

/** Monday-to-Friday days after `from` up to and including `to`. */
export function weekdaysAfter(from: string, to: string): number {
  let n = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (!isWeekend(d)) n++;
  return n;
}

/** An HTTP date (RFC 9110, e.g. a Retry-After value) as milliseconds since the epoch, or null when unreadable. */
export function httpDateMs(value: string): number | null {
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/** 1970-01-01 as a serial day of spreadsheets' 1900 date system (Excel, LibreOffice). */
const SPREADSHEET_EPOCH_SERIAL = 25569;

/** An ISO date as a spreadsheet's serial day number, for date cells. */
export const excelSerialDay = (date: string): number => daysBetween("1970-01-01", date) + SPREADSHEET_EPOCH_SERIAL;
