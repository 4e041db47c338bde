// Arbitrary ?limit=&offset= pages of the paged catalogs sliced from their dumps, byte-identical to the page files.
import { queryDefaults, routeById, routes, type Route } from "../routes/routes.ts";
import type { CatalogPages } from "../datasets/dump-slices.ts";
import type { Handler } from "../http-kit/handler.ts";

/** The list routes whose pages have files only at the default limit: each pages its own dump. */
export const pagedListRoutes = (): Route[] => routes.filter((r) => r.prebuilt === "default-limit-pages");

// Every paged list shares the limit and offset parameters, so one route's defaults are all of theirs.
const { limit: DEFAULT_LIMIT = 0, offset: DEFAULT_OFFSET = 0 } = queryDefaults(routeById("cfdiClaveProdServList"));

/** The list handler over the pages; the API app calls it when no page file exists for the pair. */
export function catalogPagesHandler(pages: () => CatalogPages): Handler {
  return ({ query }) => {
    const limit = typeof query["limit"] === "number" ? query["limit"] : DEFAULT_LIMIT;
    const offset = typeof query["offset"] === "number" ? query["offset"] : DEFAULT_OFFSET;
    const list = pages();
    return { body: list.page(offset, limit), etag: list.pageEtag(offset, limit), total: list.size };
  };
}
