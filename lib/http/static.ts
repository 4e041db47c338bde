// Prebuilt responses: per file, the body, its ETag and every constant header, computed once at load.
import { API_BASE, documentRoutes, JSON_TYPE, routes, type CachePolicy } from "../routes.ts";
import { etagOf } from "./etag.ts";
import { cacheControl, CORS_HEADERS } from "./headers.ts";
import type { HeaderList } from "./types.ts";

export interface StaticFile {
  body: Uint8Array;
  etag: string;
  /** Headers that only depend on the kind of file (type, cache, CORS), shared by every file of that kind. */
  kind: FileKind;
}

interface FileKind {
  /** Content-Type, Cache-Control and, for API files, CORS. */
  ok: HeaderList;
  /** The same without the type, for 304s. */
  notModified: HeaderList;
}

/** Read access to the preloaded files, by path from the publish root ("/api/v1/public/fx/today.json"). */
export interface FileStore {
  get(path: string): StaticFile | undefined;
}

// Tens of thousands of files share a handful of header sets; per file only the body and its ETag are kept.
const kinds = new Map<string, FileKind>();

function kindOf(contentType: string, cache: string, cors: boolean): FileKind {
  const key = `${contentType}|${cache}|${cors}`;
  let kind = kinds.get(key);
  if (kind === undefined) {
    const common = ["Cache-Control", cache, ...(cors ? CORS_HEADERS : [])];
    kind = { ok: ["Content-Type", contentType, ...common], notModified: common };
    kinds.set(key, kind);
  }
  return kind;
}

export function staticFile(body: Uint8Array, contentType: string, cache: string, cors: boolean): StaticFile {
  return { body, etag: etagOf(body), kind: kindOf(contentType, cache, cors) };
}

/** Headers of a 200 (or HEAD) of the file, then `extra`. */
export function okHeaders(file: StaticFile, extra: HeaderList = []): HeaderList {
  return [...file.kind.ok, "Content-Length", String(file.body.length), "ETag", file.etag, ...extra];
}

/** Headers of a 304 of the file, then `extra`. */
export function notModifiedHeaders(file: StaticFile, extra: HeaderList = []): HeaderList {
  return [...file.kind.notModified, "ETag", file.etag, ...extra];
}

const fileRouteStems = routes
  .filter((r) => r.kind === "file")
  .map((r) => ({ stem: `${API_BASE}${r.path}`.replace(/\/\{.*$/, ""), cache: r.cache }))
  .sort((a, b) => b.stem.length - a.stem.length);

/**
 * The content type and cache policy of a file below the publish root, as the host's header rules give
 * them (build/netlify.ts): documents by their own entry, files below a route's stem by that route.
 */
function filePolicy(path: string): { contentType: string; cache: CachePolicy } | undefined {
  const doc = documentRoutes.find((d) => d.path === path);
  if (doc) return { contentType: doc.contentType, cache: doc.cache };
  if (!path.startsWith(`${API_BASE}/`)) return undefined;
  const owner = fileRouteStems.find(({ stem }) => path === stem || path === `${stem}.json` || path.startsWith(`${stem}/`));
  return owner ? { contentType: JSON_TYPE, cache: owner.cache } : undefined;
}

/** The prebuilt response of a file of the API tree or a document (discovery files, openapi.json). */
export function apiStaticFile(path: string, body: Uint8Array): StaticFile | undefined {
  const policy = filePolicy(path);
  if (policy === undefined || policy.cache === "until-midnight-mexico-city") return undefined;
  return staticFile(body, policy.contentType, cacheControl(policy.cache), true);
}
