// The order of catalog search results: the rules people expect, applied over MiniSearch's scores.
import { fieldsOf, firstTermStarting, type HitList, type TermHit } from "./compact-index.ts";
import { type Concept, DERIVED_WEIGHT } from "./search-query.ts";

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
  /** Its family, where a synonym must be confirmed by the query's own word (c_ClaveProdServ's first four digits, else its catalog), as a number: only compared. */
  family(id: number): number;
  /** Whether its whole name (or an other name) is a way of saying the query: then how it was reached does not matter («kilos» → Kilogramo). */
  whole(id: number): boolean;
  /** Whether it is a c_ClaveProdServ service (UNSPSC segments 70 to 94), false for goods and other catalogs. */
  service(id: number): boolean;
  /** Whether it is a c_ClaveProdServ entry. */
  product(id: number): boolean;
}

/**
 * A query of several words names first what its first word names (Spanish puts the head of a phrase first:
 * «desarrollo de software» is a development, «instalación cámaras de seguridad» an installation). When the
 * catalog's own descriptions that have that word are mostly services (more than half of them, and at least
 * SERVICE_SAMPLE of them), the query asks for a service: among entries that match alike, services come before
 * goods («desarrollo de software»: Servicios de desarrollo de aplicaciones before Software de entorno de desarrollo).
 */
const SERVICE_SAMPLE = 5;

/** Whether the query's first word names a service in the catalog's own descriptions (see SERVICE_SAMPLE). */
function namesService(hits: readonly TermHit[], count: number, concepts: Concept[], entries: Entries): boolean {
  if (concepts.length < 2) return false;
  // Any way of saying the first word: as typed, a forgiven typo's spelling («desarollo»), a synonym.
  const head = concepts[0]!.alternatives;
  let described = 0;
  let services = 0;
  // The first `count` hits (the list is reused from query to query and may hold more).
  for (let i = 0; i < count; i++) {
    const h = hits[i]!;
    if (!entries.product(h.id)) continue;
    let any = false;
    for (const alt of head) {
      let all = true;
      for (const s of alt) if (!(fieldsOf(h, s)?.includes(DESCRIPTION) ?? false)) all = false;
      any ||= all;
    }
    if (!any) continue;
    described += 1;
    if (entries.service(h.id)) services += 1;
  }
  return described >= SERVICE_SAMPLE && services * 2 > described;
}

const DESCRIPTION = "description";
const PALABRAS = "palabras";
const PLAIN = "plain";
/** The levels of Entry.naming. */
const NAMINGS = 5;

/**
 * How far a field is from the entry's own name: the description 0, its other names (palabras similares) 1, the
 * plain-language text that explains it 2, the words it inherits from its class or its unit's description 3.
 * `own` (a way of saying the concept in the query's own words): its palabras similares count as its description
 * when a synonym of ours is in the description, so the SAT's word and ours agreeing is as good as a literal
 * description («renta de departamento»: Arrendamiento de residencias, palabras «Renta de casa habitación»).
 */
function fieldLevel(fields: readonly string[]): number {
  if (fields.includes(DESCRIPTION)) return 0;
  if (fields.includes(PALABRAS)) return 1;
  return fields.includes(PLAIN) ? 2 : CONTEXT_LEVEL;
}
const CONTEXT_LEVEL = 3;

/**
 * How far a way of saying a concept is from the query's own words, before the field: its own words 0, a forgiven
 * typo's spelling or the general word of a kind 1, a synonym 2, a completion of the word being typed 3. So a
 * key whose description or palabras similares have the query's own word ranks above one reached only through
 * a synonym («laptop»: Computadores personales, palabras «Computadoras personales o laptop», before Computadores notebook).
 */
const OWN = 0;
const FORGIVEN = 1;
const SYNONYM = 2;
const COMPLETION = 3;
/** The largest distance of one concept (a completion found only in the inherited words). */
const MAX_DISTANCE = COMPLETION + CONTEXT_LEVEL;

/**
 * Where a synonym stands for an entry: not applied (NO_SYNONYMS: a family the query's own word is not found in,
 * and no other word of the query found in the entry); applied after the literal (LITERAL_NEAR: the family has
 * entries with the query's own word, which come first); applied as the query's own word (NO_LITERAL_NEAR: the
 * family has none, the entry matches another word of the query, or the word is not in the catalogs at all).
 */
