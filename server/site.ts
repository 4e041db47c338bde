// Site pages and other files of the publish directory outside the API: pretty URLs and the 404 page.
import { HttpError, methodNotAllowed, problem } from "../lib/http-kit/errors.ts";
import { decodeComponent } from "../lib/http-kit/query.ts";
import { respond, type HeaderList } from "../lib/http-kit/respond.ts";
import { fileResponse, okHeaders } from "../lib/http/static.ts";
import type { FileStore, StaticFile } from "../lib/http-kit/respond.ts";

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

/** The answer to `method` at site path `path` (as sent); the API app's ETag middleware answers If-None-Match. */
export function siteResponse(files: FileStore, method: string, path: string): Response {
  try {
    if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method);
    // Only lookups in the preloaded map: a decoded "../" can name nothing outside it.
    const file = lookup(files, decodeComponent(path, false));
    if (file !== undefined) return fileResponse(file);
    const page = files.get(NOT_FOUND_PAGE);
    if (page !== undefined) {
      const headers = [...withoutHeaders(okHeaders(page), ["Cache-Control", "ETag"]), "Cache-Control", "no-store"];
      return respond(404, headers, page.body);
    }
    throw new HttpError(404, "La página no existe.");
  } catch (e) {
    const error = e instanceof HttpError ? e : new HttpError(500, "Error interno del servidor.");
    return problem(error, path, []);
  }
}
