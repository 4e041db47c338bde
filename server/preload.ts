// Reads the whole publish directory into memory once: every file becomes a ready response.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { API_BASE } from "../lib/routes.ts";
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

export function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && TYPES[path.slice(dot).toLowerCase()]) || "application/octet-stream";
}

// Site files revalidate on every use (as the CDN treats them); the ETag makes that a 304.
const SITE_CACHE = "public, max-age=0, must-revalidate";
// Files under the API that no route or document describes still get the API's CORS and an hour of cache.
const API_FALLBACK_CACHE = "public, max-age=3600";

export interface Preloaded extends FileStore {
  files: ReadonlyMap<string, StaticFile>;
  bytes: number;
}

/** Every regular file below `dir`, keyed by "/" + its path; API files get the API's headers. */
export function preload(dir: string): Preloaded {
  const files = new Map<string, StaticFile>();
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = `/${relative(dir, full).split(sep).join("/")}`;
    const body = readFileSync(full);
    bytes += body.length;
    const inApi = path.startsWith(`${API_BASE}/`);
    files.set(path, apiStaticFile(path, body) ?? staticFile(body, contentTypeFor(path), inApi ? API_FALLBACK_CACHE : SITE_CACHE, inApi));
  }
  return { files, bytes, get: (path) => files.get(path) };
}
