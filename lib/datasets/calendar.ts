// The fiscal calendar of the API: built from the two tables of sources/, as years, ranges with filters and the /calendario/proximos events.
import { dueDate, FiscalCalendar, PERSONAS, yearOf, type Occurrence, type Persona } from "../../core/calendar.ts";
import type { CalendarioFiscal } from "../../core/calendar-schemas.ts";
import type { DayKind } from "../../core/calendar.ts";
import { addDays, formatIsoDate } from "../../core/dates.ts";
import type { CalendarEvent, Institution } from "../../core/schemas.ts";
import { calendarDays, kindsOf, nonBusinessDays, nonBusinessYears, type NonBusinessDayRow } from "../../sources/dias-inhabiles.ts";
import { calendarObligations, obligations, undatedReason, type ObligationRow } from "../../sources/obligaciones.ts";

export { PERSONAS };

/** The longest range /calendario answers: two years (hasta before desde + 2 years). */
export const MAX_RANGE_YEARS = 2;

/** The `institucion` filter's values, and the table's institution each names. */
export const INSTITUTION_FILTERS = { sat: "SAT", imss: "IMSS", infonavit: "INFONAVIT", lft: "STPS/LFT" } as const;
export type InstitutionFilter = keyof typeof INSTITUTION_FILTERS;

const calendars = new WeakMap<readonly ObligationRow[], Map<readonly NonBusinessDayRow[], FiscalCalendar>>();

/** The calendar of two tables' rows, made once per pair (the build's checked rows, or the tables as the functions bundle them). */
export function calendarOf(
  obligationRows: readonly ObligationRow[] = obligations.rows,
  dayRows: readonly NonBusinessDayRow[] = nonBusinessDays.rows,
): FiscalCalendar {
  let byDays = calendars.get(obligationRows);
  if (byDays === undefined) {
    byDays = new Map();
    calendars.set(obligationRows, byDays);
  }
  let calendar = byDays.get(dayRows);
  if (calendar === undefined) {
    calendar = new FiscalCalendar({
      obligations: calendarObligations(obligationRows),
      days: calendarDays(dayRows),
      years: nonBusinessYears(dayRows),
    });
    byDays.set(dayRows, calendar);
  }
  return calendar;
}

/** The years a span of dates reaches whose non-business days the table does not hold. */
const unheldYears = (calendar: FiscalCalendar, from: string, to: string): number[] => {
  const years: number[] = [];
  for (let y = yearOf(from); y <= yearOf(to); y++) if (!calendar.holds(y)) years.push(y);
  return years;
};

/** The body of /calendario/{year}. */
export function calendarYear(calendar: FiscalCalendar, year: number): CalendarioFiscal {
  const desde = `${year}-01-01`;
  const hasta = `${year}-12-31`;
  return { desde, hasta, aniosSinDiasInhabiles: unheldYears(calendar, desde, hasta), vencimientos: [...calendar.year(year)] };
}

export interface RangeFilters {
  institucion?: InstitutionFilter;
  persona?: Persona;
  obligacion?: string;
}

/** Why a range cannot be answered: a 400 (malformed) or a 404 (outside the years served), in Spanish. */
export class RangeProblem extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

