// A catalog query as concepts: its words, bounded and de-duplicated, each with its synonyms, the general word of a kind and, when asked, its one-typo spellings.
import kindsJson from "./search-kinds.json" with { type: "json" };
import synonymsJson from "./search-synonyms.json" with { type: "json" };
import { MAX_QUERY_CHARS, MAX_QUERY_WORDS, MAX_TYPO_CHARS, MAX_WORD_CHARS, MIN_TYPO_CHARS } from "./search-limits.ts";
import { inflectionless, queryTerms, stem, stemOnce } from "./search-terms.ts";
import { LONGEST_STEM_ENDING, STEM_ENDINGS } from "./stem-endings.ts";

/** The last word is completed once it has this many letters: fewer would expand to thousands of words. */
const MIN_PREFIX_CHARS = 3;
/** A typo is looked for only in words of MIN_TYPO_CHARS to MAX_TYPO_CHARS letters (shorter ones have too many near neighbours), in at most this many words, keeping this many spellings each. */
const MAX_TYPO_WORDS = 2;
const MAX_SPELLINGS = 6;
/** A spelling found by forgiving a typo weighs less than the words as typed. */
const TYPO_WEIGHT = 0.5;
/** The general word of a kind («idioma» for «inglés») weighs less than the kind itself. */
const KIND_WEIGHT = 0.5;
/**
 * A word's relative by derivation, which the stemmer does not conflate: the one who does a trade (-ero, -era) and
 * the trade or its shop (-ería; DLE, the suffix «-ería»: the place of a trade and the trade itself): enfermera ↔ enfermería,
 * plomero ↔ plomería, cerrajero ↔ cerrajería. It weighs less than the word itself and, unlike a synonym, is
 * not kept to a family: it is the same word's lexeme, as a plural is.
 */
export const DERIVED_WEIGHT = 0.75;
const AGENT = /^(.{3,})er[ao]s?$/;
const TRADE = /^(.{3,})erias?$/;
/** The stem of a folded word's agent or trade relative (see DERIVED_WEIGHT), or undefined. */
export function derivedStem(word: string): string | undefined {
  const trade = TRADE.exec(word);
  if (trade !== null) return stem(`${trade[1]}ero`);
  const agent = AGENT.exec(word);
  return agent === null ? undefined : stem(`${agent[1]}eria`);
}
/** The longest synonym phrase, in words. */
const MAX_PHRASE_WORDS = 3;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const HAS_DIGIT = /\d/;

/** One thing the query asks for: a word, or a phrase of the synonym table, and the ways of saying it. */
export interface Concept {
  /** The query's own words for it (folded). */
  words: string[];
  /** Each way of saying it, as the stems that must all match (the query's own first). */
  alternatives: string[][];
  /** The ways that name it (not the general word of a kind) as folded words, inflection removed (see inflectionless), joined by spaces: the query's own first. */
  forms: string[];
  /** The weight of each way (of each alternative): 1, less for a spelling found by forgiving a typo or the general word of a kind. */
  weights: number[];
  /** The stem the last word is completed from, when it is being typed. */
  prefix: string | undefined;
  /** Found only through one typo (the second pass). */
  typo: boolean;
}

/** The ways of saying one thing: its synonyms, which name it, then the general words of its kind, which do not (`forms` are the first ones'). */
interface Group {
  alternatives: string[][];
  forms: string[];
  weights: number[];
}

/** The words of a phrase without their inflection, joined: what a whole name is compared with. */
export const formOf = (words: string[]): string => words.map(inflectionless).join(" ");

