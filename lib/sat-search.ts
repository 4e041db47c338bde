// Search over the SAT catalogs with MiniSearch: the index is built and serialized by the build, loaded by the function.
import MiniSearch, { type Options } from "minisearch";
import { CompactMiniSearch, compactIndex, type CompactIndex } from "./compact-index.ts";
import { fold, fuzzy, prefix, processTerm, queryTerms } from "./search-terms.ts";
import type { SearchResult } from "./sat-schemas.ts";

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
  /** In force but advised against by its sheet (a c_ClaveUnidad unit withdrawn from UNECE's list or not recommended by the BIPM). */
  discouraged: boolean;
}

const FIELDS = ["description", "palabras"];
const OPTIONS: Options<SearchDoc> = { fields: FIELDS, processTerm };

/**
 * The file, laid out to load fast: the entries as columns of newline-joined text (one string each parses in
 * a fraction of the time of 62,000 small arrays), catalogs as runs in id order, the few end dates and entries
 * not in force as sparse lists, the ids in code order, and MiniSearch's index in compact form (entry i is
 * MiniSearch document i; see compact-index.ts). Codes stay out of the text index (62,000 one-off terms would
 * be most of it); a query that is a code prefix is answered from the sorted ids.
 */
interface IndexFile {
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
    index: compactIndex(mini),
  };
  return JSON.stringify(file);
}

// The description is what people read; the SAT's similar words help find it.
const BOOST = { description: 2, palabras: 1 };
const CODE_LIKE = /^[a-z0-9]+$/;
const TRAILING_GLOSS = /\s*\([^()]*\)$/;
/** An entry's group in the results, in this order: in force (0, the default), advised against by its sheet, ended. */
const DISCOURAGED = 1;
const ENDED = 2;
/**
 * A one-word query names a thing, and a Spanish description names its thing first ("Leche en polvo", then
 * "Analizador de leche"): an entry whose first word is the query, as typed or being typed, counts double.
 */
const HEAD_BOOST = 2;

export interface SearchOptions {
  /** Only this catalog; otherwise every catalog of `family`. */
  catalog?: string;
  family: string;
  limit: number;
}

/** What a query compares each entry's words with, computed once per entry on first need. */
interface Words {
  list: string[];
  /** The words of the name: the description without a closing parenthesis. */
  joined: string;
  /** 1 + 1 / word count: of two entries that match alike, the one with fewer words is more likely the thing itself. */
  brevity: number;
}

export class SatSearch {
  readonly asOf: string;
  private readonly mini: MiniSearch<SearchDoc>;
  private readonly catalogs: IndexFile["catalogs"];
  /** Catalog number of each entry. */
  private readonly catalogOf: Uint8Array;
  private readonly codes: string[];
  private readonly keys: string[];
  private readonly descriptions: string[];
  private readonly validTo: Map<number, string>;
  /** Each entry's group in the results: 0, DISCOURAGED or ENDED. */
  private readonly standing: Uint8Array;
  private readonly byCode: number[];
  private foldedCodes: string[] | undefined;
  private readonly words: (Words | undefined)[] = [];

  constructor(json: string) {
    const file = JSON.parse(json) as IndexFile;
    this.asOf = file.asOf;
    this.catalogs = file.catalogs;
    this.codes = file.code.split("\n");
    this.keys = file.key.split("\n");
    this.descriptions = file.description.split("\n");
    this.validTo = new Map(file.validTo);
    this.byCode = file.byCode;
    this.catalogOf = new Uint8Array(this.codes.length);
    this.standing = new Uint8Array(this.codes.length);
    for (const id of file.discouraged) this.standing[id] = DISCOURAGED;
    for (const id of file.ended) this.standing[id] = ENDED;
    for (let r = 0, id = 0; r < file.runs.length; r += 2) {
      const end = id + file.runs[r + 1]!;
      this.catalogOf.fill(file.runs[r]!, id, end);
      id = end;
    }
    this.mini = CompactMiniSearch.fromCompact<SearchDoc>(file.index, OPTIONS);
  }

