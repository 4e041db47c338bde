// Writes the output tree beside the old one and swaps it in; unchanged files are hard-linked, not rewritten.
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
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
  /** New or changed files written to disk. */
  written: number;
  /** Files whose bytes were identical: the old inode is linked into the new tree, never rewritten. */
  unchanged: number;
  /** Files of the previous tree that the new one no longer has. */
  removed: number;
}

/** Test hook: `FISCAL_BUILD_CRASH=between-renames` kills the build between the two renames of the swap. */
const CRASH_POINT = process.env["FISCAL_BUILD_CRASH"];

function sameBytes(file: string, data: Uint8Array | string): boolean {
  const old = readFileSync(file);
  return old.length === byteLength(data) && old.equals(typeof data === "string" ? Buffer.from(data) : data);
}

/**
 * Writes every file into `${outDir}.staging` (an identical file of the previous tree is hard-linked:
 * same inode, no write), then swaps: tree → `.old`, staging → tree, `.old` deleted. Until the first
 * rename the previous tree is untouched, so a failure leaves it as it was; the caller holds the lock
 * (build/out-dir.ts), which also repairs a swap cut short. Hard links make deleting `.old` cheap.
 */
export function writeTree(outDir: string, files: readonly OutputFile[]): WriteStats {
  const staging = stagingOf(outDir);
  const retired = retiredOf(outDir);
  const previous = new Set(existsSync(outDir) ? fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`) : []);
  const stats: WriteStats = { files: 0, bytes: 0, written: 0, unchanged: 0, removed: 0 };
  let matched = 0;
  /** Links the old file when its bytes are the same (no write, same inode), else writes; true when linked. */
  const place = (f: OutputFile): boolean => {
    const old = join(outDir, f.path);
    if (previous.has(f.path) && sameBytes(old, f.data)) {
      linkSync(old, join(staging, f.path));
      return true;
    }
    writeFileSync(join(staging, f.path), f.data);
    return false;
  };
  try {
    mkdirSync(staging, { recursive: true });
    // First, so that a staging folder left by a crash is recognisably the build's own.
    place({ path: `/${BUILD_MARKER}`, data: BUILD_MARKER_TEXT });
    previous.delete(`/${BUILD_MARKER}`);
    const madeDirs = new Set<string>();
    for (const f of files) {
      const dir = dirname(f.path);
      if (!madeDirs.has(dir)) mkdirSync(join(staging, dir), { recursive: true });
      madeDirs.add(dir);
      stats.files++;
      stats.bytes += byteLength(f.data);
      if (previous.has(f.path)) matched++;
      if (place(f)) stats.unchanged++;
      else stats.written++;
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
