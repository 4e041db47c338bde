// The search index file: every searchable SAT catalog entry, with whether it is in force on the as-of date.
import { CATALOGS } from "../sources/sat.ts";
import { SEARCH_CATALOGS } from "../lib/sat-routes.ts";
import { SEARCH_INDEX_PATH, serializeIndex, type SearchDoc } from "../lib/sat-search.ts";
import type { Datasets } from "../lib/records.ts";
import { notesOf } from "../lib/guide-notes.ts";

/** In force on `asOf`: started on or before it and not ended before it. */
const inForce = (from: string | null, to: string | null, asOf: string): boolean =>
  (from === null || from <= asOf) && (to === null || to >= asOf);

/**
 * c_ClaveUnidad keeps units that UNECE's Recommendation 20 deleted or that the BIPM advises against, and says
 * so in its Nota: in a search they come after the units in use («tonelada» gives TNE before Tonelada real).
 */
const DISCOURAGED_NOTE = /marcadas como borradas en el catálogo internacional de UNECE|no recomendadas para su uso/;

/** The searchable entries of the catalogs (ids 0…n-1), each in force or not on `asOf`. */
function searchDocs(catalogs: Partial<Datasets["catalogs"]>, asOf: string): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const spec of CATALOGS) {
    if (!SEARCH_CATALOGS.includes(spec.id)) continue;
    for (const e of catalogs[spec.id] ?? []) {
      const palabras = e.extras["palabrasSimilares"];
      const nota = e.extras["nota"];
      // The filling guide's notes on the entry («no me han pagado», «anticipo») are searched as more of its palabras similares.
      const guide = (notesOf(spec.id, e.code) ?? []).map((n) => n.situacion.replaceAll(",", " "));
      docs.push({
        id: docs.length,
        catalog: spec.id,
        family: spec.family,
        key: e.key,
        code: e.code,
        description: e.description,
        palabras: [typeof palabras === "string" ? palabras : "", ...guide].filter((p) => p !== "").join(", "),
        validTo: e.validTo,
        inForce: inForce(e.validFrom, e.validTo, asOf),
        discouraged: typeof nota === "string" && DISCOURAGED_NOTE.test(nota),
      });
    }
  }
  return docs;
}

export function searchIndexFile(d: Datasets, asOf: string): { path: string; data: Buffer } {
  return { path: SEARCH_INDEX_PATH, data: Buffer.from(serializeIndex(searchDocs(d.catalogs, asOf), asOf)) };
}
