// What the committed raw/ holds, read from raw/ itself, so tests follow the data instead of typing its dates.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SIE_SOURCES, type SieObservation } from "../../sources/banxico.ts";
import { inegi, type InpcObservation } from "../../sources/inegi.ts";
import type { Manifest, ManifestEntry } from "../../lib/datasets/records.ts";
import { RAW_DIR } from "./tree.ts";

const rawManifest = JSON.parse(readFileSync(join(RAW_DIR, "manifest.json"), "utf8")) as Manifest;

/** The committed manifest's entry of a raw file. */
export function rawEntry(file: string): ManifestEntry {
  const entry = rawManifest.files[file];
  if (entry === undefined) throw new Error(`${file} is not in raw/manifest.json`);
  return entry;
}

const parsed = new Map<string, unknown>();
function once<T>(file: string, parse: (text: string, file: string) => T): T {
  if (!parsed.has(file)) parsed.set(file, parse(readFileSync(join(RAW_DIR, file), "utf8"), file));
  return parsed.get(file) as T;
}

/** The committed series, oldest first, as the build parses them. */
export const rawFix = (): SieObservation[] => once(SIE_SOURCES.fx.rawFile, SIE_SOURCES.fx.parse);
export const rawUdi = (): SieObservation[] => once(SIE_SOURCES.udi.rawFile, SIE_SOURCES.udi.parse);
export const rawTiie = (): SieObservation[] => once(SIE_SOURCES["tiie-28"].rawFile, SIE_SOURCES["tiie-28"].parse);
export const rawInpc = (): InpcObservation[] => once(inegi.rawFile, inegi.parse);
