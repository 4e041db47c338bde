// Writes the output tree beside the old one and swaps it in atomically; unchanged files are hard-linked, not rewritten.
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fg from "fast-glob";

export interface OutputFile {
  /** Path relative to the output directory, with a leading slash. */
  path: string;
  data: Uint8Array;
}

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

function sameBytes(file: string, data: Uint8Array): boolean {
  const old = readFileSync(file);
  return old.length === data.length && old.equals(data);
}

/**
 * Builds `${outDir}.staging` completely, then renames it over `outDir`. Until the rename the previous
 * tree is untouched, so a failure at any point leaves it as it was. Hard links keep unchanged files'
 * inodes (and mtimes), which makes removing the old tree cheap too: no data blocks are freed.
 */
export function writeTreeAtomically(outDir: string, files: OutputFile[]): WriteStats {
  const staging = `${outDir}.staging`;
  const retired = `${outDir}.old`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(retired, { recursive: true, force: true });
  const previous = existsSync(outDir) ? new Set(fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`)) : new Set<string>();

  for (const dir of new Set(files.map((f) => dirname(f.path)))) mkdirSync(join(staging, dir), { recursive: true });

  const stats: WriteStats = { files: files.length, bytes: 0, written: 0, unchanged: 0, removed: 0 };
  for (const f of files) {
    stats.bytes += f.data.length;
    const target = join(staging, f.path);
    const old = join(outDir, f.path);
    if (previous.delete(f.path) && sameBytes(old, f.data)) {
      linkSync(old, target);
      stats.unchanged++;
    } else {
      writeFileSync(target, f.data);
      stats.written++;
    }
  }
  stats.removed = previous.size;

  if (existsSync(outDir)) renameSync(outDir, retired);
  renameSync(staging, outDir);
  rmSync(retired, { recursive: true, force: true });
  return stats;
}
