// Search over the SAT catalogs with MiniSearch: the index the build serialized (search-index-file.ts), loaded and queried.
import { firstIndexWhere } from "../../core/bisect.ts";
import { CompactMiniSearch } from "./compact-index.ts";
import { EntryWords } from "./search-entry-words.ts";
import { type IndexFile, OPTIONS, type SearchDoc } from "./search-index-file.ts";
import { type Concept, mayBeTypo, parseQuery, queryWords, withTypos } from "./search-query.ts";
import { CANDIDATE_BUDGET, MAX_COMPLETIONS, POSTINGS_BUDGET } from "./search-limits.ts";
import { type Entries, rank } from "./search-rank.ts";
import { matchByWords, miniQuery } from "./search-mini.ts";
import { fold, queryTerms, stem } from "./search-terms.ts";
import sensesJson from "./search-senses.json" with { type: "json" };
import type { SearchResult } from "../../core/sat-schemas.ts";

export { SEARCH_INDEX_PATH, type SearchDoc, serializeIndex } from "./search-index-file.ts";

// The description is what people read; the SAT's similar words help find it; inherited and explaining words least.
const BOOST = { description: 2, palabras: 1, plain: 0.5, context: 0.5 };
const CODE_LIKE = /^[a-z0-9]+$/;
/** c_ClaveProdServ's families are its codes' first four digits: the other catalogs' families are numbered after them. */
const PRODUCT_FAMILIES = 10_000;
/** An entry's group in the results, in this order: in force (0, the default), advised against by its sheet, ended. */
const DISCOURAGED = 1;
const ENDED = 2;
/**
 * A one-word query names a thing, and a Spanish description names its thing first ("Leche en polvo", then
 * "Analizador de leche"): an entry whose first word is the query, as typed or being typed, counts double.
 */
const HEAD_BOOST = 2;
/** The typo pass runs when fewer entries in force than this match every concept of the query. */
const TYPO_THRESHOLD = 1;
/** writtenStart's bounds: a beginning of at least this many letters… */
const MIN_START = 6;
/** …and at least this share of the word's. */
const START_SHARE = 0.7;
const CODE_DIGIT = /\d/;
/** …or fewer than this when a word's stem is indexed only through other words (see mayBeTypo: «ruter», not rutas). */
const FEW = 10;
/**
 * c_ClaveUnidad asked for the unit of something invoiced («unidad renta de casa», «unidad papelería»): the
 * practitioners' guides give a service Unidad de servicio and goods Pieza. The catalog's own word «unidad»
 * says nothing there; when the other words name no unit, the product catalog tells service from goods
 * (UNSPSC segments 70 to 94 are services; 95, land, buildings, structures and roads, are things: «Cafetería»,
 * «Lotes residenciales», «Puente de acero»).
 */
const UNIT_CATALOG = "clave-unidad";
const UNIT_WORD = "unid";
const SERVICE_UNIT = "E48";
const GOODS_UNIT = "H87";
const FIRST_SERVICE_SEGMENT = "70";
const FIRST_THINGS_AFTER_SERVICES = "95";
/** Whether a c_ClaveProdServ code is a service's (segments 70 to 94). */
const isService = (code: string): boolean => code >= FIRST_SERVICE_SEGMENT && code < FIRST_THINGS_AFTER_SERVICES;
/**
 * Products whose unit the SAT's own filling guides fix (Anexo 20's Guía de llenado): the payment receipt
 * (complemento para recepción de pagos) and the global invoice to the general public carry ClaveProdServ
 * 84111506 or 01010101 with ClaveUnidad ACT (Actividad), and the payroll receipt's guide gives its concept 84111505
 * with ACT; that unit comes before the generic two.
 */
const GUIDE_UNITS: Readonly<Record<string, string>> = { "84111506": "ACT", "01010101": "ACT", "84111505": "ACT" };

/**
 * A fiscal-sense prior (lib/search/search-senses.json, each row with its source): a word whose everyday commercial
 * sense is not its literal one in c_ClaveProdServ, asked alone, gives first the keys of the class holding that
 * sense («contador» → Servicios contables, not counting devices). By the word's stem: plural and gender alike.
 */
const PRODUCT_CATALOG = "clave-prod-serv";
/** How many keys of the sense lead: the literal sense follows at once. */
const SENSE_LEAD = 3;
const SENSES = new Map(
  sensesJson.senses.flatMap((s) =>
    s.words.map((w) => [queryTerms(w).map(stem).join(" "), { prefix: s.code.replace(/(00)+$/, ""), query: s.query }] as const),
  ),
);

