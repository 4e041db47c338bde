// Every dataset as one definition of one of three kinds, in the order of /status, the dumps and their index: the one list the build, the tools and the MCP texts read.
import { SERVED_SERIES, SIE_SERIES, type SeriesDefinition, type ServedKey } from "./series.ts";
import { DATASETS, keysListed, ownDump, type DatasetKey } from "./tables.ts";
import type { DatasetEntry } from "./entry.ts";
import { TABLE_SOURCES } from "./table-sources.ts";
import type { Cadence } from "./staleness.ts";
import type { WorkbookFamily } from "./workbooks.ts";
import { CACHE, type CachePolicy } from "../route-shape/route-types.ts";
import { CATALOGS, satCatalog, type CatalogId, type CatalogEntry, type SheetSpec } from "../../sources/sat.ts";
import { SIE_SOURCES, type SieObservation } from "../../sources/banxico.ts";
import type { CuratedTable, FeedSource } from "../../sources/types.ts";
import { listRouteId, lookupRouteId } from "./sheet-route-ids.ts";
import { count, s, span, type McpTexts } from "./said.ts";

/** What every kind says the same way. */
interface Common {
  /**
   * Its one id: its dump (dumps/<id>.json, .csv, .ndjson, the SQLite table, the workbook sheet), its /status entry,
   * its checks' prefix and its routes' `datasets`; a series' route prefix and MCP value follow from it too
   * (lib/datasets/series.ts), a sheet's route is `/<family>/<catalog>`.
   */
  id: string;
  /** The short name the nightly's commit gives it (tools/raw-commit-message.ts): a series' or table's label, a sheet's name. */
  label: string;
  /** Its raw file; null for a table kept in the repository (sources/). */
  rawFile: string | null;
  /** Where its data comes from: a feed in raw/, or a table kept in the repository. */
  source: FeedSource<unknown> | CuratedTable<unknown>;
  /** The ids of the routes that answer its records. */
  routeIds: readonly string[];
  /** What the MCP tools say of those routes' answers (lib/mcp/summary.ts). */
  mcp: McpTexts;
  /** Its /status title. */
  title: string;
  /** How it goes stale (lib/datasets/staleness.ts: one rule per kind of cadence). */
  cadence: Cadence;
  /** Its own dump's cache and workbook; null when another dataset's dump joins its rows (the minimum wage's, in the UMA's). */
  dump: { cache: CachePolicy; workbook: WorkbookFamily } | null;
}

/** A Banxico series: an observation per date (lib/datasets/series.ts). */
interface SeriesKind extends Common {
  kind: "series";
  id: ServedKey;
  series: SeriesDefinition;
  source: FeedSource<SieObservation[]>;
  rawFile: string;
}

/** A yearly or periodic table, or the INPC (lib/datasets/tables.ts, listed with the tables). */
interface TableKind extends Common {
  kind: "table";
  id: DatasetKey;
  entry: DatasetEntry;
}

/** A SAT catalog sheet: a keyed sheet (sources/sat-cfdi.ts, sources/sat-nomina.ts), or c_TasaOCuota's rules (tables.ts). */
/** A catalog: one of SAT's sheets (its raw file), or a catalog of the project's own table served like one (raw file null). */
export type SheetKind = Common & { kind: "sheet"; rawFile: string | null } & (
    | { catalog: CatalogId; spec: SheetSpec & { id: CatalogId }; source: FeedSource<CatalogEntry[]> }
    | { catalog: null; id: DatasetKey; entry: DatasetEntry }
  );

export type DatasetDefinition = SeriesKind | TableKind | SheetKind;
export type DatasetKind = DatasetDefinition["kind"];

/** How the nightly's commit names a SAT folder's sheets ("CFDI 4.0: c_Moneda, c_Pais"). */
const FOLDER_LABEL = { cfdi: "CFDI 4.0", nomina: "Nómina" } as const;

/** A series' observation or list of observations, in the words of its definition. */
function seriesTexts(series: SeriesDefinition): McpTexts {
  const [one, many, of] = series.api.counted;
  return {
    one: (b) => `${series.api.said(s(b["date"]), s(b[series.api.valueField]))}. Fuente: ${s(b["source"])}.`,
    many: (l) => `${count(l.length, one, many)} ${of}${span(l, "date")}. Fuente: Banco de México, serie ${series.sie}.`,
  };
}

