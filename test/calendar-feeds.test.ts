// The calendar over HTTP and its iCalendar feeds: each feed parsed with ical.js (a maintained RFC 5545 parser) and compared with /calendario/{year}.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { dueDate, yearOf } from "../core/calendar.ts";
import { addDays } from "../core/dates.ts";
import { calendarOf } from "../lib/datasets/calendar.ts";
import { escapeText, feed, FEED_IDS, FEEDS, feedPath, foldLine, type FeedId } from "../lib/calendar/ical.ts";
import { get, sharedServer } from "./http-setup.ts";

const app = sharedServer();
type Json = Record<string, unknown>;
type Vencimiento = { id: string; titulo: string; fecha: string | null; fechaOriginal: string; fundamento: string; personas: string[] };

async function json(path: string, status = 200): Promise<Json> {
  const res = await get(app.url, `/api/v1/public/${path}`);
  expect(res.status, `${path}: ${res.body.toString("utf8").slice(0, 300)}`).toBe(status);
  return res.json() as Json;
}

describe("/calendario over HTTP", () => {
  it("serves a whole year as a file, with both DIOT rules and the Art. 12 CFF moves", async () => {
    const year = await json("calendario/2026");
    const list = year["vencimientos"] as Vencimiento[];
    expect(list.find((e) => e.id === "sat-isr-pp-pm:2025-12")).toMatchObject({ fechaOriginal: "2026-01-17", fecha: "2026-01-19" });
    expect(list.filter((e) => e.id.startsWith("sat-diot-ley:")).length).toBe(12);
    expect(list.filter((e) => e.id.startsWith("sat-diot-rmf:")).length).toBe(12);
  });

  it("flags a served year whose non-business days are unknown, and 404s a year outside them", async () => {
    expect((await json("calendario/2027"))["aniosSinDiasInhabiles"]).toEqual([2027]);
    expect((await json("calendario/2031", 404))["detail"]).toContain("no tiene el calendario de 2031");
    expect((await json("calendario/20x6", 400))["status"]).toBe(400);
  });

  it("answers a range with filters, and a bad one with a 400 in Spanish", async () => {
    const r = await json("calendario?desde=2026-02-01&hasta=2026-03-31&institucion=imss&persona=patron");
    const list = r["vencimientos"] as (Vencimiento & { institucion: string })[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e) => e.institucion === "IMSS")).toBe(true);
    expect((await json("calendario?desde=2026-01-01&hasta=2028-06-01", 400))["detail"]).toContain("hasta 2 años");
    expect((await json("calendario?desde=2026-02-01&hasta=2026-01-01", 400))["detail"]).toContain("anterior");
    expect((await json("calendario?desde=2026-02-01&hasta=2026-03-01&persona=empresa", 400))["detail"]).toContain("persona");
    expect((await json("calendario?hasta=2026-03-01", 400))["detail"]).toContain("desde");
    expect((await json("calendario?desde=2026-02-01&hasta=2026-03-01&obligacion=sat-balanza", 400))["detail"]).toContain(
      "No hay obligación sat-balanza",
    );
    expect((await json("calendario?desde=2026-02-30&hasta=2026-03-01", 400))["status"]).toBe(400);
    expect((await json("calendario?desde=2035-01-01&hasta=2035-03-01", 404))["status"]).toBe(404);
  });

  it("keeps /calendario/proximos: 10 CalendarEvents", async () => {
    const res = await get(app.url, "/api/v1/public/calendario/proximos");
    expect(res.status).toBe(200);
    const list = res.json() as { id: number; date: string; category: string }[];
    expect(list.length).toBeLessThanOrEqual(10);
    for (const e of list) expect(Object.keys(e).sort()).toEqual(["category", "date", "id", "summary", "title"]);
  });
});

describe("iCalendar feeds (RFC 5545)", () => {
  it("folds at 75 octets without splitting a character, and escapes TEXT", () => {
    const line = `DESCRIPTION:${"á".repeat(100)}`;
    const folded = foldLine(line).split("\r\n");
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });

  for (const id of FEED_IDS) {
    it(`${id}: served as text/calendar, parsed by ical.js, equal to the JSON of its years`, async () => {
      const res = await get(app.url, feedPath(id));
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      const text = res.body.toString("utf8");
      expect(text.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
      const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
      expect(events.length).toBeGreaterThan(0);
      const stamp = events[0]!.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
      const years = [...new Set(events.map((e) => e.startDate.year))].sort();
      const persona = FEEDS[id].persona as string | undefined;
      const expected: Vencimiento[] = [];
      for (const y of years) {
        const list = (await json(`calendario/${y}`))["vencimientos"] as Vencimiento[];
        expected.push(...list.filter((e) => persona === undefined || e.personas.includes(persona)));
      }
      expect(events.map((e) => e.uid)).toEqual(expected.map((e) => `${e.id.replace(":", "-")}@fiscal-mx`));
      events.forEach((e, i) => {
        const v = expected[i]!;
        const day = v.fecha ?? v.fechaOriginal;
        expect(e.startDate.isDate, e.uid).toBe(true);
        expect(e.startDate.toString()).toBe(day);
        expect(e.endDate.toString()).toBe(addDays(day, 1));
        expect(e.summary).toBe(v.titulo);
        expect(e.description).toContain(`Fundamento: ${v.fundamento}`);
        expect(e.component.getFirstPropertyValue("url")).toMatch(/\/calendario\/#/);
        expect(e.component.getFirstPropertyValue("dtstamp")).toEqual(stamp);
      });
    });
  }

  it("gives the same bytes for the same tables and day, and covers the current and next year", () => {
    const calendar = calendarOf();
    const a = feed("todos" as FeedId, "2026-12-01", "https://example.test", calendar);
    expect(feed("todos", "2026-12-01", "https://example.test", calendar)).toBe(a);
    const vcal = new ICAL.Component(ICAL.parse(a));
    const years = new Set(vcal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v).startDate.year));
    expect([...years].sort()).toEqual([2026, 2027]);
    const count = [2026, 2027].flatMap((y) => calendar.year(y)).filter((e) => yearOf(dueDate(e)) >= 2026).length;
    expect(vcal.getAllSubcomponents("vevent")).toHaveLength(count);
  });
});
