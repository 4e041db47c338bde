// Tests for the fiscal calendar from its tables (sources/obligaciones.ts, sources/dias-inhabiles.ts): dates, moves, ranges, ids, and the Mexico City date helpers.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, it, expect } from "vitest";
import { dueDate, type Occurrence } from "../core/calendar.ts";
import { addDays, dayOfWeek, secondsUntilNextMidnightInMexicoCity, todayInMexicoCity } from "../core/dates.ts";
import { calendarOf, calendarRange, calendarYear, nextDeadlines, obligationRecords, RangeProblem } from "../lib/datasets/calendar.ts";
import { nonBusinessDays, type NonBusinessDayRow } from "../sources/dias-inhabiles.ts";
import { obligations, type ObligationRow } from "../sources/obligaciones.ts";
import { runChecks, type CuratedTable } from "../sources/types.ts";

const calendar = calendarOf();
const find = (id: string): Occurrence => {
  const year = Number(id.slice(id.indexOf(":") + 1, id.indexOf(":") + 5));
  const found = [year, year + 1, year + 2]
    .filter((y) => y >= calendar.firstYear && y <= calendar.lastYear)
    .flatMap((y) => calendar.year(y))
    .find((e) => e.id === id);
  if (found === undefined) throw new Error(`no occurrence ${id}`);
  return found;
};
const failing = <T>(table: CuratedTable<T>, rows: T): string[] => runChecks(rows, table.file, table.checks).map((f) => f.check);

describe("the tables as kept in the repository", () => {
  it("are the CSV files of sources/tables/, row for row and column for column", () => {
    const csv = (name: string) => parse(readFileSync(`sources/tables/${name}`, "utf8"), { columns: true }) as Record<string, string>[];
    const obligationCsv = csv("obligaciones-periodicas.csv");
    expect(obligations.rows).toHaveLength(25);
    expect(obligations.rows.map(({ row: _row, ...r }) => Object.values(r))).toEqual(obligationCsv.map((r) => Object.values(r)));
    const dayCsv = csv("dias-inhabiles-sat.csv");
    expect(nonBusinessDays.rows.map(({ row: _row, ...r }) => Object.values(r))).toEqual(dayCsv.map((r) => Object.values(r)));
    expect(nonBusinessDays.rows.map((r) => r.row)).toEqual(dayCsv.map((_r, i) => i + 2));
  });

  it("pass every named check", () => {
    expect(failing(obligations, obligations.rows)).toEqual([]);
    expect(failing(nonBusinessDays, nonBusinessDays.rows)).toEqual([]);
  });

  it("fail the named check a broken row breaks, naming the row", () => {
    const rows: ObligationRow[] = structuredClone(obligations.rows);
    rows[0] = { ...rows[0]!, reglaDeFecha: "día 18 del mes siguiente" };
    rows[1] = { ...rows[1]!, siInhabil: "La ley no prevé prórroga." };
    rows.push({ ...rows[2]!, row: 27, id: "sin-regla" });
    const failures = runChecks(rows, obligations.file, obligations.checks);
    expect(failures.map((f) => [f.check, f.row])).toEqual([
      ["obligaciones-periodicas-regla-para-cada-renglon", 27],
      ["obligaciones-periodicas-dia-coincide-con-el-texto", 2],
      ["obligaciones-periodicas-recorrido-coincide-con-el-texto", 3],
    ]);
    const days: NonBusinessDayRow[] = structuredClone(nonBusinessDays.rows);
    days[3] = { ...days[3]!, fecha: "2024-05-04", motivo: "Sábado", fundamento: "" };
    expect(failing(nonBusinessDays, days)).toEqual([
      "dias-inhabiles-sat-clasificados",
      "dias-inhabiles-sat-con-fundamento-y-fuente",
      "dias-inhabiles-sat-fin-de-semana-solo-documentales",
    ]);
  });
});

