// The order of catalog search results: the rules people expect, applied over MiniSearch's scores.
import type { TermHit } from "./compact-index.ts";
import type { Concept } from "./search-query.ts";

/** What the ranking needs to know of an entry, asked by id (no object per entry: a query ranks up to 500). */
export interface Entries {
  /** 0 in force, 1 advised against by its sheet, 2 ended. */
  standing(id: number): number;
  /** The code where it nests in a hierarchy (c_ClaveProdServ), else undefined. */
  code(id: number): string | undefined;
  /** For a one-concept query, whether the entry's name starts with it: the thing rather than something for it. */
  head(id: number): boolean;
  /** How it is named by the query, 0 best to NAMINGS - 1 not at all (see SatSearch.run). */
  naming(id: number): number;
}

const DESCRIPTION = "description";
/** The levels of Entry.naming. */
const NAMINGS = 4;

/**
 * How far a document's match of one concept is from the best (0): its words or a synonym in the description
 * 0; only in the "palabras similares", 1; a completion of the word being typed, a forgiven typo or the
 * general word of a kind («idioma» for «inglés»), one more; not matched, undefined. (Own words before synonyms was
 * tried: «rentas» then gave Impuesto de renta.)
 */
function conceptDistance(c: Concept, match: TermHit["match"]): number | undefined {
  let best: number | undefined;
  for (let k = 0; k < c.alternatives.length; k++) {
    const d = alternativeDistance(c, k, match);
    if (d !== undefined && (best === undefined || d < best)) best = d;
  }
  return best;
}

/** conceptDistance for one way of saying the concept. */
function alternativeDistance(c: Concept, k: number, match: TermHit["match"]): number | undefined {
  let description = true;
  // A forgiven typo's spelling or the general word of a kind weighs less than the words as typed.
  let distance = c.weights[k]! < 1 ? 1 : 0;
  for (const s of c.alternatives[k]!) {
    let fields = match[s];
    if (fields === undefined && k === 0 && c.prefix !== undefined) {
      for (const t in match)
        if (t.startsWith(c.prefix)) {
          fields = match[t];
          break;
        }
      // A completion is a guess at the word: after the word as typed, even in the palabras similares («nomina»: not Frutas Nominant).
      distance = 2;
    }
    if (fields === undefined) return undefined;
    if (!fields.includes(DESCRIPTION)) description = false;
  }
  return distance + (description ? 0 : 1);
}

/**
 * How many of the query's own words a document matched, and the sum of the distances of the concepts it
 * matched. A synonym phrase matched in full by any way of saying it counts all its words; otherwise the
 * own words it has count each («cámaras de seguridad»: the class Cámaras has one of two, as it would
 * without the phrase), a word's distance being that of the description or the palabras similares.
 */
function coverage(concepts: Concept[], match: TermHit["match"]): number {
  let matched = 0;
  let distance = 0;
  for (const c of concepts) {
    const d = conceptDistance(c, match);
    if (d !== undefined) {
      matched += c.words.length;
      distance += d;
      continue;
    }
    if (c.words.length === 1) continue;
    for (const s of c.alternatives[0]!) {
      const fields = match[s];
      if (fields === undefined) continue;
      matched += 1;
      distance += fields.includes(DESCRIPTION) ? 0 : 1;
    }
  }
  return matched * COVERAGE + distance;
}

/** coverage's two counts as one number: matched · COVERAGE + distance (a distance is below 3 per word). */
const COVERAGE = 1024;

/** The number of words of the query: what an entry matching it in full matches. */
const wordCount = (concepts: Concept[]): number => concepts.reduce((n, c) => n + c.words.length, 0);

/** c_ClaveProdServ's levels: a code ending in 000000 is a segment, 0000 a family, 00 a class; its members share that many leading digits. */
function groupPrefix(code: string): string | undefined {
  if (!/^\d{8}$/.test(code)) return undefined;
  if (code.endsWith("000000")) return code.slice(0, 2);
  if (code.endsWith("0000")) return code.slice(0, 4);
  if (code.endsWith("00")) return code.slice(0, 6);
  return undefined;
}

/** Within one tier: the best of a class's or family's own members that the tier holds takes its place, the group right after it. */
function specificFirst(ids: number[], entries: Entries): number[] {
  const position = new Map<number, number>(ids.map((id, i) => [id, i]));
  ids.forEach((id, i) => {
    const prefix = groupPrefix(entries.code(id) ?? "");
    if (prefix === undefined) return;
    const member = ids.find((other, j) => j > i && entries.code(other)?.startsWith(prefix) === true);
    if (member !== undefined && position.get(member)! > position.get(id)!) position.set(member, position.get(id)! - 0.5);
  });
  return [...ids].sort((a, b) => position.get(a)! - position.get(b)!);
}

/**
 * The first `limit` ids of MiniSearch's hits (best score first), ordered by these rules, each over the next:
 * in force before advised against before ended; every concept matched before only some; then by how far the
 * matches are from the query's own words in the description (see conceptDistance: the description before
 * the "palabras similares", words as typed before completions and typos); for a one-concept query, entries
 * named by it first («gasolina»: Gasolina regular before Hidrotratador de gasolina); then by score, with a
 * commodity before its class or family.
 * Counts how many matched every concept, in force (the typo pass runs when they are too few) and in all, and
 * how many in force matched every concept but the word being typed.
 */
export function rank(
  hits: TermHit[],
  concepts: Concept[],
  limit: number,
  entries: Entries,
): { ids: number[]; complete: number; full: number; open: number } {
  const n = wordCount(concepts);
  const tiers = new Map<number, number[]>();
  // A class named by the query whole and its members that start with it are one group for the commodity rule («computadora»: Computadores notebook before the class Computadores).
  const groupOf = new Map<number, number>();
  let complete = 0;
  let full = 0;
  // In force, matching every concept but the word being typed: completing that word may match them in full.
  const typed = concepts.find((c) => c.prefix !== undefined);
  let open = 0;
  for (const h of hits) {
    const id = h.id;
    const covered = coverage(concepts, h.match);
    const matched = Math.floor(covered / COVERAGE);
    const distance = covered % COVERAGE;
    const standing = entries.standing(id);
    if (matched === n) full += 1;
    if (standing === 0 && matched === n) complete += 1;
    if (typed !== undefined && standing === 0 && matched === n - 1 && conceptDistance(typed, h.match) === undefined) open += 1;
    const head = entries.head(id);
    const naming = entries.naming(id);
    const tier = (((standing * (n + 1) + (n - matched)) * NAMINGS + naming) * (3 * n + 1) + distance) * 2 + (head ? 0 : 1);
    groupOf.set(tier, (standing * (n + 1) + (n - matched)) * NAMINGS + Math.max(naming, 1));
    const list = tiers.get(tier) ?? [];
    // The class reordering looks a little beyond the limit, so a class's member just past it still counts.
    if (list.length < limit + 10) list.push(id);
    tiers.set(tier, list);
  }
  const ids: number[] = [];
  let group: number[] = [];
  let current: number | undefined;
  for (const tier of [...tiers.keys()].sort((a, b) => a - b)) {
    if (groupOf.get(tier) !== current) {
      ids.push(...specificFirst(group, entries));
      group = [];
      current = groupOf.get(tier);
      if (ids.length >= limit) break;
    }
    group.push(...tiers.get(tier)!);
  }
  ids.push(...specificFirst(group, entries));
  return { ids: ids.slice(0, limit), complete, full, open };
}
