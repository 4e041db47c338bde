// The SQLite file's search tables: per catalog entry the words the API's search reads, analysed (folded, stemmed, inherited, synonyms), and the word → stem table a query is analysed with.
import { derivedStem, kindGroups, synonymGroups } from "../lib/search/search-query.ts";
import type { SearchDoc } from "../lib/search/search-index-file.ts";
import { wordsOfText } from "../lib/search/search-entry-words.ts";
import { fold, inflectionless, queryTerms, STOP_WORDS, stem } from "../lib/search/search-terms.ts";

/** One row of `search_fts`: the entry, and its words as stems, one column per field of the API's index. */
interface SearchRow {
  catalog: string;
  /** The catalog's family (cfdi, nomina): the API searches one family's catalogs when no catalog is asked for. */
  family: string;
  code: string;
  description: string;
  /** 0 in force, 1 advised against by its sheet, 2 ended: the API's first ranking rule. */
  standing: number;
  /** The name's and the other names' words without plural and gender ending (what the API compares whole), its first such word, its word count. */
  form: string;
  forms: string;
  head: string;
  size: number;
  name: string;
  /** Each other name's stems, the names separated by commas (so a query can be compared with each whole). */
  other: string;
  plain: string;
  inherited: string;
  synonyms: string;
  /**
   * Per field, MiniSearch's BM25 length normalisation k · (1 − b + b · length / average length): a word found tf
   * times scores its inverse document frequency times d + tf (k + 1) / (tf + this), as in the API.
   */
  wname: number;
  wother: number;
  wplain: number;
  winherited: number;
  /** The forms of the other ways of saying its whole name or one of its other names (the synonym table): the query named through a synonym («kilos» → Kilogramo). */
  aliases: string;
}

/** What the SQLite file carries for search: the analysed entries and every word the catalogs and the tables write with its stem. */
export interface SearchTables {
  rows: SearchRow[];
  /** Per stem, its inverse document frequency in each field as MiniSearch computes it (ln(1 + (N − n + 0.5) / (n + 0.5))), null where no entry has it. */
  idf: { stem: string; name: number | null; other: number | null; plain: number | null; inherited: number | null }[];
  words: { word: string; stem: string; form: string }[];
}

/** MiniSearch's default BM25+ parameters, which the API's index scores with (lib/search/compact-index.ts); k + 1 = 2.2 and d = 0.5 are written in docs/search-offline.sql. */
const BM25 = { k: 1.2, b: 0.7 };

const stems = (text: string): string[] => queryTerms(text).map(stem);
const family = (d: SearchDoc): string => (d.catalog === "clave-prod-serv" ? d.code.slice(0, 4) : d.catalog);
const has = (own: Set<string>, phrase: string[]): boolean => phrase.every((s) => own.has(s));

/**
 * The rows and words. An entry's synonyms column holds the other ways of saying what its own words (description
 * and other names) say, by the synonym table (lib/search/search-synonyms.json), and the kinds of a general word it says
 * (lib/search/search-kinds.json: an entry saying idioma is found by inglés). As in the API, a synonym is written only in a
 * family where the word it stands for is written too, or anywhere when no entry writes that word: «laptop» is
 * added to Computadores notebook (43211508 writes laptop), not to Bares portátiles. A word's trade or agent relative
 * (-ero/-era ↔ -ería, lib/search/search-query.ts derivedStem) is written in every family («enfermera» finds Servicios de enfermería).
 */
