// Writes the output tree beside the old one and swaps it in, so a failed build never leaves a half-written tree.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fg from "fast-glob";
import { BUILD_MARKER, BUILD_MARKER_TEXT, removeTree, retiredOf, stagingOf } from "./out-dir.ts";

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

/** How long the swap took: the two renames, and deleting the previous tree (for `--stats-json`). */
export interface SwapTiming {
  renameSeconds: number;
  retireSeconds: number;
}

/** Test hooks: `FISCAL_BUILD_CRASH=before-renames`, `between-renames` or `after-renames` kills the build at that moment of the swap (build/out-dir.ts has those of the deletions); `FISCAL_BUILD_PAUSE=while-writing` stops it (SIGSTOP) once its first file is staged. */
const CRASH_POINT = process.env["FISCAL_BUILD_CRASH"];
const PAUSE_POINT = process.env["FISCAL_BUILD_PAUSE"];

/** Kills the build at `point` when FISCAL_BUILD_CRASH names it (the tests of an interrupted swap). */
const crashAt = (point: string): void => {
  if (CRASH_POINT === point) process.kill(process.pid, "SIGKILL");
};

/**
 * The next tree, written file by file into `${outDir}.staging` as the build makes them (so the build holds
 * no finished file in memory), then swapped in by publish(): tree → `.old`, staging → tree, `.old` deleted.
 * Until the first rename the previous tree is untouched, so a failure leaves it as it was; the caller holds
 * the lock (build/out-dir.ts), which also repairs a swap cut short or drops a staging folder left by a kill.
 * Every file is written anew: linking the previous tree's identical files saved a rebuild about a second
 * (docs/benchmarks.md) and the nightly, building from a fresh checkout, never has a previous tree.
 */
export class StagedTree {
  readonly #staging: string;
  readonly #previous: Set<string>;
  readonly #dirs = new Set<string>();
  readonly #stats: WriteStats = { files: 0, bytes: 0, removed: 0 };
  #matched = 0;

  constructor(readonly outDir: string) {
    this.#staging = stagingOf(outDir);
    this.#previous = new Set(existsSync(outDir) ? fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`) : []);
    this.#previous.delete(`/${BUILD_MARKER}`);
    // First, so that a staging folder left by a crash is recognisably the build's own.
    this.#guarded(() => {
      mkdirSync(this.#staging, { recursive: true });
      writeFileSync(join(this.#staging, BUILD_MARKER), BUILD_MARKER_TEXT);
    });
  }

  write(f: OutputFile): void {
    this.#guarded(() => {
      const dir = dirname(f.path);
      if (!this.#dirs.has(dir)) mkdirSync(join(this.#staging, dir), { recursive: true });
      this.#dirs.add(dir);
      writeFileSync(join(this.#staging, f.path), f.data);
    });
    this.#stats.files++;
    this.#stats.bytes += byteLength(f.data);
    if (this.#previous.has(f.path)) this.#matched++;
    if (PAUSE_POINT === "while-writing" && this.#stats.files === 1) process.kill(process.pid, "SIGSTOP");
  }

  /** Swaps the written tree in; says what it wrote and what the swap took. */
  publish(): { stats: WriteStats; swap: SwapTiming } {
    const retired = retiredOf(this.outDir);
    const started = performance.now();
    crashAt("before-renames");
    if (existsSync(this.outDir)) renameSync(this.outDir, retired);
    crashAt("between-renames");
    renameSync(this.#staging, this.outDir);
    crashAt("after-renames");
    const renamed = performance.now();
    removeTree(retired, "retiring");
    const swap = { renameSeconds: (renamed - started) / 1000, retireSeconds: (performance.now() - renamed) / 1000 };
    return { stats: { ...this.#stats, removed: this.#previous.size - this.#matched }, swap };
  }

  /** Drops what was written; the previous tree stays as it was. */
  discard(): void {
    removeTree(this.#staging, "discarding");
  }

  #guarded(write: () => void): void {
    try {
      write();
    } catch (err) {
      this.discard();
      // A failed write(2) names no path: the folder being written is the one the operator must look at.
      const cause = err as NodeJS.ErrnoException;
      cause.path ??= this.#staging;
      throw new Error(`no se pudo escribir ${this.#staging}: ${cause.message}`, { cause });
    }
  }
}

/** Writes every file into a staged tree and swaps it in (see StagedTree). */
export function writeTree(outDir: string, files: Iterable<OutputFile>): WriteStats {
  const tree = new StagedTree(outDir);
  for (const f of files) tree.write(f);
  return tree.publish().stats;
}
