// What a prebuilt file is to the code that serves it (body, ETag, constant headers) and read access to them by path.
import type { HeaderList } from "./respond.ts";

export interface StaticFile {
  /** The bytes; for a file kept on disk (see onDisk), read anew on each access. */
  readonly body: Uint8Array;
  /** The body's length, known without reading it. */
  size: number;
  etag: string;
  /** Headers that only depend on the kind of file (type, cache, CORS, nosniff), shared by every file of that kind. */
  kind: FileKind;
}

export interface FileKind {
  /** Content-Type, Cache-Control and, for files of the header rules, CORS and nosniff. */
  ok: HeaderList;
  /** The same without the type, for 304s. */
  notModified: HeaderList;
}

/** Read access to the preloaded files, by path from the publish root ("/api/v1/public/fx/today.json"). */
export interface FileStore {
  get(path: string): StaticFile | undefined;
}
