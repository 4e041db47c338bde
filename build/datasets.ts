// Reads the source of every dataset definition (raw feeds and hand-kept tables), runs all their checks, and returns the typed datasets.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DEFINITIONS, type DatasetDefinition } from "../lib/datasets/definitions.ts";
import type { TableData } from "../lib/datasets/table-sources.ts";
import { satCatalog, type CatalogId, type CatalogEntry } from "../sources/sat.ts";
import { linkUsoRegimen } from "../sources/sat-links.ts";
import { ParseError, runChecks, type CheckFailure, type CuratedTable, type FeedSource } from "../sources/types.ts";
import { sheetVersions, VERSION_FILES } from "../sources/sat-version.ts";
import { MANIFEST_FILE, parseManifest } from "./fetch-manifest.ts";
import { pendingFeeds } from "./fetch-journal.ts";
import type { Datasets, Manifest, RawFileInfo, SeriesData } from "../lib/datasets/records.ts";
import { invalidUtf8Offset } from "./utf8.ts";

/** Every failure of every source, gathered so the build can print them all and stop once. */
export class SourceChecksFailed extends Error {
  override readonly name = "SourceChecksFailed";
  constructor(readonly failures: CheckFailure[]) {
    super(`${failures.length} comprobaciones fallaron:\n${failures.map(formatFailure).join("\n")}`);
  }
}

function formatFailure(f: CheckFailure): string {
  return `  ✗ [${f.check}] ${f.file}${f.row === undefined ? "" : `, fila ${f.row}`}: ${f.message}`;
}

/** One raw feed read, parsed and checked: its records (undefined when unreadable or malformed) and every failure. */
interface LoadedFeed<T> {
  records: T | undefined;
  failures: CheckFailure[];
  /** Digest and size of the raw file, when it could be read. */
  info: RawFileInfo | undefined;
}

/**
 * Reads, verifies, parses and checks one feed. The bytes must match the manifest's sha256 and be valid
 * UTF-8 before the parser sees them: a file edited or damaged after its download stops the build.
 */
async function loadFeed<T>(rawDir: string, source: FeedSource<T>, manifest: Manifest | null): Promise<LoadedFeed<T>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(rawDir, source.rawFile));
  } catch (err) {
    const failure = { check: `${source.id}-lectura`, file: source.rawFile, message: `no se pudo leer (${(err as Error).message})` };
    return { records: undefined, failures: [failure], info: undefined };
  }
  const info = { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  const integrity = integrityFailure(source, bytes, info.sha256, manifest);
  if (integrity) return { records: undefined, failures: [integrity], info };
  try {
    const records = source.parse(bytes.toString("utf8"), source.rawFile);
    return { records, failures: runChecks(records, source.rawFile, source.checks), info };
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    return { records: undefined, failures: [{ check: `${source.id}-formato`, file: err.file, row: err.row, message: err.detail }], info };
  }
}

/** A mismatch with the manifest, or bytes that are not UTF-8; null when the file may be parsed. */
function integrityFailure(source: FeedSource<unknown>, bytes: Buffer, sha256: string, manifest: Manifest | null): CheckFailure | null {
  const file = source.rawFile;
  // Without a manifest, manifestOf has already reported it; the file is not parsed either.
  if (manifest === null) return { check: "manifiesto-sha256", file, message: `sin ${MANIFEST_FILE} no se puede verificar` };
  const expected = manifest.files[file]?.sha256;
  if (expected === undefined) return { check: "manifiesto-sha256", file, message: `no figura en ${MANIFEST_FILE}` };
  if (expected !== sha256) {
    return { check: "manifiesto-sha256", file, message: mismatch(sha256, expected) };
  }
  const offset = invalidUtf8Offset(bytes);
  if (offset !== null) return { check: "utf-8", file, message: `UTF-8 inválido en el byte ${offset}` };
  return null;
}

/** The manifest's other files (kept beside the feeds, read by no source yet) must match it too. */
async function unreadFilesIntact(rawDir: string, manifest: Manifest, read: Set<string>): Promise<CheckFailure[]> {
  const others = Object.entries(manifest.files).filter(([file]) => !read.has(file));
  const found = await Promise.all(
    others.map(async ([file, entry]): Promise<CheckFailure | null> => {
      let bytes: Buffer;
      try {
        bytes = await readFile(join(rawDir, file));
      } catch (err) {
        return { check: "manifiesto-sha256", file, message: `figura en ${MANIFEST_FILE} pero no se pudo leer (${(err as Error).message})` };
      }
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      return sha256 === entry.sha256 ? null : { check: "manifiesto-sha256", file, message: mismatch(sha256, entry.sha256) };
    }),
  );
  return found.filter((f) => f !== null);
}

