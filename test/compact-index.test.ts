// The compact MiniSearch index: loaded from it, MiniSearch holds the same index and answers every search as loadJS's would.
import { readFileSync } from "node:fs";
import MiniSearch, { type Options, type Query, type SearchOptions } from "minisearch";
import { describe, expect, it } from "vitest";
import {
  CompactMiniSearch,
  compactIndex,
  fieldsOf,
  firstTermStarting,
  matchOf,
  packNumbers,
  unpackNumbers,
} from "../lib/search/compact-index.ts";
import { fuzzy, prefix, processTerm } from "../lib/search/search-terms.ts";
import { parseCatalog } from "../sources/sat.ts";

interface Doc {
  id: number;
  description: string;
  palabras: string;
}

const OPTIONS: Options<Doc> = { fields: ["description", "palabras"], processTerm };
const SEARCH: SearchOptions = { fuzzy, prefix, boost: { description: 2 } };

/** The first 3,000 rows of the real c_ClaveProdServ, numbered 0…n-1. */
function realDocs(): Doc[] {
  const rows = parseCatalog("clave-prod-serv", readFileSync("raw/sat/catCFDI/c_ClaveProdServ.csv", "utf8"), "c_ClaveProdServ.csv");
  return rows.slice(0, 3000).map((r, id) => {
    const palabras = r.extras["palabrasSimilares"];
    return { id, description: r.description, palabras: typeof palabras === "string" ? palabras : "" };
  });
}

