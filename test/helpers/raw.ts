// A small raw directory for process-level build tests: the real snapshot with c_ClaveProdServ cut short, manifest re-signed.
import { createHash } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RAW_DIR, tempDir } from "./tree.ts";

export const CLAVE_PROD_SERV = "sat/catCFDI/c_ClaveProdServ.csv";

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

/**
 * A copy of the real snapshot whose c_ClaveProdServ keeps its first `rows` rows (a build of ~2,000
 * files instead of ~54,000, fast enough to run as a child process several times), manifest re-signed.
 */
export function smallRaw(rows = 300): string {
  const raw = tempDir("raw");
  cpSync(RAW_DIR, raw, { recursive: true });
  keepRows(raw, CLAVE_PROD_SERV, rows);
  resign(raw, [CLAVE_PROD_SERV]);
  return raw;
}