/** The body of /calendario?desde=&hasta=: the range checked (at most two years, within the years served), then filtered. */
export function calendarRange(calendar: FiscalCalendar, desde: string, hasta: string, filters: RangeFilters): CalendarioFiscal {
  if (filters.obligacion !== undefined && !calendar.tables.obligations.some((o) => o.id === filters.obligacion)) {
    throw new RangeProblem(
      400,
      `No hay obligación ${filters.obligacion}: los ids están en /api/v1/public/dumps/obligaciones-periodicas.json.`,
    );
  }
  if (hasta < desde) throw new RangeProblem(400, `hasta (${hasta}) es anterior a desde (${desde}).`);
  const limit = addDays(formatIsoDate(yearOf(desde) + MAX_RANGE_YEARS, Number(desde.slice(5, 7)), Number(desde.slice(8, 10))), -1);
  if (hasta > limit) {
    throw new RangeProblem(
      400,
      `El intervalo puede abarcar hasta ${MAX_RANGE_YEARS} años: con desde=${desde}, hasta puede llegar al ${limit}.`,
    );
  }
  const first = `${calendar.firstYear}-01-01`;
  const last = `${calendar.lastYear}-12-31`;
  if (desde > last || hasta < first) {
    throw new RangeProblem(404, `Fiscal MX tiene el calendario del ${first} al ${last}; el intervalo pedido queda fuera.`);
  }
  const from = desde < first ? first : desde;
  const to = hasta > last ? last : hasta;
  const institution = filters.institucion === undefined ? undefined : INSTITUTION_FILTERS[filters.institucion];
  const keep = (e: Occurrence): boolean =>
    (institution === undefined || e.institucion === institution) &&
    (filters.persona === undefined || e.personas.includes(filters.persona)) &&
    (filters.obligacion === undefined || e.obligacion === filters.obligacion);
  return { desde: from, hasta: to, aniosSinDiasInhabiles: unheldYears(calendar, from, to), vencimientos: calendar.between(from, to, keep) };
}

/** The numeric id of /calendario/proximos: obligation code × 1,000,000 + year × 100 + month, bimester, or 0 for a year (the month due, per persona). */
function numericId(code: number, e: Occurrence): number {
  const key = e.id.slice(e.id.indexOf(":") + 1);
  const year = Number(key.slice(0, 4));
  const rest = key.slice(5);
  const part = /^\d{2}$/.test(rest)
    ? Number(rest)
    : rest.startsWith("B")
      ? Number(rest.slice(1))
      : rest === ""
        ? 0
        : Number(e.fechaOriginal.slice(5, 7));
  return code * 1_000_000 + year * 100 + part;
}

/** An occurrence as the CalendarEvent of /calendario/proximos (the API contract): its due date, institution and what it asks, with why it moved. */
function toEvent(calendar: FiscalCalendar, e: Occurrence): CalendarEvent {
  const code = calendar.tables.obligations.find((o) => o.id === e.obligacion)?.code ?? 0;
  const bank =
    e.fechaPagoEnBanco !== null && e.fechaPagoEnBanco !== e.fecha ? ` Pagado en banco: ${e.fechaPagoEnBanco} (Art. 12 CFF).` : "";
  return {
    id: numericId(code, e),
    title: e.titulo,
    date: dueDate(e),
    category: e.institucion as Institution,
    summary: `${e.quien}. ${e.fundamento}.${e.nota === null ? "" : ` ${e.nota}`}${bank}`,
  };
}

/** The next `count` deadlines due on or after `today` (Mexico City), as /calendario/proximos gives them. */
export function nextDeadlines(today: string, count = 10, calendar = calendarOf()): CalendarEvent[] {
  return calendar.next(today, count).map((e) => toEvent(calendar, e));
}

/** A row of the obligations' dump: the table's columns, who owes it, and why it has no calendar dates (null when it has). */
interface ObligacionPeriodica extends Omit<ObligationRow, "row"> {
  personas: Persona[];
  sinFecha: string | null;
}

/** A row of the non-business days' dump: the table's columns and what kind of day it is. */
interface DiaInhabil extends Omit<NonBusinessDayRow, "row"> {
  clases: DayKind[];
}

/** The obligations' dump rows: the table as compiled, with who owes each and why one has no calendar dates. */
export function obligationRecords(rows: readonly ObligationRow[]): ObligacionPeriodica[] {
  const personas = new Map(calendarObligations(rows).map((o) => [o.id, [...o.personas]]));
  return rows.map(({ row: _row, ...r }) => ({ ...r, personas: personas.get(r.id) ?? [], sinFecha: undatedReason(r.id) ?? null }));
}

/** The non-business days' dump rows, each with what kind of day it is. */
export const nonBusinessRecords = (rows: readonly NonBusinessDayRow[]): DiaInhabil[] =>
  rows.map(({ row: _row, ...r }) => ({ ...r, clases: kindsOf({ row: 0, ...r }) }));
