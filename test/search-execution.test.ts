// The search's reused execution structures (pooled hits and lists, kept scratch lists, the merge sort) answer as fresh ones would.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sortByScore, type TermHit } from "../lib/search/compact-index.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { builtDist } from "./http-setup.ts";
import { evalQueries } from "./helpers/search-eval.ts";

const hitsOf = (scores: number[]): TermHit[] => scores.map((score, id) => ({ id, score, terms: [], fields: [], n: 0 }));

describe("sortByScore", () => {
  it("orders as a stable sort by score does, best first, ties in their order, for lists short and long", () => {
    // A small deterministic generator: scores with many ties, as BM25 gives entries of equal lengths.
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (const n of [0, 1, 2, 15, 16, 17, 33, 100, 517, 1000]) {
      const scores = Array.from({ length: n }, () => (next() % 12) / 4);
      const expected = hitsOf(scores)
        .sort((a, b) => (b.score > a.score ? 1 : b.score < a.score ? -1 : 0))
        .map((h) => h.id);
      // The list is longer than the hits sorted (a reused list): the slots past `n` stay as they are.
      const list = [...hitsOf(scores), ...hitsOf([99, 98])];
      sortByScore(list, n, []);
      expect(
        list.slice(0, n).map((h) => h.id),
        `n = ${n}`,
      ).toEqual(expected);
      expect(list.slice(n).map((h) => h.score)).toEqual([99, 98]);
    }
  });
});

describe("a search object answering many queries", () => {
  let text: string;
  beforeAll(async () => {
    text = readFileSync(join(await builtDist(), SEARCH_INDEX_PATH.slice(1)), "utf8");
  });

  it("answers each query alike whatever it answered before, and as a new search object answers it first", () => {
    const queries = [...evalQueries("queries.csv"), ...evalQueries("own-queries.csv")];
    const used = new SatSearch(text);
    const answers = (search: SatSearch, q: { query: string; catalogo: string }): string =>
      search
        .search(q.query, { catalog: q.catalogo, family: "cfdi", limit: 20 })
        .map((r) => `${r.catalog}/${r.code}`)
        .join(" ");
    // Each query answered in order, then again in reverse order: its structures reused, grown by other answers.
    const first = queries.map((q) => answers(used, q));
    const again = [...queries]
      .reverse()
      .map((q) => answers(used, q))
      .reverse();
    expect(again).toEqual(first);
    // A few, on a new object, first thing.
    for (const i of [0, 37, queries.length - 1]) expect(answers(new SatSearch(text), queries[i]!), queries[i]!.query).toBe(first[i]);
  });
});
