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
  return stemmer(singularOf(folded));
}
const CIONES = "ciones";

/**
 * A folded word's singular, by Spanish's plural rules, for the stemmer: its regions (R1, R2) are counted on the
 * word it is given, so a plural and its singular often stemmed apart (unidades unidad, unidad unid; kilogramos
 * kilogr, as if -amos were «we», kilogramo kilogram; días dias, día dia): 137 such pairs in the catalogs. A
 * consonant that can end a Spanish word (d, j, l, n, r, s, y) before -es takes -es (mujeres → mujer, meses →
 * mes, intereses → interés); a, e or o before -s takes -s (aves → ave, casas → casa).
 * Four letters or more; -is and -us are left as they are (país, autobús: singulars). A singular that looks
 * plural (lunes, caos) is its own plural too, so it still meets itself.
 */
function singularOf(folded: string): string {
  const n = folded.length;
  if (n < 4 || folded.charCodeAt(n - 1) !== S) return folded;
  const before = folded.charCodeAt(n - 2);
  if (before === E && n >= 5 && takesEs(folded.charCodeAt(n - 3), folded.charCodeAt(n - 4))) {
    const stem = folded.slice(0, -2);
    // -eses: the singular in -és (ingleses → inglés, intereses → interés), read as inglés and interés are.
    return stem.endsWith("es") ? singularOf(stem) : stem;
  }
  return before === A || before === O || before === E ? folded.slice(0, -1) : folded;
}

/**
 * Whether a plural in -es whose stem ends in `last` (after `previous`) is that stem and -es, not a word in -e and -s:
 * j and y always (relojes, leyes); l, n, r and s after a vowel (papeles, imágenes, mujeres, meses; cables, hombres
 * are cable and hombre); d after a, e or u (unidades, paredes, virtudes; pirámides, verdes are pirámide and verde).
 */
function takesEs(last: number, previous: number): boolean {
  if (last === J || last === Y) return true;
  if (last === D) return previous === A || previous === E || previous === U;
  return (last === L || last === N || last === R || last === S) && VOWELS.has(previous);
}
const [D, J, L, N, R, U, Y] = [..."djlnruy"].map((c) => c.charCodeAt(0));
const VOWELS: ReadonlySet<number> = new Set([..."aeiou"].map((c) => c.charCodeAt(0)));

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