export interface SearchOptions {
  /** Only this catalog; otherwise every catalog of `family`. */
  catalog?: string;
  family: string;
  limit: number;
}

export class SatSearch {
  readonly asOf: string;
  private readonly mini: CompactMiniSearch<SearchDoc>;
  private readonly catalogs: IndexFile["catalogs"];
  /** Catalog number of each entry. */
  private readonly catalogOf: Uint8Array;
  private readonly codes: string[];
  private readonly keys: string[];
  private readonly descriptions: string[];
  private readonly validTo: Map<number, string>;
  /** Each entry's group in the results: 0, DISCOURAGED or ENDED. */
  private readonly standing: Uint8Array;
  private readonly byCode: number[];
  private foldedCodes: string[] | undefined;
  private readonly words: EntryWords;
  /** Per entry, the number of the last pass (SatSearch.run) that admitted it, and whether that pass named it whole: no set per pass. */
  private readonly admittedIn: Uint32Array;
  private readonly wholeIn: Uint8Array;
  private passes = 0;
  /** Per entry, its family (SatSearch.family) plus one once asked, else 0: read from the code's string at random, a query's ranking waited on memory. */
  private readonly families: Int32Array;

  constructor(json: string) {
    const file = JSON.parse(json) as IndexFile;
    this.asOf = file.asOf;
    this.catalogs = file.catalogs;
    this.codes = file.code.split("\n");
    this.keys = file.key.split("\n");
    this.descriptions = file.description.split("\n");
    this.validTo = new Map(file.validTo);
    this.byCode = file.byCode;
    this.catalogOf = new Uint8Array(this.codes.length);
    this.standing = new Uint8Array(this.codes.length);
    for (const id of file.discouraged) this.standing[id] = DISCOURAGED;
    for (const id of file.ended) this.standing[id] = ENDED;
    for (let r = 0, id = 0; r < file.runs.length; r += 2) {
      const end = id + file.runs[r + 1]!;
      this.catalogOf.fill(file.runs[r]!, id, end);
      id = end;
    }
    this.mini = CompactMiniSearch.fromCompact<SearchDoc>(file.index, OPTIONS);
    this.words = new EntryWords(file, this.codes.length, (n) => this.mini.termAt(n));
    this.admittedIn = new Uint32Array(this.codes.length);
    this.wholeIn = new Uint8Array(this.codes.length);
    this.families = new Int32Array(this.codes.length);
  }

  /** Per catalog number, whether the options search it. */
  private allowedCatalogs(opts: SearchOptions): boolean[] {
    return this.catalogs.map((c) => (opts.catalog !== undefined ? c.id === opts.catalog : c.family === opts.family));
  }

  /** Ids of the allowed entries whose code starts with `text` (folded), in code order, at most `limit`. */
  private codePrefix(text: string, allowed: boolean[], limit: number): number[] {
    this.foldedCodes ??= this.byCode.map((id) => fold(this.codes[id]!));
    const codes = this.foldedCodes;
    const out: number[] = [];
    const first = firstIndexWhere(codes.length, (k) => codes[k]! >= text);
    for (let i = first; i < codes.length && codes[i]!.startsWith(text) && out.length < limit; i++) {
      const id = this.byCode[i]!;
      if (allowed[this.catalogOf[id]!]) out.push(id);
    }
    return out;
  }

  /** The query as the search reads it: two queries with the same key get the same answer (a key for caches). */
  static key(q: string): string {
    return queryWords(q).join(" ");
  }

  /**
   * Up to `limit` entries for the query, best first (see search-rank.ts for the order). Words past the
   * bounds of search-query.ts are ignored; a typo is forgiven only when the words as typed match too little.
   */
  search(q: string, opts: SearchOptions): SearchResult[] {
    const allowed = this.allowedCatalogs(opts);
    const ids = this.find(q, allowed, opts);
    const start = ids.length === 0 ? this.writtenStart(q) : undefined;
    return (start === undefined ? ids : this.find(start, allowed, opts)).map((id) => this.record(id));
  }

