// Dated observations of a Banxico series (FIX, UDI, TIIE) and their lookups: by date, on or before, ranges.
import { firstIndexWhere } from "./bisect.ts";
import { addDays } from "./dates.ts";

/** One published value: a calendar date (YYYY-MM-DD) and the value Banxico gives for it. */
export interface DatedValue {
  date: string;
  value: number;
}

/**
 * Observations ordered by date (strictly increasing, as the sources' checks guarantee), searched by
 * bisection: every lookup is O(log n), so a request never scans the 35 years of a series.
 */
export class Series<T extends DatedValue = DatedValue> {
  constructor(readonly observations: readonly T[]) {}

  get length(): number {
    return this.observations.length;
  }

  get first(): T | undefined {
    return this.observations[0];
  }

  get last(): T | undefined {
    return this.observations.at(-1);
  }

  /** Index of the first observation dated on or after `date` (length when none). */
  lowerBound(date: string): number {
    return firstIndexWhere(this.observations.length, (i) => this.observations[i]!.date >= date);
  }

  /** Index of the first observation dated after `date` (length when none). */
  upperBound(date: string): number {
    return firstIndexWhere(this.observations.length, (i) => this.observations[i]!.date > date);
  }

  /** Index of the observation dated `date`, or -1. */
  indexOf(date: string): number {
    const i = this.lowerBound(date);
    return this.observations[i]?.date === date ? i : -1;
  }

  /** The observation of that exact date. */
  at(date: string): T | undefined {
    const i = this.indexOf(date);
    return i < 0 ? undefined : this.observations[i];
  }

  /** The latest observation dated on or before `date`. */
  onOrBefore(date: string): T | undefined {
    const i = this.lowerBound(date);
    return this.observations[i]?.date === date ? this.observations[i] : this.observations[i - 1];
  }

  /** The latest observation dated strictly before `date`. */
  before(date: string): T | undefined {
    return this.observations[this.lowerBound(date) - 1];
  }

  /** [start, end) indices of the observations dated within from..to (inclusive; either bound may be open). */
  rangeIndices(from: string | undefined, to: string | undefined): [number, number] {
    const start = from === undefined ? 0 : this.lowerBound(from);
    // Not lowerBound(to + 1 day): the day after 9999-12-31 is no longer a four-digit year, and sorts first.
    const end = to === undefined ? this.observations.length : this.upperBound(to);
    return [start, Math.max(start, end)];
  }

  /** The observations dated within from..to, inclusive, oldest first. */
  range(from: string | undefined, to: string | undefined): T[] {
    const [start, end] = this.rangeIndices(from, to);
    return this.observations.slice(start, end);
  }

  /** The observations dated within the `days` calendar days that end on the latest date (inclusive), oldest first. */
  lastDays(days: number): T[] {
    const [start, end] = this.lastDaysIndices(days);
    return this.observations.slice(start, end);
  }

  /** [start, end) indices of lastDays(days). */
  lastDaysIndices(days: number): [number, number] {
    const last = this.last;
    return last === undefined ? [0, 0] : this.rangeIndices(addDays(last.date, -(days - 1)), undefined);
  }
}

/**
 * Why a well-formed date has no observation (Spanish, for a 404), naming the nearest earlier date
 * that has one. `what` names the value ("FIX", "valor de la UDI", …).
 */
export function missingDateDetail(series: Series, date: string, what: string): string {
  const first = series.first;
  const last = series.last;
  if (first === undefined || last === undefined) return `No hay observaciones de ${what}.`;
  if (date < first.date) return `No hay ${what} para el ${date}: la serie empieza el ${first.date}.`;
  if (date > last.date) return `No hay ${what} para el ${date}: el último publicado es del ${last.date}.`;
  const earlier = series.before(date)!;
  return `No hay ${what} para el ${date} (día inhábil o sin publicación); la fecha anterior más cercana con ${what} es el ${earlier.date}.`;
}
