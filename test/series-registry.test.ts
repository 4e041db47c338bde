// The Banxico series registry: one entry per series, one id per layer, and a series entered but not served (TIIE de fondeo) present nowhere.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { SERIES_KEYS, SERVED_SERIES, SIE_SERIES, seriesRecord, type SeriesKey, type SieSeriesConfig } from "../lib/banxico-series.ts";
import { FILE_ROUTE_IDS } from "../lib/bodies.ts";
import { API_BASE, DUMP_DATASETS, dumpPath, filePath, routeById, routes } from "../lib/routes.ts";
import { seriesOwnSchemas } from "../core/schemas.ts";
import { schemas } from "../lib/published-schemas.ts";
import { SERIES_ROUTES } from "../lib/dump-slices.ts";
import { banxicoFeed, SIE_SOURCES, sieSources } from "../sources/banxico.ts";
import { runChecks } from "../sources/types.ts";
import { createApi } from "../lib/http/service.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { BodyValidator } from "../build/validate.ts";
import { seriesStaleness } from "../build/status.ts";
import { RAW_DIR } from "./helpers/tree.ts";

const manifest = JSON.parse(readFileSync(join(RAW_DIR, "manifest.json"), "utf8")) as { files: Record<string, unknown> };
/**
 * Three days of TIIE de fondeo in the SIE API's answer format, with the values Banco de México published in the
 * DOF: 5.50 determined on 2020-05-20 (https://sidofqa.segob.gob.mx/notas/docFuente/5593723), 4.38 on 2020-12-31
 * and 4.39 on 2021-01-29 (DOF of 2021-01-05 and 2021-02-03, as reproduced at
 * https://hacendaria.com/enlace-dof/tasa-de-interes-interbancaria-de-equilibrio-de-fondeo-a-un-dia-habil-bancario-20210105
 * and …-20210203).
 */
const fixture = readFileSync(new URL("./fixtures/SF331451.json", import.meta.url), "utf8");
const config = (key: (typeof SERIES_KEYS)[number]): SieSeriesConfig => SIE_SERIES[key];

