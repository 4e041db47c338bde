// The search index file: every searchable SAT catalog entry, with whether it is in force on the as-of date.
import { CATALOGS } from "../sources/sat.ts";
import { SEARCH_CATALOGS } from "../lib/routes/sat-routes.ts";
import { SEARCH_INDEX_PATH, serializeIndex, type SearchDoc } from "../lib/search/sat-search.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import { cfdiPlain } from "../content/cfdi-plain.ts";
import { queryTerms, stem } from "../lib/search/search-terms.ts";
import { synonymGroups } from "../lib/search/search-query.ts";
import unitNames from "../lib/search/search-unit-names.json" with { type: "json" };
import { notesOf } from "../lib/datasets/guide-notes.ts";
import { CANCEL_REASONS } from "../lib/datasets/cancel-reasons.ts";
import { cancelReasons } from "../sources/motivos-cancelacion.ts";

/** In force on `asOf`: started on or before it and not ended before it. */
const inForce = (from: string | null, to: string | null, asOf: string): boolean =>
  (from === null || from <= asOf) && (to === null || to >= asOf);

/**
 * c_ClaveUnidad keeps units that UNECE's Recommendation 20 deleted or that the BIPM advises against, and says
 * so in its Nota: in a search they come after the units in use («tonelada» gives TNE before Tonelada real).
 */
const DISCOURAGED_NOTE = /marcadas como borradas en el catálogo internacional de UNECE|no recomendadas para su uso/;

/** An acronym the plain text spells out in parentheses («Régimen Simplificado de Confianza (RESICO)»): another name of the entry. */
const ACRONYM = /\(([A-ZÁÉÍÓÚÑ]{2,})\)/g;

const WITH_DIGITS = /[^\s()]*\d[^\s()]*/g;

/** A c_ClaveProdServ class: its code ends in 00 (the catalog has classes only, no family or segment rows). */
const classOf = (code: string): string | undefined => (/^\d{6}(?!00)\d{2}$/.test(code) ? `${code.slice(0, 6)}00` : undefined);

type Entry = Datasets["catalogs"][keyof Datasets["catalogs"]][number];
const text = (e: Entry, field: string): string => {
  const v = e.extras[field];
  return typeof v === "string" ? v : "";
};

/**
 * The words an entry is found by besides its own (SearchDoc.context): a c_ClaveProdServ commodity its class's
 * name and palabras similares (UNSPSC: a commodity is a kind of its class), a c_ClaveUnidad unit its SAT
 * Descripción (SearchDoc.plain holds a small catalog's explanation).
 */
function contextOf(catalog: string, e: Entry, classes: Map<string, Entry>): string {
  if (catalog === "clave-prod-serv") {
    const parent = classes.get(classOf(e.code) ?? "");
    return parent === undefined ? "" : `${parent.description}, ${text(parent, "palabrasSimilares")}`;
  }
  return catalog === "clave-unidad" ? text(e, "descripcion") : "";
}

/**
 * The words of `inherited` whose stem `own` does not have, once each: an inherited word adds what the entry does
 * not say (a word it says already would only raise its score over its neighbours'), and costs index bytes once.
 */
function newWords(inherited: string, own: string): string {
  const seen = new Set(queryTerms(own).map(stem));
  const out: string[] = [];
  for (const w of queryTerms(inherited)) {
    const s = stem(w);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(w);
  }
  return out.join(" ");
}

/** The plain-language text the API serves with a small catalog's code (content/cfdi-plain.ts), or "". */
const plainOf = (catalog: string, e: Entry): string =>
  (cfdiPlain as Partial<Record<string, Record<string, string>>>)[catalog]?.[e.code] ?? "";

/** A symbol that is one word: letters and digits only (superscripts fold to digits: «m²» is m2), no «/», «·», space or parenthesis. */
const ONE_WORD_SYMBOL = /^[\p{L}\p{N}]+$/u;

/**
 * c_ClaveUnidad's Símbolo as another name of its unit, when it is one word of two letters or more («kg», «ml»,
 * «m²» as m2, «oz»): people write a unit by its symbol. Folding joins symbols that differ only in case («ml»
 * mililitro, «Ml» megalitro): a folded symbol then names the one unit that writes it in lower case, as people
 * type it, or none when that is not one. Units not in force on `asOf` name none; a symbol that is a word of the
 * synonym table names none either (it is people's word for something else: «pc» is a computer, not a parsec).
 */