describe("dates moved by a non-business day (CFF art. 12, 5º párr.: «se prorrogará el plazo hasta el siguiente día hábil»)", () => {
  it("moves the ISR of December 2025 (LISR art. 14: día 17) from Saturday 2026-01-17 to Monday 2026-01-19", () => {
    const e = find("sat-isr-pp-pm:2025-12");
    expect(e).toMatchObject({ fechaOriginal: "2026-01-17", fecha: "2026-01-19", recorrida: true, fundamento: "LISR art. 14, 1er párr." });
    expect(dayOfWeek(e.fechaOriginal)).toBe(6);
    expect(e.nota).toContain("sábado 17 de enero de 2026");
    expect(e.nota).toContain("CFF art. 12");
  });

  it("moves the RMF DIOT of December 2025 past Saturday 01-31 and the first Monday of February (row 2026-02-02) to Tuesday 2026-02-03", () => {
    expect(find("sat-diot-rmf:2025-12")).toMatchObject({ fechaOriginal: "2026-01-31", fecha: "2026-02-03" });
  });

  it("serves both DIOT rules: the law's day 17 (LIVA art. 32 fr. VIII) and the RMF's end of month (regla 4.5.1)", () => {
    expect(find("sat-diot-ley:2026-01")).toMatchObject({ fecha: "2026-02-17", recorrida: false, fundamento: "LIVA art. 32, fr. VIII" });
    expect(find("sat-diot-rmf:2026-01")).toMatchObject({ fechaOriginal: "2026-02-28", fecha: "2026-03-02" });
    const diot = calendarYear(calendar, 2026).vencimientos.filter((e) => e.obligacion.startsWith("sat-diot-"));
    expect(diot.filter((e) => e.obligacion === "sat-diot-ley")).toHaveLength(12);
    expect(diot.filter((e) => e.obligacion === "sat-diot-rmf")).toHaveLength(12);
  });

  it("moves SAT payments past Holy Thursday and Friday 2025 (rows 2025-04-17/18, RMF 2025 regla 2.1.6), not IMSS ones (the CFF's own days, LSS art. 9)", () => {
    expect(find("sat-iva-mensual:2025-03")).toMatchObject({ fechaOriginal: "2025-04-17", fecha: "2025-04-21" });
    expect(find("imss-cuotas-mensuales:2025-03")).toMatchObject({ fechaOriginal: "2025-04-17", fecha: "2025-04-17", recorrida: false });
  });

  it("does not move returns over SAT vacation days (CFF art. 12, 2º párr.): the DIOT of June 2025 stays on Thursday 2025-07-31", () => {
    expect(nonBusinessDays.rows.find((r) => r.fecha === "2025-07-31")?.motivo).toContain("vacaciones");
    expect(find("sat-diot-rmf:2025-06")).toMatchObject({ fechaOriginal: "2025-07-31", fecha: "2025-07-31" });
  });

  it("moves a payment at a bank past a Friday: ISR of March 2026, Friday 2026-04-17 → Monday 04-20", () => {
    expect(find("sat-isr-pp-pm:2026-03")).toMatchObject({ fecha: "2026-04-17", fechaPagoEnBanco: "2026-04-20" });
    expect(find("sat-diot-ley:2026-03").fechaPagoEnBanco).toBeNull();
  });

  it("moves the prima de riesgo past a Friday too (RACERF art. 3): Friday 2025-02-28 → Monday 2025-03-03", () => {
    expect(find("imss-prima-riesgo:2024")).toMatchObject({ fechaOriginal: "2025-02-28", fecha: "2025-03-03" });
  });

  it("counts the PTU's 60 days (LFT art. 122) from the moved annual return: Sunday 2024-03-31 → 04-01, so 2024-05-31", () => {
    expect(find("sat-anual-pm:2023")).toMatchObject({ fechaOriginal: "2024-03-31", fecha: "2024-04-01" });
    expect(find("lft-ptu-pm:2023")).toMatchObject({ fechaOriginal: "2024-05-30", fecha: "2024-05-31" });
    expect(find("lft-ptu-pf:2025")).toMatchObject({ fechaOriginal: "2026-06-29", fecha: "2026-06-29" });
  });

  it("keeps the aguinaldo «antes del día veinte de diciembre» (LFT art. 87) on Saturday 2026-12-19, and INFONAVIT's date (no rule found)", () => {
    expect(find("lft-aguinaldo:2026")).toMatchObject({ fecha: "2026-12-19", recorrida: false });
    expect(find("infonavit-aportaciones:2025-B6")).toMatchObject({ fechaOriginal: "2026-01-17", fecha: "2026-01-17" });
    expect(find("imss-rcv-bimestral:2025-B6")).toMatchObject({ fecha: "2026-01-19" });
  });

  it("gives the CFDI cancellation limit (CFF art. 29-A) per persona: March for morales, April for físicas", () => {
    expect(find("sat-cancelacion-cfdi-limite:2025-personas-morales")).toMatchObject({ fecha: "2026-03-31", personas: ["moral"] });
    expect(find("sat-cancelacion-cfdi-limite:2025-personas-fisicas")).toMatchObject({ fecha: "2026-04-30", personas: ["fisica"] });
  });

  it("never leaves a moved date on a weekend or a CFF or SAT non-business day of the table", () => {
    const fiscal = new Set(
      nonBusinessDays.rows
        .filter((r) => /CFF art\. 12, 1er|Día inhábil para el SAT/.test(`${r.fundamento} ${r.motivo}`))
        .map((r) => r.fecha),
    );
    for (const year of [2024, 2025, 2026]) {
      for (const e of calendar.year(year).filter((x) => x.recorrida)) {
        expect([0, 6], e.id).not.toContain(dayOfWeek(e.fecha!));
        expect(fiscal.has(e.fecha!), e.id).toBe(false);
      }
    }
  });
});

