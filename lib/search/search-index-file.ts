// The search index file the build writes and the function loads: every searchable catalog entry, laid out to load fast.
import MiniSearch, { type Options } from "minisearch";
import { compactIndex, type CompactIndex } from "./compact-index.ts";
import { type EntryWordsFile, entryWordsFile } from "./search-entry-words.ts";
import { fold, processTerm } from "./search-terms.ts";

/** Where the build writes the serialized index (outside the API prefix: it is data for the function, not a response). */
export const SEARCH_INDEX_PATH = "/_data/cfdi-search-index.json";

/** One searchable entry; `key` is its lookup path below the catalog (code, or scope/code). */
export interface SearchDoc {
  id: number;
  catalog: string;
  family: string;
  key: string;
  code: string;
  description: string;
  /** Other names: c_ClaveProdServ's "palabras similares", a unit's Spanish names, the acronyms of a plain text; "" elsewhere. */
  palabras: string;
  /** The plain-language explanation the API serves with a small catalog's code; "" elsewhere. */
  plain: string;
  /** Words it inherits (ranked after its own, counted only beside them): its class's name and palabras, a unit's Descripción. */
  context: string;
  validTo: string | null;
  /** In force on the build's as-of date. */
  inForce: boolean;
  /** In force but advised against by its sheet (a c_ClaveUnidad unit withdrawn from UNECE's list or not recommended by the BIPM). */
  discouraged: boolean;
}

const FIELDS = ["description", "palabras", "plain", "context"];
export const OPTIONS: Options<SearchDoc> = { fields: FIELDS, processTerm };

/**
 * The file, laid out to load fast: the entries as columns of newline-joined text (one string each parses in
 * a fraction of the time of 62,000 small arrays), catalogs as runs in id order, the few end dates and entries
 * not in force as sparse lists, the ids in code order, MiniSearch's index in compact form (entry i is
 * MiniSearch document i; see compact-index.ts), and each entry's words, folded and stemmed, by number
 * (search-entry-words.ts; the palabras similares are only there). Codes stay out of the text index (62,000
 * one-off terms would be most of it); a query that is a code prefix is answered from the sorted ids.
 */
export interface IndexFile extends EntryWordsFile {
  asOf: string;
  catalogs: { id: string; family: string }[];
  /** Catalog number and count of consecutive entries, repeated. */
  runs: number[];
  code: string;
  /** The key where it differs from the code, else "". */
  key: string;
  description: string;
  validTo: [number, string][];
  /** Entries not in force on `asOf`. */
  ended: number[];
  /** Entries in force that their sheet advises against. */
  discouraged: number[];
  byCode: number[];
  index: CompactIndex;
}

function runsOf(docs: SearchDoc[], catalogs: IndexFile["catalogs"]): number[] {
  const numbers = new Map<string, number>();
  const runs: number[] = [];
  for (const d of docs) {
    let n = numbers.get(d.catalog);
    if (n === undefined) {
      n = catalogs.push({ id: d.catalog, family: d.family }) - 1;
      numbers.set(d.catalog, n);
    }
    if (runs.length > 0 && runs[runs.length - 2] === n) runs[runs.length - 1]! += 1;
    else runs.push(n, 1);
  }
  return runs;
}

const column = (docs: SearchDoc[], value: (d: SearchDoc) => string): string =>
  docs
    .map((d) => {
      const v = value(d);
      if (v.includes("\n")) throw new Error(`search index: line break in entry ${d.catalog}/${d.key}`);
      return v;
    })
    .join("\n");

/** The serialized index (JSON text) of the given entries (ids 0…n-1 in order), with the as-of date their `inForce` was computed for. */
export function serializeIndex(docs: SearchDoc[], asOf: string): string {
  docs.forEach((d, i) => {
    if (d.id !== i) throw new Error(`search index: entry ${i} has id ${d.id}`);
  });
  const mini = new MiniSearch<SearchDoc>(OPTIONS);
  mini.addAll(docs);
  const catalogs: IndexFile["catalogs"] = [];
  const folded = docs.map((d) => fold(d.code));
  const index = compactIndex(mini);
  const termNumbers = new Map(index.terms.split("\n").map((t, i) => [t, i]));
  const file: IndexFile = {
    asOf,
    catalogs,
    runs: runsOf(docs, catalogs),
    code: column(docs, (d) => d.code),
    key: column(docs, (d) => (d.key === d.code ? "" : d.key)),
    description: column(docs, (d) => d.description),
    validTo: docs.flatMap((d) => (d.validTo === null ? [] : [[d.id, d.validTo] as [number, string]])),
    ended: docs.filter((d) => !d.inForce).map((d) => d.id),
    discouraged: docs.filter((d) => d.inForce && d.discouraged).map((d) => d.id),
    byCode: docs.map((_d, i) => i).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : a - b)),
    index,
    ...entryWordsFile(docs, (t) => termNumbers.get(t)),
  };
  return JSON.stringify(file);
}
