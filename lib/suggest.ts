// Suggestions for not-found pages: accent-insensitive, typo-tolerant word search over the tools, articles and glossary catalogs.
import { articles } from "../content/articles.ts";
import { glossary } from "../content/glossary.ts";
import { tools } from "../content/tools.ts";
import type { Suggestion } from "./schemas.ts";


type SuggestionType = Suggestion["type"];

// Tool before article before glossary when scores tie, so equal matches always come out in the same order.
const TYPE_ORDER: Record<SuggestionType, number> = { tool: 0, article: 1, glossary: 2 };

// Where a word was found; a hit in what the reader sees (title, term) says more than a search keyword.
const FIELD_WEIGHT = { title: 3, slug: 2, expansion: 2, keyword: 1.5 } as const;
type Field = keyof typeof FIELD_WEIGHT;

// Exact beats prefix beats fuzzy whatever the lengths involved: the bands do not overlap.
const EXACT = 1;
const PREFIX_MIN = 0.7; // plus up to 0.2 as the prefix covers more of the word
const FUZZY_BASE = 0.6; // minus 0.1 per edit

// Words that carry no meaning on their own; dropped from queries and from the index alike.
const STOP_WORDS = new Set([
  "a", "al", "con", "de", "del", "e", "el", "en", "la", "las", "lo", "los", "o", "para", "por", "que", "se", "sin",
  "su", "un", "una", "y",
]);

// Segments of site and API paths: they say where the reader was, not what they were after.
const PATH_WORDS = new Set([
  "herramientas", "articulos", "glosario", "api", "v1", "public", "www", "http", "https", "html", "htm", "index",
]);

// A section of the missing path hints at the kind of page the reader expected.
// A Map, not an object literal, so words like "constructor" cannot hit inherited properties.
const SECTION_HINT = new Map<string, SuggestionType>([
  ["herramientas", "tool"],
  ["articulos", "article"],
  ["glosario", "glossary"],
]);
const SECTION_BONUS = 0.5;

// Results far weaker than the best one are noise (a stray typo match next to an exact title hit), so they are dropped.
const RELATIVE_CUTOFF = 0.3;

// Bounds on the work done for one call; the HTTP layer already caps `q` at 100 characters.
const MAX_INPUT_CHARS = 200;
const MAX_QUERY_WORDS = 8;
const MAX_WORD_CHARS = 32;
const PREFIX_MIN_CHARS = 3;

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/u;
const HAS_DIGIT = /\p{N}/u;

/** Lower-cases and strips accents, so "Retención", "RETENCION" and "retencion" are the same word (ñ folds to n). */
function normalize(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase();
}

/** Splits normalized text into words on anything that is not a letter or digit. */
function words(text: string): string[] {
  return normalize(text).split(NON_WORD).filter((w) => w.length > 0);
}

interface Entry {
  suggestion: Suggestion;
  order: number;
}

interface Posting {
  entry: number;
  weight: number;
}

interface VocabularyWord {
  word: string;
  // Numbers must match exactly: "2024" is not a typo of "2025".
  numeric: boolean;
  postings: Posting[];
}

interface Index {
  entries: Entry[];
  vocabulary: VocabularyWord[];
}

let index: Index | undefined;

// Built on first use and kept for the life of the function instance; the catalogs never change at run time.
function getIndex(): Index {
  if (index) return index;
  const entries: Entry[] = [];
  const byWord = new Map<string, Map<number, number>>();
  const seenUrls = new Set<string>();

  const add = (suggestion: Suggestion, fields: [Field, string][]): void => {
    // A url is one page: the first catalog that lists it wins.
    if (seenUrls.has(suggestion.url)) return;
    seenUrls.add(suggestion.url);
    const entry = entries.length;
    entries.push({ suggestion, order: 0 });
    for (const [field, text] of fields) {
      const weight = FIELD_WEIGHT[field];
      for (const word of words(text)) {
        if (STOP_WORDS.has(word)) continue;
        let postings = byWord.get(word);
        if (!postings) {
          postings = new Map();
          byWord.set(word, postings);
        }
        // Each entry keeps only its strongest field per word, so repeating a word does not inflate the score.
        if ((postings.get(entry) ?? 0) < weight) postings.set(entry, weight);
      }
    }
  };

  for (const t of tools) {
    add({ type: "tool", title: t.title, url: t.url }, [
      ["title", t.title],
      ["slug", t.slug],
      ...t.keywords.map((k): [Field, string] => ["keyword", k]),
    ]);
  }
  for (const a of articles) {
    add({ type: "article", title: a.title, url: a.url }, [
      ["title", a.title],
      ["slug", a.slug],
      ...a.keywords.map((k): [Field, string] => ["keyword", k]),
    ]);
  }
  for (const g of glossary) {
    const fields: [Field, string][] = [
      ["title", g.term],
      ["slug", g.slug],
    ];
    if (g.expansion) fields.push(["expansion", g.expansion]);
    add({ type: "glossary", title: g.term, url: g.url }, fields);
  }

  // Precomputed rank for the deterministic tie-break: type order, then title, then url (code-point order, not locale).
  const sorted = entries
    .map((e, i) => ({ i, s: e.suggestion }))
    .sort(
      (x, y) =>
        TYPE_ORDER[x.s.type] - TYPE_ORDER[y.s.type] ||
        compareCodePoints(normalize(x.s.title), normalize(y.s.title)) ||
        compareCodePoints(x.s.url, y.s.url),
    );
  sorted.forEach(({ i }, rank) => {
    const e = entries[i];
    if (e) e.order = rank;
  });

  const vocabulary: VocabularyWord[] = [...byWord]
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([word, postings]) => ({
      word,
      numeric: HAS_DIGIT.test(word),
      postings: [...postings].map(([entry, weight]) => ({ entry, weight })),
    }));

  index = { entries, vocabulary };
  return index;
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Edits allowed for a query word: none for short words, where one edit already turns a word into another. */
function maxEdits(length: number): number {
  if (length >= 6) return 2;
  if (length >= 4) return 1;
  return 0;
}

