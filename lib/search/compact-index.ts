// MiniSearch's index with its postings packed as numbers: it loads in a fraction of loadJS's time.
import MiniSearch, { type Options, type Query } from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import { firstIndexWhere } from "../../core/bisect.ts";

/**
 * A MiniSearch index whose documents are numbered 0…n-1 (document i has id i), without its per-document
 * maps: the field lengths as one flat list, the terms newline-joined in the index's order, and every
 * posting as numbers. loadJS instead turns an object per term and per posting list into maps, reading
 * each document number back from a string key; that and the garbage it leaves were most of a cold start.
 */
export interface CompactIndex {
  documentCount: number;
  nextId: number;
  averageFieldLength: number[];
  dirtCount: number;
  /** The lengths of document i's fields at i·w … i·w + w − 1, w being the number of fields. */
  fieldLength: number[];
  terms: string;
  /**
   * Per term, in `terms` order: its number of fields; per field, the field id, the document count n and n
   * pairs (gap from the previous document id, term frequency); packed (see packNumbers), `postingCount` numbers.
   */
  postings: string;
  postingCount: number;
  /**
   * The term numbers (in `terms` order) in the order MiniSearch's radix tree, filled with the terms in
   * `terms` order, walks them (its prefix walk's order, which breaks ties between completions), and in
   * code-unit order (a prefix's terms are a run of it); packed, one number per term each.
   */
  treeOrder: string;
  sortedTerms: string;
}

/**
 * Non-negative integers below 2^32 as LEB128 bytes (seven bits a byte; most of these numbers take one) in
 * base64: 0.97 MB instead of 1.53 MB of JSON for the catalogs' postings, decoded in 5 ms instead of 13–18.
 */
export function packNumbers(list: readonly number[]): string {
  const bytes: number[] = [];
  for (const n of list) {
    if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`compact index: ${n} cannot be packed`);
    let v = n;
    for (; v >= 0x80; v = Math.floor(v / 0x80)) bytes.push((v % 0x80) | 0x80);
    bytes.push(v);
  }
  return Buffer.from(bytes).toString("base64");
}

/** The `count` numbers packNumbers wrote. */
export function unpackNumbers(text: string, count: number): Uint32Array {
  const bytes = Buffer.from(text, "base64");
  const out = new Uint32Array(count);
  let k = 0;
  let v = 0;
  let scale = 1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    v += (b & 0x7f) * scale;
    if (b & 0x80) {
      scale *= 0x80;
      continue;
    }
    if (k === count) throw new Error(`compact index: more than ${count} numbers packed`);
    out[k++] = v;
    v = 0;
    scale = 1;
  }
  if (k !== count || scale !== 1) throw new Error(`compact index: ${count} numbers expected, ${k} packed`);
  return out;
}

/** The compact form of an index whose document i has id i (checked). */
export function compactIndex<T>(mini: MiniSearch<T>): CompactIndex {
  const js = mini.toJSON();
  const width = Object.keys(js.fieldIds).length;
  const fieldLength: number[] = [];
  for (let i = 0; i < js.nextId; i++) {
    if (js.documentIds[i] !== i) throw new Error(`compact index: document ${i} has id ${String(js.documentIds[i])}`);
    const lengths = js.fieldLength[i] ?? [];
    if (lengths.length !== width) throw new Error(`compact index: document ${i} has ${lengths.length} field lengths, not ${width}`);
    fieldLength.push(...lengths);
  }
  const terms: string[] = [];
  const postings: number[] = [];
  for (const [term, fields] of js.index) {
    if (term.includes("\n")) throw new Error(`compact index: line break in term ${JSON.stringify(term)}`);
    terms.push(term);
    const ids = Object.keys(fields);
    postings.push(ids.length);
    for (const field of ids) {
      const docs = Object.entries(fields[field] ?? {}).map(([id, freq]) => [Number(id), freq] as const);
      docs.sort((a, b) => a[0] - b[0]);
      postings.push(Number(field), docs.length);
      let previous = 0;
      for (const [id, freq] of docs) {
        postings.push(id - previous, freq);
        previous = id;
      }
    }
  }
  const tree = new SearchableMap<number>();
  terms.forEach((t, i) => {
    tree.set(t, i);
  });
  const sorted = terms.map((_t, i) => i).sort((a, b) => (terms[a]! < terms[b]! ? -1 : 1));
  return {
    documentCount: js.documentCount,
    nextId: js.nextId,
    averageFieldLength: js.averageFieldLength,
    dirtCount: js.dirtCount ?? 0,
    fieldLength,
    terms: terms.join("\n"),
    postings: packNumbers(postings),
    postingCount: postings.length,
    treeOrder: packNumbers([...tree.values()]),
    sortedTerms: packNumbers(sorted),
  };
}

