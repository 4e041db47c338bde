// The typo pass drops a spelling before stemming it only when its stem cannot be in the synonym table.
import { describe, expect, it } from "vitest";
import { mayStemToSynonym, synonymGroups } from "../lib/search/search-query.ts";
import { queryTerms, stem } from "../lib/search/search-terms.ts";

const LETTERS = "abcdefghijklmnopqrstuvwxyzñ";

/** Deletions, transpositions, substitutions and insertions of one letter. */
function edits(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail !== "") out.push(head + tail.slice(1));
    if (tail.length > 1) out.push(head + tail[1]! + tail[0]! + tail.slice(2));
    for (const c of LETTERS) out.push(head + c + tail.slice(1), head + c + tail);
  }
  return out;
}

describe("the typo pass's filter before stemming", () => {
  const words = synonymGroups()
    .flat()
    .map(queryTerms)
    .filter((w) => w.length === 1)
    .map((w) => w[0]!);
  const stems = new Set(words.map(stem));

  it("keeps every spelling whose stem is a one-word synonym, the -encia words (stemmed to -ente) among them", () => {
    const spellings = [...words, ...words.flatMap(edits), "licencia", "licencias", "gerencia", "agencias", "consultoria"];
    const kept = spellings.filter((w) => stems.has(stem(w)));
    expect(kept.length).toBeGreaterThan(words.length);
    expect(kept.filter((w) => !mayStemToSynonym(w))).toEqual([]);
  });

  it("drops most spellings that stem to no synonym, those that begin as one does among them", () => {
    for (const word of ["tortiyas", "arrendamineto", "computdora"]) {
      const others = edits(word).filter((w) => !stems.has(stem(w)));
      expect(others.filter(mayStemToSynonym).length, word).toBeLessThan(others.length / 50);
    }
  });
});