describe("years", () => {
  it("serves every dated obligation of the table in 2026; the two without calendar dates say why", () => {
    const served = new Set(calendarYear(calendar, 2026).vencimientos.map((e) => e.obligacion));
    const records = obligationRecords(obligations.rows);
    expect(records.filter((r) => r.sinFecha !== null).map((r) => r.id)).toEqual(["sat-cfdi-nomina", "sat-prorroga-sexto-digito"]);
    expect([...served].sort()).toEqual(
      records
        .filter((r) => r.sinFecha === null)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("says so for a year whose non-business days the table does not hold, instead of guessing", () => {
    const y2027 = calendarYear(calendar, 2027);
    expect(y2027.aniosSinDiasInhabiles).toEqual([2027]);
    const isr = y2027.vencimientos.find((e) => e.id === "sat-isr-pp-pm:2026-12");
    expect(isr).toMatchObject({ fechaOriginal: "2027-01-17", fecha: null, diasInhabilesConocidos: false, recorrida: false });
    expect(isr?.nota).toContain("no tiene los días inhábiles de 2027");
    expect(calendarYear(calendar, 2026).aniosSinDiasInhabiles).toEqual([]);
    expect(() => calendar.year(2028)).toThrow(RangeError);
    expect(() => calendar.year(2023)).toThrow(RangeError);
  });

  it("orders a year by due date, then by obligation code", () => {
    const events = calendar.year(2026);
    for (let i = 1; i < events.length; i++) expect(dueDate(events[i - 1]!) <= dueDate(events[i]!)).toBe(true);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });
});

describe("ranges", () => {
  it("filters by institution, persona and obligation", () => {
    const r = calendarRange(calendar, "2026-01-01", "2026-12-31", { institucion: "imss" });
    expect(r.vencimientos.length).toBeGreaterThan(0);
    expect(r.vencimientos.every((e) => e.institucion === "IMSS")).toBe(true);
    const morales = calendarRange(calendar, "2026-01-01", "2026-12-31", { persona: "moral" }).vencimientos;
    expect(morales.every((e) => e.personas.includes("moral"))).toBe(true);
    expect(morales.some((e) => e.obligacion === "sat-anual-pm")).toBe(true);
    expect(morales.some((e) => e.obligacion === "sat-anual-pf")).toBe(false);
    const diot = calendarRange(calendar, "2026-03-01", "2026-03-31", { obligacion: "sat-diot-rmf" }).vencimientos;
    expect(diot.map((e) => e.id)).toEqual(["sat-diot-rmf:2026-01", "sat-diot-rmf:2026-02"]);
  });

  it("accepts two years at most, and names the bounds in Spanish", () => {
    expect(calendarRange(calendar, "2026-01-01", "2027-12-31", {}).aniosSinDiasInhabiles).toEqual([2027]);
    const problem = (from: string, to: string): RangeProblem => {
      try {
        calendarRange(calendar, from, to, {});
      } catch (e) {
        if (e instanceof RangeProblem) return e;
      }
      throw new Error("no problem");
    };
    expect(problem("2026-01-01", "2028-01-01")).toMatchObject({ status: 400, message: expect.stringContaining("2027-12-31") });
    expect(problem("2026-03-01", "2026-02-01")).toMatchObject({ status: 400, message: expect.stringContaining("anterior") });
    expect(problem("2030-01-01", "2030-02-01")).toMatchObject({ status: 404 });
    expect(calendarRange(calendar, "2023-06-01", "2024-01-31", {})).toMatchObject({ desde: "2024-01-01", hasta: "2024-01-31" });
  });
});

describe("nextDeadlines (/calendario/proximos)", () => {
  it("returns exactly 10 by default, ordered by date then by obligation", () => {
    const events = nextDeadlines("2026-03-01");
    expect(events).toHaveLength(10);
    for (let i = 1; i < events.length; i++) expect(events[i - 1]!.date <= events[i]!.date).toBe(true);
    expect(events.every((e) => e.date >= "2026-03-01")).toBe(true);
  });

  it("includes deadlines due on the day itself and honours count", () => {
    expect(nextDeadlines("2026-02-17")[0]?.date).toBe("2026-02-17");
    expect(nextDeadlines("2026-02-18").every((e) => e.date > "2026-02-17")).toBe(true);
    expect(nextDeadlines("2026-03-01", 3)).toHaveLength(3);
    expect(nextDeadlines("2026-03-01", 0)).toEqual([]);
  });

  it("keeps the ids of the deadlines the calendar had before its tables (kind 1: ISR of personas morales)", () => {
    const october = nextDeadlines("2026-11-01", 30).find((e) => e.title === "Pago provisional mensual de ISR — octubre de 2026");
    expect(october).toMatchObject({ id: 1_202_610, date: "2026-11-17", category: "SAT" });
    const ids = [2024, 2025, 2026, 2027].flatMap((y) => calendar.year(y)).length;
    const numeric = new Set(nextDeadlines("2024-01-01", ids).map((e) => e.id));
    expect(numeric.size).toBe(ids);
  });

  it("crosses into the next year, with the legal date and a note where the year's non-business days are unknown", () => {
    const events = nextDeadlines("2026-12-20");
    expect(events[0]).toMatchObject({ date: "2026-12-31", title: "DIOT — plazo ampliado por la RMF — noviembre de 2026" });
    const january = events.find((e) => e.date === "2027-01-17");
    expect(january?.summary).toContain("no tiene los días inhábiles de 2027");
  });

  it("ends with the last year served", () => {
    expect(nextDeadlines("2027-12-31", 10).every((e) => e.date === "2027-12-31")).toBe(true);
    expect(nextDeadlines("2028-01-01")).toEqual([]);
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
