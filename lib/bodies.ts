// What produces the body of every file route, bound by route id: emission (build/emit.ts) and the site's examples both read it.
import { articles } from "../content/articles.ts";
import { glossary } from "../content/glossary.ts";
import { tools } from "../content/tools.ts";
import type { CatalogId, CfdiEntry } from "../sources/sat.ts";
import { cfdiEntry, currentYear, fxHistory, fxRate, inpcLatest, inpcRecord, isrTariff, isrYears, umaRecord, umaYears, type Datasets } from "./records.ts";
import type { FileRouteId } from "./routes.ts";
import { ISR_PERIODS, type ArticleEntry, type CfdiCatalogEntry, type GlossaryEntry, type StatusDocument, type ToolEntry } from "./schemas.ts";

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

/** A route without path parameters whose body may not exist (no record for the current year yet). */
const single = (body: unknown): Resource[] => (body === undefined ? [] : [{ pathValues: {}, body: () => body }]);

/** The catalog's lookups, one resource per code. */
function* cfdiLookups(catalog: CatalogId, d: Datasets): Generator<Resource> {
  for (const e of d.cfdi[catalog]) yield { pathValues: { code: e.code }, body: () => cfdiEntry(catalog, e) };
}

/** One resource per c_ClaveProdServ code. */
function* claveProdServResources(claveProdServ: readonly CfdiCatalogEntry[]): Generator<Resource> {
  for (const e of claveProdServ) yield { pathValues: { code: e.code }, body: () => e };
}

/** The whole c_ClaveProdServ catalog as API records, ordered by code (pages and the dump are slices of it). */
export function claveProdServList(entries: readonly CfdiEntry[]): CfdiCatalogEntry[] {
  return entries.map((e) => cfdiEntry("clave-prod-serv", e)).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

const toolEntries = (): ToolEntry[] => tools.map((t) => ({ slug: t.slug, title: t.title, summary: t.summary, url: t.url, uses: t.uses }));
const articleEntries = (): ArticleEntry[] =>
  articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, url: a.url, updated: a.updated }));
const glossaryEntries = (): GlossaryEntry[] =>
  glossary.map((g) => ({ slug: g.slug, title: g.term, expansion: g.expansion, summary: g.summary, url: g.url }));

/**
 * Every file route's producer, by route id. The type is exhaustive and closed: a file route without a
 * producer, or a producer whose id is not a file route, does not compile.
 */
export const FILE_BODIES: { readonly [K in FileRouteId]: Producer } = {
  fxToday: ({ data }) => single(data.fx.length > 0 ? fxRate(data.fx.at(-1)!) : undefined),
  fxHistory: ({ data }) => [{ pathValues: {}, body: (q) => fxHistory(data.fx, q["days"]!) }],
  umaCurrent: ({ data, asOf }) => {
    const year = currentYear(umaYears(data), asOf);
    return single(year === undefined ? undefined : umaRecord(data, year));
  },
  umaByYear: ({ data }) => umaYears(data).map((y) => ({ pathValues: { year: String(y) }, body: () => umaRecord(data, y) })),
  inpcList: ({ data }) => [{ pathValues: {}, body: (q) => inpcLatest(data.inpc, q["limit"]!) }],
  inpcByPeriod: ({ data }) => data.inpc.map((o) => ({ pathValues: { period: o.period }, body: () => inpcRecord(o) })),
  isrCurrentMonthly: ({ data, asOf }) => {
    const year = currentYear(isrYears(data.isr), asOf);
    return single(year === undefined ? undefined : isrTariff(data.isr, year, "mensual"));
  },
  isrTariff: ({ data }) =>
    isrYears(data.isr).flatMap((y) =>
      ISR_PERIODS.map((period) => ({
        pathValues: { year: String(y), period },
        body: () => isrTariff(data.isr, y, period),
      })),
    ),
  cfdiUso: ({ data }) => cfdiLookups("uso", data),
  cfdiFormaPago: ({ data }) => cfdiLookups("forma-pago", data),
  cfdiMetodoPago: ({ data }) => cfdiLookups("metodo-pago", data),
  cfdiRegimen: ({ data }) => cfdiLookups("regimen", data),
  cfdiTipoComprobante: ({ data }) => cfdiLookups("tipo-comprobante", data),
  cfdiMoneda: ({ data }) => cfdiLookups("moneda", data),
  cfdiClaveProdServ: ({ claveProdServ }) => claveProdServResources(claveProdServ),
  cfdiClaveProdServList: ({ claveProdServ }) => [
    { pathValues: {}, total: claveProdServ.length, body: (q) => claveProdServ.slice(q["offset"]!, q["offset"]! + q["limit"]!) },
  ],
  toolsCatalog: () => single(toolEntries()),
  articlesCatalog: () => single(articleEntries()),
  glossaryCatalog: () => single(glossaryEntries()),
  status: ({ status }) => single(status),
};

export const FILE_ROUTE_IDS = Object.keys(FILE_BODIES) as FileRouteId[];

export const isFileRouteId = (id: string): id is FileRouteId => Object.hasOwn(FILE_BODIES, id);
