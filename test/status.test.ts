// Staleness rules of the status document, on fixed dates.
import { describe, expect, it } from "vitest";
import { inpcStaleness, seriesStaleness, STALE_FROM_CADENCE, yearlyStaleFrom, yearlyStaleness } from "../build/status.ts";
import { addDays, nextPeriod, weekdaysAfter } from "../core/dates.ts";
import { SERVED_SERIES, SIE_SERIES, type SieSeriesConfig } from "../lib/datasets/series.ts";
import { monthlyStaleFrom } from "../lib/datasets/entry.ts";
import { DATASETS } from "../lib/datasets/tables.ts";

const fxStaleness = (latest: string, asOf: string): string | null => seriesStaleness(SIE_SERIES.fx, latest, asOf);
const inpcStaleFrom = (period: string): string => monthlyStaleFrom(DATASETS.inpc.status.cadence, period);

describe("staleness", () => {
  it("FIX: more than 4 business days behind the as-of date", () => {
    expect(weekdaysAfter("2025-11-21", "2025-11-27")).toBe(4); // Mon–Thu
    expect(fxStaleness("2025-11-21", "2025-11-27")).toBeNull();
    expect(fxStaleness("2025-11-21", "2025-11-28")).toContain("5 días hábiles");
    expect(fxStaleness("2025-11-21", "2025-11-23")).toBeNull(); // a weekend does not count
  });

  it("INPC: more than 45 days after the end of the month following the last period", () => {
    expect(inpcStaleness("2026-08", "2026-11-14")).toBeNull();
    expect(inpcStaleness("2026-08", "2026-11-15")).toContain("2026-11-14");
    expect(inpcStaleness("2025-11", "2026-02-14")).toBeNull(); // December ends 2025-12-31, + 45 days
    expect(inpcStaleness("2025-11", "2026-02-15")).not.toBeNull();
  });

  it("yearly tables: the current year missing after its publication", () => {
    expect(yearlyStaleness(2026, "2027-01-31", "02-01", "la UMA")).toBeNull();
    expect(yearlyStaleness(2026, "2027-02-01", "02-01", "la UMA")).toContain("2027");
    expect(yearlyStaleness(2026, "2027-01-01", "01-01", "la tarifa de ISR")).not.toBeNull();
    expect(yearlyStaleness(2026, "2026-12-31", "01-01", "la tarifa de ISR")).toBeNull();
  });
});

describe("the first stale day, derived from each cadence", () => {
  /** staleFrom is the first day the rule calls the data stale: the day before it is fresh. */
  const firstStaleDay = (rule: (latest: string, asOf: string) => string | null, latest: string, from: string): void => {
    expect(rule(latest, addDays(from, -1)), `${latest}: ${addDays(from, -1)}`).toBeNull();
    expect(rule(latest, from), `${latest}: ${from}`).not.toBeNull();
  };

  it("banking days (FIX, TIIE 28, TIIE de fondeo): the fifth weekday after the latest date, for every day of a year", () => {
    expect(STALE_FROM_CADENCE["banking-day"]("2025-11-21")).toBe("2025-11-28"); // Fri → the next Friday
    const banking = SERVED_SERIES.filter((k) => SIE_SERIES[k].cadence === "banking-day");
    expect(banking).toEqual(["fx", "tiie-28", "tiie-fondeo"]);
    for (const key of banking) {
      const s: SieSeriesConfig = SIE_SERIES[key];
      for (let day = "2026-01-01"; day < "2027-01-01"; day = addDays(day, 1))
        firstStaleDay((l, a) => seriesStaleness(s, l, a), day, STALE_FROM_CADENCE[s.cadence](day));
    }
  });

  it("every calendar day (UDI): the day after its latest value", () => {
    expect(STALE_FROM_CADENCE.daily("2025-11-30")).toBe("2025-12-01");
    firstStaleDay((l, a) => seriesStaleness(SIE_SERIES.udi, l, a), "2025-11-30", STALE_FROM_CADENCE.daily("2025-11-30"));
  });

  it("INPC: the 46th day after the end of the month following the last period, for every month of two years", () => {
    expect(inpcStaleFrom("2026-08")).toBe("2026-11-15");
    for (let period = "2025-01"; period < "2027-01"; period = nextPeriod(period))
      firstStaleDay(inpcStaleness, period, inpcStaleFrom(period));
  });

  it("yearly tables: the due day of the next year", () => {
    expect(yearlyStaleFrom(2026, "02-01")).toBe("2027-02-01");
    const rule = (latest: string, asOf: string) => yearlyStaleness(Number(latest), asOf, "02-01", "la UMA");
    firstStaleDay(rule, "2026", yearlyStaleFrom(2026, "02-01"));
  });
});
