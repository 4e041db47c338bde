// Writer thread: writes its share of the staging tree while the main thread is still computing files.
import { existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import fg from "fast-glob";
import { byteLength, type OutputFile, type WorkerMessage, type WorkerReply, type WorkerStats } from "./write.ts";

const { outDir, staging } = workerData as { outDir: string; staging: string };
const port = parentPort;
if (!port) throw new Error("write-worker must run as a worker thread");

const previous = existsSync(outDir) ? new Set(fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`)) : new Set<string>();
const madeDirs = new Set<string>();
const stats: WorkerStats = { files: 0, bytes: 0, written: 0, unchanged: 0, previous: previous.size, matched: 0 };

function sameBytes(file: string, data: Uint8Array | string): boolean {
  const old = readFileSync(file);
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return old.length === bytes.length && old.equals(bytes);
}

function place(f: OutputFile): void {
  const dir = dirname(f.path);
  if (!madeDirs.has(dir)) {
    mkdirSync(join(staging, dir), { recursive: true });
    madeDirs.add(dir);
  }
  stats.files++;
  stats.bytes += byteLength(f.data);
  const target = join(staging, f.path);
  const old = join(outDir, f.path);
  const existed = previous.has(f.path);
  if (existed) stats.matched++;
  // An identical file keeps its inode (hard link): it is not rewritten and the CDN sees no change.
  if (existed && sameBytes(old, f.data)) {
    linkSync(old, target);
    stats.unchanged++;
  } else {
    writeFileSync(target, f.data);
    stats.written++;
  }
}

/** The first failure; later batches are skipped and the failure is the answer to "end". */
let failure: string | undefined;

port.on("message", (msg: WorkerMessage) => {
  if (msg.type === "files") {
    if (failure !== undefined) return;
    try {
      for (const f of msg.files) place(f);
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    return;
  }
  const reply: WorkerReply = failure === undefined ? { type: "done", stats } : { type: "error", message: failure };
  port.postMessage(reply);
});
