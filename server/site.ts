// Site pages and other files of the publish directory outside the API: pretty URLs and the 404 page.
import { HttpError, methodNotAllowed } from "../lib/http-kit/errors.ts";
import { decodeComponent } from "../lib/http-kit/query.ts";
import { respond, type FileStore } from "../lib/http-kit/respond.ts";
import { fileResponse } from "../lib/http/static.ts";

/** The answer to `method` at site path `path` (as sent); the API app answers If-None-Match and turns a throw into its problem. */
export function siteResponse(files: FileStore, method: string, path: string): Response {
  if (method !== "GET" && method !== "HEAD") throw methodNotAllowed(method);
  // Only lookups in the preloaded map: a decoded "../" can name nothing outside it. "x/" is "x/index.html", "x" also "x.html".
  const name = decodeComponent(path, false);
  const file = name.endsWith("/")
    ? files.get(`${name}index.html`)
    : (files.get(name) ?? files.get(`${name}/index.html`) ?? files.get(`${name}.html`));
  if (file !== undefined) return fileResponse(file);
  const page = files.get("/404.html");
  if (page === undefined) throw new HttpError(404, "La página no existe.");
  // The page's headers but Cache-Control and ETag: a 404 is never stored.
  const kept = page.kind.ok.filter((_, i, all) => all[i - (i % 2)] !== "Cache-Control");
  return respond(404, [...kept, "Content-Length", String(page.size), "Cache-Control", "no-store"], page.body);
}