// Rows for the edit distance, reused across calls: allocation, not arithmetic, dominated a call before.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];

/**
 * Optimal-string-alignment (restricted Damerau-Levenshtein) distance, so "iu" for "ui" is one edit.
 * Returns max + 1 as soon as the distance is known to exceed `max`, which keeps the scan over the vocabulary cheap.
 */
function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (rows[0].length < m + 1) rows = [new Int32Array(m + 1), new Int32Array(m + 1), new Int32Array(m + 1)];
  // Three rolling rows: the transposition step looks two rows back.
  let [prev2, prev, curr] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    curr[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) d = Math.min(d, prev2[j - 2]! + 1);
      curr[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, curr] = [prev, curr, prev2];
  }
  return prev[m]!;
}

/** How well a query word matches an indexed word, in [0, 1]; 0 is no match. */
function matchQuality(query: string, queryNumeric: boolean, candidate: VocabularyWord): number {
  const word = candidate.word;
  if (query === word) return EXACT;
  if (queryNumeric || candidate.numeric) return 0;
  if (query.length >= PREFIX_MIN_CHARS && word.startsWith(query)) {
    return PREFIX_MIN + 0.2 * (query.length / word.length);
  }
  const max = maxEdits(query.length);
  if (max === 0) return 0;
  const distance = editDistance(query, word, max);
  return distance <= max ? FUZZY_BASE - 0.1 * distance : 0;
}

interface ParsedQuery {
  words: string[];
  section: SuggestionType | undefined;
}

function parseQuery(q: string): ParsedQuery {
  const found: string[] = [];
  let section: SuggestionType | undefined;
  for (const word of words(q.slice(0, MAX_INPUT_CHARS))) {
    const hint = SECTION_HINT.get(word);
    if (hint && section === undefined) section = hint;
    if (PATH_WORDS.has(word) || STOP_WORDS.has(word)) continue;
    // Single letters left over from things like "17-A" match too much to be useful.
    if (word.length < 2 && !HAS_DIGIT.test(word)) continue;
    const capped = word.slice(0, MAX_WORD_CHARS);
    if (!found.includes(capped)) found.push(capped);
    if (found.length >= MAX_QUERY_WORDS) break;
  }
  return { words: found, section };
}

/**
 * Up to `limit` pages of the site related to `q` (a missing path or words typed by a reader), best first.
 * Each query word scores an entry by its best match (exact > prefix > typo, weighted by the field it hit);
 * an entry's score is the sum over the query words, so pages matching more of the words rank higher.
 */
export function suggest(q: string, limit = 10): Suggestion[] {
  const max = Number.isFinite(limit) ? Math.floor(limit) : 0;
  if (max <= 0 || typeof q !== "string") return [];
  const { words: queryWords, section } = parseQuery(q);
  if (queryWords.length === 0) return [];

  const { entries, vocabulary } = getIndex();
  const total = new Float64Array(entries.length);
  const best = new Float64Array(entries.length);

  for (const query of queryWords) {
    best.fill(0);
    const numeric = HAS_DIGIT.test(query);
    for (const candidate of vocabulary) {
      const quality = matchQuality(query, numeric, candidate);
      if (quality === 0) continue;
      for (const { entry, weight } of candidate.postings) {
        const score = quality * weight;
        if (score > (best[entry] ?? 0)) best[entry] = score;
      }
    }
    for (let i = 0; i < entries.length; i++) total[i] = (total[i] ?? 0) + (best[i] ?? 0);
  }

  const ranked: { entry: Entry; score: number }[] = [];
  entries.forEach((entry, i) => {
    let score = total[i] ?? 0;
    if (score <= 0) return;
    if (section === entry.suggestion.type) score += SECTION_BONUS;
    ranked.push({ entry, score });
  });
  ranked.sort((x, y) => y.score - x.score || x.entry.order - y.entry.order);
  const floor = (ranked[0]?.score ?? 0) * RELATIVE_CUTOFF;
  const kept = ranked.filter((r) => r.score >= floor);
  return kept.slice(0, max).map(({ entry }) => ({ ...entry.suggestion }));
}