describe("the series registry", () => {
  it("gives each series one id per layer, none shared with another series", () => {
    for (const field of ["dataset", "sie", "checks"] as const) {
      const values = SERIES_KEYS.map((k) => config(k)[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    const bases = SERIES_KEYS.map((k) => config(k).api.base);
    expect(new Set(bases).size).toBe(bases.length);
  });

  it("serves a series exactly when raw/ holds its file, and then in every layer under its ids", () => {
    for (const key of SERIES_KEYS) {
      const s = config(key);
      const raw = SIE_SOURCES[key].rawFile;
      expect(raw).toBe(`banxico/${s.sie}.json`);
      expect(s.served && Object.hasOwn(manifest.files, raw), `${key}: served only with ${raw} in raw/manifest.json`).toBe(s.served);
      if (!s.served) continue;
      expect(routeById(`${key}Today` as never).path).toBe(`${s.api.base}/today`);
      expect(FILE_ROUTE_IDS).toContain(`${key}ByDate`);
      expect(DUMP_DATASETS.map((d) => d.id)).toContain(s.dataset);
      expect(SERIES_ROUTES.find((r) => r.prefix === key)?.dump).toBe(s.dataset);
      expect(schemas).toHaveProperty(s.api.body);
    }
    expect(sieSources).toEqual(SERVED_SERIES.map((k) => SIE_SOURCES[k]));
  });

  it("does not compile an entry without a layer's field, or whose record is not its schema's", () => {
    const { api: _api, ...withoutApi } = SIE_SERIES.tiie28;
    // @ts-expect-error: without `api` the series would have no routes
    const missing: SieSeriesConfig = withoutApi;
    const wrongRecord: SieSeriesConfig<"TiieRate"> = {
      ...SIE_SERIES.tiie28,
      // @ts-expect-error: a TiieRate record has a term
      record: (o, source) => ({ date: o.date, rate: o.value, source }),
    };
    // @ts-expect-error: a series whose settings (sources/sie-series.ts) have no registry entry has no layer
    const unregistered: { [K in SeriesKey]: SieSeriesConfig } = { fx: SIE_SERIES.fx, udi: SIE_SERIES.udi, tiie28: SIE_SERIES.tiie28 };
    expect([missing, wrongRecord, unregistered]).toHaveLength(3);
  });

  it("judges staleness by cadence", () => {
    expect(seriesStaleness(config("tiieFondeo"), "2020-10-02", "2020-10-08")).toBeNull();
    expect(seriesStaleness(config("tiieFondeo"), "2020-10-02", "2020-10-09")).toBe(
      "la última TIIE de fondeo (2020-10-02) está 5 días hábiles detrás de la fecha de corte 2020-10-09",
    );
    expect(seriesStaleness(config("udi"), "2020-10-09", "2020-10-10")).toContain("no hay valor de la UDI");
  });
});

describe("TIIE de fondeo (SF331451), entered but not served", () => {
  const source = SIE_SOURCES.tiieFondeo;

  it("reads an answer in the SIE format and passes its series' checks", () => {
    const rows = source.parse(fixture, "SF331451.json");
    expect(rows.map((o) => [o.date, o.value])).toEqual([
      ["2020-05-20", 5.5],
      ["2020-12-31", 4.38],
      ["2021-01-29", 4.39],
    ]);
    expect(runChecks(rows, "SF331451.json", source.checks)).toEqual([]);
    // A value with other than its 2 decimals is refused, named by the series' checks.
    const cut = fixture.replace('"5.50"', '"5.5"');
    expect(runChecks(source.parse(cut, "f"), "f", source.checks).map((f) => f.check)).toEqual(["tiie-fondeo-decimales"]);
  });

  it("makes records of its own schema", () => {
    const records = source.parse(fixture, "f").map((o) => seriesRecord("tiieFondeo", o));
    expect(records[0]).toEqual({ date: "2020-05-20", rate: 5.5, source: SIE_SERIES.tiieFondeo.source });
    const validator = new BodyValidator({ ...schemas, ...seriesOwnSchemas });
    expect(validator.check({ arrayOf: "TiieFondeoRate" }, records)).toBeNull();
    expect(validator.check({ arrayOf: "TiieFondeoRate" }, [{ ...records[0], term: 1 }])).not.toBeNull();
  });

  it("has no route, dump, schema, status entry, MCP value or download while raw/ lacks it", () => {
    expect(SIE_SERIES.tiieFondeo.served).toBe(false);
    expect(existsSync(join(RAW_DIR, source.rawFile))).toBe(false);
    expect(routes.filter((r) => r.path.startsWith("/tiie/fondeo") || r.id.startsWith("tiieFondeo"))).toEqual([]);
    expect(routes.map((r) => (r.mcp && "as" in r.mcp ? r.mcp.as : undefined))).not.toContain("tiie-fondeo");
    expect(DUMP_DATASETS.map((d) => d.id)).not.toContain("tiie-fondeo");
    expect(Object.keys(schemas)).not.toContain("TiieFondeoRate");
    expect(sieSources).not.toContain(source);
    expect(banxicoFeed.rawFiles).not.toContain(source.rawFile);
  });

  it("answers 404 on its paths, as a path that is no route", async () => {
    const { app } = createApi({ rateLimit: false, records: () => recordsFrom(() => undefined) });
    const detail = async (path: string): Promise<[number, string]> => {
      const res = await app.request(`${API_BASE}${path}`);
      return [res.status, ((await res.json()) as { detail: string }).detail];
    };
    for (const path of ["/tiie/fondeo/today", "/tiie/fondeo/history", "/tiie/fondeo/2020-09-28"]) {
      expect(await detail(path), path).toEqual([404, expect.stringMatching(/no existe en la API/)]);
    }
    // A route that exists, here without its file, is a 404 of missing data instead.
    expect(await detail("/tiie/28/today")).toEqual([404, expect.stringMatching(/^No hay datos publicados/)]);
  });

  it("is absent from the built tree: no file, no dump, no status entry, nothing in openapi.json", () => {
    const dist = inject("distDir");
    expect(existsSync(join(dist, `${API_BASE}/tiie/fondeo`))).toBe(false);
    expect(existsSync(join(dist, `${API_BASE}/tiie/fondeo/today.json`))).toBe(false);
    expect(existsSync(join(dist, dumpPath("tiie-fondeo", "json")))).toBe(false);
    const status = JSON.parse(readFileSync(join(dist, filePath(routeById("status"))), "utf8")) as { datasets: { id: string }[] };
    expect(status.datasets.map((d) => d.id)).toEqual(expect.arrayContaining(["fx", "udi", "tiie-28"]));
    expect(status.datasets.map((d) => d.id)).not.toContain("tiie-fondeo");
    const openapi = readFileSync(join(dist, `${API_BASE}/openapi.json`), "utf8");
    expect(openapi).not.toContain("fondeo");
    expect(openapi).not.toContain("SF331451");
  });
});

describe("every dataset's public id", () => {
  it("is the same in the route table, the dumps and /status", () => {
    const dist = inject("distDir");
    const status = JSON.parse(readFileSync(join(dist, filePath(routeById("status"))), "utf8")) as { datasets: { id: string }[] };
    const statusIds = new Set(status.datasets.map((d) => d.id));
    expect(statusIds.size).toBe(status.datasets.length);
    // Every dump is a /status dataset (the uma dump joins the uma, salario-minimo and imss tables under the first's id).
    expect(DUMP_DATASETS.map((d) => d.id).filter((id) => !statusIds.has(id))).toEqual([]);
    expect(routes.flatMap((r) => r.datasets ?? []).filter((id) => !statusIds.has(id))).toEqual([]);
    for (const key of SERVED_SERIES) expect(statusIds.has(SIE_SERIES[key].dataset), key).toBe(true);
  });
});
