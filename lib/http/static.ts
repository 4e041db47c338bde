// Prebuilt responses: per file, the body, its ETag and every constant header, computed once at load.
import { etagOf } from "../http-kit/etag.ts";
import { headersFor } from "./header-rules.ts";
import { respond, type HeaderList, type StaticFile } from "../http-kit/respond.ts";

// Tens of thousands of files share a handful of header sets; per file only the body and its ETag are kept.
const kinds = new Map<string, StaticFile["kind"]>();

/** The file with the headers dist/_headers gives its path, else `hostDefaults` (a site file's); undefined without either. */
export function apiStaticFile(path: string, body: Uint8Array, hostDefaults?: HeaderList): StaticFile | undefined {
  const rule = headersFor(path);
  const ok = rule.length > 0 ? rule : hostDefaults;
  if (ok === undefined) return undefined;
  const key = ok.join("\n");
  let kind = kinds.get(key);
  if (kind === undefined) {
    kind = { ok, notModified: ok.filter((_, i) => ok[i - (i % 2)] !== "Content-Type") };
    kinds.set(key, kind);
  }
  return { body, size: body.length, etag: etagOf(body), kind };
}

/** The file's 200, `extra` headers after its own (Hono's ETag middleware makes it a 304 where If-None-Match names its ETag). */
export const fileResponse = (file: StaticFile, extra: HeaderList = []): Response =>
  respond(200, [...file.kind.ok, "Content-Length", String(file.size), "ETag", file.etag, ...extra], file.body);