  /**
   * For a one-word query that found nothing, the longest beginning of it that starts a word the catalogs write,
   * of MIN_START letters and most of the word, to be completed as a word being typed: a derivation the catalogs
   * do not write («fisioterapeuta»: fisioterap…, Servicios de fisioterapia) rather than no answer. Undefined when
   * the word is short, written, a code or has no such beginning.
   */
  private writtenStart(q: string): string | undefined {
    const words = queryWords(q);
    const word = words.length === 1 ? words[0]! : "";
    if (word.length <= MIN_START || CODE_DIGIT.test(word) || this.words.writes(word)) return undefined;
    const shortest = Math.max(MIN_START, Math.ceil(word.length * START_SHARE));
    for (let n = word.length - 1; n >= shortest; n--) if (this.words.writesFrom(word.slice(0, n))) return word.slice(0, n);
    return undefined;
  }

  /** SatSearch.search's entries, as ids. */
  private find(q: string, allowed: boolean[], opts: SearchOptions): number[] {
    const words = queryWords(q);
    const oneWord = words.length === 1 ? words[0] : undefined;
    // One code-like word may be a code being typed: those entries come first, in code order.
    const byCode = oneWord !== undefined && CODE_LIKE.test(oneWord) ? this.codePrefix(oneWord, allowed, opts.limit) : [];
    let concepts = parseQuery(q, words);
    if (opts.catalog === UNIT_CATALOG && concepts.length > 1) concepts = concepts.filter((c) => c.alternatives[0]!.join(" ") !== UNIT_WORD);
    // The word being typed is completed at once only when it is no indexed word itself. When it is («acero»,
    // «cama»), completions run only if the words as typed match no entry in force in full and either the word
    // is the whole query or some entry matches all the other words (else no completion could make a full match).
    const typed = concepts.find((c) => c.prefix !== undefined);
    const known = typed !== undefined && this.mini.hasTerm(typed.prefix!);
    let found = this.run(concepts, allowed, opts.limit, !known);
    if (known && found.complete < TYPO_THRESHOLD && (concepts.length === 1 || found.open > 0))
      found = this.run(concepts, allowed, opts.limit, true);
    if (found.complete < TYPO_THRESHOLD || (found.complete < FEW && this.someKnownTypo(concepts))) {
      const forgiving = withTypos(concepts, this.typo, this.hasTerm, this.writes, this.writesFrom, this.documentsWith);
      if (forgiving !== undefined) found = this.run(forgiving, allowed, opts.limit, true);
    }
    const units = opts.catalog === UNIT_CATALOG && found.full === 0 ? this.unitsFor(q) : [];
    const sense = this.senseFirst(concepts, allowed, opts);
    const lead = [
      ...units,
      ...this.codesAfterNames(byCode, oneWord, concepts, found.ids),
      ...(sense.length > 0 ? this.namedElsewhere(concepts, found.ids, opts) : []),
      ...sense,
    ];
    if (lead.length === 0) return found.ids.length > opts.limit ? found.ids.slice(0, opts.limit) : found.ids;
    const seen = new Set(lead);
    const ids = [...lead, ...found.ids.filter((id) => !seen.has(id))];
    return ids.slice(0, opts.limit);
  }

  /**
   * A code-like word's code-prefix entries, after the entries whose name or other name is that word: a unit's
   * symbol is code-like too («ml» is Mililitro's symbol and the start of MLD's code), and a code typed whole
   * comes first still («H87»).
   */
  private codesAfterNames(byCode: number[], word: string | undefined, concepts: Concept[], found: number[]): number[] {
    if (byCode.length === 0 || word === undefined || concepts.length !== 1) return byCode;
    const phrase = [concepts[0]!.forms[0]!.split(" ")];
    const named = found.filter((id) => this.words.nameIn(id, phrase) || this.words.otherIn(id, phrase));
    if (named.length === 0) return byCode;
    const exact = byCode.filter((id) => fold(this.codes[id]!) === word);
    return [...exact, ...named.filter((id) => !exact.includes(id)), ...byCode.filter((id) => !exact.includes(id) && !named.includes(id))];
  }

  /** Whether a concept whose own stem is indexed may hold a typo (mayBeTypo). */
  private someKnownTypo(concepts: Concept[]): boolean {
    for (const c of concepts) if (this.mini.hasTerm(c.alternatives[0]![0]!) && this.typo(c)) return true;
    return false;
  }

