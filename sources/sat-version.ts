// The version of each SAT sheet, as raw/sat/*/version.txt states it (one line per sheet: its name, then the version).
import { NOMINA_VERSION_FILE, SAT_VERSION_FILE } from "./sat-fetch.ts";

/** The version files of the two workbooks, in raw/. */
export const VERSION_FILES = [SAT_VERSION_FILE, NOMINA_VERSION_FILE] as const;

/**
 * Sheet name → the rest of its line. A line names a sheet when it starts with `c_…` followed by blanks or a
 * colon (the conversion writes `c_Moneda   Versión …`; a hand note may write `c_ClaveProdServ: …`).
 */
export function sheetVersions(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^([cC]_[A-Za-z]+)(?::\s*|\s+)(\S.*)$/.exec(line.trimEnd());
    if (match && !out.has(match[1]!)) out.set(match[1]!, match[2]!);
  }
  return out;
}
