// Fiscal deadlines of the SAT, the IMSS and the INFONAVIT, moved to business days and cached per year.

import { firstIndexWhere } from "./bisect.ts";
import { dayOfWeek, formatIsoDate, isValidIsoDate, MONTH_NAMES } from "./dates.ts";
import type { CalendarEvent, Institution } from "./schemas.ts";

import { assertYear, MAX_YEAR, moveToBusinessDay, type HolidayRules } from "./business-days.ts";

export { easterSunday, holidaysForYear, isBusinessDay, nthWeekdayOfMonth } from "./business-days.ts";

const MAX_COUNT = 1000;

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** One occurrence of a deadline: the period it covers and the date the law names for it. */
interface Period {
  /** year * 100 + month (1–12) for monthly periods, + bimester (1–6) for bimonthly, + 0 for a year. */
  code: number;
  /** What the period is called in titles, e.g. "octubre de 2026". */
  label: string;
  /** Due date before moving it to a business day. */
  nominal: string;
}

interface DeadlineKind {
  /** Small integer per kind; also the order of deadlines that share a date. */
  code: number;
  category: Institution;
  rules: HolidayRules;
  movesOnFriday: boolean;
  /** Legal basis for moving the date, as cited in the summary. */
  movedBy: string;
  /** Periods of a calendar year, whatever year they fall due in. */
  periods(year: number): Period[];
  title(label: string): string;
  summary: string;
}

/** Months of a year, each due on `day` of the month `monthsLater` after it. */
function monthly(day: number, monthsLater: number): (year: number) => Period[] {
  return (year) =>
    MONTH_NAMES.map((name, i) => ({
      code: year * 100 + i + 1,
      label: `${name} de ${year}`,
      nominal: formatIsoDate(year, i + 1 + monthsLater, day),
    }));
}

/** Bimesters of a year, each due on day 17 of the month after it (January for November–December). */
function bimonthly(year: number): Period[] {
  return [1, 2, 3, 4, 5, 6].map((bimester) => ({
    code: year * 100 + bimester,
    label: `${MONTH_NAMES[2 * bimester - 2]}-${MONTH_NAMES[2 * bimester - 1]} de ${year}`,
    nominal: formatIsoDate(year, 2 * bimester + 1, 17),
  }));
}

/** A fiscal year, due on a month and day of the following year (day 0 = last day of the previous month). */
function annual(month: number, day: number): (year: number) => Period[] {
  return (year) => [{ code: year * 100, label: String(year), nominal: formatIsoDate(year + 1, month, day) }];
}

const CFF_12 = "el Art. 12 del CFF";
const RACERF_3 = "el Art. 3 del RACERF";

const KINDS: readonly DeadlineKind[] = [
  {
    code: 1,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: true,
    movedBy: CFF_12,
    periods: monthly(17, 1),
    title: (label) => `Pago provisional de ISR e IVA de ${label}`,
    summary:
      "Personas físicas y morales presentan los pagos provisionales y retenciones de ISR e IVA del mes " +
      "(Arts. 14, 96 y 106 LISR; Art. 5-D LIVA).",
  },
  {
    code: 2,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: true,
    movedBy: CFF_12,
    periods: annual(3, 31),
    title: (label) => `Declaración anual de personas morales del ejercicio ${label}`,
    summary:
      "Las personas morales presentan la declaración anual del ejercicio y pagan el ISR a cargo " +
      "a más tardar el 31 de marzo del año siguiente (Arts. 9 y 76, fracc. V, LISR).",
  },
  {
    code: 3,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: true,
    movedBy: CFF_12,
    periods: annual(4, 30),
    title: (label) => `Declaración anual de personas físicas del ejercicio ${label}`,
    summary:
      "Las personas físicas obligadas presentan la declaración anual del ejercicio " +
      "a más tardar el 30 de abril del año siguiente (Art. 150 LISR).",
  },
  {
    code: 4,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: false,
    movedBy: CFF_12,
    periods: monthly(3, 2),
    title: (label) => `Balanza de comprobación de personas morales de ${label}`,
    summary:
      "Las personas morales envían al SAT la balanza de comprobación del mes (contabilidad electrónica) " +
      "a más tardar el día 3 del segundo mes siguiente (Art. 28, fracc. IV, CFF).",
  },
  {
    code: 5,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: false,
    movedBy: CFF_12,
    periods: monthly(5, 2),
    title: (label) => `Balanza de comprobación de personas físicas de ${label}`,
    summary:
      "Las personas físicas obligadas a llevar contabilidad envían al SAT la balanza de comprobación del mes " +
      "(contabilidad electrónica) a más tardar el día 5 del segundo mes siguiente (Art. 28, fracc. IV, CFF).",
  },
  {
    code: 6,
    category: "IMSS",
    rules: "IMSS",
    movesOnFriday: true,
    movedBy: RACERF_3,
    periods: monthly(17, 1),
    title: (label) => `Cuotas obrero-patronales al IMSS de ${label}`,
    summary:
      "Los patrones pagan las cuotas obrero-patronales mensuales de los seguros de enfermedades y maternidad, " +
      "invalidez y vida, riesgos de trabajo, y guarderías y prestaciones sociales " +
      "a más tardar el día 17 del mes siguiente (Art. 39 LSS).",
  },
  {
    code: 7,
    category: "IMSS",
    rules: "IMSS",
    movesOnFriday: true,
    movedBy: RACERF_3,
    periods: bimonthly,
    title: (label) => `Cuotas de retiro, cesantía y vejez (RCV) del bimestre ${label}`,
    summary:
      "Los patrones pagan las cuotas del seguro de retiro, cesantía en edad avanzada y vejez del bimestre " +
      "a más tardar el día 17 del mes siguiente (Art. 167 LSS).",
  },
  {
    code: 8,
    category: "INFONAVIT",
    rules: "IMSS",
    movesOnFriday: true,
    movedBy: RACERF_3,
    periods: bimonthly,
    title: (label) => `Aportaciones y amortizaciones al INFONAVIT del bimestre ${label}`,
    summary:
      "Los patrones pagan la aportación del 5 % sobre el salario y los descuentos por créditos de vivienda " +
      "de sus trabajadores del bimestre a más tardar el día 17 del mes siguiente " +
      "(Arts. 29 y 35 de la Ley del INFONAVIT).",
  },
  {
    code: 9,
    category: "IMSS",
    rules: "IMSS",
    movesOnFriday: true,
    movedBy: RACERF_3,
    periods: annual(3, 0),
    title: (label) => `Determinación de la prima de riesgo de trabajo (siniestralidad de ${label})`,
    summary:
      "Los patrones revisan la siniestralidad del año anterior y presentan al IMSS la determinación " +
      "de su prima del seguro de riesgos de trabajo a más tardar el último día de febrero " +
      "(Art. 74 LSS; Art. 32 RACERF).",
  },
  {
    // The law says day 17 of the following month; rule 4.5.1 of the RMF lets the DIOT be filed up to the last
    // day of that month. It is filed on the SAT's platform, not at a bank: a Friday is not skipped (like the balanza).
    code: 10,
    category: "SAT",
    rules: "SAT",
    movesOnFriday: false,
    movedBy: CFF_12,
    periods: monthly(0, 2),
    title: (label) => `DIOT (declaración informativa de operaciones con terceros) de ${label}`,
    summary:
      "Quienes pagan IVA o realizan actos a la tasa del 0 % informan al SAT las operaciones con sus proveedores del mes " +
      "(Art. 32, fracc. VIII, LIVA), a más tardar el último día del mes siguiente (regla 4.5.1 de la RMF). " +
      "Las personas físicas del Título IV con ingresos de hasta 4 millones de pesos pueden quedar relevadas (regla 2.8.1.17 de la RMF 2026).",
  },
];

