// The entries' words as the build packs them: read back, they are what folding and stemming each entry's text gives.
import { readFileSync } from "node:fs";
import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { CompactMiniSearch, compactIndex } from "../lib/search/compact-index.ts";
import { EntryWords, entryWordsFile, wordsOfText } from "../lib/search/search-entry-words.ts";
import { OPTIONS, type SearchDoc } from "../lib/search/search-index-file.ts";
import { parseCatalog } from "../sources/sat.ts";

/** The first 4,000 rows of the real c_ClaveProdServ and a few made-up descriptions with glosses and no words. */
function docs(): SearchDoc[] {
  const rows = parseCatalog("clave-prod-serv", readFileSync("raw/sat/catCFDI/c_ClaveProdServ.csv", "utf8"), "c_ClaveProdServ.csv");
  const texts = rows.slice(0, 4000).map((r) => {
    const palabras = r.extras["palabrasSimilares"];
    return { description: r.description, palabras: typeof palabras === "string" ? palabras : "" };
  });
  texts.push(
    { description: "Tonelada (tonelada métrica)", palabras: "" },
    { description: "Barril (EUA)", palabras: "Barriles, , de" },
    { description: "(sin nombre)", palabras: "" },
    { description: "de la", palabras: "Pieza" },
  );
  return texts.map((t, id) => ({
    id,
    catalog: "c",
    family: "f",
    key: String(id),
    code: String(id),
    plain: "",
    context: "",
    validTo: null,
    inForce: true,
    discouraged: false,
    ...t,
  }));
}

describe("entry words", () => {
  const all = docs();
  const mini = new MiniSearch<SearchDoc>(OPTIONS);
  mini.addAll(all);
  const compact = compactIndex(mini);
  const terms = compact.terms.split("\n");
  const numbers = new Map(terms.map((t, i) => [t, i]));
  const file = JSON.parse(JSON.stringify(entryWordsFile(all, (t) => numbers.get(t))));
  const loaded = CompactMiniSearch.fromCompact<SearchDoc>(compact, OPTIONS);
  const words = new EntryWords(file, all.length, (n) => loaded.termAt(n));

  it("reads back each entry's words as computed from its text", () => {
    for (const d of all) expect(words.wordsOf(d.id), d.description).toEqual(wordsOfText(d.description, d.palabras));
    expect(words.wordsOf(all.length - 4).joined).toBe("tonelad");
    expect(words.wordsOf(all.length - 1)).toMatchObject({ list: [], joined: "", head: "", others: ["piez"] });
  });

  it("knows the words the catalogs write, as written, and no others", () => {
    expect(words.writes("tonelada")).toBe(true);
    expect(words.writes("barriles")).toBe(true);
    expect(words.writes("barri")).toBe(false);
    expect(words.writes("de")).toBe(false);
    expect(words.writes("zzz")).toBe(false);
  });
});