type Synonyms = 0 | 1 | 2;
const NO_SYNONYMS = 0;
const LITERAL_NEAR = 1;
const NO_LITERAL_NEAR = 2;

/**
 * How far a document's match of one concept is from the best (0; see OWN…COMPLETION and fieldLevel); not
 * matched, undefined. A synonym counts only in a family where the query's own word is found too, or in an
 * entry that matches another of the query's words (`synonymsHere`): «laptop» → portátil must not bring
 * Cuarto de baño portátil or Bares portátiles. With `ownFields`, only matches outside the inherited words count.
 */
function conceptDistance(c: Concept, hit: TermHit, synonymsHere: Synonyms = LITERAL_NEAR, ownFields = false): number | undefined {
  let best: number | undefined;
  let ownLevel: number | undefined;
  for (let k = 0; k < c.alternatives.length; k++) {
    if (k > 0 && synonymsHere === NO_SYNONYMS && c.weights[k] === 1) continue;
    let d = alternativeDistance(c, k, hit, ownFields);
    if (d === undefined) continue;
    if (k > 0 && c.weights[k] === 1 && synonymsHere === NO_LITERAL_NEAR) d -= SYNONYM;
    if (k === 0) ownLevel = d;
    // The query's own word found (in the palabras similares, say) and a synonym in the description: the description's level, as its own.
    else if (ownLevel === OWN + 1 && c.weights[k] === 1) best = Math.min(best ?? ownLevel, ownLevel, d - SYNONYM);
    if (best === undefined || d < best) best = d;
  }
  return best;
}

/** conceptDistance for one way of saying the concept. */
function alternativeDistance(c: Concept, k: number, hit: TermHit, ownFields = false): number | undefined {
  let level = 0;
  let distance = c.weights[k]! < 1 ? FORGIVEN : k > 0 ? SYNONYM : OWN;
  for (const s of c.alternatives[k]!) {
    let fields = fieldsOf(hit, s);
    if (fields === undefined && k === 0 && c.prefix !== undefined) {
      // The first matched term that starts with the prefix, in the order a for-in over the match lists them.
      const t = firstTermStarting(hit, c.prefix);
      if (t !== undefined) fields = fieldsOf(hit, t);
      // A completion is a guess at the word: after the word as typed, even in the palabras similares («nomina»: not Frutas Nominant).
      distance = COMPLETION;
    }
    if (fields === undefined) return undefined;
    const l = fieldLevel(fields);
    if (ownFields && l === CONTEXT_LEVEL) return undefined;
    level = Math.max(level, l);
  }
  return distance + level;
}

/**
 * How many of the query's own words a document matched, and the sum of the distances of the concepts it
 * matched. A synonym phrase matched in full by any way of saying it counts all its words; otherwise the
 * own words it has count each («cámaras de seguridad»: the class Cámaras has one of two, as it would
 * without the phrase), a word's distance being that of its field. Words found only in what an entry inherits
 * (its class's words, a unit's description) count only when another word is found in its own fields: they
 * complete a match, they do not make one.
 */
function coverage(concepts: Concept[], hit: TermHit, synonymsHere: (c: Concept) => Synonyms, inherit = true): number {
  let matched = 0;
  let distance = 0;
  let own = false;
  // Loops, not some(): a closure per call was most of a query's garbage.
  if (inherit)
    for (const c of concepts)
      if (conceptDistance(c, hit, synonymsHere(c), true) !== undefined) {
        own = true;
        break;
      }
  for (const c of concepts) {
    const d = conceptDistance(c, hit, synonymsHere(c), !own);
    if (d !== undefined) {
      matched += c.words.length;
      distance += d;
      continue;
    }
    if (c.words.length === 1) continue;
    for (const s of c.alternatives[0]!) {
      const fields = fieldsOf(hit, s);
      if (fields === undefined) continue;
      const l = fieldLevel(fields);
      if (!own && l === CONTEXT_LEVEL) continue;
      matched += 1;
      distance += l;
    }
  }
  return matched * COVERAGE + distance;
}

/**
 * How many concepts an entry has only through a synonym while other entries have them in the query's own words,
 * and how many only as a completion of the word being typed (a guess at the word, «nomina»: not Nominant).
 */
