// The landing page's figures, taken from the same record functions as the API so the page and the API agree.
import type { InpcObservation } from "../sources/inegi.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import { currentYear, fxHistory, fxRate, umaRecord, umaYears } from "../lib/datasets/records.ts";
import type { FxRate, UmaRecord } from "../core/schemas.ts";
import { yearBefore } from "./format.ts";

export interface InflationPoint {
  period: string;
  /** INPC of the period over the INPC twelve months earlier, minus one. */
  rate: number;
}

export interface Headline {
  fx: FxRate | undefined;
  uma: UmaRecord | undefined;
  inpc:
    | { period: string; value: number; yearBefore: { period: string; value: number } | undefined; inflation: number | undefined }
    | undefined;
}

/** Annual inflation of every month that has the index of twelve months before it, oldest first. */
export function annualInflation(inpc: InpcObservation[]): InflationPoint[] {
  const byPeriod = new Map(inpc.map((o) => [o.period, o.value]));
  const out: InflationPoint[] = [];
  for (const o of inpc) {
    const before = byPeriod.get(yearBefore(o.period));
    if (before !== undefined) out.push({ period: o.period, rate: o.value / before - 1 });
  }
  return out;
}

export function headline(d: Datasets, asOf: string): Headline {
  const lastFx = d.fx.at(-1);
  const year = currentYear(umaYears(d), asOf);
  const last = d.inpc.at(-1);
  let inpc: Headline["inpc"];
  if (last) {
    const prevPeriod = yearBefore(last.period);
    const prev = d.inpc.find((o) => o.period === prevPeriod);
    inpc = {
      period: last.period,
      value: last.value,
      yearBefore: prev ? { period: prev.period, value: prev.value } : undefined,
      inflation: prev ? last.value / prev.value - 1 : undefined,
    };
  }
  return { fx: lastFx ? fxRate(lastFx) : undefined, uma: year === undefined ? undefined : umaRecord(d, year), inpc };
}

/** The FIX of the 365 days ending on the latest published date: exactly /fx/history?days=365. */
export const fxYear = (d: Datasets): FxRate[] => fxHistory(d.fx, 365);