  /** Per catalog number, whether the options search it. */
  private allowedCatalogs(opts: SearchOptions): boolean[] {
    return this.catalogs.map((c) => (opts.catalog !== undefined ? c.id === opts.catalog : c.family === opts.family));
  }

  private wordsOf(id: number): Words {
    let w = this.words[id];
    if (w === undefined) {
      const description = this.descriptions[id]!;
      const list = queryTerms(description);
      // A closing parenthesis glosses or qualifies the name before it («Tonelada (tonelada métrica)», «Barril (EUA)»): the name is what is compared whole and counted.
      const name = description.endsWith(")") ? queryTerms(description.replace(TRAILING_GLOSS, "")) : list;
      w = { list, joined: name.join(" "), brevity: 1 + 1 / Math.max(1, name.length) };
      this.words[id] = w;
    }
    return w;
  }

  /** Ids of the allowed entries whose code starts with `text` (folded), in code order, at most `limit`. */
  private codePrefix(text: string, allowed: boolean[], limit: number): number[] {
    this.foldedCodes ??= this.byCode.map((id) => fold(this.codes[id]!));
    const codes = this.foldedCodes;
    let lo = 0;
    let hi = codes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (codes[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < codes.length && codes[i]!.startsWith(text) && out.length < limit; i++) {
      const id = this.byCode[i]!;
      if (allowed[this.catalogOf[id]!]) out.push(id);
    }
    return out;
  }

  search(q: string, opts: SearchOptions): SearchResult[] {
    const terms = queryTerms(q);
    const whole = terms.join(" ");
    const allowed = this.allowedCatalogs(opts);
    const oneWord = terms.length === 1 ? whole : undefined;
    // One code-like word may be a code being typed: those entries come first, in code order.
    const byCode = oneWord !== undefined && CODE_LIKE.test(oneWord) ? this.codePrefix(oneWord, allowed, opts.limit) : [];
    const hits = this.mini.search(q, {
      boost: BOOST,
      fuzzy,
      prefix,
      // An entry whose whole description is the query ("pieza" → Pieza), or that has a query word as typed,
      // comes before entries that only share a prefix or a near spelling; and of two entries that match
      // alike, the one with fewer words is more likely the thing itself (Kilogramo before Kilogramo por kilogramo);
      // for a one-word query, an entry that starts with it is the thing rather than something for it (HEAD_BOOST).
      // Entries of other catalogs get 0, which MiniSearch skips before scoring them.
      boostDocument: (id: number, term: string) => {
        if (!allowed[this.catalogOf[id]!]) return 0;
        const words = this.wordsOf(id);
        if (words.joined === whole) return 3 * words.brevity;
        const head = oneWord !== undefined && words.list[0] === term && term.startsWith(oneWord) ? HEAD_BOOST : 1;
        return (words.list.includes(term) ? 1.2 : 1) * head * words.brevity;
      },
    });
    const seen = new Set(byCode);
    const ids = [...byCode, ...hits.map((h) => h.id as number).filter((id) => !seen.has(id))];
    // Entries in force first, those their sheet advises against next, then the ended ones; within each group, by relevance (the sort is stable).
    const ordered = ids.sort((a, b) => this.standing[a]! - this.standing[b]!);
    return ordered.slice(0, opts.limit).map((id) => this.record(id));
  }

  private record(id: number): SearchResult {
    const c = this.catalogs[this.catalogOf[id]!]!;
    const code = this.codes[id]!;
    const key = this.keys[id] || code;
    return {
      catalog: c.id,
      code,
      description: this.descriptions[id]!,
      inForce: this.standing[id] !== ENDED,
      validTo: this.validTo.get(id) ?? null,
      url: `/${c.family}/${c.id}/${key}`,
    };
  }
}
