// Answers built on demand take turns, client by client, so that files and other clients are served between costly ones.

/** Computed work run in one turn of the event loop before the sockets are read again (ms). */
const SLICE_MS = 10;

/**
 * Node answers one request at a time: a costly answer delays every socket read after it, and a client with many in
 * flight used to delay the others by all of them. Computed answers run at once while less than SLICE_MS of such work
 * has run since the sockets were last read; past it, and while any wait, they are queued per client and run
 * round-robin in slices of SLICE_MS, the sockets read between slices. Files, errors and refusals never wait.
 */
export class FairShare {
  private readonly queues = new Map<string, (() => void)[]>();
  private waiting = 0;
  /** Computed work (ms) since the end of the last slice. */
  private spent = 0;
  private armed = false;

  /** `job`'s result at once while this turn has time left (the adapter's synchronous fast path), else a promise of it. */
  run<T>(client: string, job: () => T): T | Promise<T> {
    this.arm();
    if (this.waiting === 0 && this.spent < SLICE_MS) return this.timed(job);
    return new Promise<T>((resolve, reject) => {
      const queued = (): void => {
        try {
          resolve(job());
        } catch (e) {
          reject(e);
        }
      };
      const queue = this.queues.get(client);
      if (queue === undefined) this.queues.set(client, [queued]);
      else queue.push(queued);
      this.waiting++;
    });
  }

  private timed<T>(job: () => T): T {
    const t0 = performance.now();
    try {
      return job();
    } finally {
      this.spent += performance.now() - t0;
    }
  }

  /** An immediate runs after the sockets have been read; one queued from it runs only after the next read. */
  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    setImmediate(() => this.slice());
  }

  private slice(): void {
    this.armed = false;
    while (this.waiting > 0 && this.spent < SLICE_MS) {
      const [client, queue] = this.queues.entries().next().value as [string, (() => void)[]];
      const job = queue.shift() as () => void;
      this.waiting--;
      // The client goes to the back of the round, or leaves it with nothing queued.
      this.queues.delete(client);
      if (queue.length > 0) this.queues.set(client, queue);
      this.timed(job);
    }
    this.spent = 0;
    if (this.waiting > 0) this.arm();
  }
}
