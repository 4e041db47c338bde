// Bulk dumps: every dataset as JSON, CSV and NDJSON under /api/v1/public/dumps/, and their index.
import { createHash } from "node:crypto";
import { SIE_SOURCES } from "../sources/banxico.ts";
import { SIE_SERIES, seriesRecord, type ServedKey } from "../lib/datasets/series.ts";
import { ownDump, type DatasetKey } from "../lib/datasets/tables.ts";
import { DEFINITIONS, type SheetKind } from "../lib/datasets/definitions.ts";
import type { CatalogId } from "../sources/sat.ts";
import { rawInfo } from "./status.ts";
import { DUMP_FORMATS, DUMP_INDEX, dumpPath, type DumpDatasetId, type DumpFormat } from "../lib/routes/routes.ts";
import { LICENSE, attribution } from "../core/service-config.ts";
import type { BodySchema } from "../core/schemas.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import { catalogList } from "../lib/datasets/records.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";

/** A record of any dataset (interfaces have no index signature, so `object`). */
type Row = object;

export interface DumpDataset {
  id: DumpDatasetId;
  rows: Row[];
  /** First and last date, period, year or code. */
  coverage: { first: string | null; last: string | null };
  source: string;
  /** Where the data came from: a raw file (downloaded or a public copy) or a table kept in the repository. */
  provenance: DumpProvenance;
  /** The schema every JSON row follows, where the API has one. */
  schema?: BodySchema;
  /** The fields that identify a record (the SQLite table's primary key); empty when none does. */
  key: readonly string[];
}

/** The dumps index's provenance fields (core/service-schemas.ts DumpFileEntry), the status document's in short. */
interface DumpProvenance {
  origin: "publicador" | "copia" | "tabla";
  fetchedAt: string | null;
  copies: { repository: string; path: string; commit: string; covers: string | null }[] | null;
  version: string | null;
}

/** A raw file's provenance as /status gives it; a null file is a table kept in the repository (sources/). */
function provenance(d: Datasets, rawFile: string | null): DumpProvenance {
  const raw = rawFile === null ? null : rawInfo(d, rawFile);
  const version = rawFile === null ? null : (d.sheetVersions.get(rawFile) ?? null);
  if (raw === null) return { origin: "tabla", fetchedAt: null, copies: null, version };
  return { origin: raw.origin, fetchedAt: raw.fetchedAt, copies: raw.copies, version };
}

const coverage = (keys: string[]): DumpDataset["coverage"] => ({ first: keys[0] ?? null, last: keys.at(-1) ?? null });

/** A keyed SAT sheet's dump: its records ordered by key (c_ClaveProdServ's made once, by the caller); coverage is the lowest and highest key. */
function sheetDump(d: Datasets, def: SheetKind & { catalog: CatalogId }, claveProdServ: CfdiCatalogEntry[]): DumpDataset {
  const { catalog, source } = def;
  return {
    id: def.id,
    rows: catalog === "clave-prod-serv" ? claveProdServ : catalogList(catalog, d.catalogs[catalog]),
    coverage: coverage(d.catalogs[catalog].map((e) => e.key).sort()),
    source: `${source.publisher}, ${source.rawFile.split("/").at(-1)}`,
    provenance: provenance(d, source.rawFile),
    schema: { arrayOf: "CfdiCatalogEntry" },
    key: def.spec.key.map((k) => k.field),
  };
}

/** A published Banxico series as a dump: its records, oldest first, covering its first to its last date. */
function seriesDump(d: Datasets, key: ServedKey): DumpDataset {
  const observations = d[key];
  const source = SIE_SOURCES[key];
  return {
    id: key,
    rows: observations.map((o) => seriesRecord(key, o)),
    coverage: coverage(observations.map((o) => o.date)),
    source: source.publisher,
    provenance: provenance(d, source.rawFile),
    schema: { arrayOf: SIE_SERIES[key].api.body },
    key: ["date"],
  };
}

/** A table's or a catalog of rules' dump (lib/datasets/tables.ts); none when another's dump joins its rows. */
function tableDump(d: Datasets, key: DatasetKey): DumpDataset[] {
  const own = ownDump(key);
  if (own === undefined) return [];
  const { rows, coverage: covers, source, rawFile, schema, key: fields } = own;
  return [
    { id: key, rows: rows(d), coverage: covers(d), source, provenance: provenance(d, rawFile), ...(schema && { schema }), key: fields },
  ];
}

/** Every definition's dump, in their order (a table joined into another's has none). */
export function dumpDatasets(d: Datasets, claveProdServ: CfdiCatalogEntry[]): DumpDataset[] {
  return DEFINITIONS.flatMap((def) => {
    if (def.kind === "series") return [seriesDump(d, def.id)];
    if (def.kind === "sheet" && def.catalog !== null) return [sheetDump(d, def, claveProdServ)];
    return tableDump(d, def.id);
  });
}

/** CSV cells: lists joined with ", " as SAT writes them, null as an empty cell. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** One CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote or a line break. */
const csvField = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * A header row with every key of any row, then one line per row, each ended by "\n". Written here rather
 * than with csv-stringify: on the 52,514-row c_ClaveProdServ that library took ~150 ms, a quarter of
 * what the dumps cost, for output these eight lines produce byte for byte.
 */