  // The questions the typo pass asks of the index, made once.
  private readonly hasTerm = (t: string): boolean => this.mini.hasTerm(t);
  private readonly completes = (p: string): boolean => this.mini.completes(p);
  private readonly writes = (w: string): boolean => this.words.writes(w);
  private readonly writesFrom = (w: string): boolean => this.words.writesFrom(w);
  private readonly documentsWith = (t: string): number => this.mini.documentsWith(t);
  private readonly typo = (c: Concept): boolean => mayBeTypo(c, this.hasTerm, this.completes, this.writesFrom);

  /**
   * The units the guides give what the query names, when the product catalog knows it: Unidad de servicio
   * for a service, Pieza for goods, then the other one (a business sells both: a cafetería's coffee is a Pieza).
   */
  private unitsFor(q: string): number[] {
    // The product is named by the words past the catalog's own «unidad» («unidad nómina» asks for nómina's unit).
    const named = queryWords(q).filter((w) => stem(w) !== UNIT_WORD);
    const [product] = this.search(named.join(" "), { catalog: "clave-prod-serv", family: "cfdi", limit: 1 });
    if (product === undefined) return [];
    const generic = isService(product.code) ? [SERVICE_UNIT, GOODS_UNIT] : [GOODS_UNIT, SERVICE_UNIT];
    const guide = GUIDE_UNITS[product.code];
    const codes = guide === undefined ? generic : [guide, ...generic];
    const unitCatalog = this.catalogs.map((c) => c.id === UNIT_CATALOG);
    return codes.flatMap((code) => this.codePrefix(fold(code), unitCatalog, 1).filter((id) => this.codes[id] === code));
  }

  /**
   * The keys of the query's fiscal sense (SENSES: the query is one of a row's words or phrases, by stem), when the
   * options search c_ClaveProdServ: the sense's own catalog words, searched there, kept under its code.
   */
  private senseFirst(concepts: Concept[], allowed: boolean[], opts: SearchOptions): number[] {
    const sense = concepts.length === 0 ? undefined : SENSES.get(concepts.flatMap((c) => c.alternatives[0]!).join(" "));
    const product = this.catalogs.findIndex((c) => c.id === PRODUCT_CATALOG);
    if (sense === undefined || !allowed[product]) return [];
    const inProducts = this.catalogs.map((c) => c.id === PRODUCT_CATALOG);
    return this.find(sense.query, inProducts, { catalog: PRODUCT_CATALOG, family: opts.family, limit: opts.limit })
      .filter((id) => this.codes[id]!.startsWith(sense.prefix))
      .slice(0, SENSE_LEAD);
  }

  /**
   * Without `catalogo`, the entries of the other catalogs whose name is the query itself, among the first found
   * («nómina»: tipo de comprobante N, uso CN01): they come before a product's fiscal sense, which is a product key.
   */
  private namedElsewhere(concepts: Concept[], found: number[], opts: SearchOptions): number[] {
    if (opts.catalog !== undefined) return [];
    const phrase = [
      concepts
        .map((c) => c.forms[0]!)
        .join(" ")
        .split(" "),
    ];
    return found.filter((id) => this.catalogs[this.catalogOf[id]!]!.id !== PRODUCT_CATALOG && this.words.nameIn(id, phrase));
  }

  /** How many entries have a concept's commonest way of saying it (its own words, for a phrase the rarest of them). */
  private frequency(c: Concept): number {
    let most = Number.NEGATIVE_INFINITY;
    for (const alt of c.alternatives) most = Math.max(most, this.rarest(alt));
    return most;
  }

  /** The postings of a phrase's rarest stem (Infinity for none, as Math.min of nothing). */
  private rarest(alt: string[]): number {
    let least = Number.POSITIVE_INFINITY;
    for (const t of alt) least = Math.min(least, this.mini.documentsWith(t));
    return least;
  }

  /**
   * The concepts MiniSearch looks up, rarest first, while their postings stay within POSTINGS_BUDGET (the
   * rarest always), and the rest, which are only checked in the descriptions of what those found.
   */
  private withinBudget(rarestFirst: Concept[], completions: Map<Concept, string[]>): { searched: Concept[]; checked: Concept[] } {
    let postings = 0;
    const searched: Concept[] = [];
    const checked: Concept[] = [];
    for (const c of rarestFirst) {
      // Summed as a list of them would be, in the same order: the ways of saying it, then the completions.
      let terms = 0;
      c.alternatives.forEach((alt, k) => {
        // A synonym phrase's own words are each looked up (search-mini.ts); any other phrase costs its rarest word's postings.
        if (k === 0 && alt.length > 1 && c.alternatives.length > 1) {
          let sum = 0;
          for (const t of alt) sum += this.mini.documentsWith(t);
          terms += sum;
        } else terms += this.rarest(alt);
      });
      for (const t of completions.get(c) ?? []) terms += this.mini.documentsWith(t);
      postings += terms;
      if (searched.length === 0 || postings <= POSTINGS_BUDGET) searched.push(c);
      else checked.push(c);
    }
    return { searched, checked };
  }

