// @ts-check
// Writer thread: writes its share of the staging tree while the main thread is still computing files.
// Plain JavaScript (type-checked through JSDoc) so the thread starts without the TypeScript loader:
// two loader-started writers cost ~0.5 s of CPU before writing a byte, plain ones ~0.07 s.
import { existsSync, linkSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import fg from "fast-glob";

/** @typedef {import("./write.ts").OutputFile} OutputFile */
/** @typedef {import("./write.ts").WorkerMessage} WorkerMessage */
/** @typedef {import("./write.ts").WorkerReply} WorkerReply */
/** @typedef {import("./write.ts").WorkerStats} WorkerStats */

const { outDir, staging } = /** @type {{ outDir: string; staging: string }} */ (workerData);
const port = parentPort;
if (!port) throw new Error("build/write-worker.js must run as a worker thread");

/** @type {Set<string>} */
const previous = existsSync(outDir) ? new Set(fg.sync("**", { cwd: outDir, dot: true }).map((p) => `/${p}`)) : new Set();
const madeDirs = new Set();
/** @type {WorkerStats} */
const stats = { files: 0, bytes: 0, written: 0, unchanged: 0, previous: previous.size, matched: 0 };

/** @param {string} file @param {Uint8Array | string} data */
function sameBytes(file, data) {
  const old = readFileSync(file);
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return old.length === bytes.length && old.equals(bytes);
}

/** @param {OutputFile} f */
function place(f) {
  const dir = dirname(f.path);
  if (!madeDirs.has(dir)) {
    mkdirSync(join(staging, dir), { recursive: true });
    madeDirs.add(dir);
  }
  stats.files++;
  stats.bytes += typeof f.data === "string" ? Buffer.byteLength(f.data) : f.data.length;
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

/** The first failure; later batches are skipped and the failure is the answer to "end". @type {string | undefined} */
let failure;

port.on("message", (/** @type {WorkerMessage} */ msg) => {
  if (msg.type === "files") {
    if (failure !== undefined) return;
    try {
      for (const f of msg.files) place(f);
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    return;
  }
  mkdirSync(staging, { recursive: true });
  /** @type {WorkerReply} */
  const reply = failure === undefined ? { type: "done", stats } : { type: "error", message: failure };
  port.postMessage(reply);
});
