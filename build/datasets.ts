// Reads every source (raw feeds and hand-kept tables), runs all their checks, and returns typed datasets.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SIE_SOURCES } from "../sources/banxico.ts";
import { SERVED_SERIES } from "../lib/datasets/series.ts";
import { imss } from "../sources/imss.ts";
import { inegi } from "../sources/inegi.ts";
import { isrTariffs } from "../sources/isr.ts";
import { minimumWage } from "../sources/salario-minimo.ts";
import { CATALOGS, satCatalog, satCatalogs, tasaOCuota, type CatalogId, type CatalogEntry } from "../sources/sat.ts";
import { linkUsoRegimen } from "../sources/sat-links.ts";
import { ParseError, runChecks, type CheckFailure, type CuratedTable, type FeedSource } from "../sources/types.ts";
import { uma } from "../sources/uma.ts";
import { sheetVersions, VERSION_FILES } from "../sources/sat-version.ts";
import { subsidioEmpleo } from "../sources/subsidio-empleo.ts";
import { resico } from "../sources/resico.ts";
import { obligations } from "../sources/obligaciones.ts";
import { nonBusinessDays } from "../sources/dias-inhabiles.ts";
import { recargos } from "../sources/recargos.ts";
import { factorIntegracion } from "../sources/factor-integracion.ts";
import { cancelReasons } from "../sources/motivos-cancelacion.ts";
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

function checkTable<T>(table: CuratedTable<T>, failures: CheckFailure[]): T {
  failures.push(...runChecks(table.rows, table.file, table.checks));
  return table.rows;
}

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

/** Whether every feed of a list was read and parsed. */
const allRead = <T>(records: (T | undefined)[]): records is T[] => records.every((r) => r !== undefined);

/** Every source, read, verified and checked; throws SourceChecksFailed with all failures of all of them. */
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
  // The published Banxico series first (registry order), then the other feeds; each load keeps its source's type.
  const seriesFeeds = SERVED_SERIES.map((k) => SIE_SOURCES[k]);
  const load = <T>(source: FeedSource<T>): Promise<LoadedFeed<T>> => loadFeed(rawDir, source, manifest);
  const [seriesLoads, inpcLoad, rulesLoad, catalogLoads] = await Promise.all([
    Promise.all(seriesFeeds.map(load)),
    load(inegi),
    load(tasaOCuota),
    Promise.all(satCatalogs.map(load)),
  ]);
  const feeds: FeedSource<unknown>[] = [...seriesFeeds, inegi, tasaOCuota, ...satCatalogs];
  const results: LoadedFeed<unknown>[] = [...seriesLoads, inpcLoad, rulesLoad, ...catalogLoads];
  // Failures and digests in source order, whichever file was read first.
  results.forEach((result, i) => {
    failures.push(...result.failures);
    if (result.info) rawFiles.set(feeds[i]!.rawFile, result.info);
  });
  if (manifest) failures.push(...(await unreadFilesIntact(rawDir, manifest, new Set(feeds.map((f) => f.rawFile)))));
  const series = seriesLoads.map((r) => r.records);
  const inpc = inpcLoad.records;
  const rules = rulesLoad.records;
  const catalogs = catalogLoads.map((r) => r.records);
  const tables = {
    uma: checkTable(uma, failures),
    minimumWage: checkTable(minimumWage, failures),
    isr: checkTable(isrTariffs, failures),
    imss: checkTable(imss, failures),
    subsidioEmpleo: checkTable(subsidioEmpleo, failures),
    resico: checkTable(resico, failures),
    obligations: checkTable(obligations, failures),
    nonBusinessDays: checkTable(nonBusinessDays, failures),
    recargos: checkTable(recargos, failures),
    factorIntegracion: checkTable(factorIntegracion, failures),
    cancelReasons: checkTable(cancelReasons, failures),
  };
  if (failures.length > 0 || !manifest || !inpc || !rules || !allRead(series) || !allRead(catalogs)) throw new SourceChecksFailed(failures);
  // The version files are verified against the manifest above (unreadFilesIntact); a missing one gives no versions.
  const versionTexts = await Promise.all(VERSION_FILES.map((f) => readFile(join(rawDir, f), "utf8").catch(() => "")));
  const byId = Object.fromEntries(CATALOGS.map((c, i) => [c.id, catalogs[i]!])) as Record<CatalogId, CatalogEntry[]>;
  // c_RegimenFiscal carries the inverse of c_UsoCFDI's régimen column, whose codes must all exist.
  const linked = linkUsoRegimen(byId.uso, byId.regimen, satCatalog("uso").rawFile);
  if (linked.failures.length > 0) throw new SourceChecksFailed(linked.failures);
  byId.regimen = linked.regimenes;
  return {
    ...(Object.fromEntries(SERVED_SERIES.map((k, i) => [k, series[i]!])) as SeriesData),
    inpc,
    catalogs: byId,
    tasaOCuota: rules,
    ...tables,
    rawFiles,
    manifest,
    sheetVersions: new Map(
      versionTexts.flatMap((text, i) =>
        [...sheetVersions(text)].map(([sheet, v]) => [`${dirname(VERSION_FILES[i]!)}/${sheet}.csv`, v] as const),
      ),
    ),
  };
}
