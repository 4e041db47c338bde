// The contract of each kind of dataset definition, over every definition: one id, and every layer under it.
import { describe, expect, it } from "vitest";
import { DEFINITIONS, definitionOfRoute, definitionsOf, sheetFolderLabel, type DatasetDefinition } from "../lib/datasets/definitions.ts";
import { DUMP_DATASETS, familyOf, routeById, routes, type Route } from "../lib/routes/routes.ts";
import { dumpPath } from "../lib/datasets/dump-paths.ts";
import { DATASETS, joinedInto, ownDump, type DatasetKey } from "../lib/datasets/tables.ts";
import { TABLE_SOURCES } from "../lib/datasets/table-sources.ts";
import { statusDocument } from "../build/status.ts";
import { dumpDatasets } from "../build/dumps.ts";
import { catalogList } from "../lib/datasets/records.ts";
import { MCP_INCLUDED_FILES, FUNCTION_INCLUDED_FILES } from "../build/netlify.ts";
import { rawCommitMessage } from "../tools/raw-commit-message.ts";
import { snapshotDatasets } from "./helpers/snapshot-data.ts";
import type { Datasets, Manifest, ManifestEntry } from "../lib/datasets/records.ts";
import { staleness } from "../lib/datasets/staleness.ts";

const checkNames = (d: DatasetDefinition): string[] => d.source.checks.map((c) => c.name);
const routesOf = (d: DatasetDefinition): Route[] => d.routeIds.map((id) => routeById(id as never));
/** The MCP tool value a route answers for (serie_banxico's `serie`, catalogo_sat's `catalogo`, tabla_fiscal's `tabla`). */
const mcpValue = (r: Route): string | undefined => (r.mcp !== undefined && "as" in r.mcp ? r.mcp.as : undefined);
/** A route's texts: one for a record, many for a list. */
const hasText = (d: DatasetDefinition, r: Route): boolean => ("ref" in r.body ? d.mcp.one : d.mcp.many) !== undefined;

/** The public names kept where an id cannot be the name (decision new-one-dataset-id): one each, and only these. */
const KEPT_MCP_VALUES: Record<string, string> = { fx: "fix", "factor-integracion-sbc": "factor-integracion" };

/** Where the loaded data holds a definition's records: a keyed sheet under its catalog, every other dataset under its id. */
const loaded = (data: Datasets, d: DatasetDefinition): unknown =>
  d.kind === "sheet" && d.catalog !== null ? data.catalogs[d.catalog] : (data as unknown as Record<string, unknown>)[d.id];

describe("every dataset definition", () => {
  it("is loaded under its id, its /status entry judged by its cadence's rule, its dump in its workbook", async () => {
    const data = await snapshotDatasets();
    const asOf = "2026-12-01";
    const status = new Map(statusDocument(data, asOf, {}).datasets.map((s) => [s.id, s]));
    const dumped = new Set(DUMP_DATASETS.map((x) => x.id));
    for (const d of DEFINITIONS) {
      const records = loaded(data, d);
      expect(records, d.id).toBeDefined();
      // A table kept in the repository is its rows as written, checked.
      if ("rows" in d.source) expect(records, d.id).toBe(d.source.rows);
      const entry = status.get(d.id)!;
      expect(entry.title, d.id).toBe(d.title);
      expect({ staleReason: entry.staleReason, staleFrom: entry.staleFrom }, d.id).toEqual(staleness(d.cadence, entry.latest, asOf));
      expect(entry.stale, d.id).toBe(entry.staleReason !== null);
      expect(dumped.has(d.id), d.id).toBe(d.dump !== null);
      if (d.dump !== null) expect(familyOf(d.id), d.id).toBe(d.dump.workbook);
    }
  });

  it("has one id, none shared, and every route of a dataset answers for that one dataset", () => {
    const ids = DEFINITIONS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["fx", "tiie-fondeo", "inpc", "uma", "cfdi-uso", "nomina-banco", "cfdi-tasa-o-cuota"]));
    for (const d of DEFINITIONS) for (const r of routesOf(d)) expect(definitionOfRoute(r), r.id).toBe(d);
  });

  it("names every check of its source by its id", () => {
    for (const d of DEFINITIONS) {
      expect(checkNames(d).length, d.id).toBeGreaterThan(0);
      for (const name of checkNames(d)) expect(name.startsWith(`${d.id}-`), `${d.id}: ${name}`).toBe(true);
    }
  });

  it("is its source's id, its /status entry and its dump, in the same order", async () => {
    const data = await snapshotDatasets();
    for (const d of DEFINITIONS) expect(d.source.id, d.id).toBe(d.id);
    expect(statusDocument(data, "2026-12-01", {}).datasets.map((s) => s.id)).toEqual(DEFINITIONS.map((d) => d.id));
    const dumped = DEFINITIONS.filter((d) => d.kind !== "table" || ownDump(d.id) !== undefined).map((d) => d.id);
    expect(DUMP_DATASETS.map((d) => d.id)).toEqual(dumped);
    const dumps = dumpDatasets(data, catalogList("clave-prod-serv", data.catalogs["clave-prod-serv"]));
    expect(dumps.map((d) => d.id)).toEqual(dumped);
  });

  it("has an MCP text for each of its routes' answers, its own words (c_TasaOCuota: the route's summary and a count)", () => {
    for (const d of DEFINITIONS) {
      for (const r of routesOf(d).filter((x) => x.mcp !== undefined))
        expect(hasText(d, r) || d.id === "cfdi-tasa-o-cuota", r.id).toBe(true);
    }
  });

  it("labels its raw file's changes in the nightly's commit", () => {
    const entry = (first: string, last: string): ManifestEntry =>
      ({ kind: "publisher", sha256: "a".repeat(64), bytes: 1, rows: 2, first, last, url: "u", fetchedAt: "t" }) as unknown as ManifestEntry;
    for (const d of DEFINITIONS.filter((x) => x.rawFile !== null)) {
      const dated = d.kind !== "sheet";
      const after = { files: { [d.rawFile!]: entry(dated ? "2020-01-01" : "01", dated ? "2020-01-31" : "99") } } as unknown as Manifest;
      const subject = rawCommitMessage({ files: {} } as unknown as Manifest, after)!.split("\n")[0];
      expect(subject, d.id).toBe(d.kind === "sheet" ? `${sheetFolderLabel(d)}: ${d.label}` : `${d.label} hasta 2020-01-31`);
    }
  });
});

