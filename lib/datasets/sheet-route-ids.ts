// The route ids of a SAT catalog sheet (its lookup and its list), from its family and id: the dataset definitions and the route table both name routes by them.
import type { CfdiCatalogId } from "../../sources/sat-cfdi.ts";
import type { NominaCatalogId } from "../../sources/sat-nomina.ts";
import type { CatalogId } from "../../sources/sat.ts";

/** kebab-case to PascalCase, as a type: "forma-pago" → "FormaPago". */
type Pascal<S extends string> = S extends `${infer H}-${infer T}` ? `${Capitalize<H>}${Pascal<T>}` : Capitalize<S>;

/** The lookup route id of every catalog ("cfdiFormaPago", "nominaTipoPercepcion"), and of its list (…"List"). */
export type SatLookupId = `cfdi${Pascal<CfdiCatalogId>}` | `nomina${Pascal<NominaCatalogId>}`;
export type SatListId = `${SatLookupId}List`;
const pascal = (id: string): string =>
  id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

/** The route ids of a catalog: its lookup and its list. */
export const lookupRouteId = (family: "cfdi" | "nomina", id: CatalogId): SatLookupId => `${family}${pascal(id)}` as SatLookupId;
export const listRouteId = (family: "cfdi" | "nomina", id: CatalogId): SatListId => `${family}${pascal(id)}List` as SatListId;
