// The fiscal calendar from its tables: each obligation's periods, their legal due dates and the dates moved past non-business days (Art. 12 CFF).
import { firstIndexWhere } from "./bisect.ts";
import { addDays, dayOfWeek, formatIsoDate, isValidIsoDate, MONTH_NAMES } from "./dates.ts";

/** Who owes an obligation, as the calendar's filters and feeds group them. */
export const PERSONAS = ["fisica", "moral", "patron"] as const;
export type Persona = (typeof PERSONAS)[number];

/** A day of the month, or its last day. */
type Day = number | "last";

/** When an occurrence falls due, from what the table's `regla_de_fecha` says. */
export type DateRule =
  /** Each month, due on `day` of the month `monthsAfter` after it. */
  | { kind: "monthly"; day: Day; monthsAfter: number }
  /** Each bimester (January–February, …), due on `day` of the month after it. */
  | { kind: "bimonthly"; day: number }
  /** Each year (the fiscal year the obligation covers), due on one or more dates `yearsAfter` it; a date per persona when they differ. */
  | { kind: "annual"; dates: readonly { month: number; day: Day; yearsAfter: number; personas?: readonly Persona[]; label?: string }[] }
  /** `days` calendar days after the due date of another obligation of the same period (the PTU after the annual return). */
  | { kind: "after"; base: string; days: number }
  /** No calendar date: the term runs from an act (a payment) or depends on the taxpayer (the RFC's sixth digit). */
  | { kind: "none"; why: string };

/**
 * What happens when the due date is not a business day. `cff12`: the next business day for the SAT (weekends, the days
 * of CFF Art. 12 and the days the SAT declares inhábiles); `lss9-cff12`: the same by the LSS's reference to the CFF,
 * with the CFF's own days only; `racerf3`: the next business day, and past a Friday too; `none`: the date stays.
 */
export type MoveRule = "cff12" | "lss9-cff12" | "racerf3" | "none";

/** One obligation of the table, with what the calendar computes from it. */
export interface Obligation {
  id: string;
  /** Small integer, stable per obligation: the kind part of the /calendario/proximos ids. */
  code: number;
  institucion: string;
  obligacion: string;
  quien: string;
  personas: readonly Persona[];
  reglaDeFecha: string;
  siInhabil: string;
  fundamento: string;
  rule: DateRule;
  move: MoveRule;
  /** A payment of contributions: CFF Art. 12 also moves it past a Friday and a bank closure when paid at a bank. */
  payment: boolean;
}

/**
 * What a listed day is: `cff` a holiday of CFF Art. 12; `sat` a day the SAT declares inhábil (RMF 2.1.6); `vacaciones`
 * a SAT vacation day (returns and payments still run, CFF Art. 12 2nd paragraph); `bancario` a bank closure; `lft` a
 * labour rest day the CFF does not list.
 */
export type DayKind = "cff" | "sat" | "vacaciones" | "bancario" | "lft";

export interface NonBusinessDay {
  date: string;
  kinds: readonly DayKind[];
}

/** One occurrence of an obligation: its period, its legal date and the date moved by a non-business day. */
export interface Occurrence {
  id: string;
  obligacion: string;
  titulo: string;
  institucion: string;
  quien: string;
  personas: Persona[];
  periodo: string;
  fechaOriginal: string;
  /** The due date after Art. 12 CFF; null when the non-business days of a year it reaches are not held. */
  fecha: string | null;
  recorrida: boolean;
  /** A payment made at a bank: also past a Friday and a bank closure (CFF Art. 12, 5th paragraph); null otherwise. */
  fechaPagoEnBanco: string | null;
  diasInhabilesConocidos: boolean;
  nota: string | null;
  siInhabil: string;
  fundamento: string;
  reglaDeFecha: string;
}

export interface CalendarTables {
  obligations: readonly Obligation[];
  days: readonly NonBusinessDay[];
  /** The years whose non-business days the table holds. */
  years: readonly number[];
}

const SATURDAY = 6;
const SUNDAY = 0;
const FRIDAY = 5;
const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;
const CFF_12 = "CFF art. 12, 5º párr.";

/** The provision each way of moving a date rests on, as a note cites it. */
const MOVED_BY: Record<MoveRule, string> = {
  cff12: CFF_12,
  "lss9-cff12": "LSS art. 9 y CFF art. 12, por inferencia",
  racerf3: "RACERF art. 3",
  none: "",
};

export const yearOf = (date: string): number => Number(date.slice(0, 4));

/** "sábado 17 de enero de 2026". */
function describeDate(date: string): string {
  const month = MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? "";
  return `${WEEKDAYS[dayOfWeek(date)] ?? ""} ${Number(date.slice(8, 10))} de ${month} de ${date.slice(0, 4)}`;
}

