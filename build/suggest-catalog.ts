// content/suggest-catalog.json, generated from the Markdown content by `npm run content`; the build stops when it is out of date.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { SiteContent } from "../content/load.ts";
import { suggestCatalog } from "../content/suggest-catalog.ts";

export const SUGGEST_CATALOG_FILE = fileURLToPath(new URL("../content/suggest-catalog.json", import.meta.url));

/** The file's text for this content (`npm run content` then lets Biome lay it out like every JSON file of the repo). */
export const suggestCatalogText = (content: SiteContent): string => `${JSON.stringify(suggestCatalog(content), null, 2)}\n`;

/** A problem when the committed catalog differs from what the content files give (compared as data, not as text). */
export function staleSuggestCatalog(content: SiteContent, file = SUGGEST_CATALOG_FILE): string[] {
  let committed: unknown;
  try {
    committed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    return [`content/suggest-catalog.json no se puede leer (${(err as Error).message}); ejecuta npm run content`];
  }
  return isDeepStrictEqual(committed, suggestCatalog(content))
    ? []
    : ["content/suggest-catalog.json no corresponde a los archivos de content/; ejecuta npm run content y confirma el cambio"];
}
