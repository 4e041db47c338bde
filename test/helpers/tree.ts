// Test helpers: the real raw snapshot, temporary output directories and whole-tree fingerprints.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";

export const RAW_DIR = fileURLToPath(new URL("../../raw/", import.meta.url));
export const AS_OF = "2026-11-21";

const created: string[] = [];

/** A fresh temporary directory, removed by removeTempDirs (call it in afterAll). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fmx-${prefix}-`));
  created.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every file below `dir` with the sha256 of its bytes, sorted by path. */
export function treeDigest(dir: string): Map<string, string> {
  const files = fg.sync("**", { cwd: dir, dot: true }).sort();
  return new Map(
    files.map((f) => [
      f,
      createHash("sha256")
        .update(readFileSync(join(dir, f)))
        .digest("hex"),
    ]),
  );
}

export const readJson = (dir: string, path: string): unknown => JSON.parse(readFileSync(join(dir, path), "utf8"));

/** Readers of a built tree: raw bytes, JSON, an API response by request path, a dump by file name. */
export function treeReader(dir: () => string) {
  const bytes = (path: string): Buffer => readFileSync(join(dir(), path));
  const json = <T = unknown>(path: string): T => JSON.parse(bytes(path).toString("utf8")) as T;
  return {
    bytes,
    json,
    api: <T = unknown>(path: string): T => json<T>(`api/v1/public${path}.json`),
    dump: <T = Record<string, unknown>>(name: string): T[] => json<T[]>(`api/v1/public/dumps/${name}`),
  };
}
