// The in-memory indexes the pre-checks read: each catalog's entries by code and the c_TasaOCuota rules, built once from the dumps.
import type { CatalogRecord } from "./findings.ts";
import type { TasaOCuotaRule } from "../../core/sat-schemas.ts";

/** A c_TasaOCuota rule as the dump publishes it: the API's own record shape. */
export type TasaRecord = TasaOCuotaRule;

/** The catalogs the checks read, by the id of their dump (`cfdi-<id>`). */
export const CHECK_CATALOGS = [
  "uso",
  "regimen",
  "forma-pago",
  "metodo-pago",
  "tipo-comprobante",
  "moneda",
  "exportacion",
  "clave-prod-serv",
  "clave-unidad",
  "objeto-imp",
  "impuesto",
  "tipo-factor",
  "periodicidad",
  "meses",
  "tipo-relacion",
  "pais",
] as const;
export type CheckCatalog = (typeof CHECK_CATALOGS)[number];

export class CheckIndex {
  private readonly byCode: ReadonlyMap<CheckCatalog, ReadonlyMap<string, CatalogRecord>>;

  /** `read` gives a catalog's records; `rules` the c_TasaOCuota rules. */
  constructor(
    read: (id: CheckCatalog) => readonly CatalogRecord[],
    readonly rules: readonly TasaRecord[],
  ) {
    this.byCode = new Map(CHECK_CATALOGS.map((id) => [id, new Map(read(id).map((e) => [e.code, e]))]));
  }

  /** A catalog's entries by code. */
  catalog(id: CheckCatalog): ReadonlyMap<string, CatalogRecord> {
    return this.byCode.get(id) as ReadonlyMap<string, CatalogRecord>;
  }
}