/** The date of `day` in a month counted from (year, month); month may run past 12. */
function dayIn(year: number, month: number, day: Day): string {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  return day === "last" ? formatIsoDate(y, m + 1, 0) : formatIsoDate(y, m, day);
}

/** One period of an obligation before its dates are moved. */
interface Period {
  key: string;
  label: string;
  nominal: string;
  personas?: readonly Persona[];
}

function periodsOf(o: Obligation, year: number): Period[] {
  const r = o.rule;
  switch (r.kind) {
    case "monthly":
      return MONTH_NAMES.map((name, i) => ({
        key: `${year}-${String(i + 1).padStart(2, "0")}`,
        label: `${name} de ${year}`,
        nominal: dayIn(year, i + 1 + r.monthsAfter, r.day),
      }));
    case "bimonthly":
      return [1, 2, 3, 4, 5, 6].map((b) => ({
        key: `${year}-B${b}`,
        label: `bimestre ${MONTH_NAMES[2 * b - 2]}-${MONTH_NAMES[2 * b - 1]} de ${year}`,
        nominal: dayIn(year, 2 * b + 1, r.day),
      }));
    case "annual":
      return r.dates.map((d) => ({
        key: d.label === undefined ? String(year) : `${year}-${d.label}`,
        label: d.label === undefined ? `ejercicio ${year}` : `ejercicio ${year}, ${d.label.replaceAll("-", " ")}`,
        nominal: dayIn(year + d.yearsAfter, d.month, d.day),
        ...(d.personas !== undefined && { personas: d.personas }),
      }));
    case "after":
    case "none":
      return [];
  }
}

/** The calendar of the tables: occurrences by year, computed once per year and frozen. */
export class FiscalCalendar {
  private readonly fiscal: ReadonlySet<string>;
  private readonly cff: ReadonlySet<string>;
  private readonly banks: ReadonlySet<string>;
  private readonly held: ReadonlySet<number>;
  private readonly byId: ReadonlyMap<string, Obligation>;
  private readonly cache = new Map<number, readonly Occurrence[]>();
  /** The first and last year served: the table's years and the one after (whose dates stay unmoved). */
  readonly firstYear: number;
  readonly lastYear: number;

  constructor(readonly tables: CalendarTables) {
    const having = (...kinds: DayKind[]): Set<string> =>
      new Set(tables.days.filter((d) => d.kinds.some((k) => kinds.includes(k))).map((d) => d.date));
    this.fiscal = having("cff", "sat");
    this.cff = having("cff");
    this.banks = having("bancario");
    this.held = new Set(tables.years);
    this.byId = new Map(tables.obligations.map((o) => [o.id, o]));
    this.firstYear = Math.min(...tables.years);
    this.lastYear = Math.max(...tables.years) + 1;
  }

  /** Whether the year's non-business days are held. */
  holds(year: number): boolean {
    return this.held.has(year);
  }

  /** Moves a date forward while `skip` says so; null as soon as it reaches a year whose days are not held. */
  private forward(date: string, skip: (d: string) => boolean): string | null {
    let day = date;
    for (;;) {
      if (!this.held.has(yearOf(day))) return null;
      if (!skip(day)) return day;
      day = addDays(day, 1);
    }
  }

  private weekend = (d: string): boolean => dayOfWeek(d) === SATURDAY || dayOfWeek(d) === SUNDAY;

  /** The due date after the obligation's rule for non-business days. */
  moved(o: Obligation, nominal: string): string | null {
    switch (o.move) {
      case "none":
        return nominal;
      case "cff12":
        return this.forward(nominal, (d) => this.weekend(d) || this.fiscal.has(d));
      case "lss9-cff12":
        return this.forward(nominal, (d) => this.weekend(d) || this.cff.has(d));
      case "racerf3":
        return this.forward(nominal, (d) => this.weekend(d) || this.cff.has(d) || dayOfWeek(d) === FRIDAY);
    }
  }

  /** A payment at a bank: past non-business days, Fridays and bank closures (CFF Art. 12, 5th paragraph). */
  private atBank(o: Obligation, date: string | null): string | null {
    if (!o.payment || date === null) return null;
    const closed = o.move === "cff12" ? this.fiscal : this.cff;
    return this.forward(date, (d) => this.weekend(d) || closed.has(d) || this.banks.has(d) || dayOfWeek(d) === FRIDAY);
  }

