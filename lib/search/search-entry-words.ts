// Each catalog entry's words as the ranking compares them, folded and stemmed once by the build and read back by number.
import { firstIndexWhere } from "../../core/bisect.ts";
import { packNumbers, unpackNumbers } from "./compact-index.ts";
import { formOf } from "./search-query.ts";
import { inflectionless, queryTerms, stem } from "./search-terms.ts";

/** What a query compares each entry's words with. */
export interface Words {
  /** The description's stems. */
  list: string[];
  /** The words of the name (the description without a closing parenthesis), inflection removed (formOf). */
  joined: string;
  /** Its first word, inflection removed, and as written (folded). */
  head: string;
  /** Each of the "palabras similares" (other names of the same thing), as `joined` and `head` are. */
  others: string[];
  otherHeads: string[];
  first: string;
  /** 1 + 1 / word count: of two entries that match alike, the one with fewer words is more likely the thing itself. */
  brevity: number;
}

/**
 * The entries' words in the index file: every folded word the descriptions and palabras similares write, once
 * (sorted); per word its stem as a term number of the text index (plus one; 0 when the index spells it
 * otherwise); per entry, packed: the name's word count, the description's word count and word numbers,
 * the number of palabras similares and, per one, its word count and word numbers. Folding and stemming
 * the words of an entry the first time a query ranked it was a fifth of a distinct query's time.
 */
export interface EntryWordsFile {
  vocabulary: string;
  wordStems: string;
  entryWords: string;
  entryWordCount: number;
}

/** «servicio» and «servicios» without their ending (inflectionless). */
const SERVICE_FORM = "servici";

/** Words.brevity of a name of this many words. */
const brevityOf = (nameWords: number): number => 1 + 1 / Math.max(1, nameWords);

/** A closing parenthesis glosses or qualifies the name before it («Tonelada (tonelada métrica)», «Barril (EUA)»): the name is what is compared whole and counted. */
const TRAILING_GLOSS = /\s*\([^()]*\)$/;

/** The words of a description's name and of each palabra similar (folded, without stop words). */
function entryTerms(description: string, palabras: string): { words: string[]; name: number; others: string[][] } {
  const words = queryTerms(description);
  const name = description.endsWith(")") ? queryTerms(description.replace(TRAILING_GLOSS, "")) : words;
  // The name is the description's first words unless the gloss split one of them; then it is compared as the whole description.
  const isPrefix = name.length <= words.length && name.every((w, i) => words[i] === w);
  const others = palabras
    .split(",")
    .map(queryTerms)
    .filter((o) => o.length > 0);
  return { words, name: isPrefix ? name.length : words.length, others };
}

/** The packed words of the entries (description and palabras similares of entry i at i), with `termNumber` the text index's number of a stem. */
export function entryWordsFile(
  entries: { description: string; palabras: string }[],
  termNumber: (stem: string) => number | undefined,
): EntryWordsFile {
  const all = entries.map((e) => entryTerms(e.description, e.palabras));
  const vocabulary = [...new Set(all.flatMap((e) => [...e.words, ...e.others.flat()]))].sort();
  const number = new Map(vocabulary.map((w, i) => [w, i]));
  const packed: number[] = [];
  for (const e of all) {
    packed.push(e.name, e.words.length, ...e.words.map((w) => number.get(w)!), e.others.length);
    for (const o of e.others) packed.push(o.length, ...o.map((w) => number.get(w)!));
  }
  return {
    vocabulary: vocabulary.join("\n"),
    wordStems: packNumbers(vocabulary.map((w) => (termNumber(stem(w)) ?? -1) + 1)),
    entryWords: packNumbers(packed),
    entryWordCount: packed.length,
  };
}

/**
 * The entries' words read back from the index file. A query asks about up to 500 entries: the questions
 * below are answered from the numbers without making anything per entry (a cache of each entry's Words
 * was most of what survived a young-generation collection, and the copying is what such a pause costs).
 */
export class EntryWords {
  private readonly vocabulary: string[];
  private readonly wordStems: Uint32Array;
  private readonly packed: Uint32Array;
  /** Where each entry's numbers start in `packed`. */
  private readonly at: Uint32Array;
  private readonly stems: (string | undefined)[];
  private readonly forms: (string | undefined)[];
  /** The text index's term of a number (a word's stem, when the index spells it so). */
  private readonly term: (n: number) => string;

