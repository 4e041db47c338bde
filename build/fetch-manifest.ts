// raw/manifest.json: per raw file, where and when it was fetched and what it holds. Written atomically.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { manifestError, type Manifest, type ManifestEntry } from "../core/manifest-schema.ts";

export const MANIFEST_FILE = "manifest.json";

/**
 * Reads a manifest's text; throws when it is not a manifest. Entries written before the manifest told
 * downloads from public copies (no `kind`) were all written by `npm run fetch`: they are downloads.
 */
export function parseManifest(text: string): Manifest {
  const parsed = parseJson(text);
  const files = typeof parsed === "object" && parsed !== null ? (parsed as { files?: unknown }).files : undefined;
  if (typeof files !== "object" || files === null || Array.isArray(files)) throw new Error("falta el objeto files");
  const entries = Object.entries(files as Record<string, unknown>).map(([file, entry]) => [
    file,
    typeof entry === "object" && entry !== null && !("kind" in entry) ? { kind: "publisher", ...entry } : entry,
  ]);
  const manifest = { files: Object.fromEntries(entries) as unknown };
  const error = manifestError(manifest);
  if (error !== null) throw new Error(error);
  return manifest as Manifest;
}

/** JSON.parse with its error in Spanish, at a line and column (V8 says it in English, at a character offset). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message)?.[1];
    if (at === undefined) throw new Error("no es JSON válido: el texto termina antes de tiempo o está vacío");
    const before = text.slice(0, Number(at)).split("\n");
    const line = before.length;
    const column = (before[line - 1]?.length ?? 0) + 1;
    throw new Error(`no es JSON válido: algo inesperado en la línea ${line}, columna ${column}`);
  }
}

/** The conditional-request validators an entry carries: only a download has any. */
export function validatorsOf(entry: ManifestEntry): { etag: string | null; lastModified: string | null } {
  return entry.kind === "publisher" ? { etag: entry.etag, lastModified: entry.lastModified } : { etag: null, lastModified: null };
}

/** The manifest of a raw directory; an absent one is empty, an unreadable one too (with a warning). */
export function readManifest(rawDir: string, warn: (message: string) => void): Manifest {
  let text: string;
  try {
    text = readFileSync(join(rawDir, MANIFEST_FILE), "utf8");
  } catch {
    return { files: {} };
  }
  try {
    return parseManifest(text);
  } catch (err) {
    warn(`${MANIFEST_FILE} ilegible (${(err as Error).message}); se reescribe con lo que se descargue`);
    return { files: {} };
  }
}

/** Writes text to path through a temporary file in the same directory and a rename. */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, data, { flag: "wx" });
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

export async function writeManifest(rawDir: string, manifest: Manifest): Promise<void> {
  const files = Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeAtomic(join(rawDir, MANIFEST_FILE), `${JSON.stringify({ files }, null, 2)}\n`);
}
