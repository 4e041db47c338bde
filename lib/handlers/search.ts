// GET /cfdi/buscar?q=&catalogo=&limit=: the MiniSearch index loaded once per process, answers kept in a small LRU cache.
import { SEARCH_LIMIT } from "../routes/sat-routes.ts";
import { etagOf } from "../http-kit/etag.ts";
import { jsonBytes, type Handler, type HandlerOutput } from "../http-kit/handler.ts";
import type { SatData } from "../datasets/sat-dumps.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../search/sat-search.ts";

/** Answers kept at most: people and pages repeat the same few queries, and an answer is a few KB. */
export const CACHE_ENTRIES = 2048;

export function searchHandler(data: () => SatData): Handler {
  const cache = new Map<string, HandlerOutput>();
  return ({ query }) => {
    // The words as the search reads them: «renta,  oficina» and «Renta oficina» share one cached answer.
    const q = SatSearch.key(String(query["q"] ?? ""));
    const catalog = typeof query["catalogo"] === "string" ? query["catalogo"] : undefined;
    const limit = typeof query["limit"] === "number" ? query["limit"] : SEARCH_LIMIT.default;
    const key = JSON.stringify([limit, catalog ?? null, q]);
    const hit = cache.get(key);
    if (hit !== undefined) {
      // Most recently used last, so the oldest is the first to go.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const sat = data();
    const index = sat.once("search", () => new SatSearch(new TextDecoder().decode(sat.bytes(SEARCH_INDEX_PATH))));
    const results = index.search(q, { family: "cfdi", limit, ...(catalog !== undefined && { catalog }) });
    const body = jsonBytes(results);
    const out = { body, etag: etagOf(body) };
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, out);
    return out;
  };
}