/**
 * A document CompactMiniSearch.searchTerms found: its id, score and, per matched term (in the order they were
 * added), the fields it is in (in the options' order; lists shared between documents, never to be changed).
 * MiniSearch's `match` object is `terms` and `fields` side by side: a hit matches a few terms, and two short
 * arrays cost a fraction of the dictionary object a prototype-less record is.
 */
export interface TermHit {
  id: number;
  score: number;
  /** The first `n` slots are the match; the arrays are never shortened (a shortened array gives its storage back and grows it anew). */
  terms: string[];
  fields: (readonly string[])[];
  n: number;
}

/** The fields of a matched term (MiniSearch's match[term]), undefined when not matched. */
export function fieldsOf(hit: TermHit, term: string): readonly string[] | undefined {
  const terms = hit.terms;
  for (let i = 0; i < hit.n; i++) if (terms[i] === term) return hit.fields[i];
  return undefined;
}

/** Sets a term's fields in a hit's match (added last when new, as a property of MiniSearch's match would be). */
export function setMatch(hit: TermHit, term: string, fields: readonly string[]): void {
  const terms = hit.terms;
  for (let i = 0; i < hit.n; i++)
    if (terms[i] === term) {
      hit.fields[i] = fields;
      return;
    }
  terms[hit.n] = term;
  hit.fields[hit.n] = fields;
  hit.n += 1;
}

/** MiniSearch's match object of a hit. */
export function matchOf(hit: TermHit): Record<string, readonly string[]> {
  const match: Record<string, readonly string[]> = Object.create(null);
  for (let i = 0; i < hit.n; i++) match[hit.terms[i]!] = hit.fields[i]!;
  return match;
}

/**
 * A list of hits: the first `length` of `hits`. Lists are reused from search to search, so their arrays only
 * ever grow (an array emptied or cut gives its storage back and grows it anew, which was a query's garbage).
 */
export interface HitList {
  hits: TermHit[];
  length: number;
}

/** A key that is an array index (a canonical integer below 2^32 − 1): JavaScript lists such keys of an object first, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const isArrayIndex = (key: string): boolean => ARRAY_INDEX.test(key) && Number(key) < 0xffffffff;

/**
 * The first matched term that starts with `prefix`, in the order `for (const t in match)` visits MiniSearch's
 * match object (array-index keys in numeric order, then the others as added).
 */
export function firstTermStarting(hit: TermHit, prefix: string): string | undefined {
  let index: string | undefined;
  let other: string | undefined;
  for (let i = 0; i < hit.n; i++) {
    const t = hit.terms[i]!;
    if (!t.startsWith(prefix)) continue;
    if (isArrayIndex(t)) {
      if (index === undefined || Number(t) < Number(index)) index = t;
    } else other ??= t;
  }
  return index ?? other;
}

/** Merges b's match into a's, as Object.assign(a.match, b.match) would. */
function mergeMatch(a: TermHit, b: TermHit): void {
  for (let i = 0; i < b.n; i++) setMatch(a, b.terms[i]!, b.fields[i]!);
}

/** MiniSearch's postings of a term: per field id, per document, the term's frequency. */
type FieldTermData = Map<number, Map<number, number>>;

type BoostTerm = (term: string, i: number, terms: string[]) => number;
/** MiniSearch's boostDocument, also given the term's number in the compact form (see CompactMiniSearch.termAt). */
type BoostDocument = (id: number, term: string, termNumber: number) => number;

/** The options of CompactMiniSearch.searchTerms: MiniSearch's `boost` and `boostDocument`. */
export interface TermSearchOptions {
  boost: Record<string, number>;
  boostDocument: BoostDocument;
}

