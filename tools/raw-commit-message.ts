// The nightly's commit message for raw/: what changed between two manifests, e.g. "FIX hasta 2026-11-20; INPC 2026-10".
import { isValidIsoDate, isValidPeriod } from "../core/dates.ts";
import { basename, dirname } from "node:path";
import type { Manifest, ManifestEntry } from "../lib/datasets/records.ts";
import { DEFINITIONS, sheetFolderLabel } from "../lib/datasets/definitions.ts";

/** Names of the catalog folders, by directory, from the sheets' definitions. */
const CATALOG_LABELS = new Map(
  DEFINITIONS.flatMap((d) => (d.kind === "sheet" && d.rawFile !== null ? [[dirname(d.rawFile), sheetFolderLabel(d)]] : [])),
);

/** A date or a YYYY-MM period, as a series' coverage is written (a catalog's is a code). */
const isDated = (text: string): boolean => isValidIsoDate(text) || isValidPeriod(text);
const isSeries = (e: ManifestEntry): boolean => e.first !== null && e.last !== null && isDated(e.first) && isDated(e.last);
const nameOf = (file: string): string => basename(file).replace(/\.[^.]+$/, "");
/** Names the data goes by, from each dated dataset's definition (their file names are the publishers' codes). */
const SERIES_LABELS = new Map(DEFINITIONS.flatMap((d) => (d.kind !== "sheet" && d.rawFile !== null ? [[d.rawFile, d.label]] : [])));

interface RawChange {
  file: string;
  before: ManifestEntry | null;
  after: ManifestEntry | null;
}

/**
 * Files whose bytes differ (by sha256), appeared or disappeared, or whose origin changed (a public copy
 * confirmed by a download); a 304's new fetchedAt alone is no change.
 */
function rawChanges(before: Manifest, after: Manifest): RawChange[] {
  const files = [...new Set([...Object.keys(before.files), ...Object.keys(after.files)])].sort();
  return files
    .map((file) => ({ file, before: before.files[file] ?? null, after: after.files[file] ?? null }))
    .filter((c) => c.before?.sha256 !== c.after?.sha256 || c.before?.kind !== c.after?.kind);
}

/** "FIX hasta 2026-11-20" for a daily series, "INPC 2026-10" for a monthly one, "revisado" when only values changed. */
function seriesPart(change: RawChange, after: ManifestEntry): string {
  const label = SERIES_LABELS.get(change.file) ?? nameOf(change.file);
  if (change.before?.sha256 === after.sha256) return `${label} ${originLabel(after)}`;
  if (change.before !== null && change.before.last === after.last) return `${label} revisado`;
  return after.last!.length === 10 ? `${label} hasta ${after.last}` : `${label} ${after.last}`;
}

/** One part per catalog folder: "CFDI 4.0: c_Moneda, c_Pais" (the first three sheets, then how many more). */
function catalogParts(changes: RawChange[]): string[] {
  const byDir = new Map<string, string[]>();
  for (const c of changes) byDir.set(dirname(c.file), [...(byDir.get(dirname(c.file)) ?? []), nameOf(c.file)]);
  return [...byDir].map(([dir, names]) => {
    const shown = names.slice(0, 3).join(", ") + (names.length > 3 ? ` y ${names.length - 3} más` : "");
    return `${CATALOG_LABELS.get(dir) ?? dir}: ${shown}`;
  });
}

/** Where the bytes came from, as the commit tells it. */
const originLabel = (e: ManifestEntry): string =>
  e.kind === "publisher" ? "descargado del publicador" : `copia pública (${e.copies.map((c) => c.repository).join(", ")})`;

function detail(c: RawChange): string {
  if (c.after === null) return `${c.file}: retirado (tenía ${c.before!.rows} filas)`;
  const range = c.after.first === null ? "" : `, ${c.after.first} … ${c.after.last}`;
  const origin = c.before?.kind === c.after.kind && c.after.kind === "publisher" ? "" : `; ${originLabel(c.after)}`;
  if (c.before === null) return `${c.file}: nuevo, ${c.after.rows} filas${range}${origin}`;
  return `${c.file}: ${c.before.rows} → ${c.after.rows} filas${range}${origin}`;
}

/** Subject and body of the nightly's commit, or null when no raw file changed. */
export function rawCommitMessage(before: Manifest, after: Manifest): string | null {
  const changes = rawChanges(before, after);
  if (changes.length === 0) return null;
  const series = changes.filter((c) => c.after !== null && isSeries(c.after));
  const removed = changes.filter((c) => c.after === null);
  const others = changes.filter((c) => c.after !== null && !isSeries(c.after));
  const subject = [
    ...series.map((c) => seriesPart(c, c.after!)),
    ...catalogParts(others),
    ...(removed.length > 0 ? [`retirados: ${removed.map((c) => c.file).join(", ")}`] : []),
  ].join("; ");
  return `${subject}\n\n${changes.map(detail).join("\n")}\n`;
}
