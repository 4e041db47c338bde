// Banxico series over HTTP: by date, ranges, the Art. 20 route, 404s naming the nearest date, files = function bytes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dumpPath, SERIES_FUNCTION_PATH } from "../lib/routes/routes.ts";
import { SERIES_ROUTES, SeriesDump } from "../lib/datasets/dump-slices.ts";
import { createApi } from "../lib/http/service.ts";
import type { Api } from "../lib/http/app.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import type { StatusDocument } from "../core/schemas.ts";
import seriesFunction, { config as seriesConfig } from "../functions/banxico-series.ts";
import edge, { type EdgeContext } from "../netlify/edge-functions/api.ts";
import { builtDist, builtFiles, get } from "./http-setup.ts";
import { rawFix, rawTiie, rawUdi } from "./helpers/raw-facts.ts";
import { addDays, nextWeekday } from "../core/dates.ts";

const BASE = "/api/v1/public";
/** The app's answer to a GET of `path` with `query`, read whole. */
async function request(api: Api, path: string, query = ""): Promise<{ status: number; body: Uint8Array }> {
  const res = await api.app.request(`${BASE}${path}${query ? `?${query}` : ""}`, undefined, { ip: "127.0.0.1" });
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
}
type Problem = { status: number; detail: string };

let app: RunningServer;
beforeAll(async () => {
  app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
});
afterAll(() => app.close());

const fetchJson = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const reply = await get(app.url, `${BASE}${path}`);
  return { status: reply.status, body: reply.json() as T };
};

describe("values by date", () => {
  it("FIX, UDI and TIIE 28 of a date, as published", async () => {
    expect((await fetchJson("/fx/2020-01-02")).body).toEqual({
      date: "2020-01-02",
      rate: 18.8817,
      source: "Banco de México, SIE, serie SF43718 (tipo de cambio FIX)",
    });
    expect((await fetchJson<{ value: number }>("/udi/2020-09-28")).body.value).toBe(6.548157);
    const first = await get(app.url, `${BASE}/udi/1995-04-04`);
    expect(first.json()).toMatchObject({ date: "1995-04-04", value: 1 });
    expect((await fetchJson("/tiie/28/2021-01-04")).body).toMatchObject({ date: "2021-01-04", rate: 4.4805, term: 28 });
  });

  it("404 naming the nearest earlier date with a value", async () => {
    const saturday = await fetchJson<Problem>("/fx/2020-01-04");
    expect(saturday.status).toBe(404);
    expect(saturday.body.detail).toContain("2020-01-03");
    const holiday = await fetchJson<Problem>("/tiie/28/2022-02-07");
    expect(holiday.status).toBe(404);
    expect(holiday.body.detail).toContain("2022-02-04");
    expect((await fetchJson<Problem>("/fx/1991-11-11")).body.detail).toContain("empieza el 1991-11-12");
    // The day after each series' latest observation names that observation.
    for (const [path, rows] of [
      ["/fx", rawFix()],
      ["/udi", rawUdi()],
    ] as const) {
      const last = rows.at(-1)!.date;
      expect((await fetchJson<Problem>(`${path}/${addDays(last, 1)}`)).body.detail, path).toContain(last);
    }
    expect((await get(app.url, `${BASE}/fx/2021-13-01`)).status).toBe(400);
    expect((await get(app.url, `${BASE}/fx/20200102`)).status).toBe(400);
  });

  it("400 for a day that does not exist, on every route that takes a date (the Art. 20 route once answered it with a 500)", async () => {
    for (const path of ["/fx/2021-02-30", "/udi/2025-02-29", "/tiie/28/2023-04-31", "/fx/dof/2026-02-30"]) {
      const reply = await fetchJson<Problem>(path);
      expect(reply.status, path).toBe(400);
      const date = path.slice(-10);
      expect(reply.body.detail, path).toBe(
        `El segmento date de la ruta debe ser una fecha real con formato AAAA-MM-DD; se recibió «${date}».`,
      );
    }
    // A leap day that exists is looked up as any other date.
    expect((await fetchJson("/fx/2024-02-29")).body).toMatchObject({ date: "2024-02-29" });
  });

  it("the Art. 20 CFF rate, and 404 where the data cannot decide", async () => {
    expect((await fetchJson("/fx/dof/2022-02-09")).body).toMatchObject({
      date: "2022-02-09",
      rate: 20.7325,
      fixDate: "2022-02-04",
      dofDate: "2022-02-08",
    });
    expect((await fetchJson("/fx/dof/2022-02-14")).body).toMatchObject({ rate: 20.4148, fixDate: "2022-02-10", dofDate: "2022-02-11" });
    // Over a weekend Friday's publication still applies: on Monday 2026-08-24 (eve Sunday), Friday 08-21's DOF.
    expect((await fetchJson("/fx/dof/2026-08-24")).body).toMatchObject({ rate: 16.9583, fixDate: "2026-08-20", dofDate: "2026-08-21" });
    // From the eve of the next weekday after the latest FIX on, that FIX may already be the one published.
    const last = rawFix().at(-1)!.date;
    const decided = nextWeekday(last);
    const beyond = await fetchJson<Problem>(`/fx/dof/${addDays(decided, 1)}`);
    expect(beyond.status).toBe(404);
    expect(beyond.body.detail).toMatch(new RegExp(`${last}.*${decided}`));
    expect((await fetchJson<Problem>("/fx/dof/1991-11-13")).status).toBe(404);
  });
});

