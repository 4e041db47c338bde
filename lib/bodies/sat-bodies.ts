// What produces the body of every SAT catalog file route: one lookup file per key and the list, whole or in default-limit pages.
import { CATALOGS, type CatalogId, type CfdiEntry, type SheetSpec } from "../../sources/sat.ts";
import type { BodyInputs, Producer, Resource } from "../datasets/producer.ts";
import { catalogList } from "../datasets/records.ts";
import { listRouteId, lookupRouteId, PAGED_CATALOGS, WHOLE_LIST_MAX, type SatFileRouteId } from "../routes/sat-routes.ts";
import type { CfdiCatalogEntry } from "../../core/schemas.ts";

/** The whole c_ClaveProdServ catalog as API records, ordered by code (pages and the dump are slices of it). */
export function claveProdServList(entries: readonly CfdiEntry[]): CfdiCatalogEntry[] {
  return catalogList("clave-prod-serv", [...entries]);
}

/** The path values of a record's lookup: its key columns by parameter name. */
export function keyValues(spec: SheetSpec, e: CfdiCatalogEntry): Record<string, string> {
  return Object.fromEntries(spec.key.map((k) => [k.field, String(k.field === "code" ? e.code : e[k.field as keyof CfdiCatalogEntry])]));
}

/** A catalog's records in key order; c_ClaveProdServ's were computed once for the whole build. */
const listOf = (id: CatalogId, { data, claveProdServ }: BodyInputs): readonly CfdiCatalogEntry[] =>
  id === "clave-prod-serv" ? claveProdServ : catalogList(id, data.catalogs[id]);

/** The list route: the whole catalog as one body, or pages of it (the route's prebuilt forms pick the default-limit ones). */
function listResource(id: CatalogId, list: readonly CfdiCatalogEntry[]): Resource {
  if (!PAGED_CATALOGS.has(id)) {
    if (list.length > WHOLE_LIST_MAX)
      throw new Error(`${id}: ${list.length} entradas en un solo archivo (máximo ${WHOLE_LIST_MAX}); la lista debe paginarse`);
    return { pathValues: {}, body: () => list };
  }
  return { pathValues: {}, total: list.length, body: (q) => list.slice(q["offset"]!, q["offset"]! + q["limit"]!) };
}

/** The producers of every SAT catalog's lookup (where it is a file) and list, keyed by their route ids. */
export function satProducers(): Record<SatFileRouteId, Producer> {
  const producers: Partial<Record<SatFileRouteId, Producer>> = {};
  for (const spec of CATALOGS) {
    const lookup = lookupRouteId(spec.family, spec.id);
    if (lookup !== "cfdiNumPedimentoAduana") {
      producers[lookup] = (inputs) => listOf(spec.id, inputs).map((e) => ({ pathValues: keyValues(spec, e), body: () => e }));
    }
    producers[listRouteId(spec.family, spec.id)] = (inputs) => [listResource(spec.id, listOf(spec.id, inputs))];
  }
  return producers as Record<SatFileRouteId, Producer>;
}
