// Site pages and other files of the publish directory outside the API: pretty URLs and the 404 page.
import { HttpError, methodNotAllowed, problem } from "../lib/http/errors.ts";
import { ifNoneMatchHits } from "../lib/http/etag.ts";
import { decodeComponent } from "../lib/http/query.ts";
import { notModifiedHeaders, okHeaders, type FileStore, type StaticFile } from "../lib/http/static.ts";
import type { HeaderList, HttpRequest, HttpResult } from "../lib/http/types.ts";

const NOT_FOUND_PAGE = "/404.html";

/** The file a site path names: itself, "x/" → "x/index.html", "x" → "x/index.html" or "x.html". */
function lookup(files: FileStore, path: string): StaticFile | undefined {
  if (path.endsWith("/")) return files.get(`${path}index.html`);
  return files.get(path) ?? files.get(`${path}/index.html`) ?? files.get(`${path}.html`);
}

function withoutHeaders(list: HeaderList, names: readonly string[]): HeaderList {
  const out: HeaderList = [];
  for (let i = 0; i + 1 < list.length; i += 2) if (!names.includes(list[i] as string)) out.push(list[i] as string, list[i + 1] as string);
  return out;
}

export function siteResult(files: FileStore, req: HttpRequest): HttpResult {
  const head = req.method === "HEAD";
  try {
    if (req.method !== "GET" && !head) throw methodNotAllowed(req.method);
    // Only lookups in the preloaded map: a decoded "../" can name nothing outside it.
    const file = lookup(files, decodeComponent(req.path, false));
    if (file !== undefined) {
      if (ifNoneMatchHits(req.header("if-none-match"), file.etag)) return { status: 304, headers: notModifiedHeaders(file), body: null };
      return { status: 200, headers: okHeaders(file), body: head ? null : file.body };
    }
    const page = files.get(NOT_FOUND_PAGE);
    if (page !== undefined) {
      const headers = [...withoutHeaders(okHeaders(page), ["Cache-Control", "ETag"]), "Cache-Control", "no-store"];
      return { status: 404, headers, body: head ? null : page.body };
    }
    throw new HttpError(404, "La página no existe.");
  } catch (e) {
    const error = e instanceof HttpError ? e : new HttpError(500, "Error interno del servidor.");
    return problem(error, req.path, [], head);
  }
}
