// Prebuilt responses: per file, the body, its ETag and every constant header, computed once at load.
import { API_BASE, documentRoutes, JSON_TYPE, routes, type CachePolicy } from "../routes.ts";
import { etagOf } from "./etag.ts";
import { cacheControl, CORS_HEADERS } from "./headers.ts";
import type { HeaderList } from "./types.ts";

export interface StaticFile {
  body: Uint8Array;
  etag: string;
  /** Headers of a 200 (and HEAD): type, length, cache, ETag and, for API files, CORS. */
  headers: HeaderList;
  /** Headers of a 304: the same without type and length. */
  notModifiedHeaders: HeaderList;
}

/** Read access to the preloaded files, by path from the publish root ("/api/v1/public/fx/today.json"). */
export interface FileStore {
  get(path: string): StaticFile | undefined;
}

export function staticFile(body: Uint8Array, contentType: string, cache: string, cors: boolean): StaticFile {
  const etag = etagOf(body);
  const common = ["Cache-Control", cache, "ETag", etag, ...(cors ? CORS_HEADERS : [])];
  return {
    body,
    etag,
    headers: ["Content-Type", contentType, "Content-Length", String(body.length), ...common],
    notModifiedHeaders: common,
  };
}

const fileRouteStems = routes
  .filter((r) => r.kind === "file")
  .map((r) => ({ stem: `${API_BASE}${r.path}`.replace(/\/\{.*$/, ""), cache: r.cache }))
  .sort((a, b) => b.stem.length - a.stem.length);

/**
 * The content type and cache policy of a file below the publish root, as the host's header rules give
 * them (build/netlify.ts): documents by their own entry, files below a route's stem by that route.
 */
export function filePolicy(path: string): { contentType: string; cache: CachePolicy } | undefined {
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
