// Search over the SAT catalogs with MiniSearch: the index is built and serialized by the build, loaded by the function.
import MiniSearch, { type Options } from "minisearch";
import { fold, fuzzy, prefix, processTerm, queryTerms } from "./search-terms.ts";

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
  /** c_ClaveProdServ's "palabras similares"; "" elsewhere. */
  palabras: string;
  validTo: string | null;
  /** In force on the build's as-of date. */
  inForce: boolean;
}

const OPTIONS: Options<SearchDoc> = {
  fields: ["description", "palabras"],
  processTerm,
};

/** What the search returns per entry: the API's SearchResult. */
export interface SearchResultRecord {
  catalog: string;
  code: string;
  description: string;
  inForce: boolean;
  validTo: string | null;
  url: string;
}

/**
 * The file: MiniSearch's index of the texts, plus the entries as compact rows (catalog number, key, code,
 * description, validTo, in force 0/1) in id order and the ids in code order. Codes stay out of the text index
 * (62,000 one-off terms would be most of it); a query that is a code prefix is answered from the sorted ids.
 */
interface IndexFile {
  asOf: string;
  catalogs: { id: string; family: string }[];
  rows: [number, string, string, string, string | null, 0 | 1][];
  byCode: number[];
  index: Parameters<typeof MiniSearch.loadJS>[0];
}

/** The serialized index (JSON text) of the given entries, with the as-of date their `inForce` was computed for. */
export function serializeIndex(docs: SearchDoc[], asOf: string): string {
  const mini = new MiniSearch<SearchDoc>(OPTIONS);
  mini.addAll(docs);
  const catalogs: IndexFile["catalogs"] = [];
  const catalogNumber = new Map<string, number>();
  const rows = docs.map((d): IndexFile["rows"][number] => {
    let n = catalogNumber.get(d.catalog);
    if (n === undefined) {
      n = catalogs.push({ id: d.catalog, family: d.family }) - 1;
      catalogNumber.set(d.catalog, n);
    }
    return [n, d.key, d.code, d.description, d.validTo, d.inForce ? 1 : 0];
  });
  const folded = docs.map((d) => fold(d.code));
  const byCode = docs.map((_, i) => i).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : a - b));
  const file: IndexFile = { asOf, catalogs, rows, byCode, index: mini.toJSON() };
  return JSON.stringify(file);
}

// The description is what people read; the SAT's similar words help find it.
const BOOST = { description: 2, palabras: 1 };
const CODE_LIKE = /^[a-z0-9]+$/;

export interface SearchOptions {
  /** Only this catalog; otherwise every catalog of `family`. */
  catalog?: string;
  family: string;
  limit: number;
}

export class SatSearch {
  readonly asOf: string;
  private readonly mini: MiniSearch<SearchDoc>;
  private readonly file: IndexFile;
  private readonly words: string[][] = [];
  private readonly codes: string[];

  constructor(json: string) {
    this.file = JSON.parse(json) as IndexFile;
    this.asOf = this.file.asOf;
    this.mini = MiniSearch.loadJS<SearchDoc>(this.file.index, OPTIONS);
    this.codes = this.file.byCode.map((id) => fold(this.file.rows[id]![2]));
  }

  private allowed(id: number, opts: SearchOptions): boolean {
    const c = this.file.catalogs[this.file.rows[id]![0]]!;
    return opts.catalog !== undefined ? c.id === opts.catalog : c.family === opts.family;
  }

  /** The folded words of an entry's description without stop words, computed on first need. */
  private wordsOf(id: number): string[] {
    let w = this.words[id];
    if (w === undefined) {
      w = queryTerms(this.file.rows[id]![3]);
      this.words[id] = w;
    }
    return w;
  }

  /** Ids of the allowed entries whose code starts with `text` (folded), in code order, at most `limit`. */
  private codePrefix(text: string, opts: SearchOptions): number[] {
    let lo = 0;
    let hi = this.codes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.codes[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < this.codes.length && this.codes[i]!.startsWith(text) && out.length < opts.limit; i++) {
      const id = this.file.byCode[i]!;
      if (this.allowed(id, opts)) out.push(id);
    }
    return out;
  }

  search(q: string, opts: SearchOptions): SearchResultRecord[] {
    const terms = queryTerms(q);
    const whole = terms.join(" ");
    // One code-like word may be a code being typed: those entries come first, in code order.
    const byCode = terms.length === 1 && CODE_LIKE.test(whole) ? this.codePrefix(whole, opts) : [];
    const hits = this.mini.search(q, {
      boost: BOOST,
      fuzzy,
      prefix,
      filter: (r) => this.allowed(r.id as number, opts),
      // An entry whose whole description is the query ("pieza" → Pieza), or that has a query word as typed,
      // comes before entries that only share a prefix or a near spelling; and of two entries that match
      // alike, the one with fewer words is more likely the thing itself (Kilogramo before Kilogramo por kilogramo).
      boostDocument: (id: number, term: string) => {
        const words = this.wordsOf(id);
        const brevity = 1 + 1 / Math.max(1, words.length);
        if (words.join(" ") === whole) return 3 * brevity;
        return (words.includes(term) ? 1.2 : 1) * brevity;
      },
    });
    const seen = new Set(byCode);
    const ids = [...byCode, ...hits.map((h) => h.id as number).filter((id) => !seen.has(id))];
    // Entries in force first; within each group, by relevance.
    const inForce = (id: number): boolean => this.file.rows[id]![5] === 1;
    const ordered = [...ids.filter(inForce), ...ids.filter((id) => !inForce(id))];
    return ordered.slice(0, opts.limit).map((id) => this.record(id));
  }

  private record(id: number): SearchResultRecord {
    const [n, key, code, description, validTo, inForce] = this.file.rows[id]!;
    const c = this.file.catalogs[n]!;
    return { catalog: c.id, code, description, inForce: inForce === 1, validTo, url: `/${c.family}/${c.id}/${key}` };
  }
}