const mismatch = (actual: string, expected: string): string =>
  `su sha256 ${actual} no es el de ${MANIFEST_FILE} (${expected}): el archivo cambió después de su última descarga registrada ` +
  "(una descarga interrumpida, o una edición a mano); ejecute npm run fetch para descargarlo y registrarlo de nuevo, " +
  "o git checkout -- raw/ para volver a la versión confirmada";

/** The manifest `npm run fetch` leaves in the raw directory; a missing or unreadable one stops the build. */
function manifestOf(rawDir: string, failures: CheckFailure[]): Manifest | null {
  const file = join(rawDir, MANIFEST_FILE);
  if (!existsSync(file)) {
    failures.push({ check: "manifiesto", file: MANIFEST_FILE, message: "no existe: sin él no se puede verificar ningún archivo crudo" });
    return null;
  }
  try {
    return parseManifest(readFileSync(file, "utf8"));
  } catch (err) {
    failures.push({ check: "manifiesto", file: MANIFEST_FILE, message: `manifiesto ilegible (${(err as Error).message})` });
    return null;
  }
}

/** A dataset's records read and checked, by its kind of source: a feed in raw/ or a table kept in the repository. */
function loadSource(rawDir: string, def: DatasetDefinition, manifest: Manifest | null): Promise<LoadedFeed<unknown>> {
  const source: FeedSource<unknown> | CuratedTable<unknown> = def.source;
  if ("rawFile" in source) return loadFeed(rawDir, source, manifest);
  const failures = runChecks(source.rows, source.file, source.checks);
  return Promise.resolve({ records: source.rows, failures, info: undefined });
}

/** Where the loaded data holds a dataset's records: a keyed SAT sheet under its catalog, every other under its id. */
function place(def: DatasetDefinition, records: unknown, byId: Record<string, unknown>, catalogs: Record<string, CatalogEntry[]>): void {
  if (def.kind === "sheet" && def.catalog !== null) catalogs[def.catalog] = records as CatalogEntry[];
  else byId[def.id] = records;
}

/** Every source of every dataset definition, read, verified and checked; throws SourceChecksFailed with all failures of all of them. */
export async function loadDatasets(rawDir: string): Promise<Datasets> {
  const failures: CheckFailure[] = [];
  const rawFiles = new Map<string, RawFileInfo>();
  const manifest = manifestOf(rawDir, failures);
  for (const feed of pendingFeeds(rawDir)) {
    failures.push({
      check: "descarga-interrumpida",
      file: `.fetch-pending.${feed}.json`,
      message: `una descarga (npm run fetch) terminó a la fuerza mientras reemplazaba los archivos de ${feed}; ejecute npm run fetch, que completa ${MANIFEST_FILE} antes de descargar`,
    });
  }
  const results = await Promise.all(DEFINITIONS.map((def) => loadSource(rawDir, def, manifest)));
  // Failures and digests in definition order, whichever file was read first.
  results.forEach((result, i) => {
    failures.push(...result.failures);
    const rawFile = DEFINITIONS[i]!.rawFile;
    if (result.info && rawFile !== null) rawFiles.set(rawFile, result.info);
  });
  const read = new Set(DEFINITIONS.flatMap((def) => (def.rawFile === null ? [] : [def.rawFile])));
  if (manifest) failures.push(...(await unreadFilesIntact(rawDir, manifest, read)));
  if (failures.length > 0 || !manifest || results.some((r) => r.records === undefined)) throw new SourceChecksFailed(failures);
  const byId: Record<string, unknown> = {};
  const catalogs: Record<string, CatalogEntry[]> = {};
  for (const [i, def] of DEFINITIONS.entries()) place(def, results[i]!.records, byId, catalogs);
  const byCatalog = catalogs as Record<CatalogId, CatalogEntry[]>;
  // The version files are verified against the manifest above (unreadFilesIntact); a missing one gives no versions.
  const versionTexts = await Promise.all(VERSION_FILES.map((f) => readFile(join(rawDir, f), "utf8").catch(() => "")));
  // c_RegimenFiscal carries the inverse of c_UsoCFDI's régimen column, whose codes must all exist.
  const linked = linkUsoRegimen(byCatalog.uso, byCatalog.regimen, satCatalog("uso").rawFile);
  if (linked.failures.length > 0) throw new SourceChecksFailed(linked.failures);
  byCatalog.regimen = linked.regimenes;
  return {
    // Each dataset's records under its id, as lib/datasets/records.ts types them from the definitions' sources.
    ...(byId as SeriesData & TableData),
    catalogs: byCatalog,
    rawFiles,
    manifest,
    sheetVersions: new Map(
      versionTexts.flatMap((text, i) =>
        [...sheetVersions(text)].map(([sheet, v]) => [`${dirname(VERSION_FILES[i]!)}/${sheet}.csv`, v] as const),
      ),
    ),
  };
}
