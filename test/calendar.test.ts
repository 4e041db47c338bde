// Tests for the fiscal calendar (deadlines, business-day rules, ids) and the Mexico City date helpers.
import { describe, it, expect } from "vitest";
import {
  deadlinesForYear,
  easterSunday,
  eventId,
  holidaysForYear,
  isBusinessDay,
  nextDeadlines,
  nthWeekdayOfMonth,
} from "../core/calendar.ts";
import type { CalendarEvent } from "../core/schemas.ts";
import { addDays, dayOfWeek, secondsUntilNextMidnightInMexicoCity, todayInMexicoCity } from "../core/dates.ts";

const kindOf = (event: CalendarEvent): number => Math.floor(event.id / 1_000_000);
const ofKind = (year: number, kind: number): CalendarEvent[] => deadlinesForYear(year).filter((e) => kindOf(e) === kind);
const byTitle = (year: number, title: string): CalendarEvent | undefined => deadlinesForYear(year).find((e) => e.title === title);

describe("holidays", () => {
  it("computes Easter with the Gregorian algorithm", () => {
    expect(easterSunday(2000)).toBe("2000-04-23");
    expect(easterSunday(2019)).toBe("2019-04-21");
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2285)).toBe("2285-03-22");
  });

  it("makes Holy Thursday and Good Friday non-business days for the SAT only", () => {
    expect(holidaysForYear(2025, "SAT")).toEqual(expect.arrayContaining(["2025-04-17", "2025-04-18", "2025-05-05"]));
    expect(holidaysForYear(2025, "IMSS")).not.toContain("2025-04-17");
    expect(holidaysForYear(2025, "IMSS")).not.toContain("2025-05-05");
    expect(isBusinessDay("2025-04-17", "SAT")).toBe(false);
    expect(isBusinessDay("2025-04-17", "IMSS")).toBe(true);
  });

  it("computes the Monday holidays", () => {
    expect(nthWeekdayOfMonth(2026, 2, 1, 1)).toBe("2026-02-02");
    expect(nthWeekdayOfMonth(2025, 3, 1, 3)).toBe("2025-03-17");
    expect(nthWeekdayOfMonth(2025, 11, 1, 3)).toBe("2025-11-17");
    expect(holidaysForYear(2026, "IMSS")).toEqual([
      "2026-01-01",
      "2026-02-02",
      "2026-03-16",
      "2026-05-01",
      "2026-09-16",
      "2026-11-16",
      "2026-12-25",
    ]);
    expect(holidaysForYear(2026, "SAT")).toEqual([
      "2026-01-01",
      "2026-02-02",
      "2026-03-16",
      "2026-04-02",
      "2026-04-03",
      "2026-05-01",
      "2026-05-05",
      "2026-09-16",
      "2026-11-16",
      "2026-12-25",
    ]);
  });

  it("adds October 1 every six years from 2024", () => {
    for (const rules of ["SAT", "IMSS"] as const) {
      expect(holidaysForYear(2024, rules)).toContain("2024-10-01");
      expect(holidaysForYear(2030, rules)).toContain("2030-10-01");
      expect(holidaysForYear(2025, rules)).not.toContain("2025-10-01");
      expect(holidaysForYear(2018, rules)).toContain("2018-12-01");
    }
  });

  it("treats weekends as non-business days", () => {
    expect(isBusinessDay("2026-01-17", "SAT")).toBe(false);
    expect(isBusinessDay("2026-01-18", "IMSS")).toBe(false);
    expect(isBusinessDay("2026-01-19", "SAT")).toBe(true);
  });
});