function notAsTyped(concepts: Concept[], hit: TermHit, ownFamilies: OwnFamilies): number {
  let n = 0;
  for (let k = 0; k < concepts.length; k++) {
    const c = concepts[k]!;
    const own = alternativeDistance(c, 0, hit);
    if (own !== undefined && own - fieldLevelOf(c, hit) >= COMPLETION) n += 1;
    else if (own === undefined && ownFamilies.size(k) > 0 && conceptDistance(c, hit) !== undefined && !onlyDerived(c, hit)) n += 1;
  }
  return n;
}

/**
 * Whether the entry has, in its own fields (not what it inherits), a word of the query's own phrase that one of
 * the phrase's synonyms also has: «sitio web» for «página web» keeps web, so an entry with web in its own words
 * matches a word of the query as typed, as an entry matching another word of the query does.
 */
function sharesOwnWord(c: Concept, hit: TermHit): boolean {
  const own = c.alternatives[0]!;
  if (own.length < 2) return false;
  for (const s of own) {
    let shared = false;
    for (let k = 1; k < c.alternatives.length && !shared; k++) if (c.weights[k] === 1 && c.alternatives[k]!.includes(s)) shared = true;
    if (!shared) continue;
    const fields = fieldsOf(hit, s);
    if (fields !== undefined && fieldLevel(fields) < CONTEXT_LEVEL) return true;
  }
  return false;
}

/** Whether a concept not matched as typed is matched only through its relative by derivation (the same word's lexeme, not another word). */
function onlyDerived(c: Concept, hit: TermHit): boolean {
  for (let k = 1; k < c.alternatives.length; k++)
    if (c.weights[k] !== DERIVED_WEIGHT && alternativeDistance(c, k, hit) !== undefined) return false;
  return true;
}

/**
 * Per concept (by its place in the query), the set of families where its own words are found, as marks by family
 * number (a small non-negative integer, see Entries.family) kept from query to query: no set per concept and query.
 */
class OwnFamilies {
  private readonly marks: Uint32Array[] = [];
  private readonly sizes: number[] = [];
  private stamp = 0;

  /** Empties the sets of `concepts` concepts. */
  reset(concepts: number): void {
    if (this.stamp === 0xffffffff) {
      for (const m of this.marks) m.fill(0);
      this.stamp = 0;
    }
    this.stamp += 1;
    for (let k = 0; k < concepts; k++) {
      this.marks[k] ??= new Uint32Array(FAMILY_SPAN);
      this.sizes[k] = 0;
    }
  }

  add(k: number, family: number): void {
    let m = this.marks[k]!;
    if (!(Number.isInteger(family) && family >= 0 && family < MAX_FAMILY))
      throw new Error(`search rank: family ${family} is no small integer`);
    if (family >= m.length) {
      const grownMarks = new Uint32Array(Math.max(family + 1, 2 * m.length));
      grownMarks.set(m);
      this.marks[k] = grownMarks;
      m = grownMarks;
    }
    if (m[family] !== this.stamp) {
      m[family] = this.stamp;
      this.sizes[k]! += 1;
    }
  }

  has(k: number, family: number): boolean {
    return this.marks[k]![family] === this.stamp;
  }

  size(k: number): number {
    return this.sizes[k]!;
  }
}
/** The families a mark list holds at first, and the largest family number (c_ClaveProdServ's are its codes' first four digits). */
const FAMILY_SPAN = 1 << 14;
const MAX_FAMILY = 1 << 24;
const ownFamilies = new OwnFamilies();

/** The field level of a concept's own words in a match (the farthest of its words' fields). */
function fieldLevelOf(c: Concept, hit: TermHit): number {
  let level = 0;
  for (const s of c.alternatives[0]!) {
    const fields = fieldsOf(hit, s);
    if (fields !== undefined) level = Math.max(level, fieldLevel(fields));
  }
  return level;
}

/** coverage's two counts as one number: matched · COVERAGE + distance (at most MAX_DISTANCE per word). */
const COVERAGE = 1024;

/** The number of words of the query: what an entry matching it in full matches. */
const wordCount = (concepts: Concept[]): number => concepts.reduce((n, c) => n + c.words.length, 0);

/** A regular expression literal in a function is a new object at every call: this one is made once. */
const EIGHT_DIGITS = /^\d{8}$/;