function unitSymbols(units: readonly Entry[], asOf: string): Map<string, string> {
  const byFolded = new Map<string, Entry[]>();
  for (const e of units) {
    const symbol = text(e, "simbolo").trim();
    if (!ONE_WORD_SYMBOL.test(symbol) || !inForce(e.validFrom, e.validTo, asOf)) continue;
    const folded = queryTerms(symbol);
    if (folded.length !== 1 || folded[0]!.length < 2) continue;
    byFolded.set(folded[0]!, [...(byFolded.get(folded[0]!) ?? []), e]);
  }
  const people = new Set(synonymGroups().flat().flatMap(queryTerms));
  const out = new Map<string, string>();
  for (const [folded, entries] of byFolded) {
    const lower = entries.filter((e) => text(e, "simbolo").trim() === text(e, "simbolo").trim().toLowerCase());
    const named = entries.length === 1 ? entries[0] : lower.length === 1 ? lower[0] : undefined;
    if (named !== undefined && !people.has(folded)) out.set(named.code, text(named, "simbolo").trim());
  }
  return out;
}

/** Other names of an entry: c_ClaveProdServ's palabras similares, a unit's Spanish names (lib/search/search-unit-names.json) and symbol, the acronyms of a plain text. */
function otherNames(catalog: string, e: Entry, plain: string, symbols: Map<string, string>): string {
  if (catalog === "clave-prod-serv") return text(e, "palabrasSimilares");
  const names = catalog === "clave-unidad" ? [...((unitNames.names as Record<string, { spanish: string[] }>)[e.code]?.spanish ?? [])] : [];
  const symbol = catalog === "clave-unidad" ? symbols.get(e.code) : undefined;
  if (symbol !== undefined) names.push(symbol);
  for (const m of plain.matchAll(ACRONYM)) names.push(m[1]!);
  return names.join(", ");
}

/** The searchable entries of the catalogs (ids 0…n-1), each in force or not on `asOf`. */
export function searchDocs(catalogs: Partial<Datasets["catalogs"]>, asOf: string): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const symbols = unitSymbols(catalogs["clave-unidad"] ?? [], asOf);
  const classes = new Map((catalogs["clave-prod-serv"] ?? []).filter((e) => e.code.endsWith("00")).map((e) => [e.code, e]));
  for (const spec of CATALOGS) {
    if (!SEARCH_CATALOGS.includes(spec.id)) continue;
    for (const e of catalogs[spec.id] ?? []) {
      const nota = e.extras["nota"];
      const plain = plainOf(spec.id, e);
      // The filling guide's notes on the entry («no me han pagado», «anticipo») are searched as more of its palabras similares.
      const guide = (notesOf(spec.id, e.code) ?? []).map((n) => n.situacion.replaceAll(",", " "));
      docs.push({
        id: docs.length,
        catalog: spec.id,
        family: spec.family,
        key: e.key,
        code: e.code,
        description: e.description,
        palabras: [otherNames(spec.id, e, plain, symbols), ...guide].filter((p) => p !== "").join(", "),
        // Without the words that hold digits: a plain text names other codes («gastos en general (G03)») and amounts, which a code search must not find.
        plain: plain.replace(WITH_DIGITS, " "),
        context: newWords(contextOf(spec.id, e, classes), `${e.description} ${text(e, "palabrasSimilares")}`),
        validTo: e.validTo,
        inForce: inForce(e.validFrom, e.validTo, asOf),
        discouraged: typeof nota === "string" && DISCOURAGED_NOTE.test(nota),
      });
    }
  }
  for (const r of cancelReasons.rows) docs.push(cancelReasonDoc(docs.length, r));
  return docs;
}

/**
 * A cancellation reason as a search entry: found by its name, by when it applies and by the guide's notes on it
 * («sustituir una factura con errores» gives 01); always in force (the table has no vigencia).
 */
function cancelReasonDoc(id: number, r: (typeof cancelReasons.rows)[number]): SearchDoc {
  const guide = (notesOf(CANCEL_REASONS, r.clave) ?? []).map((n) => n.situacion.replaceAll(",", " "));
  return {
    id,
    catalog: CANCEL_REASONS,
    family: "cfdi",
    key: r.clave,
    code: r.clave,
    description: r.descripcion,
    palabras: [r.cuandoAplica.replaceAll(",", " "), ...guide].join(", "),
    plain: "",
    context: "",
    validTo: null,
    inForce: true,
    discouraged: false,
  };
}

export function searchIndexFile(d: Datasets, asOf: string): { path: string; data: Buffer } {
  return { path: SEARCH_INDEX_PATH, data: Buffer.from(serializeIndex(searchDocs(d.catalogs, asOf), asOf)) };
}