  /**
   * What one pass (run) asks of an entry, set anew by each pass: the questions below, made once per search
   * object rather than as closures per pass.
   */
  private readonly current = {
    /** A one-concept query's first words: the thing it names, or the start of it when being typed. */
    heads: [] as readonly string[],
    typing: undefined as string | undefined,
    /** The query's own words, inflection removed, as one phrase; and as one head, when it is one of `heads`. */
    ownPhrase: [] as readonly (readonly string[])[],
    ownHead: undefined as readonly string[] | undefined,
    /** The whole names, as their forms in order: compared with an entry's words one by one. */
    wholePhrases: [] as readonly (readonly string[])[],
    allowed: [] as readonly boolean[],
    /** The pass's number, and how many entries it admitted. */
    pass: 0,
    count: 0,
  };

  private isHead(id: number): boolean {
    const p = this.current;
    return this.words.headIn(id, p.heads) || (p.typing !== undefined && this.words.firstStartsWith(id, p.typing));
  }

  private isWhole(id: number): boolean {
    const phrases = this.current.wholePhrases;
    return this.words.nameIn(id, phrases) || this.words.otherIn(id, phrases);
  }

  // Named in the query's own words, whole (0); whole through a synonym (1); starting with the query's own word (2);
  // starting with a synonym (3); not named (4). 1 and 2 are one group for the class reordering (rank's `groups`).
  // «kilos»: Kilogramo, named whole through kilo's synonym, before Kilo bruto, which only starts with the word
  // (their scores used to decide, and moved with the stems' document counts); Kilogramo before Kilogramo por kiloMol.
  private naming(id: number): number {
    const { ownPhrase, ownHead, heads } = this.current;
    const words = this.words;
    if (words.nameIn(id, ownPhrase) || words.otherIn(id, ownPhrase)) return 0;
    // Asked of the pass's hits only, each admitted by the pass, which noted whether it is named whole (isWhole).
    if (this.wholeIn[id] === 1 || words.serviceNameIn(id, ownPhrase)) return 1;
    if (ownHead !== undefined && (words.headIn(id, ownHead) || words.otherHeadIn(id, ownHead))) return 2;
    return words.headIn(id, heads) || words.otherHeadIn(id, heads) ? 3 : 4;
  }

  /** What the ranking asks of an entry (search-rank.ts). */
  private readonly entries: Entries = {
    standing: (id) => this.standing[id]!,
    code: (id) => (this.catalogs[this.catalogOf[id]!]!.id === "clave-prod-serv" ? this.codes[id] : undefined),
    head: (id) => this.isHead(id),
    naming: (id) => this.naming(id),
    whole: (id) => this.wholeIn[id] === 1,
    family: (id) => this.family(id),
    product: (id) => this.catalogs[this.catalogOf[id]!]!.id === PRODUCT_CATALOG,
    service: (id) => this.catalogs[this.catalogOf[id]!]!.id === PRODUCT_CATALOG && isService(this.codes[id]!),
  };

  /**
   * An entry whose whole name is the query ("pieza" → Pieza) comes first; one whose description has the
   * word (not only its "palabras similares") next; of two entries that match alike, the one with fewer
   * words is more likely the thing itself (Kilogramo before Kilogramo por kilogramo); for a one-concept
   * query, an entry that starts with it is the thing rather than something for it (HEAD_BOOST).
   * Entries of other catalogs get 0, which MiniSearch skips before scoring them. The entries the pass admitted
   * (those stamped with its number) are at most CANDIDATE_BUDGET, and of each it notes whether it is named whole.
   */
  private readonly boostDocument = (id: number, _term: string, termNumber: number): number => {
    const p = this.current;
    if (!p.allowed[this.catalogOf[id]!]) return 0;
    if (this.admittedIn[id] !== p.pass) {
      if (p.count >= CANDIDATE_BUDGET) return 0;
      this.admittedIn[id] = p.pass;
      p.count += 1;
      this.wholeIn[id] = this.isWhole(id) ? 1 : 0;
    }
    const words = this.words;
    const brevity = words.brevity(id);
    if (this.wholeIn[id] === 1) return 3 * brevity;
    const head = words.firstTermIs(id, termNumber) && this.isHead(id) ? HEAD_BOOST : 1;
    return (words.hasTerm(id, termNumber) ? 1.2 : 1) * head * brevity;
  };

