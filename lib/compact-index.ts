// MiniSearch's index with its postings packed as numbers: it loads in a fraction of loadJS's time.
import MiniSearch, { type Options } from "minisearch";
import { FieldLengths, IdentityIds, TermPostings } from "./lazy-maps.ts";

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
  return {
    documentCount: js.documentCount,
    nextId: js.nextId,
    averageFieldLength: js.averageFieldLength,
    dirtCount: js.dirtCount ?? 0,
    fieldLength,
    terms: terms.join("\n"),
    postings: packNumbers(postings),
    postingCount: postings.length,
  };
}

/**
 * MiniSearch, loaded from a compact index: the maps MiniSearch reads, answering as loadJS's would, with
 * their entries made only when a search needs them (lib/lazy-maps.ts); the terms in the same order.
 */
export class CompactMiniSearch<T> extends MiniSearch<T> {
  static fromCompact<T>(index: CompactIndex, options: Options<T>): CompactMiniSearch<T> {
    const mini = new CompactMiniSearch<T>(options);
    mini.fill(index);
    return mini;
  }

  /** The index's terms in the compact form's order. */
  private terms: string[] = [];

  /** The term numbered `n` in the compact form. */
  termAt(n: number): string {
    return this.terms[n]!;
  }

  /** Whether `term` is in the index as it is. */
  hasTerm(term: string): boolean {
    return this._index.has(term);
  }

  /** In how many documents `term` occurs (in any field; counted once per field, an upper bound). */
  documentsWith(term: string): number {
    const postings = this._index.get(term);
    if (postings instanceof TermPostings) return postings.documents();
    let n = 0;
    for (const docs of postings?.values() ?? []) n += docs.size;
    return n;
  }

  /** Whether some indexed term other than `prefix` itself starts with it. */
  completes(prefix: string): boolean {
    for (const term of this._index.atPrefix(prefix).keys()) if (term !== prefix) return true;
    return false;
  }

  /** The indexed terms other than `prefix` that start with it, the `max` in most documents (ties in term order). */
  completions(prefix: string, max: number): string[] {
    const found: [string, number][] = [];
    for (const term of this._index.atPrefix(prefix).keys()) if (term !== prefix) found.push([term, this.documentsWith(term)]);
    return found
      .sort((a, b) => b[1] - a[1])
      .slice(0, max)
      .map(([t]) => t);
  }

  private fill(c: CompactIndex): void {
    const width = Object.keys(this._fieldIds).length;
    if (c.fieldLength.length !== c.nextId * width) throw new Error("compact index: field lengths do not match the documents");
    this._documentCount = c.documentCount;
    this._nextId = c.nextId;
    this._avgFieldLength = c.averageFieldLength;
    this._dirtCount = c.dirtCount;
    this._documentIds = new IdentityIds(c.nextId);
    this._idToShortId = new IdentityIds(c.nextId);
    this._fieldLength = new FieldLengths(c.fieldLength, width);
    const p = unpackNumbers(c.postings, c.postingCount);
    let at = 0;
    this.terms = c.terms.split("\n");
    for (const term of this.terms) {
      this._index.set(term, new TermPostings(p, at));
      // Skip to the next term: per field, its id, its count n and n pairs.
      for (let f = p[at++] ?? 0; f > 0; f--) at += 2 + 2 * (p[at + 1] ?? 0);
    }
    if (at !== p.length) throw new Error(`compact index: ${p.length - at} posting numbers left over`);
  }
}
