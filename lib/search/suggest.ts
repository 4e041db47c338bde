// Suggestions for not-found pages: MiniSearch over the tools, articles and glossary, with the catalog search's term rules.
import MiniSearch from "minisearch";
import catalogJson from "../../content/suggest-catalog.json" with { type: "json" };
import type { SuggestCatalog } from "../../content/suggest-catalog.ts";
import { fold, fuzzy, prefix, processTerm, queryTerms } from "./search-terms.ts";
import type { Suggestion } from "../../core/schemas.ts";

type SuggestionType = Suggestion["type"];

interface Doc {
  id: number;
  type: SuggestionType;
  title: string;
  url: string;
  slug: string;
  expansion: string;
  keywords: string;
}

// Tool before article before glossary when scores tie, so equal matches always come out in the same order.
const TYPE_ORDER: Record<SuggestionType, number> = { tool: 0, article: 1, glossary: 2 };

// Where a word was found; a hit in what the reader sees (title, term) says more than a search keyword.
const BOOST = { title: 3, slug: 2, expansion: 2, keywords: 1.5 };

// Segments of site and API paths: they say where the reader was, not what they were after.
const PATH_WORDS = new Set([
  "herramientas",
  "articulos",
  "glosario",
  "api",
  "v1",
  "public",
  "www",
  "http",
  "https",
  "html",
  "htm",
  "index",
]);

// A section of the missing path hints at the kind of page the reader expected.
// A Map, not an object literal, so words like "constructor" cannot hit inherited properties.
const SECTION_HINT = new Map<string, SuggestionType>([
  ["herramientas", "tool"],
  ["articulos", "article"],
  ["glosario", "glossary"],
]);
const SECTION_BOOST = 1.5;

// Results far weaker than the best one are noise (a stray typo match next to an exact title hit), so they are dropped.
// The bar is per query word: with several words, a page that matches one of them well is still related.
const RELATIVE_CUTOFF = 0.3;

// Bounds on the work done for one call; the HTTP layer already caps `q` at 100 characters.
const MAX_INPUT_CHARS = 200;
const MAX_QUERY_WORDS = 8;
const MAX_WORD_CHARS = 32;
const HAS_DIGIT = /\p{N}/u;

interface Index {
  mini: MiniSearch<Doc>;
  docs: Doc[];
  /** Rank of each doc id for the deterministic tie-break. */
  order: number[];
}

let index: Index | undefined;

// Generated from the Markdown content by `npm run content` (the build checks it is current): the function bundles this JSON, not the Markdown.
const catalog: SuggestCatalog = catalogJson;

/** The catalog entries as documents; a url is one page, so the first catalog that lists it wins. */
function documents(): Doc[] {
  const docs: Doc[] = [];
  const seen = new Set<string>();
  const add = (d: Omit<Doc, "id">): void => {
    if (seen.has(d.url)) return;
    seen.add(d.url);
    docs.push({ id: docs.length, ...d });
  };
  const { tools, articles, glossary } = catalog;
  for (const t of tools) add({ type: "tool", title: t.title, url: t.url, slug: t.slug, expansion: "", keywords: t.keywords.join(" ") });
  for (const a of articles)
    add({ type: "article", title: a.title, url: a.url, slug: a.slug, expansion: "", keywords: a.keywords.join(" ") });
  for (const g of glossary) add({ type: "glossary", title: g.term, url: g.url, slug: g.slug, expansion: g.expansion ?? "", keywords: "" });
  return docs;
}

// Built on first use and kept for the life of the function instance: a few dozen entries that never change at run time.
function getIndex(): Index {
  if (index) return index;
  const docs = documents();
  const mini = new MiniSearch<Doc>({ fields: ["title", "slug", "expansion", "keywords"], processTerm });
  mini.addAll(docs);
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  // Type order, then title, then url (code-point order, not locale).
  const sorted = [...docs].sort(
    (x, y) => TYPE_ORDER[x.type] - TYPE_ORDER[y.type] || cmp(fold(x.title), fold(y.title)) || cmp(x.url, y.url),
  );
  const order: number[] = [];
  sorted.forEach((d, rank) => {
    order[d.id] = rank;
  });
  index = { mini, docs, order };
  return index;
}

interface ParsedQuery {
  terms: string[];
  section: SuggestionType | undefined;
}

/** The words worth searching for, without path segments, stop words or stray letters, and the section hint. */
function parseQuery(q: string): ParsedQuery {
  const terms: string[] = [];
  let section: SuggestionType | undefined;
  for (const word of queryTerms(q.slice(0, MAX_INPUT_CHARS))) {
    const hint = SECTION_HINT.get(word);
    if (hint && section === undefined) section = hint;
    if (PATH_WORDS.has(word)) continue;
    // Single letters left over from things like "17-A" match too much to be useful.
    if (word.length < 2 && !HAS_DIGIT.test(word)) continue;
    const capped = word.slice(0, MAX_WORD_CHARS);
    if (!terms.includes(capped)) terms.push(capped);
    if (terms.length >= MAX_QUERY_WORDS) break;
  }
  return { terms, section };
}

/**
 * Up to `limit` pages of the site related to `q` (a missing path or words typed by a reader), best first.
 * Any query word may match (pages matching more of them score higher); the last word is completed as a prefix.
 */
export function suggest(q: string, limit = 10): Suggestion[] {
  const max = Number.isFinite(limit) ? Math.floor(limit) : 0;
  if (max <= 0 || typeof q !== "string") return [];
  const { terms, section } = parseQuery(q);
  if (terms.length === 0) return [];

  const { mini, docs, order } = getIndex();
  const hits = mini.search(terms.join(" "), {
    boost: BOOST,
    fuzzy,
    prefix,
    boostDocument: (id: number) => (docs[id]?.type === section ? SECTION_BOOST : 1),
  });
  hits.sort((x, y) => y.score - x.score || (order[x.id as number] ?? 0) - (order[y.id as number] ?? 0));
  const floor = ((hits[0]?.score ?? 0) * RELATIVE_CUTOFF) / terms.length;
  return hits
    .filter((h) => h.score >= floor)
    .slice(0, max)
    .flatMap((h) => {
      const d = docs[h.id as number];
      return d ? [{ type: d.type, title: d.title, url: d.url }] : [];
    });
}