describe("history by days or by from/to", () => {
  it("an interval, inclusive, oldest first", async () => {
    const { body } = await fetchJson<{ date: string }[]>("/fx/history?from=2020-01-01&to=2020-01-07");
    expect(body.map((r) => r.date)).toEqual(["2020-01-02", "2020-01-03", "2020-01-06", "2020-01-07"]);
    expect((await fetchJson<unknown[]>("/udi/history?from=2020-09-28&to=2020-10-02")).body).toHaveLength(5);
    expect((await fetchJson<unknown[]>("/fx/history?from=2020-01-04&to=2020-01-05")).body).toEqual([]);
    const lastFour = rawTiie()
      .slice(-4)
      .map((o) => o.date);
    const open = await fetchJson<{ date: string }[]>(`/tiie/28/history?from=${lastFour[0]}`);
    expect(open.body.map((r) => r.date)).toEqual(lastFour);
    expect((await fetchJson<{ date: string }[]>("/fx/history?to=1991-11-13")).body.map((r) => r.date)).toEqual([
      "1991-11-12",
      "1991-11-13",
    ]);
  });

  it("an interval that reaches past the series' ends holds every observation inside it", async () => {
    const open = await get(app.url, `${BASE}/fx/history?from=2026-08-17`);
    const wide = await get(app.url, `${BASE}/fx/history?from=2026-08-17&to=9999-12-31`);
    expect((open.json() as unknown[]).length).toBeGreaterThan(0);
    expect(wide.body.equals(open.body)).toBe(true);
    const whole = (await fetchJson<unknown[]>("/udi/history?from=0001-01-01&to=9999-12-31")).body;
    expect(whole).toEqual((await fetchJson<unknown[]>("/udi/history?from=1995-04-04")).body);
  });

  it("refuses days with from or to, a reversed interval and unreal dates", async () => {
    for (const query of [
      "days=7&from=2020-01-01",
      "to=2020-01-01&days=30",
      "from=2020-02-01&to=2020-01-01",
      "from=2020-02-30",
      "to=2020-1-5",
      "from=",
    ]) {
      const reply = await get(app.url, `${BASE}/fx/history?${query}`);
      expect(reply.status, query).toBe(400);
      expect((reply.json() as Problem).detail, query).toMatch(/days|invertido|fecha real/);
    }
  });

  it("answers from the dumps with the bytes and headers of the prebuilt files", async () => {
    // The same pipeline with every series file hidden answers from the dumps alone.
    const hidden = /\/(fx|udi|tiie\/28)\/(history|dof|\d{4})/;
    const dumps = new Map(
      SERIES_ROUTES.map((s) => [s.prefix, new SeriesDump(app.files.get(dumpPath(s.dump, "json"))!.body, s.valueField)]),
    );
    const bare = createApi({
      files: { get: (p) => (hidden.test(p) ? undefined : app.files.get(p)) },
      series: (prefix) => dumps.get(prefix)!,
    });
    const cases: [string, string][] = [
      ["/fx/history", ""],
      ["/fx/history", "days=365"],
      ["/fx/history", "days=1"],
      ["/udi/history", "days=45"],
      ["/tiie/28/history", "days=200"],
      ["/fx/2020-01-02", ""],
      ["/udi/1995-04-04", ""],
      ["/tiie/28/2021-01-04", ""],
      ["/fx/dof/2022-02-09", ""],
      ["/fx/dof/2022-02-14", ""],
      ["/fx/dof/1991-11-14", ""],
    ];
    for (const [path, query] of cases) {
      const fromFile = await request(app.api, path, query);
      const computed = await request(bare, path, query);
      expect(fromFile.status, path).toBe(200);
      expect(computed.status, path).toBe(200);
      expect(Buffer.from(computed.body).equals(Buffer.from(fromFile.body)), `${path}?${query}`).toBe(true);
    }
    // An interval covering exactly the days=30 window is the days=30 file, byte for byte.
    const days30 = JSON.parse(Buffer.from((await request(app.api, "/fx/history", "days=30")).body).toString()) as { date: string }[];
    const interval = await request(app.api, "/fx/history", `from=${days30[0]!.date}&to=${days30.at(-1)!.date}`);
    expect(Buffer.from(interval.body).equals(Buffer.from((await request(app.api, "/fx/history", "days=30")).body))).toBe(true);
  });

  it("keeps the days forms: the observations within N calendar days ending on the latest date", async () => {
    const all = JSON.parse(Buffer.from(app.files.get(dumpPath("fx", "json"))!.body).toString()) as { date: string }[];
    const last = Date.parse(`${all.at(-1)!.date}T00:00:00Z`);
    for (const days of [1, 7, 30, 365]) {
      const from = new Date(last - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const body = Buffer.from((await request(app.api, "/fx/history", `days=${days}`)).body).toString();
      expect(body).toBe(JSON.stringify(all.filter((r) => r.date >= from)));
    }
  });
});

describe("on Netlify", () => {
  const origin = "https://fiscal-mx.example";
  it("the edge sends intervals and missing dates to the series function, which answers from the dumps", async () => {
    // The edge hands a request on with context.next(new Request(…)); the host itself has no file for either.
    const handedOn: string[] = [];
    const ctx: EdgeContext = {
      ip: "198.51.100.200",
      next: (async (first?: Request | { sendConditionalRequest?: boolean }) => {
        if (first instanceof Request) {
          handedOn.push(first.url);
          return new Response("[]", { headers: { "Content-Type": "application/json; charset=utf-8" } });
        }
        return new Response("Not found", { status: 404 });
      }) as EdgeContext["next"],
    };
    const interval = `${origin}${SERIES_FUNCTION_PATH}${BASE}/fx/history?from=2020-01-01&to=2020-01-07`;
    expect(((await edge(new Request(`${origin}${BASE}/fx/history?from=2020-01-01&to=2020-01-07`), ctx)) as Response).status).toBe(200);
    expect(handedOn).toEqual([interval]);
    const missing = `${origin}${SERIES_FUNCTION_PATH}${BASE}/fx/2020-01-04`;
    expect(((await edge(new Request(`${origin}${BASE}/fx/2020-01-04`), ctx)) as Response).status).toBe(200);
    expect(handedOn).toEqual([interval, missing]);
    expect(seriesConfig.path).toBe(`${SERIES_FUNCTION_PATH}/*`);

    // The function reads the dumps packed beside it (FISCAL_DIST_DIR in tests), never by a request. Without them
    // (a fresh instance over an empty folder) it is a 503 to retry.
    vi.stubGlobal("fetch", async () => {
      throw new Error("the series function requested a file");
    });
    const previous = process.env["FISCAL_DIST_DIR"];
    const empty = mkdtempSync(join(tmpdir(), "fmx-series-empty-"));
    process.env["FISCAL_DIST_DIR"] = empty;
    vi.resetModules();
    const bare = (await import("../functions/banxico-series.ts")).default;
    const unavailable = await bare(new Request(interval), { ip: "198.51.100.201" });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get("retry-after")).toBe("5");
    expect((await unavailable.json()) as Problem).toMatchObject({ status: 503, detail: expect.stringMatching(/Banco de México/) });
    rmSync(empty, { recursive: true, force: true });
    process.env["FISCAL_DIST_DIR"] = await builtDist();

    try {
      const res = await seriesFunction(new Request(interval), { ip: "198.51.100.201" });
      expect(res.status).toBe(200);
      // The data headers, from the /status read with the dumps.
      const status = JSON.parse(Buffer.from(app.files.get(`${BASE}/status.json`)!.body).toString("utf8")) as StatusDocument;
      const fx = status.datasets.find((d) => d.id === "fx")!;
      expect([res.headers.get("x-fmx-datasets"), res.headers.get("x-fmx-data-date"), res.headers.get("x-fmx-data-stale-from")]).toEqual([
        "fx",
        fx.latest,
        fx.staleFrom,
      ]);
      expect(["true", "false"]).toContain(res.headers.get("x-fmx-data-stale"));
      expect(((await res.json()) as { date: string }[]).map((r) => r.date)).toEqual([
        "2020-01-02",
        "2020-01-03",
        "2020-01-06",
        "2020-01-07",
      ]);
      const absent = await seriesFunction(new Request(missing), { ip: "198.51.100.201" });
      expect(absent.status).toBe(404);
      expect((await absent.json()) as Problem & { instance: string }).toMatchObject({ instance: `${BASE}/fx/2020-01-04` });
      const other = await seriesFunction(new Request(`${origin}${SERIES_FUNCTION_PATH}${BASE}/rfc/validar/GODE561231GR8`), {
        ip: "198.51.100.201",
      });
      expect(other.status).toBe(404);
    } finally {
      vi.unstubAllGlobals();
      if (previous === undefined) delete process.env["FISCAL_DIST_DIR"];
      else process.env["FISCAL_DIST_DIR"] = previous;
    }
  });
});
