// Writes the output tree beside the old one and swaps it in atomically; unchanged files are hard-linked, not rewritten.
import { existsSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";

export interface OutputFile {
  /** Path relative to the output directory, with a leading slash. */
  path: string;
  /** The bytes, or text the writer encodes as UTF-8 (so the main thread does not have to). */
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

/** One writer's share; `previous` (files of the old tree) and `matched` (of those, ones it was given) yield `removed`. */
export interface WorkerStats extends Omit<WriteStats, "removed"> {
  previous: number;
  matched: number;
}
export type WorkerMessage = { type: "files"; files: OutputFile[] } | { type: "end" };
export type WorkerReply = { type: "done"; stats: WorkerStats } | { type: "error"; message: string };

const BATCH = 2000;
/**
 * Writer threads. Each directory belongs to one writer: creating files in one directory from two
 * threads serializes on the directory's lock and burns CPU spinning on it (measured: twice the CPU of
 * one writer for the same tree). So the second writer takes the directories the first does not have.
 */
const WRITERS = Math.max(1, Number(process.env["FISCAL_BUILD_WRITERS"] ?? 2) || 2);

/**
 * Node options the build runs with (`npm run build`; the benches use them too). V8's own thread pool
 * (four threads by default, for parallel garbage collection) would compete with the writer threads for
 * the cores: with one thread, builds on two cores took 2.7–3.0 s instead of 2.7–4.2 s, and 4.5–5.2 s of
 * CPU instead of 4.7–6.7 s.
 */
export const BUILD_NODE_OPTIONS = "--v8-pool-size=1";

/** Starts a writer thread (build/write-worker.js) without the parent's `--import tsx`, which it does not need. */
function startWorker(outDir: string, staging: string): Worker {
  return new Worker(new URL("./write-worker.js", import.meta.url), { workerData: { outDir, staging }, execArgv: [] });
}

/**
 * Builds `${outDir}.staging` on writer threads (so disk writes overlap the main thread's work), then
 * renames it over `outDir`. Until that rename the previous tree is untouched: a failure at any point
 * leaves it as it was. Hard links make removing the old tree cheap too: no data blocks are freed.
 */
export class TreeWriter {
  private readonly staging: string;
  private readonly retired: string;
  private workers: Worker[] = [];
  /** Files waiting to be posted, one batch per writer. */
  private batches: OutputFile[][] = [];
  /** Which writer owns each directory, and how many files each writer has been given. */
  private readonly owner = new Map<string, number>();
  private loads: number[] = [];
  private failure: Error | undefined;

  constructor(private readonly outDir: string) {
    this.staging = `${outDir}.staging`;
    this.retired = `${outDir}.old`;
  }

  /**
   * Starts the writers (and their listing of the previous tree) ahead of the first file, so that their
   * start-up overlaps the loading of the sources. Nothing is written until files arrive.
   */
  start(): void {
    if (this.workers.length > 0) return;
    rmSync(this.staging, { recursive: true, force: true });
    rmSync(this.retired, { recursive: true, force: true });
    for (let i = 0; i < WRITERS; i++) {
      const worker = startWorker(this.outDir, this.staging);
      worker.on("error", (err) => (this.failure = err));
      this.workers.push(worker);
    }
    this.batches = this.workers.map(() => []);
    this.loads = this.workers.map(() => 0);
  }

  add(file: OutputFile): void {
    this.start();
    const i = this.writerFor(dirname(file.path));
    const batch = this.batches[i]!;
    batch.push(file);
    this.loads[i]!++;
    if (batch.length >= BATCH) this.flush(i);
  }

  /** The directory's writer; a directory seen for the first time goes to the least loaded one. */
  private writerFor(dir: string): number {
    let i = this.owner.get(dir);
    if (i === undefined) {
      i = this.loads.indexOf(Math.min(...this.loads));
      this.owner.set(dir, i);
    }
    return i;
  }

  private flush(i: number): void {
    const batch = this.batches[i]!;
    if (batch.length === 0) return;
    this.workers[i]!.postMessage({ type: "files", files: batch } satisfies WorkerMessage);
    this.batches[i] = [];
  }

  /** Waits for every file to be on disk, then swaps the new tree in. */
  async commit(): Promise<WriteStats> {
    this.start();
    this.workers.forEach((_, i) => this.flush(i));
    let replies: WorkerReply[];
    try {
      // A writer that crashed earlier never answers: its exit rejects instead of leaving the build waiting.
      replies = await Promise.all(
        this.workers.map(
          (worker) =>
            new Promise<WorkerReply>((resolve, reject) => {
              if (this.failure) return reject(this.failure);
              worker.once("message", resolve);
              worker.once("error", reject);
              worker.once("exit", (code) => reject(new Error(`un hilo de escritura terminó (código ${code})`)));
              worker.postMessage({ type: "end" } satisfies WorkerMessage);
            }),
        ),
      );
    } catch (err) {
      await this.abort();
      throw err;
    }
    await Promise.all(this.workers.map((w) => w.terminate()));
    if (this.failure) throw this.failure;
    const error = replies.find((r) => r.type === "error");
    if (error?.type === "error") {
      rmSync(this.staging, { recursive: true, force: true });
      throw new Error(`no se pudo escribir ${this.staging}: ${error.message}`);
    }
    if (existsSync(this.outDir)) renameSync(this.outDir, this.retired);
    renameSync(this.staging, this.outDir);
    rmSync(this.retired, { recursive: true, force: true });
    return combine(replies.map((r) => (r as Extract<WorkerReply, { type: "done" }>).stats));
  }

  /** Drops the half-written staging tree; the previous output stays as it was. */
  async abort(): Promise<void> {
    if (this.workers.length === 0) return;
    await Promise.all(this.workers.map((w) => w.terminate()));
    rmSync(this.staging, { recursive: true, force: true });
  }
}

function combine(parts: WorkerStats[]): WriteStats {
  const sum = (key: keyof WorkerStats): number => parts.reduce((n, p) => n + p[key], 0);
  return {
    files: sum("files"), bytes: sum("bytes"), written: sum("written"), unchanged: sum("unchanged"),
    // Every writer listed the same previous tree; what no writer was given is gone.
    removed: (parts[0]?.previous ?? 0) - sum("matched"),
  };
}