function csv(rows: Row[]): string {
  const columns = new Set<string>();
  for (const r of rows) for (const key in r) columns.add(key);
  const lines = [Array.from(columns, csvField).join(",")];
  for (const r of rows) {
    const record = r as Record<string, unknown>;
    lines.push(Array.from(columns, (c) => csvField(csvCell(record[c]))).join(","));
  }
  return `${lines.join("\n")}\n`;
}

export interface DumpFile {
  path: string;
  data: Buffer;
}

/** A file of many datasets, with what its index entry says of it. */
export interface BundleFile extends DumpFile {
  dataset: string;
  format: "sqlite" | "xlsx";
  contentType: string;
  /** Records per table (SQLite) or per sheet (workbook), by dataset id. */
  records: Record<string, number>;
}

/**
 * JSON text in memory that other threads can read in place: the bundle thread parses the JSON dumps from
 * these very bytes (build/bundle-thread.ts) instead of a copy of 31 MB.
 */
function sharedText(text: string): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(Buffer.byteLength(text)));
  bytes.write(text);
  return bytes;
}

/** The three files of each dataset, all in memory at once (for tests and benchmarks; the build streams them with writeDumps). */
export function dumpFiles(datasets: DumpDataset[]): DumpFile[] {
  const files: DumpFile[] = [];
  writeDumps(
    datasets,
    () => {},
    (f) => files.push(f),
  );
  return files;
}

/**
 * Gives `emit` the three files of each dataset, rendering every record's JSON text once, and keeps none but the
 * JSON files, which are handed to `onJson` (the bundle thread starts on them while the CSV files are made).
 * Each NDJSON and CSV file is emitted as soon as it exists and its bytes are dropped: with the catalogs doubled,
 * holding every dump until the last was made cost 330 MB of the build's peak.
 */
export function writeDumps(datasets: DumpDataset[], onJson: (json: DumpFile[]) => void, emit: (f: DumpFile) => void): void {
  const json = datasets.map((ds) => {
    const lines = ds.rows.map((r) => JSON.stringify(r));
    // One JSON text per line.
    emit({ path: dumpPath(ds.id, "ndjson"), data: Buffer.from(lines.length === 0 ? "" : `${lines.join("\n")}\n`) });
    // The same as JSON.stringify(rows).
    return { path: dumpPath(ds.id, "json"), data: sharedText(`[${lines.join(",")}]`) };
  });
  onJson(json);
  for (const f of json) emit(f);
  for (const ds of datasets) emit({ path: dumpPath(ds.id, "csv"), data: Buffer.from(csv(ds.rows)) });
}

/** A bundle's sources are those of the datasets it holds, listed inside it. */
const BUNDLE_SOURCE: Record<BundleFile["format"], string> = {
  sqlite: "Las de cada conjunto de datos, en la tabla datasets del archivo",
  xlsx: "Las de cada conjunto de datos, en la hoja Fuentes del libro",
};

/** What the dump index says of a file: its size and digest (the file itself need not be kept). */
export interface FileDigest {
  path: string;
  bytes: number;
  sha256: string;
}

export const digestOf = (f: { path: string; data: Uint8Array }): FileDigest => ({
  path: f.path,
  bytes: f.data.length,
  sha256: createHash("sha256").update(f.data).digest("hex"),
});

/**
 * dumps/index.json, from the dumps' digests (taken as each file is written, so that the build need not keep the
 * files until the bundles are in) and the bundles.
 */
export function dumpIndex(
  datasets: DumpDataset[],
  digests: readonly FileDigest[],
  site: string,
  bundles: readonly BundleFile[] = [],
): DumpFile {
  const byPath = new Map(digests.map((d) => [d.path, d]));
  const entries = datasets.flatMap((ds) =>
    (Object.keys(DUMP_FORMATS) as DumpFormat[]).map((format) => {
      const path = dumpPath(ds.id, format);
      const { bytes, sha256 } = byPath.get(path)!;
      return {
        dataset: ds.id,
        format,
        url: path,
        contentType: DUMP_FORMATS[format],
        rows: ds.rows.length,
        bytes,
        sha256,
        coverage: ds.coverage,
        source: ds.source,
        ...ds.provenance,
        license: LICENSE.name,
        attribution: attribution(site),
      };
    }),
  );
  const bundleEntries = bundles.map((b) => {
    const { bytes, sha256 } = digestOf(b);
    return {
      dataset: b.dataset,
      format: b.format,
      url: b.path,
      contentType: b.contentType,
      rows: Object.values(b.records).reduce((a, n) => a + n, 0),
      bytes,
      sha256,
      coverage: { first: null, last: null },
      source: BUNDLE_SOURCE[b.format],
      license: LICENSE.name,
      attribution: attribution(site),
      records: b.records,
    };
  });
  const indexBody = {
    license: { name: LICENSE.name, url: LICENSE.url },
    attribution: attribution(site),
    files: [...entries, ...bundleEntries],
  };
  return { path: DUMP_INDEX, data: Buffer.from(JSON.stringify(indexBody)) };
}