/** Phrase (its stems joined by a space, so «rentas» finds renta's group) → the group's alternatives as stems and forms. */
const SYNONYMS = new Map<string, Group>();
for (const phrases of synonymsJson.groups) {
  const group = {
    alternatives: phrases.map((p) => queryTerms(p).map(stem)),
    forms: phrases.map((p) => formOf(queryTerms(p))),
    weights: phrases.map(() => 1),
  };
  for (const a of group.alternatives) {
    const key = a.join(" ");
    if (SYNONYMS.has(key)) throw new Error(`search synonyms: «${key}» is in two groups`);
    SYNONYMS.set(key, group);
  }
}
// A kind gains its general word (after its synonyms, which are the same kind): «clases de inglés» finds Educación de idiomas.
const KINDS = new Set<string>();
for (const [general, kinds] of Object.entries(kindsJson.kinds)) {
  const broader = queryTerms(general).map(stem);
  for (const kind of kinds) {
    const stems = queryTerms(kind).map(stem);
    const key = stems.join(" ");
    if (KINDS.has(key)) throw new Error(`search kinds: «${key}» is a kind of two things`);
    KINDS.add(key);
    let group = SYNONYMS.get(key);
    if (group === undefined) {
      group = { alternatives: [stems], forms: [formOf(queryTerms(kind))], weights: [1] };
      SYNONYMS.set(key, group);
    }
    if (group.alternatives.some((a) => a.join(" ") === broader.join(" "))) continue;
    group.alternatives.push(broader);
    group.weights.push(KIND_WEIGHT);
  }
}

/** The first stems of the phrases of more than one word of the synonym table and the kinds. */
const PHRASE_STARTS = new Set([...SYNONYMS.keys()].filter((k) => k.includes(" ")).map((k) => k.slice(0, k.indexOf(" "))));

/** The one-word phrases of the synonym table and the kinds, folded: people's words, which a typo may stand for as much as the catalogs' own. */
const SYNONYM_WORDS = new Set(
  [...synonymsJson.groups.flat(), ...Object.values(kindsJson.kinds).flat()]
    .map(queryTerms)
    .filter((w) => w.length === 1)
    .map((w) => w[0]!),
);

/** A letter-by-letter tree of words, each node saying whether a word ends there. */
interface HeadNode {
  next: Map<number, HeadNode>;
  /** A one-word stem of the synonym table or the kinds ends here. */
  stem: boolean;
  /** One ending in -ente or -ent, cut to its «en», ends here: the stemmer's one replacement makes -encia -ente (then maybe -ent). */
  en: boolean;
}

const SYNONYM_HEADS: HeadNode = { next: new Map(), stem: false, en: false };

function markHead(head: string, mark: "stem" | "en"): void {
  let node = SYNONYM_HEADS;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    let child = node.next.get(c);
    if (child === undefined) {
      child = { next: new Map(), stem: false, en: false };
      node.next.set(c, child);
    }
    node = child;
  }
  node[mark] = true;
}

for (const k of SYNONYMS.keys()) {
  if (k.includes(" ")) continue;
  markHead(k, "stem");
  if (k.endsWith("ente")) markHead(k.slice(0, -2), "en");
  else if (k.endsWith("ent")) markHead(k.slice(0, -1), "en");
}

/**
 * Whether a folded word's stem may be in the synonym table, told without stemming it: the stemmer only takes an
 * ending off (STEM_ENDINGS), so the word must be such a stem and such an ending, or an -encia word of one. Checked
 * on the synonym words and their one-edit spellings (test/search-typo-filter.test.ts). Walked letter by letter, as
 * the typo pass asks it of hundreds of spellings per word.
 */
export function mayStemToSynonym(word: string): boolean {
  let node: HeadNode | undefined = SYNONYM_HEADS;
  for (let i = 0; i < word.length; ) {
    node = node.next.get(word.charCodeAt(i++));
    if (node === undefined) return false;
    const rest = word.length - i;
    if (node.stem && rest <= LONGEST_STEM_ENDING && STEM_ENDINGS.has(word.slice(i))) return true;
    if (node.en && ((rest === 3 && word.endsWith("cia")) || (rest === 4 && word.endsWith("cias")))) return true;
  }
  return false;
}

/** The synonym table's groups as written (for its tests). */
export const synonymGroups = (): string[][] => synonymsJson.groups;