/**
 * Event ids: kind code × 1,000,000 + period code, where the period code is year × 100 + month
 * (monthly), year × 100 + bimester 1–6 (bimonthly) or year × 100 (annual). Kind codes: 1 ISR/IVA
 * monthly, 2 annual return of personas morales, 3 annual return of personas físicas, 4 and 5
 * balanza of morales and físicas, 6 IMSS monthly, 7 RCV bimonthly, 8 INFONAVIT bimonthly,
 * 9 prima de riesgo, 10 DIOT. The id depends only on what the deadline covers, never on the current day.
 */
export function eventId(kindCode: number, periodCode: number): number {
  return kindCode * 1_000_000 + periodCode;
}

function describeDate(date: string): string {
  const weekday = WEEKDAYS[dayOfWeek(date)] ?? "";
  const month = MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? "";
  return `${weekday} ${Number(date.slice(8, 10))} de ${month} de ${date.slice(0, 4)}`;
}

function toEvent(kind: DeadlineKind, period: Period): CalendarEvent {
  const date = moveToBusinessDay(period.nominal, kind.rules, kind.movesOnFriday);
  const moved =
    date === period.nominal ? "" : ` Fecha recorrida del ${describeDate(period.nominal)} al siguiente día hábil según ${kind.movedBy}.`;
  return Object.freeze({
    id: eventId(kind.code, period.code),
    title: kind.title(period.label),
    date,
    category: kind.category,
    summary: kind.summary + moved,
  });
}

function byDateThenId(a: CalendarEvent, b: CalendarEvent): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.id - b.id;
}

const yearCache = new Map<number, readonly CalendarEvent[]>();

/**
 * Every deadline that falls due in `year`, ordered by date and then by id (kind first, so the
 * order of deadlines sharing a date is the same every day). Computed once per year and frozen.
 */
export function deadlinesForYear(year: number): readonly CalendarEvent[] {
  assertYear(year);
  const cached = yearCache.get(year);
  if (cached) return cached;
  // Deadlines due in a year cover periods of that year or of the one before it.
  const events = [year - 1, year]
    .flatMap((periodYear) => KINDS.flatMap((kind) => kind.periods(periodYear).map((p) => toEvent(kind, p))))
    .filter((event) => Number(event.date.slice(0, 4)) === year)
    .sort(byDateThenId);
  const frozen = Object.freeze(events);
  yearCache.set(year, frozen);
  return frozen;
}

/** Index of the first event dated on or after `date` (events sorted by date). */
function firstOnOrAfter(events: readonly CalendarEvent[], date: string): number {
  return firstIndexWhere(events.length, (i) => (events[i] as CalendarEvent).date >= date);
}

/**
 * The next `count` deadlines due on or after `today` (YYYY-MM-DD, normally today in Mexico City),
 * ordered by date and then by id. The events are shared and frozen; the array is new.
 */
export function nextDeadlines(today: string, count = 10): CalendarEvent[] {
  if (!isValidIsoDate(today)) throw new RangeError(`Not a YYYY-MM-DD date: ${today}`);
  if (!Number.isInteger(count) || count < 0 || count > MAX_COUNT) {
    throw new RangeError(`count must be an integer from 0 to ${MAX_COUNT}: ${count}`);
  }
  const result: CalendarEvent[] = [];
  for (let year = Number(today.slice(0, 4)); result.length < count && year <= MAX_YEAR; year++) {
    const events = deadlinesForYear(year);
    const start = firstOnOrAfter(events, today);
    result.push(...events.slice(start, start + count - result.length));
  }
  return result;
}