interface Field {
  name: string;
  id: number;
  boost: number;
  /** The list of this field alone, and of a list of earlier fields with this one added. */
  alone: readonly string[];
  added: Map<readonly string[], readonly string[]>;
}

/** MiniSearch's default BM25 parameters. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** Runs this long are sorted by insertion before they are merged. */
const SORT_RUN = 16;

/**
 * The first `n` hits of `a` sorted best score first, ties in their order (what a stable sort with a comparator
 * of the scores gives), merged through `scratch`: Array.prototype.sort copies the list into a work array of its own.
 */
export function sortByScore(a: TermHit[], n: number, scratch: TermHit[]): void {
  for (let lo = 0; lo < n; lo += SORT_RUN) {
    const hi = Math.min(lo + SORT_RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const x = a[i]!;
      const score = x.score;
      let j = i - 1;
      for (; j >= lo && a[j]!.score < score; j--) a[j + 1] = a[j]!;
      a[j + 1] = x;
    }
  }
  let from = a;
  let to = scratch;
  for (let width = SORT_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) to[k++] = from[j]!.score > from[i]!.score ? from[j++]! : from[i++]!;
      while (i < mid) to[k++] = from[i++]!;
      while (j < hi) to[k++] = from[j++]!;
    }
    const t = from;
    from = to;
    to = t;
  }
  if (from !== a) for (let i = 0; i < n; i++) a[i] = from[i]!;
}

/**
 * Defines MiniSearch's protected field `name` on `target` as made by `make` on its first read (a write replaces it):
 * the search reads the packed form itself, so MiniSearch's maps are made only if one of its own methods needs them.
 */
function madeOnRead<V>(target: object, name: string, make: () => V): void {
  let value: V | undefined;
  Object.defineProperty(target, name, {
    configurable: true,
    get: () => {
      value ??= make();
      return value;
    },
    set: (v: V) => {
      value = v;
    },
  });
}

/**
 * MiniSearch, loaded from a compact index: searched by `searchTerms` and the counts below straight from the packed
 * postings; MiniSearch's own maps, as loadJS's would be, the terms in the same order, made only if it reads them.
 */
export class CompactMiniSearch<T> extends MiniSearch<T> {
  static fromCompact<T>(index: CompactIndex, options: Options<T>): CompactMiniSearch<T> {
    const mini = new CompactMiniSearch<T>(options);
    mini.fill(index);
    return mini;
  }

  /** The index's terms in the compact form's order. */
  private terms: string[] = [];
  /** The packed postings, and where each term's start. */
  private packed: Uint32Array = new Uint32Array(0);
  /** Each term's number (its place in `terms`), and where each number's postings start in `packed`. */
  private numbers = new Map<string, number>();
  private starts: Uint32Array = new Uint32Array(0);
  /** The term numbers in code-unit order, and each term's place in the radix tree's walk (CompactIndex.sortedTerms, treeOrder). */
  private sorted: Uint32Array = new Uint32Array(0);
  private treeRank: Uint32Array = new Uint32Array(0);
  /** The lengths of document i's fields at i·w … i·w + w − 1 (CompactIndex.fieldLength). */
  private fieldLengths: Uint16Array | Uint32Array = new Uint16Array(0);
  /**
   * The hits of the searches so far, reused by the next (`pooled` of them in use): a hit per document and term
   * was the larger part of a query's garbage. A search's hits are valid until the next search.
   */
  private readonly pool: TermHit[] = [];
  private pooled = 0;
  /** The same for the lists of hits, and the sort's scratch list. */
  private readonly lists: HitList[] = [];
  private listed = 0;
  private readonly scratch: TermHit[] = [];
  /** The fields as the last options weighed them (the options' boost object), kept while the next search's boost is the same object. */
  private weighed: { boost: Record<string, number>; fields: Field[] } | undefined;
  /** The list a leaf's boostTerm is given (its one term). */
  private readonly leaf: string[] = [""];
  /**
   * A list of hits (in MiniSearch's order: a Map's insertion order) is looked up by document through these:
   * hit `marks[2·id + 1]` of the list last stamped with `stamp`, when `marks[2·id]` is it (side by side: one read
   * of memory finds both). No Map per term and combination.
   */
  private marks: Uint32Array = new Uint32Array(0);
  private stamp = 0;