/** The kinds table as written, general word → its kinds (for its tests). */
export const kindGroups = (): Record<string, string[]> => kindsJson.kinds;

/** The query's words: folded, without stop words, each once and at most MAX_WORD_CHARS long, at most MAX_QUERY_WORDS. */
export function queryWords(q: string): string[] {
  const words: string[] = [];
  for (const w of queryTerms(q.slice(0, MAX_QUERY_CHARS))) {
    const word = w.slice(0, MAX_WORD_CHARS);
    if (words.includes(word)) continue;
    words.push(word);
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words;
}

/** A single letter (not a digit) names nothing in the catalogs and matches stray initials everywhere: it is left out. */
const STRAY_LETTER = /^\p{L}$/u;

/** The query's concepts: the longest synonym phrase at each word, else the word alone; the last word completed when long enough. `asRead`: its queryWords, when already read. */
export function parseQuery(q: string, asRead: string[] = queryWords(q)): Concept[] {
  const words = asRead.filter((w) => !STRAY_LETTER.test(w));
  const allStems = words.map(stem);
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length; ) {
    let n = Math.min(MAX_PHRASE_WORDS, words.length - i);
    let group: Group | undefined;
    // A phrase is looked up only from a word some phrase starts with: no key joined for the others.
    for (; n > 0 && group === undefined; n--)
      group =
        n === 1
          ? SYNONYMS.get(allStems[i]!)
          : PHRASE_STARTS.has(allStems[i]!)
            ? SYNONYMS.get(allStems.slice(i, i + n).join(" "))
            : undefined;
    n = group === undefined ? 1 : n + 1;
    const own = words.slice(i, i + n);
    const stems = allStems.slice(i, i + n);
    const others = (group?.alternatives ?? [])
      .map((a, k) => [a, group!.forms[k], group!.weights[k]!] as const)
      .filter(([a]) => a.join(" ") !== stems.join(" "));
    const last = i + n === words.length && n === 1 && own[0]!.length >= MIN_PREFIX_CHARS;
    const derived = n === 1 ? derivedStem(own[0]!) : undefined;
    const related = derived === undefined || others.some(([a]) => a.length === 1 && a[0] === derived) ? [] : [[derived]];
    concepts.push({
      words: own,
      alternatives: [stems, ...others.map(([a]) => a), ...related],
      forms: [formOf(own), ...others.flatMap(([, f]) => (f === undefined ? [] : [f]))],
      weights: [1, ...others.map(([, , w]) => w), ...related.map(() => DERIVED_WEIGHT)],
      prefix: last ? stems[0] : undefined,
      typo: false,
    });
    i += n;
  }
  return concepts;
}

/** The words one edit away (a letter deleted, swapped with the next, replaced or inserted), Norvig's way; ll and y, which sound alike, count as one letter. */
function oneEdit(word: string): string[] {
  const out: string[] = [word.replaceAll("ll", "y"), word.replaceAll("y", "ll")].filter((w) => w !== word);
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail !== "") out.push(head + tail.slice(1));
    if (tail.length > 1) out.push(head + tail[1]! + tail[0]! + tail.slice(2));
    for (const c of LETTERS) {
      if (tail !== "" && c !== tail[0]) out.push(head + c + tail.slice(1));
      out.push(head + c + tail);
    }
  }
  return out;
}

/**
 * Whether a concept is one word that may hold a typo: of MIN_TYPO_CHARS to MAX_TYPO_CHARS letters, no
 * digit, no synonym (a relative by derivation is none: «paeplería» has one, paeplero), and either no indexed stem (nor completing one, when being typed) or a word the
 * catalogs never write in any inflection (its stem indexed only through other words: «ruter» stems to
 * rut, as rutas does). `written` says whether a catalog word starts with the given one.
 */
