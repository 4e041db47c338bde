// The Banxico series on the real snapshot: lookups, the Art. 20 CFF rule on worked cases, the per-series parser and checks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SIE_SERIES } from "../lib/datasets/series.ts";
import { dofDecidableDates, dofRate } from "../lib/datasets/fx-dof.ts";
import { addDays, daysBetween, nextWeekday } from "../core/dates.ts";
import { missingDateDetail, Series } from "../core/series.ts";
import { parseSie, SIE_SOURCES, sieSources } from "../sources/banxico.ts";
import { runChecks } from "../sources/types.ts";
import { RAW_DIR } from "./helpers/tree.ts";

const load = (source: (typeof sieSources)[number]): Series => {
  const rows = source.parse(readFileSync(join(RAW_DIR, source.rawFile), "utf8"), source.rawFile);
  return new Series(rows);
};
const fix = load(SIE_SOURCES.fx);
const udi = load(SIE_SOURCES.udi);
const tiie = load(SIE_SOURCES["tiie-28"]);
/** The FIX as it stood when its latest observation was Friday 2026-08-21 (a fixed past state of the series). */
const untilFriday = new Series(fix.observations.filter((o) => o.date <= "2026-08-21"));

describe("the three series of the snapshot", () => {
  it("pass every named check of their series", () => {
    for (const source of sieSources) {
      const text = readFileSync(join(RAW_DIR, source.rawFile), "utf8");
      expect(runChecks(source.parse(text, source.rawFile), source.rawFile, source.checks), source.rawFile).toEqual([]);
    }
  });

  it("hold the published values, never rounded", () => {
    expect(fix.at("2020-01-02")?.value).toBe(18.8817);
    expect(udi.at("2020-09-28")?.value).toBe(6.548157);
    expect(udi.at("1995-04-04")?.value).toBe(1);
    expect(tiie.at("2021-01-04")?.value).toBe(4.4805);
    expect([fix.first?.date, udi.first?.date, tiie.first?.date]).toEqual(["1991-11-12", "1995-04-04", "1995-03-23"]);
  });

  it("find a date, the latest on or before it, and ranges, oldest first", () => {
    expect(fix.at("2020-01-04")).toBeUndefined();
    expect(fix.onOrBefore("2020-01-05")?.date).toBe("2020-01-03");
    expect(fix.before("2020-01-03")?.date).toBe("2020-01-02");
    expect(fix.range("2020-01-01", "2020-01-07").map((o) => o.date)).toEqual(["2020-01-02", "2020-01-03", "2020-01-06", "2020-01-07"]);
    expect(fix.range("2020-01-04", "2020-01-05")).toEqual([]);
    expect(udi.range("2020-09-28", "2020-10-02").map((o) => o.value)).toEqual([6.548157, 6.548868, 6.549579, 6.55029, 6.551002]);
    expect(fix.range(undefined, "1991-11-13")).toHaveLength(2);
    const lastTwo = fix.observations.slice(-2).map((o) => o.date);
    expect(fix.range(lastTwo[0], "9999-12-31").map((o) => o.date)).toEqual(lastTwo);
  });

  it("name the nearest earlier date when a date has no observation", () => {
    expect(missingDateDetail(fix, "2020-01-04", "FIX")).toContain("2020-01-03");
    expect(missingDateDetail(fix, "1991-11-11", "FIX")).toContain("empieza el 1991-11-12");
    expect(missingDateDetail(tiie, "2030-01-01", "TIIE a 28 días")).toContain(tiie.last!.date);
  });
});

/**
 * The rule computed the plain way, as a reader of Art. 20 would: list every DOF publication (the FIX of
 * observation i appears on the date of observation i + 1) and take the last one dated on or before the
 * day before the obligation.
 */
function byHand(date: string): { rate: number; fixDate: string; dofDate: string } | undefined {
  const eve = addDays(date, -1);
  const obs = fix.observations;
  let found: { rate: number; fixDate: string; dofDate: string } | undefined;
  for (let i = 1; i < obs.length && obs[i]!.date <= eve; i++)
    found = { rate: obs[i - 1]!.value, fixDate: obs[i - 1]!.date, dofDate: obs[i]!.date };
  return found;
}