  /** Makes `list` the one looked up. */
  private lookIn(list: HitList): void {
    const stamp = ++this.stamp;
    const hits = list.hits;
    for (let i = 0; i < list.length; i++) {
      const id = hits[i]!.id;
      this.marks[2 * id] = stamp;
      this.marks[2 * id + 1] = i;
    }
  }

  /** The hit of document `id` in the list last stamped, if any. */
  private found(list: HitList, id: number): TermHit | undefined {
    return this.marks[2 * id] === this.stamp ? list.hits[this.marks[2 * id + 1]!] : undefined;
  }

  /** MiniSearch's OR: b's documents merged into a (a's first, in order, then b's new ones). */
  private combineOr(a: HitList, b: HitList): HitList {
    this.lookIn(a);
    for (let i = 0; i < b.length; i++) {
      const hit = b.hits[i]!;
      const existing = this.found(a, hit.id);
      if (existing === undefined) a.hits[a.length++] = hit;
      else {
        existing.score = existing.score + hit.score;
        mergeMatch(existing, hit);
      }
    }
    return a;
  }

  /** MiniSearch's AND: the documents of b also in a, in b's order (written over b's list). */
  private combineAnd(a: HitList, b: HitList): HitList {
    this.lookIn(a);
    let k = 0;
    for (let i = 0; i < b.length; i++) {
      const hit = b.hits[i]!;
      const existing = this.found(a, hit.id);
      if (existing === undefined) continue;
      existing.score = existing.score + hit.score;
      mergeMatch(existing, hit);
      b.hits[k++] = existing;
    }
    b.length = k;
    return b;
  }

  /** An empty list, from the pool. */
  private list(): HitList {
    let l = this.lists[this.listed];
    if (l === undefined) {
      l = { hits: [], length: 0 };
      this.lists.push(l);
    }
    l.length = 0;
    this.listed += 1;
    return l;
  }

  /** A hit of one term, from the pool. */
  private hit(id: number, score: number, term: string, fields: readonly string[]): TermHit {
    let h = this.pool[this.pooled];
    if (h === undefined) {
      h = { id, score, terms: [term], fields: [fields], n: 1 };
      this.pool.push(h);
    } else {
      h.id = id;
      h.score = score;
      h.terms[0] = term;
      h.fields[0] = fields;
      h.n = 1;
    }
    this.pooled += 1;
    return h;
  }

  /** The term numbered `n` in the compact form. */
  termAt(n: number): string {
    return this.terms[n]!;
  }

  /** Whether `term` is in the index as it is. */
  hasTerm(term: string): boolean {
    return this.numbers.has(term);
  }

  /** The number of `term` in the compact form (see termAt), if it is in the index. */
  termNumber(term: string): number | undefined {
    return this.numbers.get(term);
  }

  /** In how many documents `term` occurs (in any field; counted once per field, an upper bound). */
  documentsWith(term: string): number {
    const p = this.packed;
    const number = this.numbers.get(term);
    if (number === undefined) return 0;
    let at = this.starts[number]!;
    let n = 0;
    for (let f = p[at++]!; f > 0; f--) {
      n += p[at + 1]!;
      at += 2 + 2 * p[at + 1]!;
    }
    return n;
  }

  /**
   * What MiniSearch's `search` finds for a query tree whose leaves are whole terms (searched as they are,
   * neither prefix nor fuzzy), combined with OR or AND and weighed by `boostTerm`: the same documents with
   * the same scores and matches, in the same order, and `boostDocument` asked the same questions in the
   * same order. Read straight from the packed postings, without MiniSearch's per-posting map lookups,
   * its terms lists and its result objects: this was most of a search's time and garbage. The hits are valid
   * until the next search (they are reused).
   */
  searchTerms(query: Query, options: TermSearchOptions): HitList {
    this.pooled = 0;
    this.listed = 0;
    if (this.weighed?.boost !== options.boost)
      this.weighed = {
        boost: options.boost,
        fields: this._options.fields.map((name) => ({
          name,
          id: this._fieldIds[name]!,
          boost: options.boost[name] || 1,
          alone: [name],
          added: new Map(),
        })),
      };
    const found = this.evaluate(query, undefined, this.weighed.fields, options.boostDocument);
    // MiniSearch's quality: the number of query terms matched.
    const hits = found.hits;
    for (let i = 0; i < found.length; i++) hits[i]!.score = hits[i]!.score * (hits[i]!.n || 1);
    sortByScore(hits, found.length, this.scratch);
    return found;
  }

