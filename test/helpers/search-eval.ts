// The relevance set's queries and their scoring: share answered first, in the first 3 and 10, and mean reciprocal rank, per catalog and kind.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { SatSearch } from "../../lib/search/sat-search.ts";

export interface EvalQuery {
  id: string;
  catalogo: string;
  query: string;
  acceptable: string[];
  kinds: string[];
  source: string;
}

const DATA = new URL("../data/search-eval/", import.meta.url);

/** The given set (queries.csv), our own held-out queries (own-queries.csv) and our small catalogs' checks (small-catalogs.csv), in the same columns. */
export function evalQueries(
  file: "queries.csv" | "own-queries.csv" | "small-catalogs.csv" | "fresh-queries.csv" | "fresh-queries-2.csv",
): EvalQuery[] {
  const rows = parse(readFileSync(new URL(file, DATA), "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => ({
    id: r["id"]!,
    catalogo: r["catalogo"]!,
    query: r["query"]!,
    acceptable: r["acceptable_keys"]!.split("|"),
    kinds: r["kinds"]!.split(" "),
    source: r["source"]!,
  }));
}

/** A code answers the query when it is an acceptable key or, for c_ClaveProdServ, a commodity inside an acceptable class. */
function answers(q: EvalQuery, code: string): boolean {
  return q.acceptable.some(
    (k) => k === code || (q.catalogo === "clave-prod-serv" && k.endsWith("00") && k.length === 8 && code.startsWith(k.slice(0, 6))),
  );
}

/** 1-based rank of the first answer in the first 10 results, or null. */
function rankOf(search: SatSearch, q: EvalQuery, everyCatalog: boolean): number | null {
  const results = search.search(q.query, { catalog: everyCatalog ? undefined : q.catalogo, family: "cfdi", limit: 10 });
  const i = results.findIndex((r) => (!everyCatalog || r.catalog === q.catalogo) && answers(q, r.code));
  return i < 0 ? null : i + 1;
}

export interface Figures {
  n: number;
  first: number;
  top3: number;
  top10: number;
  mrr: number;
}

function figures(ranks: (number | null)[]): Figures {
  const n = ranks.length;
  const share = (k: number): number => ranks.filter((r) => r !== null && r <= k).length / n;
  return { n, first: share(1), top3: share(3), top10: share(10), mrr: ranks.reduce<number>((s, r) => s + (r === null ? 0 : 1 / r), 0) / n };
}

/**
 * Figures overall ("all"), per catalog ("catalog:…") and per kind ("kind:…"). `everyCatalog`: each query asked
 * without `catalogo`, as /cfdi/buscar is by default, its answer still to be an entry of the query's catalog.
 */
export function score(
  search: SatSearch,
  queries: EvalQuery[],
  everyCatalog = false,
): { groups: Map<string, Figures>; ranks: Map<string, number | null> } {
  const ranks = new Map(queries.map((q) => [q.id, rankOf(search, q, everyCatalog)]));
  const members = new Map<string, (number | null)[]>();
  const add = (group: string, r: number | null): void => {
    const list = members.get(group) ?? [];
    list.push(r);
    members.set(group, list);
  };
  for (const q of queries) {
    const r = ranks.get(q.id) ?? null;
    add("all", r);
    add(`catalog:${q.catalogo}`, r);
    for (const k of q.kinds) add(`kind:${k}`, r);
  }
  return { groups: new Map([...members].map(([g, rs]) => [g, figures(rs)])), ranks };
}