describe("Art. 20 CFF: the DOF rate applicable on a date", () => {
  const applicable = (date: string) => {
    const got = dofRate(fix, date);
    if (!got.found) throw new Error(got.detail);
    expect(got.record).toMatchObject({ date, ...byHand(date) });
    return got.record;
  };

  it("Wednesday 2022-02-09: the DOF of Tuesday 02-08 carries the FIX of Friday 02-04", () => {
    // The series goes Fri 2022-02-04 (20.7325) → Tue 2022-02-08: Mon 02-07 (Día de la Constitución) was a bank
    // holiday. The eve of the obligation is Tue 02-08, a publication day; what was published that day is the FIX
    // determined on the banking day before, Fri 02-04.
    expect(fix.at("2022-02-07")).toBeUndefined();
    expect(applicable("2022-02-09")).toMatchObject({ rate: 20.7325, fixDate: "2022-02-04", dofDate: "2022-02-08" });
  });

  it("Monday 2022-02-14: no DOF on Sunday, so Friday 02-11's, which carries Thursday 02-10's FIX", () => {
    // The eve is Sun 2022-02-13: nothing is published on weekends, so the last publication before it applies,
    // Fri 02-11, with the FIX determined Thu 02-10 = 20.4148 (not Friday's own FIX, 20.4188).
    expect(applicable("2022-02-14")).toMatchObject({ rate: 20.4148, fixDate: "2022-02-10", dofDate: "2022-02-11" });
  });

  it("the day after a bank holiday", () => {
    // Tue 2022-02-08: the eve, Mon 02-07, was a bank holiday with no publication; the last one before it is
    // Fri 02-04's, which carries the FIX of Thu 02-03 = 20.5562.
    expect(applicable("2022-02-08")).toMatchObject({ rate: 20.5562, fixDate: "2022-02-03", dofDate: "2022-02-04" });
    // Good Friday 2022-04-15: the eve, Holy Thursday 04-14, was a bank holiday; the last publication before it is
    // Wed 04-13's, which carries the FIX of Tue 04-12 = 19.8407.
    expect(fix.at("2022-04-14")).toBeUndefined();
    expect(applicable("2022-04-15")).toMatchObject({ rate: 19.8407, fixDate: "2022-04-12", dofDate: "2022-04-13" });
  });

  it("agrees with the plain reading on every decidable date", () => {
    const { first, last } = dofDecidableDates(fix)!;
    // Decided up to the next weekday after the latest FIX: the earliest day whose eve may bring a new publication.
    expect([first, last]).toEqual(["1991-11-14", nextWeekday(fix.last!.date)]);
    // byHand's reading, walked forward once (byHand itself scans the whole series for each of the 12,000 dates): the
    // latest observation dated on or before the eve, i, whose predecessor is the FIX that the DOF of that day carries.
    const obs = fix.observations;
    let checked = 0;
    let i = 0;
    const wrong: string[] = [];
    const sample: [string, ReturnType<typeof byHand>][] = [];
    for (let d = first; d <= last; d = addDays(d, 1), checked++) {
      const eve = addDays(d, -1);
      while (i + 1 < obs.length && obs[i + 1]!.date <= eve) i++;
      const plain =
        i >= 1 && obs[i]!.date <= eve ? { rate: obs[i - 1]!.value, fixDate: obs[i - 1]!.date, dofDate: obs[i]!.date } : undefined;
      const got = dofRate(fix, d);
      const answer = got.found && { rate: got.record.rate, fixDate: got.record.fixDate, dofDate: got.record.dofDate };
      if (JSON.stringify(answer) !== JSON.stringify(plain)) wrong.push(`${d}: ${JSON.stringify(answer)} ≠ ${JSON.stringify(plain)}`);
      if (checked % 397 === 0) sample.push([d, plain]);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(checked).toBe(daysBetween(first, last) + 1);
    // The walk reads as byHand does: on a spread of dates, the two agree.
    expect(sample.length).toBeGreaterThan(30);
    expect(sample.map(([d]) => byHand(d))).toEqual(sample.map(([, plain]) => plain));
  });

  it("after a Friday FIX, keeps Friday's publication over the weekend and the Monday after", () => {
    // The series as it stood when its latest FIX was Fri 2026-08-21: that FIX is published on the next banking
    // day, which the series did not show yet; no Saturday or Sunday is a banking day, so it is Monday 08-24 at the earliest. An obligation on
    // Sun 08-23 or Mon 08-24 (eve Sat or Sun) takes Friday's DOF, which carries Thursday 08-20's FIX.
    for (const date of ["2026-08-22", "2026-08-23", "2026-08-24"]) {
      expect(dofRate(untilFriday, date)).toMatchObject({
        found: true,
        record: { rate: 16.9583, fixDate: "2026-08-20", dofDate: "2026-08-21" },
      });
    }
  });

  it("answers nothing where the data cannot decide", () => {
    // Tuesday 08-25: its eve, Monday 08-24, may already carry the FIX of 08-21.
    const beyond = dofRate(untilFriday, "2026-08-25");
    expect(beyond.found).toBe(false);
    expect(!beyond.found && beyond.detail).toMatch(/2026-08-21.*La fecha más reciente con respuesta es 2026-08-24\./);
    // A series ending on a Thursday: Friday may be the next publication, so only Friday itself is decided.
    const untilThursday = new Series(fix.observations.filter((o) => o.date <= "2026-08-20"));
    expect(dofRate(untilThursday, "2026-08-21")).toMatchObject({ found: true, record: { fixDate: "2026-08-19", dofDate: "2026-08-20" } });
    expect(dofRate(untilThursday, "2026-08-22").found).toBe(false);
    expect(dofDecidableDates(untilThursday)?.last).toBe("2026-08-21");
    expect(dofRate(fix, "1991-11-13").found).toBe(false);
  });
});

describe("one SIE parser for every series", () => {
  const answer = JSON.stringify({
    bmx: {
      series: [
        {
          idSerie: "SP68257",
          titulo: "Valor de UDIS",
          datos: [
            { fecha: "04/04/1995", dato: "1.000000" },
            { fecha: "05/04/1995", dato: "1.001918" },
            { fecha: "07/04/1995", dato: "1.00577" },
          ],
        },
        {
          idSerie: "SF43783",
          titulo: "TIIE a 28 días",
          datos: [
            { fecha: "04/01/2021", dato: "4.4805" },
            { fecha: "09/01/2021", dato: "4.4700" },
          ],
        },
      ],
    },
  });

  it("reads the series it is configured for out of a combined answer", () => {
    expect(parseSie(answer, "f", "SF43783").map((o) => [o.date, o.value])).toEqual([
      ["2021-01-04", 4.4805],
      ["2021-01-09", 4.47],
    ]);
    expect(() => parseSie(answer, "f", "SF43718")).toThrow(/no contiene la serie SF43718/);
  });

  it("checks decimals and cadence per series", () => {
    const udiFailures = runChecks(SIE_SOURCES.udi.parse(answer, "f"), "f", SIE_SOURCES.udi.checks).map((f) => f.check);
    expect(udiFailures.sort()).toEqual(["udi-decimales", "udi-dias-continuos"]);
    const tiieFailures = runChecks(SIE_SOURCES["tiie-28"].parse(answer, "f"), "f", SIE_SOURCES["tiie-28"].checks);
    expect(tiieFailures.map((f) => [f.check, f.row])).toEqual([["tiie-28-sin-fines-de-semana", 2]]);
    expect(Object.values(SIE_SERIES).map((s) => [s.sie, s.decimals, s.cadence])).toEqual([
      ["SF43718", 4, "banking-day"],
      ["SP68257", 6, "daily"],
      ["SF43783", 4, "banking-day"],
      ["SF331451", 2, "banking-day"],
    ]);
  });
});
