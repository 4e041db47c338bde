// Filtered lists of the catalogs whose entries say what they allow (/cfdi/uso?regimen=605&persona=fisica), from the list's dump.
import { filterParams, listDumpPath, routes, type Route } from "../routes/routes.ts";
import { keptAnswers, queryKey, type Handler } from "../http-kit/handler.ts";
import type { QueryValues } from "../http-kit/query.ts";
import { CatalogPages } from "../datasets/dump-slices.ts";
import { catalogPagesHandler, pagedListRoutes } from "./catalog-pages.ts";
import type { SatData } from "./sat.ts";

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

/** Distinct filtered answers kept per list: every combination a form offers, bounded in memory (a list is a few KB). */
const MEMO_SIZE = 256;
const FILTERS = Object.keys(PREDICATES);

/**
 * The list handler when a filter is given; the API app calls it only then (a filtered form has no file). The
 * answer depends on the filter values alone, so it is computed once for each (the entries never change).
 */
function catalogFilterHandler(entries: () => readonly Entry[]): Handler {
  const answer = keptAnswers(MEMO_SIZE);
  return ({ query }) => {
    return answer(queryKey(FILTERS, query), () => filterEntries(entries(), query));
  };
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
