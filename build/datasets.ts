// Reads every source (raw feeds and hand-kept tables), runs all their checks, and returns typed datasets.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { banxico, tiieSource, udiSource, type SieObservation } from "../sources/banxico.ts";
import { imss, type ImssTable } from "../sources/imss.ts";
import { inegi, type InpcObservation } from "../sources/inegi.ts";
import { isrTariffs } from "../sources/isr.ts";
import type { IsrPublication } from "../sources/isr-checks.ts";
import { minimumWage, type MinimumWageRow } from "../sources/salario-minimo.ts";
import { CATALOGS, satCatalogs, type CatalogId, type CfdiEntry } from "../sources/sat.ts";
import { ParseError, runChecks, type CheckFailure, type CuratedTable, type FeedSource } from "../sources/types.ts";
import { uma, type UmaRow } from "../sources/uma.ts";
import { MANIFEST_FILE, parseManifest, type Manifest } from "./fetch-manifest.ts";

/** What the build knows of one raw file: its digest always, its download facts when a manifest exists. */
export interface RawFileInfo {
  sha256: string;
  bytes: number;
}

export interface Datasets {
  fx: SieObservation[];
  /** UDI (SP68257), every calendar day. */
  udi: SieObservation[];
  /** TIIE a 28 días (SF43783), banking days. */
  tiie28: SieObservation[];
  inpc: InpcObservation[];
  cfdi: Record<CatalogId, CfdiEntry[]>;
  uma: UmaRow[];
  minimumWage: MinimumWageRow[];
  isr: IsrPublication[];
  imss: ImssTable;
  /** Digest and size of each raw file read, keyed by its path in the raw directory. */
  rawFiles: Map<string, RawFileInfo>;
  /** The raw directory's manifest (build/fetch-manifest.ts), or null when it has none (e.g. the shared snapshot). */
  manifest: Manifest | null;
}

/** Every failure of every source, gathered so the build can print them all and stop once. */
export class SourceChecksFailed extends Error {
  override readonly name = "SourceChecksFailed";
  constructor(readonly failures: CheckFailure[]) {
    super(`${failures.length} comprobaciones fallaron:\n${failures.map(formatFailure).join("\n")}`);
  }
}

export function formatFailure(f: CheckFailure): string {
  return `  ✗ [${f.check}] ${f.file}${f.row === undefined ? "" : `, fila ${f.row}`}: ${f.message}`;
}

/** One raw feed read, parsed and checked: its records (undefined when unreadable or malformed) and every failure. */
export interface LoadedFeed<T> {
  records: T | undefined;
  failures: CheckFailure[];
  /** Digest and size of the raw file, when it could be read. */
  info: RawFileInfo | undefined;
}

export async function loadFeed<T>(rawDir: string, source: FeedSource<T>): Promise<LoadedFeed<T>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(rawDir, source.rawFile));
  } catch (err) {
    const failure = { check: `${source.id}-lectura`, file: source.rawFile, message: `no se pudo leer (${(err as Error).message})` };
    return { records: undefined, failures: [failure], info: undefined };
  }
  const info = { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  try {
    const records = source.parse(bytes.toString("utf8"), source.rawFile);
    return { records, failures: runChecks(records, source.rawFile, source.checks), info };
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    return { records: undefined, failures: [{ check: `${source.id}-formato`, file: err.file, row: err.row, message: err.detail }], info };
  }
}

function checkTable<T>(table: CuratedTable<T>, failures: CheckFailure[]): T {
  failures.push(...runChecks(table.rows, table.file, table.checks));
  return table.rows;
}

/** The manifest `npm run fetch` leaves in the raw directory, if any; an unreadable one stops the build. */
function manifestOf(rawDir: string, failures: CheckFailure[]): Manifest | null {
  const file = join(rawDir, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return parseManifest(readFileSync(file, "utf8"));
  } catch (err) {
    failures.push({ check: "manifiesto", file: MANIFEST_FILE, message: `manifiesto ilegible (${(err as Error).message})` });
    return null;
  }
}

/**
 * Every source, read and checked; throws SourceChecksFailed with all failures of all of them. Feeds the
 * caller has already loaded (the build loads the largest one first) are passed in `loaded` and not read again.
 */
export async function loadDatasets(rawDir: string, loaded = new Map<FeedSource<unknown>, LoadedFeed<unknown>>()): Promise<Datasets> {
  const failures: CheckFailure[] = [];
  const rawFiles = new Map<string, RawFileInfo>();
  const manifest = manifestOf(rawDir, failures);
  const feeds: FeedSource<unknown>[] = [banxico, udiSource, tiieSource, inegi, ...satCatalogs];
  const results = await Promise.all(feeds.map((source) => loaded.get(source) ?? loadFeed(rawDir, source)));
  // Failures and digests in source order, whichever file was read first.
  results.forEach((result, i) => {
    failures.push(...result.failures);
    if (result.info) rawFiles.set(feeds[i]!.rawFile, result.info);
  });
  const [fx, udi, tiie28, inpc, ...catalogs] = results.map((r) => r.records);
  const tables = {
    uma: checkTable(uma, failures),
    minimumWage: checkTable(minimumWage, failures),
    isr: checkTable(isrTariffs, failures),
    imss: checkTable(imss, failures),
  };
  if (failures.length > 0 || !fx || !udi || !tiie28 || !inpc || catalogs.some((c) => !c)) throw new SourceChecksFailed(failures);
  const cfdi = Object.fromEntries(CATALOGS.map((c, i) => [c.id, catalogs[i] as CfdiEntry[]])) as Record<CatalogId, CfdiEntry[]>;
  return { fx: fx as SieObservation[], udi: udi as SieObservation[], tiie28: tiie28 as SieObservation[], inpc: inpc as InpcObservation[], cfdi, ...tables, rawFiles, manifest };
}
