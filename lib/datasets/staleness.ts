// When a dataset goes stale, one rule per kind of cadence: a series by banking day or by calendar day, a monthly feed, a yearly table, a table by version, a SAT sheet by its revisions.
import { addDays, endOfMonth, isWeekend, weekdaysAfter, yearOf } from "../../core/dates.ts";
import { behindReason, NEWER_SAT_REVISIONS } from "../../sources/sat-revisions.ts";
import type { MonthlyCadence, VersionCadence, YearlyCadence } from "./entry.ts";

/**
 * A Banxico series (sources/sie-series.ts names its cadence). `banking-day`: stale when more than 4 business days
 * (weekdays) behind the as-of date. `daily`: Banxico publishes the values ahead of the days they apply to (the
 * UDI), so a missing value for the as-of date is late.
 */
interface SeriesCadence<K extends "banking-day" | "daily"> {
  kind: K;
  /** What one value is called ("No hay FIX para …"). */
  noun: string;
  /** The latest value ("el último FIX"). */
  latestNoun: string;
}

/** A SAT sheet: stale from the first revision SAT published after the one raw/ holds, if one is known (sources/sat-revisions.ts). */
interface RevisionCadence {
  kind: "revision";
  rawFile: string;
}

export type Cadence =
  | SeriesCadence<"banking-day">
  | SeriesCadence<"daily">
  | MonthlyCadence
  | YearlyCadence
  | VersionCadence
  | RevisionCadence;
export type CadenceKind = Cadence["kind"];

/**
 * What a dataset's latest date, period or year says as of a date: why it is stale (null while fresh), and the
 * first day (Mexico City) it counts as stale, a fact of the data alone, true whenever it is read.
 */
export interface Verdict {
  staleReason: string | null;
  staleFrom: string | null;
}

const FRESH: Verdict = { staleReason: null, staleFrom: null };
const EMPTY: Verdict = { staleReason: "sin observaciones", staleFrom: null };

/** The fifth weekday after a date. */
function fifthWeekdayAfter(latest: string): string {
  let day = latest;
  for (let weekdays = 0; weekdays < 5; ) {
    day = addDays(day, 1);
    if (!isWeekend(day)) weekdays++;
  }
  return day;
}

/** The last day a monthly feed may go without the period after `lastPeriod`. */
const monthlyDue = (c: MonthlyCadence, lastPeriod: string): string => addDays(endOfMonth(lastPeriod, 1), c.lagDays);

type Rule<K extends CadenceKind> = (c: Extract<Cadence, { kind: K }>, latest: string | null, asOf: string) => Verdict;

/** The one rule of each kind of cadence, from the dataset's latest date (series), period (monthly) or year (yearly). */
const RULES: { [K in CadenceKind]: Rule<K> } = {
  "banking-day": (c, latest, asOf) => {
    if (latest === null) return EMPTY;
    const behind = weekdaysAfter(latest, asOf);
    const reason = behind > 4 ? `${c.latestNoun} (${latest}) está ${behind} días hábiles detrás de la fecha de corte ${asOf}` : null;
    return { staleReason: reason, staleFrom: fifthWeekdayAfter(latest) };
  },
  daily: (c, latest, asOf) =>
    latest === null
      ? EMPTY
      : {
          staleReason: latest < asOf ? `no hay ${c.noun} para la fecha de corte ${asOf}; el último es del ${latest}` : null,
          staleFrom: addDays(latest, 1),
        },
  // Due `lagDays` days after the end of the month that follows the last period, stale the day after.
  monthly: (c, latest, asOf) => {
    if (latest === null) return EMPTY;
    const due = monthlyDue(c, latest);
    return {
      staleReason: asOf > due ? `falta ${c.what} posterior a ${latest}, esperado a más tardar el ${due}` : null,
      staleFrom: addDays(due, 1),
    };
  },
  // Stale once the as-of year has no row and that year's publication is due; from the due day of the year after the latest.
  yearly: (c, latest, asOf) => {
    const year = yearOf(asOf);
    const latestYear = latest === null ? 0 : Number(latest);
    const due = `${year}-${c.due}`;
    return {
      staleReason: latestYear < year && asOf >= due ? `falta ${c.what} de ${year} (se publica antes del ${due})` : null,
      staleFrom: latest === null ? null : `${latestYear + 1}-${c.due}`,
    };
  },
  // A table that changes only with a reform of its law: never stale by the calendar.
  version: () => FRESH,
  revision: (c) => {
    const reason = behindReason(c.rawFile);
    const first = NEWER_SAT_REVISIONS[c.rawFile]?.dates[0];
    return reason === null || first === undefined ? FRESH : { staleReason: reason, staleFrom: first };
  },
};

/** A dataset's staleness as of `asOf` by the rule of its cadence's kind; `latest` null when it has no records. */
export const staleness = <C extends Cadence>(c: C, latest: string | null, asOf: string): Verdict =>
  (RULES[c.kind] as (c: C, latest: string | null, asOf: string) => Verdict)(c, latest, asOf);
