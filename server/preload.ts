// Reads the publish directory once: every file becomes a ready response, held in memory or, when large, on disk.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import fg from "fast-glob";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { join } from "node:path";
import { HEADERS_FILE, REDIRECTS_FILE } from "../build/netlify.ts";
import { apiStaticFile, onDisk, staticFile } from "../lib/http/static.ts";
import type { FileStore, StaticFile } from "../lib/http-kit/file-store.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  ".ndjson": "application/x-ndjson; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
};

function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && TYPES[path.slice(dot).toLowerCase()]) || "application/octet-stream";
}

// Files no header rule covers (the site) get the host's defaults: type by extension, always revalidated, no CORS.
const HOST_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

export interface Preloaded extends FileStore {
  files: ReadonlyMap<string, StaticFile>;
  /** Bytes held in memory (the large files on disk not counted). */
  bytes: number;
  /** Closes the descriptors of the files kept on disk. */
  close(): void;
}

/** From this size on a file stays on disk: the dumps (13 MB each) would be half the memory; read from the page cache, a few ms. */
const ON_DISK_BYTES = 1 << 20;

/** Reads `size` bytes from the start of `fd` into `into` at `offset`; fewer when the file is shorter now. */
function readInto(fd: number, into: Buffer, offset: number, size: number): number {
  let read = 0;
  for (let n = -1; read < size && n !== 0; read += n) n = readSync(fd, into, offset + read, size - read, read);
  return read;
}

const fileOf = (path: string, body: Uint8Array): StaticFile =>
  apiStaticFile(path, body) ?? staticFile(body, contentTypeFor(path), HOST_DEFAULT_CACHE);

/** The file's bytes, one copy shared by the responses holding it (32 downloads of a dump took 695 MB); freed when none does. */
function sharedRead(fd: number, size: number): () => Uint8Array {
  let held: WeakRef<Uint8Array> | undefined;
  return () => {
    const kept = held?.deref();
    if (kept !== undefined) return kept;
    const body = Buffer.allocUnsafe(size);
    // Never uninitialized memory, even if the file was cut short in place (a build never does that).
    const read = body.subarray(0, readInto(fd, body, 0, size));
    held = new WeakRef(read);
    return read;
  };
}

/** The host's configuration files (Netlify does not serve them either) and the build's marker. */
const NOT_SERVED = [BUILD_MARKER, HEADERS_FILE.slice(1), REDIRECTS_FILE.slice(1)];

/**
 * Every file below `dir` by "/" + its path, with the headers of lib/http/header-rules.ts or the host's defaults. Small
 * bodies are views into one buffer (a backing store each would cost more than the bytes). A large file is read at
 * start for its ETag and its descriptor kept: it serves the file as it was even when a build replaces the tree.
 */
export function preload(dir: string): Preloaded {
  const entries = fg.sync("**/*", { cwd: dir, dot: true, onlyFiles: true, ignore: NOT_SERVED }).map((rel) => {
    const full = join(dir, rel);
    return { full, path: `/${rel}`, size: statSync(full).size };
  });
  const small = entries.filter((e) => e.size < ON_DISK_BYTES);
  const arena = Buffer.allocUnsafeSlow(small.reduce((n, e) => n + e.size, 0));
  const files = new Map<string, StaticFile>();
  const open: number[] = [];
  let offset = 0;
  for (const e of entries) {
    const fd = openSync(e.full, "r");
    if (e.size < ON_DISK_BYTES) {
      try {
        // A file that shrank since stat (a build swapping the tree) is taken as far as it goes.
        const read = readInto(fd, arena, offset, e.size);
        files.set(e.path, fileOf(e.path, arena.subarray(offset, offset + read)));
        offset += read;
      } finally {
        closeSync(fd);
      }
      continue;
    }
    open.push(fd);
    const first = Buffer.allocUnsafe(e.size);
    const size = readInto(fd, first, 0, e.size);
    files.set(e.path, onDisk(fileOf(e.path, first.subarray(0, size)), sharedRead(fd, size)));
  }
  const close = (): void => {
    for (const fd of open.splice(0)) closeSync(fd);
  };
  return { files, bytes: offset, get: (path) => files.get(path), close };
}
