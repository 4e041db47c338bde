// What the site generator receives from the build: the datasets, the as-of date, the site URL and the documents already built.
import type { OpenAPIV3_1 } from "openapi-types";
import type { Datasets } from "../lib/datasets/records.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";
import type { StatusDocument } from "../core/schemas.ts";

/** A file of the published tree: its path from the publish root and its bytes (or UTF-8 text). */
export interface SiteFile {
  path: string;
  data: Uint8Array | string;
}

export interface SiteContext {
  data: Datasets;
  /** YYYY-MM-DD, Mexico City: "today" for everything the pages show. */
  asOf: string;
  /** Public origin without a trailing slash. */
  site: string;
  openapi: OpenAPIV3_1.Document;
  status: StatusDocument;
  /**
   * The files the reference's examples read (each JSON dump, the dump index, the CSV shown, the search index):
   * only these, so that the build does not hold the other downloads' bytes while it makes the site.
   */
  dumps: readonly { path: string; data: Uint8Array }[];
  /** The size in bytes of every download file, by path, for the download page. */
  downloadSizes: ReadonlyMap<string, number>;
  /** The c_ClaveProdServ catalog as API records, ordered by code. */
  claveProdServ: readonly CfdiCatalogEntry[];
  /** Each operation's example answer (site/examples.ts), made from the rest before the pages. */
  examples: ReadonlyMap<string, Example>;
}

/** What the examples are made from: everything the pages have but the examples. */
export type SiteInputs = Omit<SiteContext, "examples">;

export interface Example {
  /** The request, relative to the API base ("/fx/history"). */
  request: string;
  status: number;
  /** The body as shown: indented JSON with long arrays cut, or the first lines of a text file. */
  text: string;
  /** Set when `text` leaves part of the body out. */
  cut: boolean;
  /** How many items the body has, when it is an array. */
  items?: number;
}
