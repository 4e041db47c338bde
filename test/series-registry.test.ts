// The Banxico series registry: one entry per series, one id per layer; the TIIE de fondeo's parser, checks and records.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import {
  SERIES_KEYS,
  SERVED_SERIES,
  SIE_SERIES,
  seriesRecord,
  type SeriesDefinition,
  type SeriesKey,
  type SieSeriesConfig,
} from "../lib/datasets/series.ts";
import { FILE_ROUTE_IDS } from "../lib/bodies/bodies.ts";
import { DUMP_DATASETS, filePath, routeById, routes } from "../lib/routes/routes.ts";
import { seriesOwnSchemas } from "../core/schemas.ts";
import { schemas } from "../lib/datasets/published-schemas.ts";
import { SERIES_ROUTES } from "../lib/datasets/dump-slices.ts";
import { banxicoFeed, SIE_SOURCES, sieSources } from "../sources/banxico.ts";
import { runChecks } from "../sources/types.ts";
import { BodyValidator } from "../build/validate.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness } from "../lib/datasets/staleness.ts";
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
const config = (key: (typeof SERIES_KEYS)[number]): SeriesDefinition => SIE_SERIES[key];

describe("the series registry", () => {
  it("gives each series one id, none shared with another series, and its route prefix from it", () => {
    for (const field of ["id", "sie", "base", "routeIdPrefix", "mcpValue"] as const) {
      const values = SERIES_KEYS.map((k) => config(k)[field]);
      expect(new Set(values).size, field).toBe(values.length);
    }
    expect(SERIES_KEYS.map((k) => config(k).base)).toEqual(["/fx", "/udi", "/tiie/28", "/tiie/fondeo"]);
    expect(SERIES_KEYS.map((k) => config(k).routeIdPrefix)).toEqual(["fx", "udi", "tiie28", "tiieFondeo"]);
  });

  it("serves a series exactly when raw/ holds its file, and then in every layer under its ids", () => {
    for (const key of SERIES_KEYS) {
      const s = config(key);
      const raw = SIE_SOURCES[key].rawFile;
      expect(raw).toBe(`banxico/${s.sie}.json`);
      expect(s.served && Object.hasOwn(manifest.files, raw), `${key}: served only with ${raw} in raw/manifest.json`).toBe(s.served);
      if (!s.served) continue;
      expect(routeById(`${s.routeIdPrefix}Today` as never).path).toBe(`${s.base}/today`);
      expect(FILE_ROUTE_IDS).toContain(`${s.routeIdPrefix}ByDate`);
      expect(DUMP_DATASETS.map((d) => d.id)).toContain(key);
      expect(SERIES_ROUTES.find((r) => r.prefix === s.routeIdPrefix)?.dump).toBe(key);
      expect(schemas).toHaveProperty(s.api.body);
    }
    expect(sieSources).toEqual(SERVED_SERIES.map((k) => SIE_SOURCES[k]));
  });

  it("does not compile an entry without a layer's field, or whose record is not its schema's", () => {
    const { api: _api, ...withoutApi } = SIE_SERIES["tiie-28"];
    // @ts-expect-error: without `api` the series would have no routes
    const missing: SieSeriesConfig = withoutApi;
    const wrongRecord: SieSeriesConfig<"TiieRate"> = {
      ...SIE_SERIES["tiie-28"],
      // @ts-expect-error: a TiieRate record has a term
      record: (o, source) => ({ date: o.date, rate: o.value, source }),
    };
    // @ts-expect-error: a series whose settings (sources/sie-series.ts) have no registry entry has no layer
    const unregistered: { [K in SeriesKey]: SieSeriesConfig } = {
      fx: SIE_SERIES.fx,
      udi: SIE_SERIES.udi,
      "tiie-28": SIE_SERIES["tiie-28"],
    };
    expect([missing, wrongRecord, unregistered]).toHaveLength(3);
  });

  it("judges staleness by cadence", () => {
    const judged = (id: string, latest: string, asOf: string): string | null =>
      staleness(DEFINITIONS.find((d) => d.id === id)!.cadence, latest, asOf).staleReason;
    expect(judged("tiie-fondeo", "2020-10-02", "2020-10-08")).toBeNull();
    expect(judged("tiie-fondeo", "2020-10-02", "2020-10-09")).toBe(
      "la última TIIE de fondeo (2020-10-02) está 5 días hábiles detrás de la fecha de corte 2020-10-09",
    );
    expect(judged("udi", "2020-10-09", "2020-10-10")).toContain("no hay valor de la UDI");
  });
});

describe("TIIE de fondeo (SF331451), from its definition", () => {
  const source = SIE_SOURCES["tiie-fondeo"];

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
    const records = source.parse(fixture, "f").map((o) => seriesRecord("tiie-fondeo", o));
    expect(records[0]).toEqual({ date: "2020-05-20", rate: 5.5, source: SIE_SERIES["tiie-fondeo"].source });
    const validator = new BodyValidator({ ...schemas, ...seriesOwnSchemas });
    expect(validator.check({ arrayOf: "TiieFondeoRate" }, records)).toBeNull();
    expect(validator.check({ arrayOf: "TiieFondeoRate" }, [{ ...records[0], term: 1 }])).not.toBeNull();
  });

  it("is in every layer under its ids, as raw/ holds its file", () => {
    expect(SIE_SERIES["tiie-fondeo"].served).toBe(true);
    expect(existsSync(join(RAW_DIR, source.rawFile))).toBe(true);
    expect(routes.filter((r) => r.path.startsWith("/tiie/fondeo")).map((r) => r.id)).toEqual([
      "tiieFondeoToday",
      "tiieFondeoHistory",
      "tiieFondeoByDate",
    ]);
    expect(routes.map((r) => (r.mcp && "as" in r.mcp ? r.mcp.as : undefined))).toContain("tiie-fondeo");
    expect(DUMP_DATASETS.map((d) => d.id)).toContain("tiie-fondeo");
    expect(Object.keys(schemas)).toContain("TiieFondeoRate");
    expect(sieSources).toContain(source);
    expect(banxicoFeed.rawFiles).toContain(source.rawFile);
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
    for (const key of SERVED_SERIES) expect(statusIds.has(SIE_SERIES[key].id), key).toBe(true);
  });
});