/** c_ClaveProdServ's levels: a code ending in 000000 is a segment, 0000 a family, 00 a class; its members share that many leading digits. */
function groupPrefix(code: string): number {
  if (!EIGHT_DIGITS.test(code)) return 0;
  if (code.endsWith("000000")) return 2;
  if (code.endsWith("0000")) return 4;
  if (code.endsWith("00")) return 6;
  return 0;
}

/** Whether `code` starts with the first `n` characters of `group` (group.slice(0, n), without making it). */
function sharesStart(code: string | undefined, group: string, n: number): boolean {
  if (code === undefined || code.length < n) return false;
  for (let i = 0; i < n; i++) if (code.charCodeAt(i) !== group.charCodeAt(i)) return false;
  return true;
}

/**
 * Within one tier: the best of a class's or family's own members that the tier holds takes its place, the group right
 * after it. `ids` from `from` to `to` reordered in place, through `position` (a scratch list, one slot per id).
 */
function specificFirst(ids: number[], from: number, to: number, entries: Entries, position: Float64Array): void {
  for (let i = from; i < to; i++) position[i - from] = i - from;
  for (let i = from; i < to; i++) {
    const code = entries.code(ids[i]!) ?? "";
    // The length of the group's prefix of the code (0: not a group).
    const prefix = groupPrefix(code);
    if (prefix === 0) continue;
    let member = -1;
    for (let j = i + 1; j < to && member < 0; j++) if (sharesStart(entries.code(ids[j]!), code, prefix)) member = j;
    if (member >= 0 && position[member - from]! > position[i - from]!) position[member - from] = position[i - from]! - 0.5;
  }
  // A stable insertion sort by position (ties in the tier's order), ids and positions moved together.
  for (let i = from + 1; i < to; i++) {
    const id = ids[i]!;
    const p = position[i - from]!;
    let j = i - 1;
    for (; j >= from && position[j - from]! > p; j--) {
      ids[j + 1] = ids[j]!;
      position[j + 1 - from] = position[j - from]!;
    }
    ids[j + 1] = id;
    position[j + 1 - from] = p;
  }
}

