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

/** Marks in a MiniSearch match the concepts whose way of saying them (or, being typed, a completion) is among an entry's description stems. */
export function matchByWords(hit: TermHit, concepts: Concept[], stems: string[]): void {
  for (const c of concepts) {
    const alt = c.alternatives.find((a) => a.every((t) => stems.includes(t)));
    if (alt !== undefined) for (const t of alt) setMatch(hit, t, DESCRIPTION_ONLY);
    else if (c.words.length > 1) {
      for (const t of c.alternatives[0]!) if (stems.includes(t)) setMatch(hit, t, DESCRIPTION_ONLY);
    } else if (c.prefix !== undefined) {
      const completed = stems.find((t) => t.startsWith(c.prefix!));
      if (completed !== undefined) setMatch(hit, completed, DESCRIPTION_ONLY);
    }
  }
}