describe("deadline dates", () => {
  it("reproduces the SAT monthly deadlines of 2025", () => {
    expect(ofKind(2025, 1).map((e) => e.date)).toEqual([
      "2025-01-20",
      "2025-02-17",
      "2025-03-18",
      "2025-04-21",
      "2025-05-19",
      "2025-06-17",
      "2025-07-17",
      "2025-08-18",
      "2025-09-17",
      "2025-10-20",
      "2025-11-18",
      "2025-12-17",
    ]);
  });

  it("reproduces the SAT monthly deadlines of 2026", () => {
    expect(ofKind(2026, 1).map((e) => e.date)).toEqual([
      "2026-01-19",
      "2026-02-17",
      "2026-03-17",
      "2026-04-20",
      "2026-05-18",
      "2026-06-17",
      "2026-07-20",
      "2026-08-17",
      "2026-09-17",
      "2026-10-19",
      "2026-11-17",
      "2026-12-17",
    ]);
  });

  it("names the month covered, one month before the due date", () => {
    const october = byTitle(2026, "Pago provisional de ISR e IVA de octubre de 2026");
    expect(october).toMatchObject({ date: "2026-11-17", category: "SAT" });
    const december = byTitle(2026, "Pago provisional de ISR e IVA de diciembre de 2025");
    expect(december?.date).toBe("2026-01-19");
    expect(december?.summary).toMatch(/Art\. 12 del CFF/);
    expect(december?.summary).toMatch(/sábado 17 de enero de 2026/);
  });

  it("moves the 2022 annual return of personas morales from Friday March 31 to 2023-04-03", () => {
    const event = byTitle(2023, "Declaración anual de personas morales del ejercicio 2022");
    expect(event).toMatchObject({ date: "2023-04-03", category: "SAT" });
    expect(event?.summary).toMatch(/viernes 31 de marzo de 2023/);
  });

  it("keeps the annual return of personas físicas on April 30 when it is a business day", () => {
    expect(byTitle(2026, "Declaración anual de personas físicas del ejercicio 2025")?.date).toBe("2026-04-30");
  });

  it("dates the 2026 prima de riesgo determination 2026-03-02", () => {
    const event = byTitle(2026, "Determinación de la prima de riesgo de trabajo (siniestralidad de 2025)");
    expect(event).toMatchObject({ date: "2026-03-02", category: "IMSS" });
  });

  it("applies the LFT rest days, not Holy Week, to IMSS deadlines", () => {
    const imss2025 = ofKind(2025, 6).map((e) => e.date);
    expect(imss2025).toContain("2025-04-17");
    expect(imss2025).toContain("2025-03-18");
    expect(imss2025).toContain("2025-01-20");
  });

  it("moves the balanza only off non-business days, not off Fridays", () => {
    expect(byTitle(2025, "Balanza de comprobación de personas morales de agosto de 2025")?.date).toBe("2025-10-03");
    expect(byTitle(2025, "Balanza de comprobación de personas físicas de agosto de 2025")?.date).toBe("2025-10-06");
  });

  it("dates the bimonthly RCV and INFONAVIT payments on the 17th after each bimester", () => {
    const infonavit = ofKind(2026, 8);
    expect(infonavit.map((e) => e.date)).toEqual(["2026-01-19", "2026-03-17", "2026-05-18", "2026-07-20", "2026-09-17", "2026-11-17"]);
    expect(infonavit[0]?.title).toBe("Aportaciones y amortizaciones al INFONAVIT del bimestre noviembre-diciembre de 2025");
    expect(infonavit.every((e) => e.category === "INFONAVIT")).toBe(true);
    expect(ofKind(2026, 7).map((e) => e.date)).toEqual(infonavit.map((e) => e.date));
  });

  it("never leaves a deadline on a non-business day, nor a payment on a Friday", () => {
    for (let year = 2000; year <= 2100; year++) {
      for (const event of deadlinesForYear(year)) {
        const rules = event.category === "SAT" ? "SAT" : "IMSS";
        expect(isBusinessDay(event.date, rules), event.title).toBe(true);
        // The balanzas and the DIOT are filed on the SAT's platform, not paid at a bank: the Friday rule does not apply.
        const isFiledOnline = [4, 5, 10].includes(kindOf(event));
        if (!isFiledOnline) expect(dayOfWeek(event.date), event.title).not.toBe(5);
      }
    }
  });

  it("has the DIOT of every month on the last day of the next one (rule 4.5.1 RMF), moved past weekends and holidays", () => {
    const diot = ofKind(2026, 10);
    expect(diot).toHaveLength(12);
    expect(diot[0]).toMatchObject({
      title: "DIOT (declaración informativa de operaciones con terceros) de diciembre de 2025",
      // Saturday 2026-01-31 → Monday 02-02 is Constitution Day (first Monday of February) → Tuesday.
      date: "2026-02-03",
    });
    // January 2026: due Saturday 2026-02-28, moved to Monday 2026-03-02.
    expect(diot[1]).toMatchObject({ id: eventId(10, 202601), date: "2026-03-02" });
    expect(diot[1]?.summary).toContain("sábado 28 de febrero de 2026");
    // October 2026: Monday 2026-11-30, not moved; June 2026: Friday 2026-07-31 is kept (no bank involved).
    expect(byTitle(2026, "DIOT (declaración informativa de operaciones con terceros) de octubre de 2026")?.date).toBe("2026-11-30");
    expect(byTitle(2026, "DIOT (declaración informativa de operaciones con terceros) de junio de 2026")?.date).toBe("2026-07-31");
    expect(diot.every((e) => e.summary.includes("Art. 32, fracc. VIII, LIVA") && e.summary.includes("regla 4.5.1"))).toBe(true);
  });

  it("has Spanish titles and summaries with the legal basis", () => {
    for (const event of deadlinesForYear(2026)) {
      expect(event.title).toMatch(/(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|\d{4})/);
      expect(event.summary).toMatch(/Art/);
    }
  });
});