/** Scratch lists of rank, one slot per hit, kept from query to query (grown when a query has more hits). */
let familyOf: Float64Array = new Float64Array(0);
let covers: Float64Array = new Float64Array(0);
let groups: Float64Array = new Float64Array(0);
let order: Float64Array = new Float64Array(0);
let position: Float64Array = new Float64Array(0);
const grown = (a: Float64Array, n: number): Float64Array => (a.length >= n ? a : new Float64Array(Math.max(n, 2 * a.length)));

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
  found: HitList,
  concepts: Concept[],
  limit: number,
  entries: Entries,
): { ids: number[]; complete: number; full: number; open: number } {
  const hits = found.hits;
  const count = found.length;
  if (count >= TIER_SPAN) throw new Error(`search rank: ${count} hits are more than a tier numbers`);
  const n = wordCount(concepts);
  let complete = 0;
  let full = 0;
  // In force, matching every concept but the word being typed: completing that word may match them in full.
  const typed = concepts.find((c) => c.prefix !== undefined);
  let open = 0;
  // Per concept, the families where its own words are found: a synonym counts there, or in an entry matching another concept as typed.
  ownFamilies.reset(concepts.length);
  familyOf = grown(familyOf, count);
  covers = grown(covers, count);
  groups = grown(groups, count);
  order = grown(order, count);
  position = grown(position, count);
  // The families are read only for the concepts with other ways of saying them (below).
  let others = false;
  for (const c of concepts) others ||= c.alternatives.length > 1;
  if (others) for (let i = 0; i < count; i++) familyOf[i] = entries.family(hits[i]!.id);
  for (let i = 0; i < count; i++)
    for (let k = 0; k < concepts.length; k++)
      // Read only for a concept with other ways of saying it (synonymsHere, notAsTyped): one without has none to place.
      if (concepts[k]!.alternatives.length > 1 && alternativeDistance(concepts[k]!, 0, hits[i]!, true) !== undefined)
        ownFamilies.add(k, familyOf[i]!);
  // Where a synonym stands for the hit at `at` (one closure for all: one per hit was a query's garbage).
  let at = 0;
  const synonymsHere = (c: Concept): Synonyms => {
    // Only the ways of saying it other than the query's own are told apart by it.
    if (c.alternatives.length === 1) return LITERAL_NEAR;
    const k = concepts.indexOf(c);
    if (ownFamilies.has(k, familyOf[at]!)) return LITERAL_NEAR;
    if (c.typo || ownFamilies.size(k) === 0) return NO_LITERAL_NEAR;
    const h = hits[at]!;
    for (const o of concepts) if (o !== c && conceptDistance(o, h, NO_SYNONYMS) !== undefined) return NO_LITERAL_NEAR;
    // A phrase's synonym that keeps one of its words («página web», «sitio web») is confirmed by that word in the entry's own fields.
    if (sharesOwnWord(c, h)) return NO_LITERAL_NEAR;
    return NO_SYNONYMS;
  };
  const service = namesService(hits, count, concepts, entries);
  let anyMatched = false;
  for (at = 0; at < count; at++) {
    covers[at] = coverage(concepts, hits[at]!, synonymsHere);
    if (covers[at]! >= COVERAGE) anyMatched = true;
  }
  // Each ranked hit's tier and number, as one sortable number (tier · TIER_SPAN + number), in `order`.
  let ranked = 0;
  for (let i = 0; i < count; i++) {
    const h = hits[i]!;
    const id = h.id;
    const covered = covers[i]!;
    const matched = Math.floor(covered / COVERAGE);
    // Nothing of the query in its own words, when others have some: found only through a synonym that does not
    // apply in its family («laptop» → portátil: Bares portátiles) or through inherited words alone. Not a result.
    if (matched === 0 && anyMatched) continue;
    // How a word was reached (own word, synonym, field) orders entries that match the query in full. Entries that
    // match only some words may match different ones («marketing digital»: mercadeo or digital); then only a word
    // reached through a synonym where other entries have it as typed counts against them (the literal first, word
    // by word), and the score (the rarer word) decides the rest.
    const distance = entries.whole(id) ? 0 : matched < n ? notAsTyped(concepts, h, ownFamilies) : covered % COVERAGE;
    const standing = entries.standing(id);
    // Whether the typo pass or the generic units are needed is told by the entries' own words, not what they inherit.
    at = i;
    const ownMatch = matched === n && Math.floor(coverage(concepts, h, synonymsHere, false) / COVERAGE) === n;
    if (ownMatch) full += 1;
    if (standing === 0 && ownMatch) complete += 1;
    if (typed !== undefined && standing === 0 && matched === n - 1 && conceptDistance(typed, h) === undefined) open += 1;
    const head = entries.head(id);
    const naming = entries.naming(id);
    const goods = service && !entries.service(id) ? 1 : 0;
    const tier =
      ((((standing * (n + 1) + (n - matched)) * NAMINGS + naming) * 2 + goods) * (MAX_DISTANCE * n + 1) + distance) * 2 + (head ? 0 : 1);
    groups[i] = (standing * (n + 1) + (n - matched)) * NAMINGS + (naming <= 2 ? 1 : naming);
    order[ranked++] = tier * TIER_SPAN + i;
  }
  // By tier, and within a tier in the hits' order (best score first).
  order.subarray(0, ranked).sort();
  const ids: number[] = [];
  let groupStart = 0;
  let current: number | undefined;
  let tier = -1;
  let inTier = 0;
  for (let k = 0; k < ranked; k++) {
    const key = order[k]!;
    const t = Math.floor(key / TIER_SPAN);
    const i = key - t * TIER_SPAN;
    if (t !== tier) {
      if (groups[i] !== current) {
        specificFirst(ids, groupStart, ids.length, entries, position);
        groupStart = ids.length;
        current = groups[i];
        if (ids.length >= limit) break;
      }
      tier = t;
      inTier = 0;
    }
    // The class reordering looks a little beyond the limit, so a class's member just past it still counts.
    if (inTier < limit + 10) ids.push(hits[i]!.id);
    inTier += 1;
  }
  specificFirst(ids, groupStart, ids.length, entries, position);
  if (ids.length > limit) ids.length = limit;
  return { ids, complete, full, open };
}

/** A tier's hits are numbered below this (a pass ranks at most CANDIDATE_BUDGET hits). */
const TIER_SPAN = 1 << 20;
