// What a file route's producer is: the inputs every body is computed from, and the resources (path values, body) it yields.
import type { Datasets } from "./records.ts";
import type { CfdiCatalogEntry, StatusDocument } from "../../core/schemas.ts";

/** Everything a file route's body is computed from. */
export interface BodyInputs {
  data: Datasets;
  /** YYYY-MM-DD, Mexico City: decides "the current year". */
  asOf: string;
  /** c_ClaveProdServ as API records, ordered by code (claveProdServList). */
  claveProdServ: readonly CfdiCatalogEntry[];
  status: StatusDocument;
}

/** One resource of a route: its path parameters, and its body for a query form (integer parameters, defaults filled in). */
export interface Resource {
  pathValues: Record<string, string>;
  body: (query: Readonly<Record<string, number>>) => unknown;
  /** Items in the whole list of a paged route: its prebuilt pages cover them. */
  total?: number;
}

export type Producer = (inputs: BodyInputs) => Iterable<Resource>;
