// Prebuilt responses: per file, the body, its ETag and every constant header, computed once at load.
import { etagOf } from "../http-kit/etag.ts";
import { headersFor } from "./header-rules.ts";
import { respond, type HeaderList, type StaticFile } from "../http-kit/respond.ts";

// Tens of thousands of files share a handful of header sets; per file only the body and its ETag are kept.
const kinds = new Map<string, StaticFile["kind"]>();

function kindOf(values: Readonly<Record<string, string>>): StaticFile["kind"] {
  const key = JSON.stringify(values);
  let kind = kinds.get(key);
  if (kind === undefined) {
    const notModified = Object.entries(values).filter(([name]) => name !== "Content-Type");
    kind = { ok: Object.entries(values).flat(), notModified: notModified.flat() };
    kinds.set(key, kind);
  }
  return kind;
}

/** The file with the headers dist/_headers gives its path, else `hostDefaults` (a site file's); undefined without either. */
export function apiStaticFile(path: string, body: Uint8Array, hostDefaults?: Record<string, string>): StaticFile | undefined {
  const values = headersFor(path) ?? hostDefaults;
  return values === undefined ? undefined : { body, size: body.length, etag: etagOf(body), kind: kindOf(values) };
}

/** The file's 200, `extra` headers after its own (Hono's ETag middleware makes it a 304 where If-None-Match names its ETag). */
export const fileResponse = (file: StaticFile, extra: HeaderList = []): Response =>
  respond(200, [...file.kind.ok, "Content-Length", String(file.size), "ETag", file.etag, ...extra], file.body);
