// Text handling shared by every MiniSearch index (SAT catalogs, site suggestions): folding, stop words, stemming, fuzzy and prefix rules.
import { stemmer } from "@orama/stemmers/spanish";

/** Words that carry no meaning on their own; dropped from queries and from the index alike. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "al",
  "con",
  "de",
  "del",
  "e",
  "el",
  "en",
  "la",
  "las",
  "lo",
  "los",
  "o",
  "para",
  "por",
  "que",
  "se",
  "sin",
  "su",
  "un",
  "una",
  "y",
]);

const COMBINING_MARKS = /\p{M}+/gu;
/**
 * Characters that join or split nothing visible: zero-width space, non-joiner and joiner, word joiner, byte
 * order mark, soft hyphen. Pasted text carries them inside words («compu\u200Btadora»): they are dropped, not
 * read as a break.
 */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * Lower-cased, without accents ("Cómputo" → "computo"; ñ folds to n), compatibility forms folded as NFKC does
 * (full-width «ｐｉｅｚａ» is pieza, «ﬁ» fi, «²» 2), invisible characters dropped. NFKD is NFKC's decomposition:
 * one pass gives both the compatibility forms and the marks to take off.
 */
export const fold = (text: string): string => text.normalize("NFKD").replace(COMBINING_MARKS, "").replace(INVISIBLE, "").toLowerCase();

/** Splits on anything that is not a letter or a digit. */
const NON_WORD = /[^\p{L}\p{N}]+/u;

const ASCII = /^[\x00-\x7f]*$/;
/** Terms already processed: the catalogs repeat a vocabulary of ~30,000 words ~750,000 times. */
const processed = new Map<string, string | null>();
const MAX_PROCESSED = 200_000;

const HAS_DIGIT = /\d/;

/**
 * The stem of a folded word (Snowball's Spanish stemmer: computadora, computadores → comput; sillas → sill),
 * so plural and gender match; words with digits (codes, sizes) stay as typed.
 */
export function stem(folded: string): string {
  let s = stems.get(folded);
  if (s === undefined) {
    s = HAS_DIGIT.test(folded) ? folded : snowball(folded);
    if (stems.size < MAX_PROCESSED) stems.set(folded, s);
  }
  return s;
}
/** Stems already found: an entry's words are stemmed when a query first ranks it, and the entries share a vocabulary. */
const stems = new Map<string, string>();

/**
 * The stem of a word met once, such as one of a typo's hundreds of candidate spellings: looked up but not kept,
 * so non-words neither grow the cache (and make its rehashes and the collector's work land on a query) nor fill it.
 */
export const stemOnce = (folded: string): string => stems.get(folded) ?? (HAS_DIGIT.test(folded) ? folded : snowball(folded));

/**
 * Snowball's Spanish stemmer on a folded word. The algorithm writes the singular of its action nouns with an
 * accent («ación», «ución»), which folding takes off, and their plural without one («aciones», «uciones»): folded,
 * the singular keeps its ending (reparacion) and the plural loses it (repar). A folded plural in -ciones is
 * stemmed as its singular, so «reparaciones» finds «Reparación» as «reparación» does (the singular is what the
 * catalogs write; stemming both to the verb's root would also join reparador and reparar, with more entries to
 * rank per query).
 */
function snowball(folded: string): string {
  if (folded.endsWith(CIONES)) return stemmer(folded.slice(0, -2));
  return stemmer(isVowelPlural(folded) ? folded.slice(0, -1) : folded);
}
const CIONES = "ciones";

/**
 * A folded word in -as or -os of four letters or more, stemmed as its singular: the stemmer reads some such
 * plurals as verbs or keeps them whole, and then they do not meet their singular (kilogramos → kilogr but
 * kilogramo → kilogram, as if -amos were «we»; días → dias but día → dia, too short for its plural ending to be
 * taken off). The singular's stem is what the stemmer gives the plural anywhere else (casas, casa → cas). The few
 * Spanish singulars in -as or -os (caos, atlas) have the same form in both numbers, so they still meet themselves.
 */
function isVowelPlural(folded: string): boolean {
  const n = folded.length;
  if (n < 4 || folded.charCodeAt(n - 1) !== S) return false;
  const vowel = folded.charCodeAt(n - 2);
  return vowel === A || vowel === O;
}

/**
 * A folded word without its plural and gender ending (piezas, pieza → piez), for comparing whole names and
 * first words: the stem conflates more than that (tonelada and tonel, leche and lechada share theirs). A
 * final e stays: leche is not lecho.
 */
export function inflectionless(folded: string): string {
  // Read by character code: the typo pass asks it of hundreds of spellings per word.
  let end = folded.length;
  if (folded.charCodeAt(end - 1) === S) end -= folded.charCodeAt(end - 2) === E ? 2 : 1;
  const last = folded.charCodeAt(end - 1);
  if (last === A || last === O) end -= 1;
  return end === folded.length ? folded : folded.slice(0, end);
}
const [A, E, O, S] = [..."aeos"].map((c) => c.charCodeAt(0));

/** MiniSearch's term processor: folded, stop words dropped, stemmed (for the index and the queries alike). */
export function processTerm(term: string): string | null {
  let t = processed.get(term);
  if (t !== undefined) return t;
  const folded = ASCII.test(term) ? term.toLowerCase() : fold(term);
  t = folded === "" || STOP_WORDS.has(folded) ? null : stem(folded);
  if (processed.size < MAX_PROCESSED) processed.set(term, t);
  return t;
}

/** The folded words of a text without stop words, as the index sees them. */
export const queryTerms = (text: string): string[] =>
  fold(text)
    .split(NON_WORD)
    .filter((t) => t !== "" && !STOP_WORDS.has(t));

/** One typo in words of five letters or more; numbers and short words must match as typed. */
export const fuzzy = (term: string): number | false => (term.length >= 5 && !/\d/.test(term) ? 1 : false);

/** The last word is completed as typed ("compu" → computadora) once it has three letters: one or two would expand to thousands of words. */
export const prefix = (term: string, i: number, terms: string[]): boolean => i === terms.length - 1 && term.length >= 3;