  constructor(file: EntryWordsFile, entries: number, term: (n: number) => string) {
    this.vocabulary = file.vocabulary === "" ? [] : file.vocabulary.split("\n");
    this.wordStems = unpackNumbers(file.wordStems, this.vocabulary.length);
    this.packed = unpackNumbers(file.entryWords, file.entryWordCount);
    this.at = new Uint32Array(entries);
    const p = this.packed;
    let k = 0;
    for (let id = 0; id < entries; id++) {
      this.at[id] = k;
      k += 2 + p[k + 1]!;
      for (let o = p[k++]!; o > 0; o--) k += 1 + p[k]!;
    }
    if (k !== p.length) throw new Error(`entry words: ${p.length - k} numbers left over`);
    this.stems = new Array<string | undefined>(this.vocabulary.length);
    this.forms = new Array<string | undefined>(this.vocabulary.length);
    this.term = term;
  }

  /** Where `word` is or would be in the sorted vocabulary. */
  private lowerBound(word: string): number {
    const v = this.vocabulary;
    return firstIndexWhere(v.length, (i) => v[i]! >= word);
  }

  /** Whether the catalogs write this folded word. */
  writes(word: string): boolean {
    return this.vocabulary[this.lowerBound(word)] === word;
  }

  /** Whether the catalogs write a word that starts with this one (folded). */
  writesFrom(start: string): boolean {
    return this.vocabulary[this.lowerBound(start)]?.startsWith(start) === true;
  }

  private stemOf(n: number): string {
    let s = this.stems[n];
    if (s === undefined) {
      const t = this.wordStems[n]!;
      s = t === 0 ? stem(this.vocabulary[n]!) : this.term(t - 1);
      this.stems[n] = s;
    }
    return s;
  }

  private formOf(n: number): string {
    let f = this.forms[n];
    if (f === undefined) {
      f = inflectionless(this.vocabulary[n]!);
      this.forms[n] = f;
    }
    return f;
  }

  private joined(from: number, count: number): string {
    let s = "";
    for (let i = 0; i < count; i++) s += (i === 0 ? "" : " ") + this.formOf(this.packed[from + i]!);
    return s;
  }

  /** The entry's Words, made anew (for the checks past the postings budget and for tests). */
  wordsOf(id: number): Words {
    const p = this.packed;
    let k = this.at[id]!;
    const name = p[k]!;
    const count = p[k + 1]!;
    const from = k + 2;
    const list = new Array<string>(count);
    for (let i = 0; i < count; i++) list[i] = this.stemOf(p[from + i]!);
    k = from + count;
    const others: string[] = [];
    const otherHeads: string[] = [];
    for (let o = p[k++]!; o > 0; o--) {
      const n = p[k]!;
      others.push(this.joined(k + 1, n));
      otherHeads.push(this.formOf(p[k + 1]!));
      k += 1 + n;
    }
    return {
      list,
      joined: this.joined(from, name),
      head: count === 0 ? "" : this.formOf(p[from]!),
      others,
      otherHeads,
      first: count === 0 ? "" : this.vocabulary[p[from]!]!,
      brevity: brevityOf(name),
    };
  }

  /** Words.brevity. */
  brevity(id: number): number {
    return brevityOf(this.packed[this.at[id]!]!);
  }

  /**
   * Whether the description has the stem that is term `term` of the text index (Words.list includes it): told by
   * the words' term numbers, no string compared (a word whose stem the index spells otherwise has no number, and
   * its stem is no term of the index).
   */
  hasTerm(id: number, term: number): boolean {
    const p = this.packed;
    const stems = this.wordStems;
    const from = this.at[id]! + 2;
    for (let i = from, end = from + p[from - 1]!; i < end; i++) if (stems[p[i]!] === term + 1) return true;
    return false;
  }

  /** Whether the description's first stem is term `term` of the text index (Words.list[0]; see hasTerm). */
  firstTermIs(id: number, term: number): boolean {
    const at = this.at[id]!;
    return this.packed[at + 1]! > 0 && this.wordStems[this.packed[at + 2]!] === term + 1;
  }

