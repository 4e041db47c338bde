// A catalog key's file answered from its list dump (the file is the entry's JSON text): what the MCP function packs instead of 60,000 files.
import { CATALOGS } from "../../sources/sat.ts";
import { keyValues } from "../bodies/sat-bodies.ts";
import { API_BASE, filePath, listDumpPath, routeById, type RouteId } from "../routes/routes.ts";
import { listRouteId, lookupRouteId } from "../routes/sat-routes.ts";
import type { CfdiCatalogEntry } from "../../core/schemas.ts";
import type { DumpReader } from "../datasets/sat-dumps.ts";
import { apiStaticFile } from "../http/static.ts";
import type { FileStore } from "../http-kit/respond.ts";

/** A catalog with a file per key: its lookup and list routes and how an entry spells its lookup's path values. */
interface Catalog {
  lookup: RouteId;
  list: RouteId;
  values: (entry: CfdiCatalogEntry) => Record<string, string>;
}

const CATALOG_KEYS: readonly Catalog[] = [
  ...CATALOGS.filter((spec) => lookupRouteId(spec.family, spec.id) !== "cfdiNumPedimentoAduana").map((spec) => ({
    lookup: lookupRouteId(spec.family, spec.id),
    list: listRouteId(spec.family, spec.id),
    values: (e: CfdiCatalogEntry) => keyValues(spec, e),
  })),
  // The cancellation reasons (lib/datasets/cancel-reasons.ts): keyed by code like a one-column sheet.
  { lookup: "cfdiMotivoCancelacion", list: "cfdiMotivoCancelacionList", values: (e: CfdiCatalogEntry) => ({ code: e.code }) },
];

/** Each catalog with lookup files, by the folder its keys' files are in ("/api/v1/public/cfdi/uso/"). */
const folders = new Map<string, Catalog>(
  CATALOG_KEYS.map((c) => {
    const lookup = routeById(c.lookup);
    return [`${API_BASE}${lookup.path.slice(0, lookup.path.indexOf("{"))}`, c] as const;
  }),
);

/** The folder of a path's catalog, if the path is below one (its first two segments after the API base). */
function folderOf(path: string): string | undefined {
  if (!path.startsWith(`${API_BASE}/`)) return undefined;
  const segments = path.slice(API_BASE.length + 1).split("/");
  return segments.length < 3 ? undefined : `${API_BASE}/${segments[0]}/${segments[1]}/`;
}

/** Catalog key files from the list dumps read by `read`; a catalog's dump is parsed on the first request for one of its keys. */
export function catalogKeyFiles(read: DumpReader): FileStore {
  // Entries by file path; a file (its bytes and ETag) is made when asked for, not for the 53,000 keys at once.
  const byCatalog = new Map<Catalog, Map<string, CfdiCatalogEntry>>();
  const encoder = new TextEncoder();
  const filesOf = (spec: Catalog): Map<string, CfdiCatalogEntry> | undefined => {
    let files = byCatalog.get(spec);
    if (files === undefined) {
      const dump = read(listDumpPath(routeById(spec.list)));
      if (dump === undefined) return undefined;
      const lookup = routeById(spec.lookup);
      files = new Map();
      for (const entry of JSON.parse(new TextDecoder().decode(dump)) as CfdiCatalogEntry[]) {
        files.set(filePath(lookup, spec.values(entry)), entry);
      }
      byCatalog.set(spec, files);
    }
    return files;
  };
  return {
    get(path) {
      const folder = folderOf(path);
      const spec = folder === undefined ? undefined : folders.get(folder);
      const entry = spec === undefined ? undefined : filesOf(spec)?.get(path);
      return entry === undefined ? undefined : apiStaticFile(path, encoder.encode(JSON.stringify(entry)));
    },
  };
}