describe("compact index", () => {
  const mini = new MiniSearch<Doc>(OPTIONS);
  mini.addAll(realDocs());
  const compact = compactIndex(mini);

  it("loads into the same index as loadJS, term order included", () => {
    const loaded = CompactMiniSearch.fromCompact(JSON.parse(JSON.stringify(compact)), OPTIONS);
    // A reloaded tree lists its terms in another order than the one built by addAll; loadJS's and this one agree.
    const reference = MiniSearch.loadJS<Doc>(mini.toJSON(), OPTIONS);
    expect(loaded.documentCount).toBe(3000);
    expect(JSON.stringify(loaded.toJSON()) === JSON.stringify(reference.toJSON())).toBe(true);
  });

  it("answers searches exactly as an index loaded by loadJS, prefixes and typos included", () => {
    const loaded = CompactMiniSearch.fromCompact(compact, OPTIONS);
    const reference = MiniSearch.loadJS<Doc>(mini.toJSON(), OPTIONS);
    for (const q of ["animales vivos", "gatos", "peces", "semillas de", "fertiliz", "anmales", "mascotas", "ganado bovino", "x"]) {
      const got = loaded.search(q, SEARCH);
      expect(got, q).toEqual(reference.search(q, SEARCH));
    }
    expect(loaded.search("animales vivos", SEARCH).length).toBeGreaterThan(0);
  });

  it("searchTerms finds what MiniSearch's search does for a tree of whole terms: same documents, scores, matches and order", () => {
    const loaded = CompactMiniSearch.fromCompact(compact, OPTIONS);
    const asIs = { processTerm: (t: string): string => t, tokenize: (t: string): string[] => [t] };
    const t = (word: string): string => processTerm(word) ?? "";
    const s = t("semillas");
    const trees: Query[] = [
      { combineWith: "OR", queries: [t("animales"), t("vivos")] },
      { combineWith: "AND", queries: [t("animales"), t("vivos")] },
      {
        combineWith: "OR",
        queries: [
          {
            combineWith: "OR",
            queries: [
              { combineWith: "AND", queries: [t("ganado"), t("bovino")] },
              { combineWith: "OR", queries: [t("vacas")], boostTerm: () => 0.5 },
            ],
          },
          { combineWith: "OR", queries: [s, t("fertilizantes"), t("peces")], boostTerm: (term: string) => (term === s ? 1 : 0.375) },
          "inexistente",
        ],
      },
    ];
    for (const tree of trees) {
      // boostDocument is asked the same questions in the same order; a 0 leaves a document out.
      const asked: [string[], string[]] = [[], []];
      const boostDocument = (k: 0 | 1) => (id: number, term: string) => {
        asked[k].push(`${id} ${term}`);
        return id % 7 === 0 ? 0 : 1 + (id % 3) / 10;
      };
      const reference = mini.search(tree, { ...asIs, boost: { description: 2 }, boostDocument: boostDocument(0) });
      const found = loaded.searchTerms(tree, { boost: { description: 2 }, boostDocument: boostDocument(1) });
      const got = found.hits.slice(0, found.length);
      expect(got.length).toBeGreaterThan(0);
      expect(got.map((h) => ({ id: h.id, score: h.score, match: matchOf(h) }))).toEqual(
        reference.map((r) => ({ id: r.id, score: r.score, match: r.match })),
      );
      expect(asked[1]).toEqual(asked[0]);
    }
  });

  it("finds a hit's first term with a prefix in the order a for-in over its match object visits them, number keys first", () => {
    const hit = { id: 0, score: 1, terms: ["12b", "120", "12", "3", "12a"], fields: [["a"], ["b"], ["c"], ["d"], ["e"]], n: 5 };
    for (const prefix of ["12", "1", "3", "12a", "x", ""]) {
      let expected: string | undefined;
      for (const t in matchOf(hit))
        if (t.startsWith(prefix)) {
          expected = t;
          break;
        }
      expect(firstTermStarting(hit, prefix), prefix).toBe(expected);
    }
    expect(fieldsOf(hit, "3")).toEqual(["d"]);
    expect(fieldsOf(hit, "4")).toBeUndefined();
  });

  it("completes a prefix as MiniSearch's prefix walk would, ties in its order", () => {
    const loaded = CompactMiniSearch.fromCompact(compact, OPTIONS);
    const reference = MiniSearch.loadJS<Doc>(mini.toJSON(), OPTIONS) as unknown as { _index: MiniSearch["_index"] };
    for (const prefix of ["a", "an", "se", "fert", "anim", "x", "zzz", ""]) {
      const walk = [...reference._index.atPrefix(prefix).keys()].filter((t) => t !== prefix);
      const counts = new Map(walk.map((t) => [t, loaded.documentsWith(t)]));
      const expected = [...walk].sort((a, b) => counts.get(b)! - counts.get(a)!);
      expect(loaded.completions(prefix, 10_000), prefix).toEqual(expected);
      expect(loaded.completions(prefix, 5), prefix).toEqual(expected.slice(0, 5));
      expect(loaded.completes(prefix), prefix).toBe(walk.length > 0);
    }
  });

  it("knows the same ids as loadJS's index, and answers alike once MiniSearch's own maps are made", () => {
    const loaded = CompactMiniSearch.fromCompact(compact, OPTIONS);
    const reference = MiniSearch.loadJS<Doc>(mini.toJSON(), OPTIONS);
    for (const id of [0, 1, 2999, 3000, -1, 1.5]) expect(loaded.has(id), String(id)).toBe(reference.has(id));
    expect(loaded.search("anmales vivos", SEARCH)).toEqual(reference.search("anmales vivos", SEARCH));
    // toJSON walks every map, which makes their entries; searches then read those.
    expect(JSON.stringify(loaded.toJSON()) === JSON.stringify(reference.toJSON())).toBe(true);
    for (const q of ["animales vivos", "fertiliz", "anmales"]) expect(loaded.search(q, SEARCH), q).toEqual(reference.search(q, SEARCH));
  });

  it("adds and removes documents as loadJS's index does, after a search read the field lengths", () => {
    const loaded = CompactMiniSearch.fromCompact(compact, OPTIONS);
    const reference = MiniSearch.loadJS<Doc>(mini.toJSON(), OPTIONS);
    // A search first: it makes the field lengths, which adding and removing then change as loadJS's.
    expect(loaded.search("animales vivos", SEARCH)).toEqual(reference.search("animales vivos", SEARCH));
    const added = { id: 3000, description: "Animales vivos de granja muy raros", palabras: "" };
    loaded.add(added);
    reference.add(added);
    const removed = realDocs()[5]!;
    loaded.remove(removed);
    reference.remove(removed);
    for (const q of ["animales vivos", "granja raros", "gatos"]) expect(loaded.search(q, SEARCH), q).toEqual(reference.search(q, SEARCH));
  });

  it("refuses an index whose documents are not numbered 0…n-1", () => {
    const other = new MiniSearch<Doc>(OPTIONS);
    other.addAll([{ id: 7, description: "Gatos vivos", palabras: "" }]);
    expect(() => compactIndex(other)).toThrow("compact index: document 0 has id 7");
  });

  it("refuses postings that do not match the terms", () => {
    const numbers = [...unpackNumbers(compact.postings, compact.postingCount), 1];
    const tampered = { ...compact, postings: packNumbers(numbers), postingCount: numbers.length };
    expect(() => CompactMiniSearch.fromCompact(tampered, OPTIONS)).toThrow("compact index: 1 posting numbers left over");
    const short = { ...compact, fieldLength: compact.fieldLength.slice(1) };
    expect(() => CompactMiniSearch.fromCompact(short, OPTIONS)).toThrow("compact index: field lengths do not match the documents");
  });

  it("packs numbers to their exact values and refuses a count that does not match", () => {
    const list = [0, 1, 127, 128, 16383, 16384, 62499, 2 ** 31, 2 ** 32 - 1];
    expect([...unpackNumbers(packNumbers(list), list.length)]).toEqual(list);
    expect(() => unpackNumbers(packNumbers(list), list.length + 1)).toThrow("compact index: 10 numbers expected, 9 packed");
    expect(() => unpackNumbers(packNumbers(list), list.length - 1)).toThrow("compact index: more than 8 numbers packed");
    expect(() => packNumbers([-1])).toThrow("compact index: -1 cannot be packed");
    expect(() => packNumbers([2 ** 32])).toThrow("cannot be packed");
  });
});
