// The MiniSearch side of a catalog query: the query tree of its concepts, and the concepts checked in an entry's words instead.
import type { Query } from "minisearch";
import { setMatch, type TermHit } from "./compact-index.ts";
import type { Concept } from "./search-query.ts";

/** A completion of the word being typed weighs what MiniSearch gives a prefix match. */
const COMPLETION_WEIGHT = 0.375;

/**
 * MiniSearch's query for the concepts: any concept; of each, any way of saying it (all stems of a phrase);
 * the typed word also as its `completions` (the commonest indexed words it starts, at most
 * MAX_COMPLETIONS: «com» starts 600 words, whose postings MiniSearch would all score).
 */
export function miniQuery(concepts: Concept[], completions: Map<Concept, string[]>): Query {
  return {
    combineWith: "OR",
    queries: concepts.map((c) => ({
      combineWith: "OR",
      queries: c.alternatives.map((alt, k) => {
        const more = k === 0 ? (completions.get(c) ?? []) : [];
        if (more.length > 0)
          return { combineWith: "OR", queries: [...alt, ...more], boostTerm: (t: string) => (t === alt[0] ? 1 : COMPLETION_WEIGHT) };
        // A synonym phrase's own words each find entries too, which the ranking counts as partial matches.
        const combineWith = k === 0 && alt.length > 1 && c.alternatives.length > 1 ? "OR" : "AND";
        return { combineWith, queries: alt, ...(c.weights[k] !== 1 && { boostTerm: () => c.weights[k]! }) };
      }),
    })),
  };
}

/** A match's fields for a word found by matchByWords (shared: never changed). */
const DESCRIPTION_ONLY: readonly string[] = ["description"];

/** An entry's description stems, as matchByWords asks about them (EntryWords answers from its numbers, making no list). */
export interface DescriptionStems {
  hasStem(id: number, stem: string): boolean;
  stemStarting(id: number, prefix: string): string | undefined;
}

/** Whether the entry's description has every stem of `alt`. */
function hasAll(words: DescriptionStems, id: number, alt: string[]): boolean {
  for (const t of alt) if (!words.hasStem(id, t)) return false;
  return true;
}

/** Marks in a MiniSearch match the concepts whose way of saying them (or, being typed, a completion) is among an entry's description stems. */
export function matchByWords(hit: TermHit, concepts: Concept[], words: DescriptionStems): void {
  for (const c of concepts) {
    let alt: string[] | undefined;
    for (const a of c.alternatives)
      if (hasAll(words, hit.id, a)) {
        alt = a;
        break;
      }
    if (alt !== undefined) for (const t of alt) setMatch(hit, t, DESCRIPTION_ONLY);
    else if (c.words.length > 1) {
      for (const t of c.alternatives[0]!) if (words.hasStem(hit.id, t)) setMatch(hit, t, DESCRIPTION_ONLY);
    } else if (c.prefix !== undefined) {
      const completed = words.stemStarting(hit.id, c.prefix);
      if (completed !== undefined) setMatch(hit, completed, DESCRIPTION_ONLY);
    }
  }
}
