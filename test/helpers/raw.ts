// A small raw directory for process-level build tests: the real snapshot's files cut short in the publishers' formats, manifest re-signed.
import { createHash } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RAW_DIR, tempDir } from "./tree.ts";
import { sieSources } from "../../sources/banxico.ts";
import { CFDI_SHEETS } from "../../sources/sat-cfdi.ts";

export const CLAVE_PROD_SERV = "sat/catCFDI/c_ClaveProdServ.csv";

/** The SAT sheets of more than a few hundred rows (the paged ones) but c_ClaveProdServ, each kept to its first rows by smallRaw. */
const LARGE_SHEETS = CFDI_SHEETS.filter((s) => s.paged)
  .map((s) => `sat/catCFDI/${s.sheet}.csv`)
  .filter((file) => file !== CLAVE_PROD_SERV);
/** The raw files of the published Banxico series (lib/datasets/series.ts). */
const BANXICO_SERIES = sieSources.map((s) => s.rawFile);

/** Records the current sha256 and size of `files` in the copy's manifest, as `npm run fetch` would after a download. */
export function resign(raw: string, files: string[]): void {
  const path = join(raw, "manifest.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as { files: Record<string, { sha256: string; bytes: number }> };
  for (const f of files) {
    const bytes = readFileSync(join(raw, f));
    manifest.files[f] = { ...manifest.files[f]!, sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  }
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Keeps the header and the first `rows` rows of a CSV in the copy (the publisher's lines, unchanged). */
export function keepRows(raw: string, file: string, rows: number): void {
  const lines = readFileSync(join(raw, file), "utf8").split("\n");
  writeFileSync(join(raw, file), `${lines.slice(0, rows + 1).join("\n")}\n`);
}

interface SieAnswer {
  bmx: { series: { datos: unknown[] }[] };
}

/** Keeps the last `count` observations of a Banxico SIE answer in the copy (the SIE's compact JSON, newline-terminated). */
function keepLastObservations(raw: string, file: string, count: number): void {
  const answer = JSON.parse(readFileSync(join(raw, file), "utf8")) as SieAnswer;
  for (const series of answer.bmx.series) series.datos = series.datos.slice(-count);
  writeFileSync(join(raw, file), `${JSON.stringify(answer)}\n`);
}

/** How short a cut of the snapshot is: rows of c_ClaveProdServ, rows of each other large SAT sheet, observations of each Banxico series. */
interface Cut {
  rows: number;
  sheetRows: number;
  observations: number;
}

/** A copy of the real snapshot cut as `cut` says, manifest re-signed. */
function cutRaw(cut: Cut): string {
  const raw = tempDir("raw");
  cpSync(RAW_DIR, raw, { recursive: true });
  keepRows(raw, CLAVE_PROD_SERV, cut.rows);
  for (const sheet of LARGE_SHEETS) keepRows(raw, sheet, cut.sheetRows);
  for (const series of BANXICO_SERIES) keepLastObservations(raw, series, cut.observations);
  resign(raw, [CLAVE_PROD_SERV, ...LARGE_SHEETS, ...BANXICO_SERIES]);
  return raw;
}

/**
 * A copy of the real snapshot cut short for builds in child processes: c_ClaveProdServ keeps its first
 * `rows` rows, the other large SAT sheets their first 100, each Banxico series its last 400 observations
 * (so every latest value, and every history window of up to 365 values, is the snapshot's). A build of
 * it writes about 7,300 files instead of 105,800. Manifest re-signed.
 */
export const smallRaw = (rows = 300): string => cutRaw({ rows, sheetRows: 100, observations: 400 });

/** Rows of c_ClaveProdServ in tinyRaw(). */
export const TINY_ROWS = 20;

/**
 * A cut shorter still, for the tests of what a build does as a process (killed, locked, refused), which no value
 * of the corpus changes: every large SAT sheet keeps its first 20 rows and each Banxico series its last 30
 * observations. A build writes about 4,200 files and takes about three quarters of the CPU of smallRaw()'s.
 */
export const tinyRaw = (): string => cutRaw({ rows: TINY_ROWS, sheetRows: TINY_ROWS, observations: 30 });