  /** MiniSearch's executeQuery for such a tree (`boostTerm` inherited as MiniSearch's options are). */
  private evaluate(query: Query, boostTerm: BoostTerm | undefined, fields: Field[], boostDocument: BoostDocument): HitList {
    if (typeof query === "string") {
      if (query === "") return this.list();
      this.leaf[0] = query;
      return this.termHits(query, boostTerm?.(query, 0, this.leaf) ?? 1, fields, boostDocument);
    }
    if (typeof query !== "object" || query.prefix || query.fuzzy || query.queries === undefined)
      throw new Error("compact index: only trees of whole terms are searched here");
    const boost = query.boostTerm ?? boostTerm;
    const combineWith = query.combineWith ?? "OR";
    const and = combineWith === "AND" || (combineWith !== "OR" && combineWith.toUpperCase() === "AND");
    if (!and && combineWith !== "OR" && combineWith.toUpperCase() !== "OR")
      throw new Error(`compact index: cannot combine with ${query.combineWith}`);
    // Each result combined as soon as it is found: the order of the questions to boostDocument is the same, as
    // combining asks none.
    let combined: HitList | undefined;
    for (const q of query.queries) {
      const result = this.evaluate(q, boost, fields, boostDocument);
      combined = combined === undefined ? result : and ? this.combineAnd(combined, result) : this.combineOr(combined, result);
    }
    return combined ?? this.list();
  }

  /** MiniSearch's termResults for one whole term: per field in the options' order, per document in id order, its BM25 score weighed. */
  private termHits(term: string, termBoost: number, fields: Field[], boostDocument: BoostDocument): HitList {
    const results = this.list();
    const number = this.numbers.get(term);
    if (number === undefined) return results;
    const start = this.starts[number]!;
    const stamp = ++this.stamp;
    const p = this.packed;
    const width = fields.length;
    const lengths = this.fieldLengths;
    let first = true;
    for (const field of fields) {
      let at = start;
      let count = -1;
      for (let f = p[at++]!; f > 0; f--, at += 2 + 2 * p[at + 1]!)
        if (p[at] === field.id) {
          count = p[at + 1]!;
          at += 2;
          break;
        }
      if (count < 0) continue;
      const avgFieldLength = this._avgFieldLength[field.id]!;
      // calcBM25Score's inverse document frequency, the same for every posting of the field.
      const idf = Math.log(1 + (this._documentCount - count + 0.5) / (count + 0.5));
      for (let i = 0, id = 0; i < count; i++, at += 2) {
        id += p[at]!;
        const docBoost = boostDocument(id, term, number);
        if (!docBoost) continue;
        const termFreq = p[at + 1]!;
        const fieldLength = lengths[id * width + field.id]!;
        const rawScore =
          idf * (BM25.d + (termFreq * (BM25.k + 1)) / (termFreq + BM25.k * (1 - BM25.b + (BM25.b * fieldLength) / avgFieldLength)));
        const weightedScore = 1 * termBoost * field.boost * docBoost * rawScore;
        const result = first ? undefined : this.found(results, id);
        if (result === undefined) {
          this.marks[2 * id] = stamp;
          this.marks[2 * id + 1] = results.length;
          results.hits[results.length++] = this.hit(id, weightedScore, term, field.alone);
        } else {
          // The hit of this one term: its fields are the first and only ones.
          result.score += weightedScore;
          const match = result.fields[0]!;
          let both = field.added.get(match);
          if (both === undefined) {
            both = [...match, field.name];
            field.added.set(match, both);
          }
          result.fields[0] = both;
        }
      }
      // A document is once in a field's postings: only a later field's can find it already there.
      first = false;
    }
    return results;
  }

