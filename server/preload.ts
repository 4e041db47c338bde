// Reads the publish directory once: every file becomes a ready response, held in memory or, when large, on disk.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { getMimeType, mimes } from "hono/utils/mime";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { HEADERS_FILE, REDIRECTS_FILE } from "../build/netlify.ts";
import { apiStaticFile } from "../lib/http/static.ts";
import type { FileStore, StaticFile } from "../lib/http-kit/respond.ts";

/** Hono's types by extension, with a charset where the host gives one and none on SVG. */
const TYPES = {
  ...mimes,
  json: "application/json; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
  svg: "image/svg+xml",
};

// Files no header rule covers (the site) get the host's defaults: type by extension, always revalidated, no CORS.
const hostDefaults = (path: string): string[] => [
  "Content-Type",
  getMimeType(path, TYPES) ?? "application/octet-stream",
  "Cache-Control",
  "public, max-age=0, must-revalidate",
];

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

const fileOf = (path: string, body: Uint8Array): StaticFile => apiStaticFile(path, body, hostDefaults(path)) as StaticFile;

/** A file kept on disk: its bytes read on use, one copy shared by the responses holding it (32 downloads of a dump took 695 MB). */
function onDisk(file: StaticFile, fd: number): StaticFile {
  let held: WeakRef<Uint8Array> | undefined;
  const { size, etag, kind } = file;
  return {
    get body() {
      const kept = held?.deref();
      if (kept !== undefined) return kept;
      // Never uninitialized memory, even if the file was cut short in place (a build never does that).
      const body = Buffer.allocUnsafe(size);
      const read = body.subarray(0, readInto(fd, body, 0, size));
      held = new WeakRef(read);
      return read;
    },
    size,
    etag,
    kind,
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
    files.set(e.path, onDisk(fileOf(e.path, first.subarray(0, readInto(fd, first, 0, e.size))), fd));
  }
  const close = (): void => {
    for (const fd of open.splice(0)) closeSync(fd);
  };
  return { files, bytes: offset, get: (path) => files.get(path), close };
}
