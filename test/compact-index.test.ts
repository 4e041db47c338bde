// The compact MiniSearch index: loaded from it, MiniSearch holds the same index and answers every search as loadJS's would.
import { readFileSync } from "node:fs";
import MiniSearch, { type Options, type SearchOptions } from "minisearch";
import { describe, expect, it } from "vitest";
import { CompactMiniSearch, compactIndex } from "../lib/compact-index.ts";
import { fuzzy, prefix, processTerm } from "../lib/search-terms.ts";
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

  it("refuses an index whose documents are not numbered 0…n-1", () => {
    const other = new MiniSearch<Doc>(OPTIONS);
    other.addAll([{ id: 7, description: "Gatos vivos", palabras: "" }]);
    expect(() => compactIndex(other)).toThrow("compact index: document 0 has id 7");
  });

  it("refuses postings that do not match the terms", () => {
    const tampered = { ...compact, postings: [...compact.postings, 1] };
    expect(() => CompactMiniSearch.fromCompact(tampered, OPTIONS)).toThrow("compact index: 1 posting numbers left over");
    const short = { ...compact, fieldLength: compact.fieldLength.slice(1) };
    expect(() => CompactMiniSearch.fromCompact(short, OPTIONS)).toThrow("compact index: field lengths do not match the documents");
  });
});
