// Writes the output tree beside the old one and swaps it in, so a failed build never leaves a half-written tree.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fg from "fast-glob";
import { BUILD_MARKER, BUILD_MARKER_TEXT, retiredOf, stagingOf } from "./out-dir.ts";

export interface OutputFile {
  /** Path relative to the output directory, with a leading slash. */
  path: string;
  /** The bytes, or text written as UTF-8. */
  data: Uint8Array | string;
}

export const byteLength = (data: Uint8Array | string): number => (typeof data === "string" ? Buffer.byteLength(data) : data.length);

export interface WriteStats {
  files: number;
  bytes: number;
  /** Files of the previous tree that the new one no longer has. */
  removed: number;
}

/** Test hook: `FISCAL_BUILD_CRASH=between-renames` kills the build between the two renames of the swap. */
const CRASH_POINT = process.env["FISCAL_BUILD_CRASH"];

/**
 * Writes every file into `${outDir}.staging`, then swaps: tree → `.old`, staging → tree, `.old` deleted.
 * Until the first rename the previous tree is untouched, so a failure leaves it as it was; the caller holds
 * the lock (build/out-dir.ts), which also repairs a swap cut short. Every file is written anew: linking the
 * previous tree's identical files saved a rebuild about a second (docs/benchmarks.md) and the nightly,
 * building from a fresh checkout, never has a previous tree.
 */
export function writeTree(outDir: string, files: readonly OutputFile[]): WriteStats {
  const staging = stagingOf(outDir);
  const retired = retiredOf(outDir);
  const previous = new Set(existsSync(outDir) ? fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`) : []);
  const stats: WriteStats = { files: 0, bytes: 0, removed: 0 };
  let matched = 0;
  try {
    mkdirSync(staging, { recursive: true });
    // First, so that a staging folder left by a crash is recognisably the build's own.
    writeFileSync(join(staging, BUILD_MARKER), BUILD_MARKER_TEXT);
    previous.delete(`/${BUILD_MARKER}`);
    const madeDirs = new Set<string>();
    for (const f of files) {
      const dir = dirname(f.path);
      if (!madeDirs.has(dir)) mkdirSync(join(staging, dir), { recursive: true });
      madeDirs.add(dir);
      stats.files++;
      stats.bytes += byteLength(f.data);
      if (previous.has(f.path)) matched++;
      writeFileSync(join(staging, f.path), f.data);
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    // A failed write(2) names no path: the folder being written is the one the operator must look at.
    const cause = err as NodeJS.ErrnoException;
    cause.path ??= staging;
    throw new Error(`no se pudo escribir ${staging}: ${cause.message}`, { cause });
  }
  if (existsSync(outDir)) renameSync(outDir, retired);
  if (CRASH_POINT === "between-renames") process.kill(process.pid, "SIGKILL");
  renameSync(staging, outDir);
  rmSync(retired, { recursive: true, force: true });
  stats.removed = previous.size - matched;
  return stats;
}
