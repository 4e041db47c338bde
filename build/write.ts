// Writes the output tree beside the old one and swaps it in atomically; unchanged files are hard-linked, not rewritten.
import { existsSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

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

export type WorkerMessage = { type: "files"; files: OutputFile[] } | { type: "end" };
export type WorkerReply = { type: "done"; stats: WriteStats } | { type: "error"; message: string };

const BATCH = 2000;

/**
 * The ESM entry of tsx's API, read from its package exports. Not import.meta.resolve, which the test
 * runner's module loader lacks, nor require.resolve, which picks the CommonJS entry.
 */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const entry = exports["./esm/api"]?.import.default;
  if (!entry) throw new Error("tsx no publica ./esm/api");
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/** Starts build/write-worker.ts through tsx's loader (workers do not inherit it). */
function startWorker(outDir: string, staging: string): Worker {
  const api = tsxEsmApi();
  const script = new URL("./write-worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { eval: true, workerData: { outDir, staging } });
}

/**
 * Builds `${outDir}.staging` on a worker thread (so disk writes overlap the main thread's work), then
 * renames it over `outDir`. Until that rename the previous tree is untouched: a failure at any point
 * leaves it as it was. Hard links make removing the old tree cheap too: no data blocks are freed.
 */
export class TreeWriter {
  private readonly staging: string;
  private readonly retired: string;
  private worker: Worker | undefined;
  private batch: OutputFile[] = [];
  private failure: Error | undefined;

  constructor(private readonly outDir: string) {
    this.staging = `${outDir}.staging`;
    this.retired = `${outDir}.old`;
  }

  /**
   * Starts the worker (and its listing of the previous tree) ahead of the first file, so that its
   * start-up overlaps the loading of the sources. Nothing is written until files arrive.
   */
  start(): void {
    if (this.worker) return;
    rmSync(this.staging, { recursive: true, force: true });
    rmSync(this.retired, { recursive: true, force: true });
    this.worker = startWorker(this.outDir, this.staging);
    this.worker.on("error", (err) => (this.failure = err));
  }

  add(file: OutputFile): void {
    this.batch.push(file);
    if (this.batch.length >= BATCH) this.flush();
  }

  private flush(): void {
    this.start();
    if (this.batch.length > 0) this.worker!.postMessage({ type: "files", files: this.batch } satisfies WorkerMessage);
    this.batch = [];
  }

  /** Waits for every file to be on disk, then swaps the new tree in. */
  async commit(): Promise<WriteStats> {
    this.flush();
    const worker = this.worker!;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.postMessage({ type: "end" } satisfies WorkerMessage);
    });
    await worker.terminate();
    if (this.failure) throw this.failure;
    if (reply.type === "error") {
      rmSync(this.staging, { recursive: true, force: true });
      throw new Error(`no se pudo escribir ${this.staging}: ${reply.message}`);
    }
    if (existsSync(this.outDir)) renameSync(this.outDir, this.retired);
    renameSync(this.staging, this.outDir);
    rmSync(this.retired, { recursive: true, force: true });
    return reply.stats;
  }

  /** Drops the half-written staging tree; the previous output stays as it was. */
  async abort(): Promise<void> {
    if (!this.worker) return;
    await this.worker.terminate();
    rmSync(this.staging, { recursive: true, force: true });
  }
}
