// The SQLite file and the workbooks are made in a worker thread, on the second core, while the build makes everything else.
import { Worker } from "node:worker_threads";
import type { BundleBytes, BundleInput } from "./bundle-types.ts";

/** The bundle thread failed: the build stops, as after any failed check, with the previous output left as it was. */
export class BundlesFailed extends Error {
  override readonly name = "BundlesFailed";
}

/** What the thread sends back: the bytes, and when it started and finished (ms since the epoch). */
export interface BundleResult {
  bytes: BundleBytes;
  startedAt: number;
  finishedAt: number;
}

/** How much of the thread's work ran beside the build's own, for `--stats-json` and `npm run bench:build`. */
export interface BundleTiming {
  /** From the dumps handed over to the bytes ready. */
  seconds: number;
  /** How long the build, with nothing else left to do, waited for them. */
  waitedSeconds: number;
}

const ENTRY = new URL("./bundle-worker.mjs", import.meta.url);
const now = (): number => performance.timeOrigin + performance.now();

/**
 * Started before the sources are read, so that its modules load meanwhile; given the dumps as soon as they
 * exist; stopped when the build has what it needs or fails, so its memory is gone before the write.
 */
export class BundleThread {
  readonly #worker = new Worker(ENTRY, { execArgv: [] });
  /** The bytes, until result() hands them over (the build then holds them only until they are written). */
  #bytes: Promise<BundleBytes> | null;
  readonly #done: Promise<Omit<BundleResult, "bytes">>;
  #waitingSince: number | null = null;

  constructor() {
    const done = new Promise<BundleResult>((resolve, reject) => {
      this.#worker.once("message", resolve);
      this.#worker.once("error", reject);
      // Node delivers a worker's last messages before its "exit": an exit first means no result is coming.
      this.#worker.once("exit", (code) => reject(new Error(`el hilo terminó (código ${code}) sin dar los archivos`)));
    });
    this.#bytes = done.then((r) => r.bytes);
    this.#done = done.then(({ startedAt, finishedAt }) => ({ startedAt, finishedAt }));
    // Awaited by result(); a failure before then (or when the build stops first) is reported there or not at all.
    this.#bytes.catch(() => {});
    this.#done.catch(() => {});
  }

  start(input: BundleInput): void {
    this.#worker.postMessage(input);
  }

  async result(): Promise<BundleBytes> {
    const bytes = this.#bytes;
    this.#bytes = null;
    try {
      if (bytes === null) throw new Error("los archivos ya se entregaron");
      const result = await bytes;
      // The thread ends itself once it has sent the bytes (build/bundle-worker.ts); this makes sure of it.
      await this.#worker.terminate();
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new BundlesFailed(`No se pudieron generar el archivo SQLite y los libros .xlsx de las descargas: ${message}`, { cause: err });
    }
  }

  /** The build has nothing left to do but wait for the result. */
  waiting(): void {
    this.#waitingSince = now();
  }

  /** Once the result is in. */
  async timing(): Promise<BundleTiming> {
    const { startedAt, finishedAt } = await this.#done;
    const waited = this.#waitingSince === null ? 0 : Math.max(0, finishedAt - this.#waitingSince);
    return { seconds: (finishedAt - startedAt) / 1000, waitedSeconds: waited / 1000 };
  }

  /** Ends the thread, done or not. */
  async stop(): Promise<void> {
    await this.#worker.terminate();
  }
}
