// Reads the whole publish directory into memory once: every file becomes a ready response.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import fg from "fast-glob";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { join } from "node:path";
import { apiStaticFile, staticFile, type FileStore, type StaticFile } from "../lib/http/static.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
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

// Files no header rule covers (the site) get the host's defaults: type by extension, revalidated on every
// use (the ETag makes that a 304), no CORS.
const HOST_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

export interface Preloaded extends FileStore {
  files: ReadonlyMap<string, StaticFile>;
  bytes: number;
}

/**
 * Every regular file below `dir`, keyed by "/" + its path, with the headers of lib/http/header-rules.ts
 * (the ones netlify.toml gives) or the host's defaults. All bodies
 * live in one buffer (views into it), which saves a backing store per file: tens of thousands of small
 * allocations would cost more memory than the bytes themselves.
 */
export function preload(dir: string): Preloaded {
  // The build's marker file says who owns the folder; it is not part of what is served.
  const entries = fg.sync("**/*", { cwd: dir, dot: true, onlyFiles: true, ignore: [BUILD_MARKER] }).map((rel) => {
    const full = join(dir, rel);
    return { full, path: `/${rel}`, size: statSync(full).size };
  });
  const arena = Buffer.allocUnsafeSlow(entries.reduce((n, e) => n + e.size, 0));
  const files = new Map<string, StaticFile>();
  let offset = 0;
  for (const e of entries) {
    const fd = openSync(e.full, "r");
    let read = 0;
    try {
      // A file that shrank since stat (a build swapping the tree) is taken as far as it goes.
      for (let n = -1; read < e.size && n !== 0; read += n) n = readSync(fd, arena, offset + read, e.size - read, read);
    } finally {
      closeSync(fd);
    }
    const body = arena.subarray(offset, offset + read);
    offset += read;
    files.set(e.path, apiStaticFile(e.path, body) ?? staticFile(body, contentTypeFor(e.path), HOST_DEFAULT_CACHE));
  }
  return { files, bytes: offset, get: (path) => files.get(path) };
}
