// Staleness rules of the status document, on fixed dates.
import { describe, expect, it } from "vitest";
import { fxStaleness, inpcStaleness, yearlyStaleness } from "../build/status.ts";
import { weekdaysAfter } from "../lib/dates.ts";

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