  /** Where the terms that start with `prefix` begin in `sorted`. */
  private firstFrom(prefix: string): number {
    return firstIndexWhere(this.sorted.length, (i) => this.terms[this.sorted[i]!]! >= prefix);
  }

  /** Whether some indexed term other than `prefix` itself starts with it. */
  completes(prefix: string): boolean {
    for (let i = this.firstFrom(prefix); i < this.sorted.length; i++) {
      const term = this.terms[this.sorted[i]!]!;
      if (!term.startsWith(prefix)) return false;
      if (term !== prefix) return true;
    }
    return false;
  }

  /** The indexed terms other than `prefix` that start with it, the `max` in most documents (ties in the radix tree's order, as its prefix walk gave them). */
  completions(prefix: string, max: number): string[] {
    const found: { term: string; documents: number; rank: number }[] = [];
    for (let i = this.firstFrom(prefix); i < this.sorted.length; i++) {
      const n = this.sorted[i]!;
      const term = this.terms[n]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) found.push({ term, documents: this.documentsWith(term), rank: this.treeRank[n]! });
    }
    return found
      .sort((a, b) => b.documents - a.documents || a.rank - b.rank)
      .slice(0, max)
      .map((f) => f.term);
  }

  private fill(c: CompactIndex): void {
    const width = Object.keys(this._fieldIds).length;
    if (c.fieldLength.length !== c.nextId * width) throw new Error("compact index: field lengths do not match the documents");
    this._documentCount = c.documentCount;
    this._nextId = c.nextId;
    this._avgFieldLength = c.averageFieldLength;
    this._dirtCount = c.dirtCount;
    // Each document's id is its own short id.
    const ids = (): Map<number, number> => new Map(Array.from({ length: c.nextId }, (_v, id) => [id, id]));
    madeOnRead(this, "_documentIds", ids);
    madeOnRead(this, "_idToShortId", ids);
    madeOnRead(
      this,
      "_fieldLength",
      () => new Map(Array.from({ length: c.nextId }, (_v, id) => [id, c.fieldLength.slice(id * width, (id + 1) * width)])),
    );
    const p = unpackNumbers(c.postings, c.postingCount);
    let at = 0;
    this.terms = c.terms.split("\n");
    this.packed = p;
    // A typed list: read at random for every posting scored, a JavaScript array's elements were slower to reach.
    this.fieldLengths = c.fieldLength.every((n) => n <= 0xffff) ? Uint16Array.from(c.fieldLength) : Uint32Array.from(c.fieldLength);
    this.marks = new Uint32Array(2 * c.nextId);
    this.starts = new Uint32Array(this.terms.length);
    for (let n = 0; n < this.terms.length; n++) {
      this.numbers.set(this.terms[n]!, n);
      this.starts[n] = at;
      // Skip to the next term: per field, its id, its count n and n pairs.
      for (let f = p[at++] ?? 0; f > 0; f--) at += 2 + 2 * (p[at + 1] ?? 0);
    }
    if (at !== p.length) throw new Error(`compact index: ${p.length - at} posting numbers left over`);
    this.sorted = unpackNumbers(c.sortedTerms, this.terms.length);
    this.treeRank = new Uint32Array(this.terms.length);
    unpackNumbers(c.treeOrder, this.terms.length).forEach((n, i) => {
      this.treeRank[n] = i;
    });
    // MiniSearch's radix tree of the terms: a tenth of a megabyte per thousand terms, in small maps the collector walks.
    madeOnRead(this, "_index", () => {
      const tree = new SearchableMap<FieldTermData>();
      this.terms.forEach((term, n) => {
        tree.set(term, this.postingMaps(this.starts[n]!));
      });
      return tree;
    });
  }

  /** A term's postings at `at` as MiniSearch keeps them: field id → (document id → frequency). */
  private postingMaps(at: number): FieldTermData {
    const p = this.packed;
    const fields: FieldTermData = new Map();
    for (let f = p[at++]!; f > 0; f--) {
      const field = p[at++]!;
      const docs = new Map<number, number>();
      for (let n = p[at++]!, id = 0; n > 0; n--, at += 2) {
        id += p[at]!;
        docs.set(id, p[at + 1]!);
      }
      fields.set(field, docs);
    }
    return fields;
  }
}
