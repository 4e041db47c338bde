// Responses from flat header lists, and the prebuilt files they are made of.

/** Headers as a flat list (name, value, name, value, …), in the order they are sent. */
export type HeaderList = string[];

/**
 * Headers go in as a plain record in the list's order and spelling: Hono's Node adapter writes such a record as is,
 * where a Headers object would be lower-cased and sorted first. A repeated name keeps every value.
 */
export function respond(status: number, list: HeaderList, body: Uint8Array | null): Response {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i] as string;
    const had = headers[name];
    headers[name] = had === undefined ? (list[i + 1] as string) : `${had}, ${list[i + 1]}`;
  }
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}

/** A prebuilt file: its bytes (read anew on each access for one kept on disk), size, ETag and the headers of its kind. */
export interface StaticFile {
  readonly body: Uint8Array;
  size: number;
  etag: string;
  /** Shared by every file of the kind: type, cache and, for files of the header rules, CORS and nosniff; without the type for 304s. */
  kind: { ok: HeaderList; notModified: HeaderList };
}

/** The preloaded files by path from the publish root ("/api/v1/public/fx/today.json"). */
export interface FileStore {
  get(path: string): StaticFile | undefined;
}
