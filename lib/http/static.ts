// Prebuilt responses: per file, the body, its ETag and every constant header, computed once at load.
import { etagOf } from "../http-kit/etag.ts";
import { headersFor } from "./header-rules.ts";
import { respond, type HeaderList } from "../http-kit/respond.ts";
import type { FileKind, StaticFile } from "../http-kit/file-store.ts";

// Tens of thousands of files share a handful of header sets; per file only the body and its ETag are kept.
const kinds = new Map<string, FileKind>();

/** The shared headers of files with these constant headers (Content-Type among them). */
function kindOf(values: Readonly<Record<string, string>>): FileKind {
  const key = JSON.stringify(values);
  let kind = kinds.get(key);
  if (kind === undefined) {
    const ok = Object.entries(values).flat();
    const notModified = Object.entries(values)
      .filter(([name]) => name !== "Content-Type")
      .flat();
    kind = { ok, notModified };
    kinds.set(key, kind);
  }
  return kind;
}

/** A file outside the header rules (a site file): its type and cache policy only. */
export function staticFile(body: Uint8Array, contentType: string, cache: string): StaticFile {
  return { body, size: body.length, etag: etagOf(body), kind: kindOf({ "Content-Type": contentType, "Cache-Control": cache }) };
}

/** Headers of a 200 (or HEAD) of the file, then `extra`. */
export function okHeaders(file: StaticFile, extra: HeaderList = []): HeaderList {
  return [...file.kind.ok, "Content-Length", String(file.size), "ETag", file.etag, ...extra];
}

/** The file's 200 (Hono's ETag middleware makes it a 304 where If-None-Match names its ETag); `extra` headers after the file's own. */
export function fileResponse(file: StaticFile, extra: HeaderList = []): Response {
  return respond(200, okHeaders(file, extra), file.body);
}

/** The prebuilt response of a file the header rules cover, with the headers dist/_headers gives it; undefined for others. */
export function apiStaticFile(path: string, body: Uint8Array): StaticFile | undefined {
  const values = headersFor(path);
  return values === undefined ? undefined : { body, size: body.length, etag: etagOf(body), kind: kindOf(values) };
}

/** The same response with its body read by `read` on each use, so that the bytes need not stay in memory. */
export function onDisk(file: StaticFile, read: () => Uint8Array): StaticFile {
  return {
    get body() {
      return read();
    },
    size: file.size,
    etag: file.etag,
    kind: file.kind,
  };
}
