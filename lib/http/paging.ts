// The paged lists' RFC 8288 Link (first, prev, next, last) and X-Total-Count, for the local server, the functions, the edge and dist/_headers.
import { API_BASE, filePath, queryDefaults, routes, type Route } from "../routes/routes.ts";
import { ruleLookup, type HeaderRule } from "./header-rules.ts";
import type { HeaderList } from "../http-kit/respond.ts";

export const TOTAL_COUNT_HEADER = "X-Total-Count";
export const LINK_HEADER = "Link";

/** The lists read in limit/offset pages: the catalogs of more than 500 entries (lib/routes/sat-routes.ts). */
export const isPagedList = (route: Route): boolean => route.prebuilt === "default-limit-pages";

const queryNumber = (query: Readonly<Record<string, unknown>>, name: string, defaults: Record<string, number>): number => {
  const v = query[name];
  return typeof v === "number" ? v : (defaults[name] ?? 0);
};

/**
 * The Link of the page at `offset` of `limit` entries in a list of `total`: first and last (the page holding the last
 * entry, at a multiple of `limit`) always, prev unless at the start (past the end, the last page), next while entries remain.
 */
export function pageLinks(route: Route, offset: number, limit: number, total: number): string {
  const at = (o: number): string => `<${API_BASE}${route.path}?limit=${limit}&offset=${o}>`;
  const last = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = [`${at(0)}; rel="first"`];
  if (offset > 0) links.push(`${at(Math.min(Math.max(0, offset - limit), last))}; rel="prev"`);
  if (offset + limit < total) links.push(`${at(offset + limit)}; rel="next"`);
  links.push(`${at(last)}; rel="last"`);
  return links.join(", ");
}

/** The Link and X-Total-Count headers of a paged list's answer to `query`; none for another route. */
export function pagingHeaders(route: Route, query: Readonly<Record<string, unknown>>, total: number): HeaderList {
  if (!isPagedList(route)) return [];
  const defaults = queryDefaults(route);
  const limit = queryNumber(query, "limit", defaults);
  return [LINK_HEADER, pageLinks(route, queryNumber(query, "offset", defaults), limit, total), TOTAL_COUNT_HEADER, String(total)];
}

/** The paged lists' totals from /status (a catalog's `records`): X-Total-Count for their prebuilt files, as host rules and locally. */
export class PageTotals {
  private readonly byRoute: ReadonlyMap<string, number>;
  private ruleFor: ((path: string) => HeaderList) | undefined;

  constructor(datasets: readonly { id: string; records: number }[]) {
    const records = new Map(datasets.map((d) => [d.id, d.records]));
    const totals = new Map<string, number>();
    for (const r of routes.filter(isPagedList)) {
      const n = records.get(r.datasets?.[0] ?? "");
      if (n !== undefined) totals.set(r.id, n);
    }
    this.byRoute = totals;
  }

  /** The number of entries of a paged list; undefined for another route. */
  total(route: Route): number | undefined {
    return this.byRoute.get(route.id);
  }

  /** Host rules: X-Total-Count on a paged list's own file, its .json and every default-limit page. */
  fileRules(): HeaderRule[] {
    return routes.filter(isPagedList).flatMap((r) => {
      const total = this.byRoute.get(r.id);
      if (total === undefined) return [];
      const own = `${API_BASE}${r.path}`;
      const firstPage = filePath(r, {}, { ...queryDefaults(r), offset: 0 });
      const pages = `${firstPage.slice(0, firstPage.lastIndexOf("/"))}/*`;
      return [own, `${own}.json`, pages].map((p) => ({ for: p, values: { [TOTAL_COUNT_HEADER]: String(total) } }));
    });
  }

  /** The X-Total-Count the rules give a prebuilt file's path, or none. */
  forPath(path: string): HeaderList {
    this.ruleFor ??= ruleLookup(this.fileRules(), true);
    return this.ruleFor(path);
  }
}
