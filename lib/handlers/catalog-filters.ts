// Catalog lists without a file, from the list's dump: arbitrary ?limit=&offset= pages of the paged catalogs (byte-identical to
// the page files) and filtered lists of the catalogs whose entries say what they allow (/cfdi/uso?regimen=605&persona=fisica).
import { filterParams, listDumpPath, queryDefaults, routeById, routes, type Route } from "../routes/routes.ts";
import { keptAnswers, queryKey, type Handler } from "../http-kit/handler.ts";
import type { QueryValues } from "../http-kit/query.ts";
import { CatalogPages } from "../datasets/dump-slices.ts";
import type { SatData } from "../datasets/sat-dumps.ts";

/** The list routes whose pages have files only at the default limit: each pages its own dump. */
export const pagedListRoutes = (): Route[] => routes.filter((r) => r.prebuilt === "default-limit-pages");

// Every paged list shares the limit and offset parameters, so one route's defaults are all of theirs.
const { limit: DEFAULT_LIMIT = 0, offset: DEFAULT_OFFSET = 0 } = queryDefaults(routeById("cfdiClaveProdServList"));

function catalogPagesHandler(pages: () => CatalogPages): Handler {
  return ({ query }) => {
    const limit = typeof query["limit"] === "number" ? query["limit"] : DEFAULT_LIMIT;
    const offset = typeof query["offset"] === "number" ? query["offset"] : DEFAULT_OFFSET;
    const list = pages();
    return { body: list.page(offset, limit), etag: list.pageEtag(offset, limit), total: list.size };
  };
}

type Entry = Record<string, unknown>;

const includes = (field: string, value: string) => (e: Entry) => Array.isArray(e[field]) && (e[field] as unknown[]).includes(value);

/** What each filter parameter keeps: the entries whose column allows the value. */
const PREDICATES: Readonly<Record<string, (value: string) => (e: Entry) => boolean>> = {
  persona: (v) => (e) => e[v === "moral" ? "personaMoral" : "personaFisica"] === true,
  regimen: (v) => includes("regimenesReceptor", v),
  uso: (v) => includes("usosPermitidos", v),
};

/** The list routes with filters: each filters its own dump. */
const filteredListRoutes = (): Route[] => routes.filter((r) => filterParams(r).length > 0);

/** The entries that pass every filter the query gives, in the dump's (key) order. */
function filterEntries(entries: readonly Entry[], query: QueryValues): Entry[] {
  const tests = Object.entries(query).flatMap(([name, value]) => {
    const make = PREDICATES[name];
    return make !== undefined && typeof value === "string" ? [make(value)] : [];
  });
  return entries.filter((e) => tests.every((t) => t(e)));
}

const FILTERS = Object.keys(PREDICATES);

/** Called only when a filter is given (no file); the entries never change, so each answer is kept (256: every form's combination). */
function catalogFilterHandler(entries: () => readonly Entry[]): Handler {
  const answer = keptAnswers(256);
  return ({ query }) => answer(queryKey(FILTERS, query), () => filterEntries(entries(), query));
}

/** Every filter parameter of the route table has a predicate here. */
export const unknownFilters = (): string[] =>
  filteredListRoutes()
    .flatMap((r) => filterParams(r).map((p) => p.name))
    .filter((n) => PREDICATES[n] === undefined);

/** The list forms without a file: arbitrary pages of the paged catalogs and filtered lists, each from its list's dump. */
export function pageFallbacks(data: () => SatData): Record<string, Handler> {
  return Object.fromEntries([
    ...pagedListRoutes().map((r) => [
      r.id,
      catalogPagesHandler(() => data().once(`pages:${r.id}`, () => new CatalogPages(data().bytes(listDumpPath(r))))),
    ]),
    ...filteredListRoutes().map((r) => [
      r.id,
      catalogFilterHandler(() => data().once(`list:${r.id}`, () => data().json<Entry[]>(listDumpPath(r)))),
    ]),
  ]);
}
