// Staleness rules of the status document, one per kind of cadence (lib/datasets/staleness.ts), on fixed dates.
import { describe, expect, it } from "vitest";
import { addDays, nextPeriod, weekdaysAfter } from "../core/dates.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness, type Cadence } from "../lib/datasets/staleness.ts";

const cadenceOf = (id: string): Cadence => DEFINITIONS.find((d) => d.id === id)!.cadence;
const reason = (id: string, latest: string, asOf: string): string | null => staleness(cadenceOf(id), latest, asOf).staleReason;
/** The first stale day depends on the data alone: any as-of date gives it. */
const staleFrom = (id: string, latest: string): string | null => staleness(cadenceOf(id), latest, "2000-01-01").staleFrom;
/** A yearly table's rule with another due day and words (the ISR tariff's rule is the UMA's with 01-01). */
const yearly = (due: string, what: string): Cadence => ({ kind: "yearly", due, what, years: () => [] });

describe("staleness", () => {
  it("FIX: more than 4 business days behind the as-of date", () => {
    expect(weekdaysAfter("2025-11-21", "2025-11-27")).toBe(4); // Mon–Thu
    expect(reason("fx", "2025-11-21", "2025-11-27")).toBeNull();
    expect(reason("fx", "2025-11-21", "2025-11-28")).toContain("5 días hábiles");
    expect(reason("fx", "2025-11-21", "2025-11-23")).toBeNull(); // a weekend does not count
  });

  it("INPC: more than 45 days after the end of the month following the last period", () => {
    expect(reason("inpc", "2026-08", "2026-11-14")).toBeNull();
    expect(reason("inpc", "2026-08", "2026-11-15")).toContain("2026-11-14");
    expect(reason("inpc", "2025-11", "2026-02-14")).toBeNull(); // December ends 2025-12-31, + 45 days
    expect(reason("inpc", "2025-11", "2026-02-15")).not.toBeNull();
  });

  it("yearly tables: the current year missing after its publication", () => {
    expect(staleness(yearly("02-01", "la UMA"), "2026", "2027-01-31").staleReason).toBeNull();
    expect(staleness(yearly("02-01", "la UMA"), "2026", "2027-02-01").staleReason).toContain("2027");
    expect(staleness(yearly("01-01", "la tarifa de ISR"), "2026", "2027-01-01").staleReason).not.toBeNull();
    expect(staleness(yearly("01-01", "la tarifa de ISR"), "2026", "2026-12-31").staleReason).toBeNull();
  });

  it("a table by version is never stale; a dataset without records is, with no first stale day", () => {
    expect(staleness(cadenceOf("resico"), null, "2099-01-01")).toEqual({ staleReason: null, staleFrom: null });
    expect(staleness(cadenceOf("fx"), null, "2026-01-01")).toEqual({ staleReason: "sin observaciones", staleFrom: null });
    expect(staleness(cadenceOf("inpc"), null, "2026-01-01")).toEqual({ staleReason: "sin observaciones", staleFrom: null });
  });

  it("a SAT sheet: stale from the first revision SAT published after the one raw/ holds", () => {
    expect(staleness(cadenceOf("cfdi-clave-prod-serv"), "99", "2020-01-01")).toMatchObject({ staleFrom: "2022-12-21" });
    expect(staleness(cadenceOf("cfdi-uso"), "S01", "2099-01-01")).toEqual({ staleReason: null, staleFrom: null });
  });
});

describe("the first stale day, derived from each cadence", () => {
  /** staleFrom is the first day the rule calls the data stale: the day before it is fresh. */
  const firstStaleDay = (id: string, latest: string, from: string): void => {
    expect(reason(id, latest, addDays(from, -1)), `${latest}: ${addDays(from, -1)}`).toBeNull();
    expect(reason(id, latest, from), `${latest}: ${from}`).not.toBeNull();
  };

  it("banking days (FIX, TIIE 28, TIIE de fondeo): the fifth weekday after the latest date, for every day of a year", () => {
    expect(staleFrom("fx", "2025-11-21")).toBe("2025-11-28"); // Fri → the next Friday
    const banking = DEFINITIONS.filter((d) => d.cadence.kind === "banking-day").map((d) => d.id);
    expect(banking).toEqual(["fx", "tiie-28", "tiie-fondeo"]);
    for (const id of banking) {
      for (let day = "2026-01-01"; day < "2027-01-01"; day = addDays(day, 1)) firstStaleDay(id, day, staleFrom(id, day)!);
    }
  });

  it("every calendar day (UDI): the day after its latest value", () => {
    expect(DEFINITIONS.filter((d) => d.cadence.kind === "daily").map((d) => d.id)).toEqual(["udi"]);
    expect(staleFrom("udi", "2025-11-30")).toBe("2025-12-01");
    firstStaleDay("udi", "2025-11-30", staleFrom("udi", "2025-11-30")!);
  });

  it("INPC: the 46th day after the end of the month following the last period, for every month of two years", () => {
    expect(staleFrom("inpc", "2026-08")).toBe("2026-11-15");
    for (let period = "2025-01"; period < "2027-01"; period = nextPeriod(period)) firstStaleDay("inpc", period, staleFrom("inpc", period)!);
  });

  it("yearly tables: the due day of the next year", () => {
    expect(staleness(yearly("02-01", "la UMA"), "2026", "2026-06-01").staleFrom).toBe("2027-02-01");
    expect(staleFrom("uma", "2026")).toBe("2027-02-01");
    firstStaleDay("uma", "2026", "2027-02-01");
  });
});
