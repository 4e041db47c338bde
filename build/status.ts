// The status document: per dataset definition, how fresh it is by its cadence and which raw file it came from.
import { DEFINITIONS, type DatasetDefinition } from "../lib/datasets/definitions.ts";
import { staleness, type CadenceKind } from "../lib/datasets/staleness.ts";
import { instantFromEpochSeconds } from "../core/dates.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import { DUMP_INDEX, SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/route-paths.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import type { DatasetStatus, StatusDocument } from "../core/schemas.ts";

/** Where a raw file's bytes came from: a download (when, from where) or public copies (which), never confused. */
export function rawInfo(d: Datasets, file: string): DatasetStatus["raw"] {
  const info = d.rawFiles.get(file);
  const entry = d.manifest.files[file];
  if (!info || !entry) return null;
  const base = { file, sha256: info.sha256, bytes: info.bytes, url: entry.url };
  return entry.kind === "publisher"
    ? { ...base, origin: "publicador", fetchedAt: entry.fetchedAt, copies: null }
    : { ...base, origin: "copia", fetchedAt: null, copies: entry.copies };
}

/** How /status names each kind of cadence. */
const CADENCE_WORD: Record<CadenceKind, DatasetStatus["cadence"]> = {
  // Both series cadences publish (nearly) every day.
  "banking-day": "diaria",
  daily: "diaria",
  monthly: "mensual",
  yearly: "anual",
  version: "por versión",
  revision: "por versión",
};

/** What a status entry counts of a dataset: its records and its first and latest date, period, year or key. */
type Counted = Pick<DatasetStatus, "records" | "first" | "latest">;

function counted(def: DatasetDefinition, d: Datasets): Counted {
  if (def.kind === "series") {
    const rows = d[def.id];
    return { records: rows.length, first: rows[0]?.date ?? null, latest: rows.at(-1)?.date ?? null };
  }
  if (def.kind === "sheet" && def.catalog !== null) {
    const entries = d.catalogs[def.catalog];
    const keys = entries.map((e) => e.key).sort();
    return { records: entries.length, first: keys[0] ?? null, latest: keys.at(-1) ?? null };
  }
  const c = def.cadence;
  switch (c.kind) {
    case "monthly": {
      const periods = c.periods(d);
      return { records: periods.length, first: periods[0] ?? null, latest: periods.at(-1) ?? null };
    }
    case "yearly": {
      const years = c.years(d);
      return { records: years.length, first: years.length ? String(years[0]) : null, latest: years.length ? String(years.at(-1)) : null };
    }
    case "version": {
      // A catalog by version names its first and last key, as each SAT sheet's entry does (c_TasaOCuota has no key: none).
      const keys = "coverage" in def.entry.dump ? def.entry.dump.coverage(d) : { first: null, last: null };
      return { records: c.records(d), first: keys.first, latest: keys.last };
    }
    default:
      throw new Error(`${def.id}: una tabla no tiene la cadencia ${c.kind}`);
  }
}

/** A dataset's status entry: its counts, its staleness by its cadence, and a feed's raw file or a table's citation. */
function statusOf(def: DatasetDefinition, d: Datasets, asOf: string): DatasetStatus {
  const { records, first, latest } = counted(def, d);
  const { staleReason, staleFrom } = staleness(def.cadence, latest, asOf);
  const facts = { cadence: CADENCE_WORD[def.cadence.kind], records, first, latest, stale: staleReason !== null, staleReason, staleFrom };
  const source = def.source;
  if ("rawFile" in source) {
    // A feed published by version (a SAT sheet) names the version it holds.
    const byVersion = def.cadence.kind === "version" || def.cadence.kind === "revision";
    const version = byVersion && { version: d.sheetVersions.get(source.rawFile) ?? null };
    const { publisher, officialUrl } = source;
    return { id: def.id, publisher, officialUrl, title: def.title, ...facts, ...version, raw: rawInfo(d, source.rawFile) };
  }
  const { publisher, officialUrl, citation } = source;
  return { id: def.id, title: def.title, publisher, officialUrl, ...facts, raw: null, citation };
}

/** `builtAt`: SOURCE_DATE_EPOCH when set, else the newest raw download; never the clock, so builds stay reproducible. */
function builtAt(d: Datasets, env: Record<string, string | undefined>): string | null {
  const epoch = env["SOURCE_DATE_EPOCH"];
  if (epoch && /^\d+$/.test(epoch)) return instantFromEpochSeconds(Number(epoch));
  // Public copies were never downloaded: they give no time.
  const fetched = Object.values(d.manifest.files)
    .flatMap((f) => (f.kind === "publisher" ? [f.fetchedAt] : []))
    .sort();
  return fetched.at(-1) ?? null;
}

export function statusDocument(d: Datasets, asOf: string, env: Record<string, string | undefined>): StatusDocument {
  return {
    service: SERVICE_NAME,
    builtAt: builtAt(d, env),
    asOf,
    datasets: DEFINITIONS.map((def) => statusOf(def, d, asOf)),
    downloads: { index: DUMP_INDEX, sqlite: SQLITE_DUMP, workbooks: WORKBOOK_FAMILIES.map(workbookPath) },
  };
}

/** One line per stale dataset, for the build's output. */
export const staleWarnings = (status: StatusDocument): string[] =>
  status.datasets.filter((s) => s.stale).map((s) => `⚠ ${s.id} desactualizado: ${s.staleReason}`);
