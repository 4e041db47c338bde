// Answers built on demand take turns, client by client, so that files and other clients are served between costly ones.

/** Computed work run in one turn of the event loop before the sockets are read again (ms). */
const SLICE_MS = 10;

/**
 * Node answers one request at a time: a costly answer (a search of the whole catalog) delays every socket read
 * after it, and a client with many in flight used to delay the others by all of them. Here computed answers run
 * at once while less than SLICE_MS of such work has run since the sockets were last read; past it, and while
 * any wait, they are queued per client and run round-robin (one of each client in turn) in slices of SLICE_MS,
 * the event loop reading the sockets between slices. Files, errors and refusals never wait (the caller answers
 * them itself), so a client asking for them waits for at most about one computed answer, however many are
 * queued, and each client gets an equal share of the turns for computed work.
 */
export class FairShare {
  private readonly queues = new Map<string, (() => void)[]>();
  private waiting = 0;
  /** Computed work (ms) since the end of the last slice; set back to zero between slices. */
  private spent = 0;
  private armed = false;

  run(client: string, job: () => void): void {
    if (this.waiting === 0 && this.spent < SLICE_MS) {
      this.timed(job);
    } else {
      const queue = this.queues.get(client);
      if (queue === undefined) this.queues.set(client, [job]);
      else queue.push(job);
      this.waiting++;
    }
    this.arm();
  }

  private timed(job: () => void): void {
    const t0 = performance.now();
    try {
      job();
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