  private occurrence(o: Obligation, p: Period, fechaOriginal: string, fecha: string | null, known: boolean): Occurrence {
    const bank = this.atBank(o, fecha);
    let nota: string | null = null;
    if (!known) {
      nota =
        `Fiscal MX no tiene los días inhábiles de ${yearOf(fechaOriginal)}: la fecha no se recorre. ` +
        `Si el ${describeDate(fechaOriginal)} resulta inhábil, el plazo pasa al siguiente día hábil (${CFF_12}).`;
    } else if (fecha !== null && fecha !== fechaOriginal) {
      nota = `El ${describeDate(fechaOriginal)} no es día hábil: el plazo se prorroga al ${describeDate(fecha)} (${MOVED_BY[o.move]}).`;
    }
    return {
      id: `${o.id}:${p.key}`,
      obligacion: o.id,
      titulo: `${o.obligacion} — ${p.label}`,
      institucion: o.institucion,
      quien: o.quien,
      personas: [...(p.personas ?? o.personas)],
      periodo: p.label,
      fechaOriginal,
      fecha,
      recorrida: fecha !== null && fecha !== fechaOriginal,
      fechaPagoEnBanco: bank,
      diasInhabilesConocidos: known,
      nota,
      siInhabil: o.siInhabil,
      fundamento: o.fundamento,
      reglaDeFecha: o.reglaDeFecha,
    };
  }

  /** Every occurrence of the obligations for the periods of `periodYear`, whatever year they fall due in. */
  private periodOccurrences(o: Obligation, periodYear: number): Occurrence[] {
    if (o.rule.kind === "after") {
      const { base, days } = o.rule;
      const of = this.byId.get(base);
      if (of === undefined) throw new Error(`${o.id}: base obligation ${base} is not in the table`);
      return this.periodOccurrences(of, periodYear).map((b) => {
        const original = addDays(b.fechaOriginal, days);
        const fecha = b.fecha === null ? null : addDays(b.fecha, days);
        const key = b.id.slice(b.id.indexOf(":") + 1);
        return this.occurrence(o, { key, label: b.periodo, nominal: original }, original, fecha, b.fecha !== null);
      });
    }
    return periodsOf(o, periodYear).map((p) => {
      const fecha = this.moved(o, p.nominal);
      return this.occurrence(o, p, p.nominal, fecha, fecha !== null || o.move === "none");
    });
  }

  /** Every occurrence due in `year` (by its moved date, or its legal one when that is unknown), by date, then obligation code. */
  year(year: number): readonly Occurrence[] {
    if (!Number.isInteger(year) || year < this.firstYear || year > this.lastYear) {
      throw new RangeError(`year outside ${this.firstYear}–${this.lastYear}: ${year}`);
    }
    const cached = this.cache.get(year);
    if (cached !== undefined) return cached;
    const code = new Map(this.tables.obligations.map((o) => [o.id, o.code]));
    // Deadlines due in a year cover periods of that year or of the two before it (an annual return of the year before).
    const all = [year - 2, year - 1, year]
      .flatMap((py) => this.tables.obligations.flatMap((o) => this.periodOccurrences(o, py)))
      .filter((e) => yearOf(dueDate(e)) === year)
      .sort((a, b) => {
        const da = dueDate(a);
        const db = dueDate(b);
        if (da !== db) return da < db ? -1 : 1;
        const ca = code.get(a.obligacion) ?? 0;
        const cb = code.get(b.obligacion) ?? 0;
        return ca !== cb ? ca - cb : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      });
    const frozen = Object.freeze(all.map((e) => Object.freeze(e)));
    this.cache.set(year, frozen);
    return frozen;
  }

  /** Occurrences due from `from` to `to` (YYYY-MM-DD, inclusive) that pass `keep`, in the order of `year`. */
  between(from: string, to: string, keep: (e: Occurrence) => boolean = () => true): Occurrence[] {
    const out: Occurrence[] = [];
    for (let y = Math.max(yearOf(from), this.firstYear); y <= Math.min(yearOf(to), this.lastYear); y++) {
      for (const e of this.year(y)) {
        const due = dueDate(e);
        if (due >= from && due <= to && keep(e)) out.push(e);
      }
    }
    return out;
  }

  /** The next `count` occurrences due on or after `today`, within the years served. */
  next(today: string, count: number): Occurrence[] {
    if (!isValidIsoDate(today)) throw new RangeError(`Not a YYYY-MM-DD date: ${today}`);
    const out: Occurrence[] = [];
    for (let y = Math.max(yearOf(today), this.firstYear); out.length < count && y <= this.lastYear; y++) {
      const events = this.year(y);
      const start = firstIndexWhere(events.length, (i) => dueDate(events[i] as Occurrence) >= today);
      out.push(...events.slice(start, start + count - out.length));
    }
    return out;
  }
}

/** The date an occurrence is due: moved, or its legal date when the year's non-business days are not held. */
export const dueDate = (e: Occurrence): string => e.fecha ?? e.fechaOriginal;