describe("a series by date", () => {
  it("goes stale by banking day or by calendar day, its observations loaded under its id", async () => {
    const data = await snapshotDatasets();
    for (const d of definitionsOf("series")) {
      expect(d.cadence.kind, d.id).toBe(d.series.cadence);
      expect(["banking-day", "daily"]).toContain(d.cadence.kind);
      expect(data[d.id].length, d.id).toBeGreaterThan(0);
      expect(d.dump).toEqual({ cache: expect.anything(), workbook: "series" });
    }
  });

  it("takes its route prefix, route ids, MCP value, raw file, dump and workbook from its id", () => {
    for (const d of definitionsOf("series")) {
      const s = d.series;
      expect(s.base).toBe(`/${d.id.replaceAll("-", "/")}`);
      expect(routesOf(d).map((r) => r.path)).toEqual([`${s.base}/today`, `${s.base}/history`, `${s.base}/{date}`]);
      expect(routesOf(d).map((r) => r.id)).toEqual(
        ["Today", "History", "ByDate"].map((x) => `${d.id.replace(/-(.)/g, (_, c: string) => c.toUpperCase())}${x}`),
      );
      for (const r of routesOf(d)) {
        expect(r.datasets).toEqual([d.id]);
        expect(mcpValue(r)).toBe(KEPT_MCP_VALUES[d.id] ?? d.id);
      }
      expect(d.rawFile).toBe(`banxico/${s.sie}.json`);
      expect(familyOf(d.id)).toBe("series");
      // The function that answers its ranges and the MCP function pack its dump, not its dates' files.
      expect(FUNCTION_INCLUDED_FILES["banxico-series"]).toContain(`dist${dumpPath(d.id, "json")}`);
      expect(MCP_INCLUDED_FILES).toContain(`!dist/api/v1/public${s.base}/[0-9]*.json`);
    }
  });
});

describe("a yearly or periodic table", () => {
  it("goes stale by month, by year or never (by version), its registry entry and source under its id", () => {
    expect(definitionsOf("table").map((d) => d.id)).toEqual(
      Object.keys(TABLE_SOURCES).filter((id) => DATASETS[id as DatasetKey].listed === "tables"),
    );
    for (const d of definitionsOf("table")) {
      expect(["monthly", "yearly", "version"], d.id).toContain(d.cadence.kind);
      expect(d.cadence, d.id).toBe(d.entry.status.cadence);
    }
  });

  it("has its own dump or one that joins its rows, and routes whose MCP value is its id", () => {
    for (const d of definitionsOf("table")) {
      const own = ownDump(d.id);
      const into = joinedInto(d.id);
      expect(own === undefined, d.id).toBe(into !== undefined);
      if (own !== undefined) expect(familyOf(d.id)).toBe(own.workbook);
      for (const r of routesOf(d)) {
        const value = mcpValue(r);
        if (value !== undefined) expect(value, r.id).toBe(KEPT_MCP_VALUES[d.id] ?? d.id);
      }
    }
  });
});

describe("a catalog sheet", () => {
  it("goes stale by SAT's newer revisions (a keyed sheet) or never (a catalog of rules)", () => {
    for (const d of definitionsOf("sheet")) {
      expect(d.cadence.kind, d.id).toBe(d.catalog === null ? "version" : "revision");
      if (d.catalog === null) expect(Object.keys(TABLE_SOURCES), d.id).toContain(d.id);
    }
  });

  it("is /<family>/<catalog>, with its sheet's raw file, dump, workbook and MCP value", () => {
    for (const d of definitionsOf("sheet")) {
      const [family, ...rest] = d.id.split("-");
      const catalog = rest.join("-");
      for (const r of routesOf(d)) {
        expect(r.path.startsWith(`/${family}/${catalog}`), r.id).toBe(true);
        expect(mcpValue(r)).toBe(catalog);
      }
      // SAT's sheet as downloaded, or for the project's own catalog none: its rows are a module's table with its sources.
      if (d.rawFile === null) expect(d.catalog === null && "file" in d.source && d.source.file.startsWith("sources/")).toBe(true);
      else expect(d.rawFile).toBe(`sat/${family === "cfdi" ? "catCFDI" : "catNomina"}/${d.label}.csv`);
      expect(familyOf(d.id)).toBe(family === "cfdi" ? "catalogos-cfdi" : "catalogos-nomina");
      if (d.catalog !== null) expect(d.catalog).toBe(catalog);
    }
  });

  it("is every catalog route's dataset", () => {
    const sheetRoutes = routes.filter((r) => r.mcp !== undefined && "tool" in r.mcp && r.mcp.tool === "catalogo_sat");
    expect(sheetRoutes.length).toBeGreaterThan(60);
    for (const r of sheetRoutes) expect(definitionOfRoute(r)?.kind, r.id).toBe("sheet");
  });
});