  /** Whether the description has this stem (Words.list includes it). */
  hasStem(id: number, stem: string): boolean {
    const p = this.packed;
    const from = this.at[id]! + 2;
    for (let i = from, end = from + p[from - 1]!; i < end; i++) if (this.stemOf(p[i]!) === stem) return true;
    return false;
  }

  /** The first of the description's stems that starts with `prefix` (Words.list's), if any. */
  stemStarting(id: number, prefix: string): string | undefined {
    const p = this.packed;
    const from = this.at[id]! + 2;
    for (let i = from, end = from + p[from - 1]!; i < end; i++) {
      const s = this.stemOf(p[i]!);
      if (s.startsWith(prefix)) return s;
    }
    return undefined;
  }

  /** Whether the description's first word (folded, as written) starts with `start` (Words.first). */
  firstStartsWith(id: number, start: string): boolean {
    const at = this.at[id]!;
    return this.packed[at + 1]! > 0 && this.vocabulary[this.packed[at + 2]!]!.startsWith(start);
  }

  /** Whether the first word of the name, inflection removed, is one of `forms` (Words.head; "" for no words). */
  headIn(id: number, forms: readonly string[]): boolean {
    const at = this.at[id]!;
    return forms.includes(this.packed[at + 1]! > 0 ? this.formOf(this.packed[at + 2]!) : "");
  }

  /** Whether the name's words, inflection removed, are one of `phrases` (each its forms in order): Words.joined compared. */
  nameIn(id: number, phrases: readonly (readonly string[])[]): boolean {
    const at = this.at[id]!;
    return this.wordsIn(at + 2, this.packed[at]!, phrases);
  }

  /**
   * Whether the name is «Servicio(s) de» and one of `phrases`: c_ClaveProdServ names a service by what it serves
   * («Servicios de lavandería», «Servicios de cerrajería»), so the rest of its name is what the query names.
   */
  serviceNameIn(id: number, phrases: readonly (readonly string[])[]): boolean {
    const at = this.at[id]!;
    const count = this.packed[at]!;
    return count > 1 && this.formOf(this.packed[at + 2]!) === SERVICE_FORM && this.wordsIn(at + 3, count - 1, phrases);
  }

  /** Whether one of the palabras similares is one of `phrases` (Words.others compared). */
  otherIn(id: number, phrases: readonly (readonly string[])[]): boolean {
    const p = this.packed;
    let k = this.othersAt(id);
    for (let o = p[k++]!; o > 0; o--, k += 1 + p[k]!) if (this.wordsIn(k + 1, p[k]!, phrases)) return true;
    return false;
  }

  /** Whether the first word of one of the palabras similares, inflection removed, is one of `forms` (Words.otherHeads). */
  otherHeadIn(id: number, forms: readonly string[]): boolean {
    const p = this.packed;
    let k = this.othersAt(id);
    for (let o = p[k++]!; o > 0; o--, k += 1 + p[k]!) if (forms.includes(this.formOf(p[k + 1]!))) return true;
    return false;
  }

  /** Where the entry's palabras similares start in `packed`: at their number, after the description's words. */
  private othersAt(id: number): number {
    const k = this.at[id]! + 1;
    return k + 1 + this.packed[k]!;
  }

  /** Whether the `count` words from `from` in `packed`, inflection removed, are one of `phrases`. */
  private wordsIn(from: number, count: number, phrases: readonly (readonly string[])[]): boolean {
    // No words join to "", as one word without letters after its ending does.
    if (count === 0) return phrases.some((phrase) => phrase.length === 1 && phrase[0] === "");
    for (const phrase of phrases) {
      if (phrase.length !== count) continue;
      let same = true;
      for (let i = 0; i < count && same; i++) same = this.formOf(this.packed[from + i]!) === phrase[i];
      if (same) return true;
    }
    return false;
  }
}

/** The Words of a description and its palabras similares computed directly (what EntryWords reads back; for its tests). */
export function wordsOfText(description: string, palabras: string): Words {
  const { words, name, others } = entryTerms(description, palabras);
  return {
    list: words.map(stem),
    joined: formOf(words.slice(0, name)),
    head: inflectionless(words[0] ?? ""),
    others: others.map(formOf),
    otherHeads: others.map((o) => inflectionless(o[0]!)),
    first: words[0] ?? "",
    brevity: brevityOf(name),
  };
}
