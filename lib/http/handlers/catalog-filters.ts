// Filtered lists of the catalogs whose entries say what they allow (/cfdi/uso?regimen=605&persona=fisica), from the list's dump.
import { filterParams, routes, type Route } from "../../routes.ts";
import type { Handler } from "../handler.ts";
import type { QueryValues } from "../query.ts";

type Entry = Record<string, unknown>;

const includes = (field: string, value: string) => (e: Entry) => Array.isArray(e[field]) && (e[field] as unknown[]).includes(value);

/** What each filter parameter keeps: the entries whose column allows the value. */
const PREDICATES: Readonly<Record<string, (value: string) => (e: Entry) => boolean>> = {
  persona: (v) => (e) => e[v === "moral" ? "personaMoral" : "personaFisica"] === true,
  regimen: (v) => includes("regimenesReceptor", v),
  uso: (v) => includes("usosPermitidos", v),
};

/** The list routes with filters: each filters its own dump. */
export const filteredListRoutes = (): Route[] => routes.filter((r) => filterParams(r).length > 0);

/** The entries that pass every filter the query gives, in the dump's (key) order. */
function filterEntries(entries: readonly Entry[], query: QueryValues): Entry[] {
  const tests = Object.entries(query).flatMap(([name, value]) => {
    const make = PREDICATES[name];
    return make !== undefined && typeof value === "string" ? [make(value)] : [];
  });
  return entries.filter((e) => tests.every((t) => t(e)));
}

const encoder = new TextEncoder();

/** The list handler when a filter is given; the pipeline calls it only then (a filtered form has no file). */
export function catalogFilterHandler(entries: () => readonly Entry[]): Handler {
  return ({ query }) => ({ body: encoder.encode(JSON.stringify(filterEntries(entries(), query))) });
}

/** Every filter parameter of the route table has a predicate here. */
export const unknownFilters = (): string[] =>
  filteredListRoutes()
    .flatMap((r) => filterParams(r).map((p) => p.name))
    .filter((n) => PREDICATES[n] === undefined);