  private readonly termOptions = { boost: BOOST, boostDocument: this.boostDocument };

  /** One pass of MiniSearch over the concepts, ranked; the word being typed is completed when `completing`. */
  private run(
    concepts: Concept[],
    allowed: boolean[],
    limit: number,
    completing: boolean,
  ): { ids: number[]; complete: number; full: number; open: number } {
    if (concepts.length === 0) return { ids: [], complete: 0, full: 0, open: 0 };
    const p = this.current;
    // The whole name that matches the query exactly: any way of saying a one-concept query, else the words in order.
    const own = concepts.length === 1 ? concepts[0]!.forms[0]! : concepts.map((c) => c.forms[0]!).join(" ");
    const wholes = concepts.length === 1 ? concepts[0]!.forms : [own];
    p.heads = concepts.length === 1 ? concepts[0]!.forms.filter((f) => !f.includes(" ")) : [];
    p.typing = concepts.length === 1 && concepts[0]!.prefix !== undefined ? concepts[0]!.words[0]! : undefined;
    p.ownPhrase = [own.split(" ")];
    p.ownHead = p.heads.includes(own) ? [own] : undefined;
    // Each whole name once, in the order first given (as a set of them would list them).
    p.wholePhrases = wholes.flatMap((w, i) => (wholes.indexOf(w) === i ? [w.split(" ")] : []));
    p.allowed = allowed;
    p.pass = ++this.passes;
    p.count = 0;
    const rarestFirst = this.rarestFirst(concepts);
    const completions = new Map(
      concepts.flatMap((c) =>
        c.prefix === undefined || !completing ? [] : [[c, this.mini.completions(c.prefix, MAX_COMPLETIONS)] as const],
      ),
    );
    const { searched, checked } = this.withinBudget(rarestFirst, completions);
    const hits = this.mini.searchTerms(miniQuery(searched, completions), this.termOptions);
    if (checked.length > 0) for (let i = 0; i < hits.length; i++) matchByWords(hits.hits[i]!, checked, this.words);
    return rank(hits, concepts, limit, this.entries);
  }

  /** The concepts, rarest first (frequency; ties in the query's order). */
  private rarestFirst(concepts: Concept[]): Concept[] {
    if (concepts.length === 1) return concepts;
    // A stable insertion sort (a query has at most MAX_QUERY_WORDS concepts), as a stable sort by frequency orders them.
    const sorted = concepts.slice();
    const frequency = concepts.map((c) => this.frequency(c));
    for (let i = 1; i < sorted.length; i++) {
      const c = sorted[i]!;
      const f = frequency[i]!;
      let j = i - 1;
      for (; j >= 0 && frequency[j]! > f; j--) {
        sorted[j + 1] = sorted[j]!;
        frequency[j + 1] = frequency[j]!;
      }
      sorted[j + 1] = c;
      frequency[j + 1] = f;
    }
    return sorted;
  }

  /**
   * An entry's family for the ranking, as a number: c_ClaveProdServ's first four digits (read as digits, no
   * string cut per question), else past them its catalog's number.
   */
  private family(id: number): number {
    const known = this.families[id]!;
    if (known > 0) return known - 1;
    const n = this.catalogOf[id]!;
    let f = PRODUCT_FAMILIES + n;
    if (this.catalogs[n]!.id === "clave-prod-serv") {
      const code = this.codes[id]!;
      f = 0;
      for (let i = 0; i < 4; i++) f = f * 10 + (code.charCodeAt(i) - 48);
    }
    this.families[id] = f + 1;
    return f;
  }

  private record(id: number): SearchResult {
    const c = this.catalogs[this.catalogOf[id]!]!;
    const code = this.codes[id]!;
    const key = this.keys[id] || code;
    return {
      catalog: c.id,
      code,
      description: this.descriptions[id]!,
      inForce: this.standing[id] !== ENDED,
      validTo: this.validTo.get(id) ?? null,
      url: `/${c.family}/${c.id}/${key}`,
    };
  }
}