const seriesKind = (id: ServedKey): SeriesKind => ({
  kind: "series",
  id,
  label: SIE_SERIES[id].label,
  rawFile: SIE_SOURCES[id].rawFile,
  source: SIE_SOURCES[id],
  series: SIE_SERIES[id],
  routeIds: (["Today", "History", "ByDate"] as const).map((r) => `${SIE_SERIES[id].routeIdPrefix}${r}`),
  mcp: seriesTexts(SIE_SERIES[id]),
  title: SIE_SERIES[id].title,
  cadence: { kind: SIE_SERIES[id].cadence, noun: SIE_SERIES[id].noun, latestNoun: SIE_SERIES[id].latestNoun },
  dump: { cache: CACHE.live, workbook: "series" },
});

/** A table's (or a catalog of rules') own dump facts, null when joined into another's. */
const tableDump = (key: DatasetKey): SeriesKind["dump"] => {
  const own = ownDump(key);
  return own === undefined ? null : { cache: own.cache, workbook: own.workbook };
};

const tableKind = (key: DatasetKey): TableKind => {
  const entry: DatasetEntry = DATASETS[key];
  const source: TableKind["source"] = TABLE_SOURCES[key];
  const rawFile = "rawFile" in source ? source.rawFile : null;
  return {
    kind: "table",
    id: key,
    entry,
    source,
    rawFile,
    label: ("label" in source && source.label) || key,
    routeIds: entry.routes.map((r) => r.id),
    mcp: entry.mcp ?? {},
    title: entry.status.title,
    cadence: entry.status.cadence,
    dump: tableDump(key),
  };
};

/** A keyed sheet's entries, named by the sheet. */
const sheetTexts = (sheet: string): McpTexts => ({
  one: (b) =>
    `${sheet} ${s(b["code"])}: ${s(b["description"])}${b["validTo"] === null ? "" : ` (vigente hasta ${s(b["validTo"])})`} Fuente: catálogos del SAT.`,
  many: (l) => `${sheet}: ${count(l.length, "clave", "claves")} en esta respuesta. Fuente: catálogos del SAT.`,
});

const sheetKind = (spec: SheetSpec & { id: CatalogId }): SheetKind => {
  const source = satCatalog(spec.id);
  const routeIds = [lookupRouteId(spec.family, spec.id), listRouteId(spec.family, spec.id)];
  return {
    kind: "sheet",
    id: source.id,
    catalog: spec.id,
    spec,
    source,
    rawFile: source.rawFile,
    label: spec.sheet,
    routeIds,
    mcp: sheetTexts(spec.sheet),
    title: `Catálogo ${spec.sheet} (${spec.family === "cfdi" ? "CFDI 4.0" : "Nómina 1.2"})`,
    cadence: { kind: "revision", rawFile: source.rawFile },
    dump: { cache: CACHE.day, workbook: spec.family === "cfdi" ? "catalogos-cfdi" : "catalogos-nomina" },
  };
};

const rulesSheetKind = (key: DatasetKey): SheetKind => {
  const entry: DatasetEntry = DATASETS[key];
  const source: SheetKind["source"] = TABLE_SOURCES[key];
  // The project's own catalog (the cancellation reasons) has no SAT sheet: named by its id, from its module.
  const rawFile = "rawFile" in source ? source.rawFile : null;
  const sheet =
    rawFile === null
      ? key
      : rawFile
          .split("/")
          .at(-1)!
          .replace(/\.[^.]+$/, "");
  const routeIds = entry.routes.map((r) => r.id);
  return {
    kind: "sheet",
    id: key,
    catalog: null,
    entry,
    source,
    rawFile,
    label: sheet,
    routeIds,
    mcp: entry.mcp ?? {},
    title: entry.status.title,
    cadence: entry.status.cadence,
    dump: tableDump(key),
  };
};

/** Every dataset: the series, the tables, the keyed SAT sheets, then the sheets without a key (c_TasaOCuota). */
export const DEFINITIONS: readonly DatasetDefinition[] = [
  ...SERVED_SERIES.map(seriesKind),
  ...keysListed("tables").map(tableKind),
  ...CATALOGS.map(sheetKind),
  ...keysListed("sat").map(rulesSheetKind),
];

/** The definitions of one kind. */
export const definitionsOf = <K extends DatasetKind>(kind: K): Extract<DatasetDefinition, { kind: K }>[] =>
  DEFINITIONS.filter((d): d is Extract<DatasetDefinition, { kind: K }> => d.kind === kind);

const BY_ROUTE = new Map(DEFINITIONS.flatMap((d) => d.routeIds.map((r) => [r, d] as const)));
/** The dataset whose records a route answers; undefined for a calculation, a check, a search or a document. */
export const definitionOfRoute = (route: { id: string }): DatasetDefinition | undefined => BY_ROUTE.get(route.id);

/** The label of a SAT sheet's folder ("CFDI 4.0"), for the sheets' commit subjects. */
export const sheetFolderLabel = (d: SheetKind): string => FOLDER_LABEL[d.catalog === null ? "cfdi" : d.spec.family];