export function mayBeTypo(
  c: Concept,
  known: (stem: string) => boolean,
  completes: (prefix: string) => boolean,
  written: (start: string) => boolean,
): boolean {
  const word = c.words[0]!;
  if (c.words.length !== 1 || hasSynonym(c) || word.length < MIN_TYPO_CHARS || word.length > MAX_TYPO_CHARS || HAS_DIGIT.test(word))
    return false;
  if (!known(c.alternatives[0]![0]!)) return c.prefix === undefined || !completes(c.prefix);
  return !written(inflectionless(word));
}

/** Whether a concept has another way of saying it than its own word and that word's relative by derivation (made from the word as typed, typo and all). */
function hasSynonym(c: Concept): boolean {
  for (let k = 1; k < c.weights.length; k++) if (c.weights[k] !== DERIVED_WEIGHT) return true;
  return false;
}

/**
 * The concepts with one typo forgiven: a word that may hold one (mayBeTypo) gains the stems of its
 * one-edit spellings that are in the synonym table (with their group: «markting» → marketing →
 * publicidad) or are indexed and, plural and gender ending off, start a word the catalogs write
 * (`writtenFrom`: the stemmer cuts a verb's endings off non-words too, «zapaterla» stems to zapat, as
 * zapatos does, so an indexed stem alone let «zapatería» find Cajón para zapatos), its own kept first.
 * A word whose stem is indexed (only through other words) takes only spellings that are words, the
 * catalogs' (`written`) or the table's: its neighbours' stems are many things («ruter» → auter, whose
 * stem is auto's). Returns undefined when no word needs it.
 */
export function withTypos(
  concepts: Concept[],
  typo: (c: Concept) => boolean,
  known: (stem: string) => boolean,
  written: (word: string) => boolean,
  writtenFrom: (start: string) => boolean,
  frequency: (stem: string) => number,
): Concept[] | undefined {
  let changed = 0;
  const out = concepts.map((c) => {
    const word = c.words[0]!;
    const unknown = changed < MAX_TYPO_WORDS && typo(c);
    if (!unknown) return c;
    // Every known spelling, then the likeliest kept: words of the synonym table (people's words) first, then the commonest in the catalogs.
    const found = new Map<string, string>();
    const own = c.alternatives[0]![0]!;
    const wordsOnly = known(own);
    for (const w of oneEdit(word)) {
      const form = inflectionless(w);
      const startsWritten = !wordsOnly && writtenFrom(form);
      // Stemming is most of the pass's cost: a spelling that cannot qualify is dropped before it.
      if (wordsOnly ? !SYNONYM_WORDS.has(w) && !written(w) : !startsWritten && !mayStemToSynonym(w)) continue;
      const s = stemOnce(w);
      if (s === own || found.has(s)) continue;
      if (wordsOnly || SYNONYMS.has(s) || (startsWritten && known(s))) found.set(s, form);
      else if (startsWritten) {
        // A spelling the catalogs write only as its trade or agent («crerajero» → cerrajero, written cerrajería).
        const derived = derivedStem(w);
        if (derived !== undefined && derived !== own && known(derived) && !found.has(derived)) found.set(derived, form);
      }
    }
    const likeliness = (s: string): number => (SYNONYMS.has(s) ? Number.POSITIVE_INFINITY : frequency(s));
    const spellings = new Map([...found].sort((a, b) => likeliness(b[0]) - likeliness(a[0])).slice(0, MAX_SPELLINGS));
    if (spellings.size === 0) return c;
    changed += 1;
    // A spelling may itself be a synonym table word («markting» → marketing → publicidad).
    const alternatives = [...c.alternatives];
    const forms = [...c.forms];
    const weights = [...c.weights];
    for (const [s, form] of spellings) {
      const group = SYNONYMS.get(s);
      alternatives.push(...(group?.alternatives ?? [[s]]));
      forms.push(...(group?.forms ?? [form]));
      weights.push(...(group?.weights ?? [1]).map((w) => w * TYPO_WEIGHT));
    }
    return { ...c, alternatives, forms, weights, typo: true };
  });
  return changed > 0 ? out : undefined;
}
