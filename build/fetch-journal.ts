// raw/.fetch-pending.<feed>.json: a publisher's new manifest entries, written before its files are renamed into place.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest, ManifestEntry } from "../lib/datasets/records.ts";
import { writeAtomic } from "./fetch-manifest.ts";

/**
 * Renames are atomic one file at a time, a publisher's several files and the manifest are not. So the
 * entries go to a journal first (atomically), then the files are renamed, then the manifest is written and
 * the journal removed. Killed anywhere in between, every file is either its old self (the manifest's entry)
 * or its new self (the journal's): the next fetch tells which by its digest and completes the manifest.
 */
const PENDING = /^\.fetch-pending\.([a-z0-9-]+)\.json$/;
const pendingFile = (feed: string): string => `.fetch-pending.${feed}.json`;

export async function writePending(rawDir: string, feed: string, files: Record<string, ManifestEntry>): Promise<void> {
  await writeAtomic(join(rawDir, pendingFile(feed)), `${JSON.stringify({ files })}\n`);
}

export async function clearPending(rawDir: string, feed: string): Promise<void> {
  await rm(join(rawDir, pendingFile(feed)), { force: true });
}

/** The feeds whose replacement a killed fetch left unfinished (for the build's message). */
export function pendingFeeds(rawDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(rawDir);
  } catch {
    return [];
  }
  return names.flatMap((n) => PENDING.exec(n)?.[1] ?? []).sort();
}

/**
 * Completes what a killed fetch left: each journaled file whose bytes are the journal's takes the journal's
 * entry; one still old keeps the manifest's. Returns the feeds recovered (the caller writes the manifest).
 */
export async function recoverPending(rawDir: string, manifest: Manifest, log: (line: string) => void): Promise<string[]> {
  const names = await readdir(rawDir).catch(() => [] as string[]);
  const recovered: string[] = [];
  for (const name of names) {
    const feed = PENDING.exec(name)?.[1];
    if (feed === undefined) continue;
    let files: Record<string, ManifestEntry> = {};
    try {
      files = (JSON.parse(readFileSync(join(rawDir, name), "utf8")) as { files: Record<string, ManifestEntry> }).files;
    } catch {
      // Written atomically, so unreadable only if edited: the digests below decide nothing then.
    }
    for (const [file, entry] of Object.entries(files)) {
      const bytes = await readFile(join(rawDir, file)).catch(() => null);
      if (bytes !== null && createHash("sha256").update(bytes).digest("hex") === entry.sha256) manifest.files[file] = entry;
    }
    log(`${feed}: se completó el manifiesto de una descarga interrumpida mientras reemplazaba sus archivos`);
    recovered.push(feed);
  }
  return recovered;
}
