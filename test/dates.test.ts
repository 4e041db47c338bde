// Dates live in core/dates.ts: its helpers and no date arithmetic anywhere else (the build's refusal of a bad --as-of, a process, is in build-safety).
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import {
  endOfMonth,
  fromDayMonthYear,
  httpDateMs,
  isValidIsoDate,
  isValidPeriod,
  isWeekend,
  nextPeriod,
  noonInMexicoCity,
  secondsUntilNextMidnightInMexicoCity,
  todayInMexicoCity,
  utcDateOf,
  weekdaysAfter,
  yearOf,
} from "../core/dates.ts";

describe("core/dates.ts", () => {
  it("checks ISO dates and YYYY-MM periods against the calendar", () => {
    expect(isValidIsoDate("2024-02-29")).toBe(true);
    expect(isValidIsoDate("2026-02-30")).toBe(false);
    expect(isValidIsoDate("2026-2-01")).toBe(false);
    expect(isValidPeriod("2024-12")).toBe(true);
    expect(isValidPeriod("2024-13")).toBe(false);
    expect(isValidPeriod("2024-00")).toBe(false);
    expect(yearOf("2026-11-21")).toBe(2026);
    expect(yearOf("2024-01")).toBe(2024);
    expect(() => yearOf("ayer")).toThrow(RangeError);
  });

  it("steps months and finds their last day", () => {
    expect(nextPeriod("2024-12")).toBe("2025-01");
    expect(nextPeriod("2024-01")).toBe("2024-02");
    expect(endOfMonth("2024-01")).toBe("2024-01-31");
    expect(endOfMonth("2024-01", 1)).toBe("2024-02-29");
    expect(endOfMonth("2025-12", 1)).toBe("2026-01-31");
  });

  it("reads publishers' day/month/year text and spreadsheet date cells", () => {
    expect(fromDayMonthYear("31/12/2024")).toBe("2024-12-31");
    expect(fromDayMonthYear("31/02/2024")).toBeNull();
    expect(fromDayMonthYear("2024-12-31")).toBeNull();
    expect(utcDateOf(new Date(Date.UTC(2022, 0, 1)))).toBe("2022-01-01");
  });

  it("gives Mexico City's day and the seconds to its end at any instant, in any order, across the 2022 DST changes", () => {
    // The oracle asks the time-zone database afresh for each instant; the functions keep the last day they read.
    const oracle = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" });
    const dateAt = (ms: number): string => oracle.format(new Date(ms));
    /** The fewest whole seconds after which the date is another (binary search over a day and two hours). */
    const secondsLeft = (ms: number): number => {
      let lo = 1;
      let hi = 93_600;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (dateAt(ms + mid * 1000) !== dateAt(ms)) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    // Every 37 minutes and 371 ms over the days around DST's start (2022-04-03) and end (2022-10-30), then the same
    // instants backwards and interleaved, so the kept day is both reused and refused.
    const instants: number[] = [];
    for (const start of [Date.UTC(2022, 3, 1), Date.UTC(2022, 9, 28), Date.UTC(2026, 10, 26)])
      for (let ms = start; ms < start + 4 * 86_400_000; ms += 2_220_371) instants.push(ms);
    const order = [
      ...instants,
      ...[...instants].reverse(),
      ...instants.flatMap((ms, i) => [ms, instants[instants.length - 1 - i] as number]),
    ];
    for (const ms of order) {
      expect(todayInMexicoCity(new Date(ms)), String(ms)).toBe(dateAt(ms));
      expect(secondsUntilNextMidnightInMexicoCity(new Date(ms)), String(ms)).toBe(secondsLeft(ms));
    }
    // Exactly at midnight the day has just begun; a millisecond before, it ends within a second.
    const midnight = Date.UTC(2026, 10, 27, 6);
    expect(todayInMexicoCity(new Date(midnight - 1))).toBe("2026-11-26");
    expect(secondsUntilNextMidnightInMexicoCity(new Date(midnight - 1))).toBe(1);
    expect(todayInMexicoCity(new Date(midnight))).toBe("2026-11-27");
    expect(secondsUntilNextMidnightInMexicoCity(new Date(midnight))).toBe(86_400);
  });

  it("counts weekdays and places Mexico City's noon and today", () => {
    expect(isWeekend("2026-11-21")).toBe(true);
    expect(isWeekend("2026-11-20")).toBe(false);
    expect(weekdaysAfter("2026-11-20", "2026-11-23")).toBe(1);
    expect(todayInMexicoCity(new Date(noonInMexicoCity("2026-11-21")))).toBe("2026-11-21");
    expect(httpDateMs("Wed, 21 Oct 2015 07:28:00 GMT")).toBe(Date.UTC(2015, 9, 21, 7, 28));
    expect(httpDateMs("pronto")).toBeNull();
  });
});

describe("date handling outside core/dates.ts", () => {
  // Calendar arithmetic by hand: parsing date text with Date, UTC field access, a day in milliseconds, date-shaped regexes.
  const forbidden = [/Date\.parse\(/, /Date\.UTC\(/, /\.getUTC(FullYear|Month|Date|Day)\(/, /86_?400_?000/, /\\d\{4\}-/];
  // Even the published patterns of dates and months come from core/dates.ts (ISO_DATE_PATTERN, PERIOD_PATTERN).
  const allowed = new Set(["core/dates.ts"]);

  it("does not exist in the program's code", () => {
    const files = fg
      .sync(["{core,build,tools,sources,lib,site,server,functions,netlify,content}/**/*.ts"], { ignore: ["**/*.d.ts"] })
      .filter((f) => !allowed.has(f));
    const offending = files.flatMap((f) => {
      const text = readFileSync(f, "utf8");
      return forbidden.filter((re) => re.test(text)).map((re) => `${f}: ${re}`);
    });
    expect(files.length).toBeGreaterThan(50);
    expect(offending).toEqual([]);
  });
});