describe("nextDeadlines", () => {
  it("returns exactly 10 by default, ordered by date then by id", () => {
    const events = nextDeadlines("2026-03-01");
    expect(events).toHaveLength(10);
    for (let i = 1; i < events.length; i++) {
      const prev = events[i - 1];
      const cur = events[i];
      if (!prev || !cur) throw new Error("unreachable");
      expect(prev.date < cur.date || (prev.date === cur.date && prev.id < cur.id)).toBe(true);
    }
    expect(events.every((e) => e.date >= "2026-03-01")).toBe(true);
  });

  it("honours count", () => {
    expect(nextDeadlines("2026-03-01", 3)).toHaveLength(3);
    expect(nextDeadlines("2026-03-01", 0)).toEqual([]);
    expect(nextDeadlines("2026-03-01", 100)).toHaveLength(100);
  });

  it("includes deadlines due on the day itself", () => {
    const events = nextDeadlines("2026-02-17");
    expect(events[0]?.date).toBe("2026-02-17");
    expect(events.map((e) => e.title)).toContain("Pago provisional de ISR e IVA de enero de 2026");
    expect(nextDeadlines("2026-02-18").every((e) => e.date > "2026-02-17")).toBe(true);
  });

  it("crosses into the next year in late December", () => {
    const events = nextDeadlines("2026-12-20");
    expect(events).toHaveLength(10);
    // The last one of 2026 is the DIOT of November, on Thursday 12-31; every other one falls in 2027.
    expect(events[0]).toMatchObject({
      date: "2026-12-31",
      title: "DIOT (declaración informativa de operaciones con terceros) de noviembre de 2026",
    });
    expect(events.slice(1).every((e) => e.date.startsWith("2027-"))).toBe(true);
    expect(events[1]).toMatchObject({ date: "2027-01-04", title: "Balanza de comprobación de personas morales de noviembre de 2026" });
    expect(events.map((e) => e.title)).toContain("Pago provisional de ISR e IVA de diciembre de 2026");
  });

  it("keeps the same id for the same deadline on different days", () => {
    const early = nextDeadlines("2026-05-01", 30);
    const later = nextDeadlines("2026-05-20", 30);
    const shared = later.filter((e) => early.some((x) => x.title === e.title));
    expect(shared.length).toBeGreaterThan(5);
    for (const event of shared) {
      expect(early.find((x) => x.title === event.title)?.id).toBe(event.id);
    }
  });

  it("derives ids from the kind and the period covered", () => {
    expect(byTitle(2026, "Pago provisional de ISR e IVA de octubre de 2026")?.id).toBe(eventId(1, 202610));
    expect(byTitle(2026, "Pago provisional de ISR e IVA de octubre de 2026")?.id).toBe(1_202_610);
    const ids = [2025, 2026, 2027].flatMap((y) => deadlinesForYear(y).map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("returns frozen events that callers cannot corrupt", () => {
    const [first] = nextDeadlines("2026-03-01");
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("rejects malformed input", () => {
    expect(() => nextDeadlines("2026-3-1")).toThrow(RangeError);
    expect(() => nextDeadlines("2026-13-01")).toThrow(RangeError);
    expect(() => nextDeadlines("2026-03-01", -1)).toThrow(RangeError);
    expect(() => nextDeadlines("2026-03-01", 1.5)).toThrow(RangeError);
  });

  it("answers in microseconds once the year is cached", () => {
    nextDeadlines("2026-06-01");
    const start = performance.now();
    for (let i = 0; i < 20_000; i++) nextDeadlines(i % 2 === 0 ? "2026-06-10" : "2026-12-30");
    expect((performance.now() - start) / 20_000).toBeLessThan(0.05);
  });
});

describe("Mexico City time", () => {
  it("gives the local date, UTC−6 since 2022", () => {
    expect(todayInMexicoCity(new Date("2026-01-01T05:59:59Z"))).toBe("2025-12-31");
    expect(todayInMexicoCity(new Date("2026-01-01T06:00:00Z"))).toBe("2026-01-01");
  });

  it("counts whole seconds to the next local midnight, at least 1", () => {
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2026-01-01T05:59:59Z"))).toBe(1);
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2026-01-01T05:59:59.900Z"))).toBe(1);
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2026-01-01T06:00:00Z"))).toBe(86_400);
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2026-06-15T18:00:00Z"))).toBe(12 * 3600);
  });

  it("follows the time-zone database on the historical DST days", () => {
    // 2022-04-03: clocks went forward at 02:00, so that day lasted 23 hours.
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2022-04-03T06:00:00Z"))).toBe(23 * 3600);
    // 2022-10-30: the last change back, a 25-hour day.
    expect(secondsUntilNextMidnightInMexicoCity(new Date("2022-10-30T05:00:00Z"))).toBe(25 * 3600);
  });

  it("does plain-date arithmetic", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(dayOfWeek("2026-02-02")).toBe(1);
    expect(dayOfWeek("2023-03-31")).toBe(5);
  });
});