export function searchTables(docs: SearchDoc[]): SearchTables {
  const fields = docs.map((d) => ({
    name: stems(d.description),
    other: stems(d.palabras),
    plain: stems(d.plain),
    inherited: stems(d.context),
  }));
  const own = fields.map((f) => new Set([...f.name, ...f.other]));
  const groups = [
    ...synonymGroups().map((g) => g.map(stems)),
    // A kind's general word finds the kinds, one way: the general word's entries gain the kinds.
    ...Object.entries(kindGroups()).map(([general, kinds]) => [stems(general), ...kinds.map(stems)]),
  ];
  const oneWay = new Set(Object.keys(kindGroups()).map((g) => stems(g).join(" ")));
  const phrases = [...new Map(groups.flat().map((p) => [p.join(" "), p])).values()];
  // Per phrase of the tables, the families whose entries write it, and per entry the phrases it writes.
  const families = new Map<string, Set<string>>(phrases.map((p) => [p.join(" "), new Set()]));
  const writes = docs.map((d, i) => {
    const found = new Set<string>();
    for (const p of phrases)
      if (has(own[i]!, p)) {
        const key = p.join(" ");
        found.add(key);
        families.get(key)!.add(family(d));
      }
    return found;
  });
  // Per form of a phrase of the synonym table, the forms of its group's other phrases.
  const aliasesOf = new Map<string, string[]>();
  for (const g of synonymGroups()) {
    const forms = g.map((p) => queryTerms(p).map(inflectionless).join(" "));
    for (const f of forms) aliasesOf.set(f, [...(aliasesOf.get(f) ?? []), ...forms.filter((o) => o !== f)]);
  }
  // MiniSearch's BM25 (lib/search/compact-index.ts): the lengths of each field per entry and their averages over every entry.
  const FIELDS = ["name", "other", "plain", "inherited"] as const;
  const average = Object.fromEntries(FIELDS.map((f) => [f, fields.reduce((sum, x) => sum + x[f].length, 0) / docs.length])) as Record<
    (typeof FIELDS)[number],
    number
  >;
  const factor = (length: number, avg: number): number => Math.round(BM25.k * (1 - BM25.b + (BM25.b * length) / avg) * 1e6) / 1e6;
  const counts = new Map<string, Record<(typeof FIELDS)[number], number>>();
  for (const f of fields)
    for (const field of FIELDS)
      for (const st of new Set(f[field])) {
        const c = counts.get(st) ?? { name: 0, other: 0, plain: 0, inherited: 0 };
        c[field] += 1;
        counts.set(st, c);
      }
  const idfOf = (n: number): number | null => (n === 0 ? null : Math.round(Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)) * 1e6) / 1e6);
  const idf = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([st, c]) => ({
      stem: st,
      name: idfOf(c.name),
      other: idfOf(c.other),
      plain: idfOf(c.plain),
      inherited: idfOf(c.inherited),
    }));
  const rows = docs.map((d, i) => {
    const synonyms: string[] = [];
    if (writes[i]!.size > 0)
      for (const g of groups)
        g.forEach((phrase, k) => {
          if (!writes[i]!.has(phrase.join(" "))) return;
          // A general word of a kind (first of its group) gains its kinds; a kind does not gain its general word.
          if (oneWay.has(g[0]!.join(" ")) && k !== 0) return;
          for (const other of g) {
            const key = other.join(" ");
            if (other === phrase || writes[i]!.has(key)) continue;
            const where = families.get(key)!;
            if (where.size === 0 || where.has(family(d))) synonyms.push(...other);
          }
        });
    // A word's trade or agent relative (-ero/-era ↔ -ería), in any family, as the API applies it: the same lexeme.
    for (const word of queryTerms(`${d.description} ${d.palabras}`)) {
      const related = derivedStem(word);
      if (related !== undefined && !own[i]!.has(related)) synonyms.push(related);
    }
    const f = fields[i]!;
    const w = wordsOfText(d.description, d.palabras);
    return {
      form: w.joined,
      forms: w.others.join(","),
      head: w.head,
      size: Math.round(1 / (w.brevity - 1)),
      catalog: d.catalog,
      family: d.family,
      code: d.code,
      description: d.description,
      standing: !d.inForce ? 2 : d.discouraged ? 1 : 0,
      name: f.name.join(" "),
      other: d.palabras
        .split(",")
        .map((o) => stems(o).join(" "))
        .filter((o) => o !== "")
        .join(","),
      plain: f.plain.join(" "),
      inherited: f.inherited.join(" "),
      synonyms: [...new Set(synonyms)].join(" "),
      wname: factor(f.name.length, average.name),
      wother: factor(f.other.length, average.other),
      wplain: factor(f.plain.length, average.plain),
      winherited: factor(f.inherited.length, average.inherited),
      aliases: [...new Set([w.joined, ...w.others].flatMap((f) => aliasesOf.get(f) ?? []))].join(","),
    };
  });
  const written = new Set<string>();
  for (const d of docs)
    for (const text of [d.description, d.palabras, d.plain, d.context]) for (const w of queryTerms(text)) written.add(w);
  for (const g of [...synonymGroups(), ...Object.entries(kindGroups()).flat(2)].flat()) for (const w of queryTerms(g)) written.add(w);
  const words = [...written].sort().map((word) => ({ word, stem: stem(word), form: inflectionless(word) }));
  // Stop words stem to "": the documented query drops them, as the API does.
  for (const w of STOP_WORDS) words.push({ word: fold(w), stem: "", form: "" });
  return { rows, idf, words };
}
