// SAT catalog routes answered per request: arbitrary list pages, pedimento lookups and c_TasaOCuota, from the build's dumps.
import { dumpPath, listDumpPath, type Route } from "../../routes.ts";
import { badRequest, HttpError, notFound, printable } from "../errors.ts";
import type { Handler } from "../handler.ts";
import { CatalogPages, catalogPagesHandler, pagedListRoutes } from "./catalog-pages.ts";
import { catalogFilterHandler, filteredListRoutes } from "./catalog-filters.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../../sat-search.ts";
import type { CheckIndex } from "../../cfdi-check/catalogs.ts";
import { checkIndexFrom } from "./check.ts";

/** The bytes of a file of the published tree (a dump), or undefined when it is not there. */
export type DumpReader = (path: string) => Uint8Array | undefined;

const unavailable = (): HttpError =>
  new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", ["Retry-After", "5"]);

/** Everything parsed once per process from the dumps, on first use. */
export class SatData {
  private readonly pageSets = new Map<string, CatalogPages>();
  private readonly lists = new Map<string, readonly Record<string, unknown>[]>();
  private pedimentos: Map<string, Uint8Array> | undefined;
  private rules: TasaRule[] | undefined;
  private taxEntries: TaxEntry[] | undefined;
  private index: SatSearch | undefined;
  private checkIndex: CheckIndex | undefined;

  constructor(private readonly read: DumpReader) {}

  private bytes(path: string): Uint8Array {
    const data = this.read(path);
    if (data === undefined) throw unavailable();
    return data;
  }

  private json<T>(path: string): T {
    return JSON.parse(new TextDecoder().decode(this.bytes(path))) as T;
  }

  /** A list's entries, parsed from its dump (the filtered lists read them). */
  entries(route: Route): readonly Record<string, unknown>[] {
    let list = this.lists.get(route.id);
    if (list === undefined) {
      list = this.json<Record<string, unknown>[]>(listDumpPath(route));
      this.lists.set(route.id, list);
    }
    return list;
  }

  pages(route: Route): CatalogPages {
    let pages = this.pageSets.get(route.id);
    if (pages === undefined) {
      pages = new CatalogPages(this.bytes(listDumpPath(route)));
      this.pageSets.set(route.id, pages);
    }
    return pages;
  }

  /** The JSON text of one pedimento record by aduana/patente/ejercicio, as its dump holds it. */
  pedimento(key: string): Uint8Array | undefined {
    if (this.pedimentos === undefined) {
      const records = this.json<PedimentoRecord[]>(dumpPath("cfdi-num-pedimento-aduana", "json"));
      const encoder = new TextEncoder();
      this.pedimentos = new Map(records.map((r) => [`${r.aduana}/${r.patente}/${r.ejercicio}`, encoder.encode(JSON.stringify(r))]));
    }
    return this.pedimentos.get(key);
  }

  search(): SatSearch {
    this.index ??= new SatSearch(new TextDecoder().decode(this.bytes(SEARCH_INDEX_PATH)));
    return this.index;
  }

  /** The pre-checks' indexes: the catalogs they read by code and the c_TasaOCuota rules. */
  checks(): CheckIndex {
    this.checkIndex ??= checkIndexFrom((path) => this.json(path));
    return this.checkIndex;
  }

  tasaOCuota(): TasaRule[] {
    this.rules ??= this.json<TasaRule[]>(dumpPath("cfdi-tasa-o-cuota", "json"));
    return this.rules;
  }

  /** c_Impuesto's codes and names (001 ISR, 002 IVA, 003 IEPS). */
  taxes(): TaxEntry[] {
    this.taxEntries ??= this.json<TaxEntry[]>(dumpPath("cfdi-impuesto", "json"));
    return this.taxEntries;
  }
}

interface PedimentoRecord {
  aduana: string;
  patente: string;
  ejercicio: number;
}
interface TasaRule {
  impuesto: string;
  factor: string;
}
interface TaxEntry {
  code: string;
  description: string;
}

/** The list forms without a file: arbitrary pages of the paged catalogs and filtered lists. */
export function pageFallbacks(data: () => SatData): Record<string, Handler> {
  return Object.fromEntries([
    ...pagedListRoutes().map((r) => [r.id, catalogPagesHandler(() => data().pages(r))]),
    ...filteredListRoutes().map((r) => [r.id, catalogFilterHandler(() => data().entries(r))]),
  ]);
}

export function pedimentoHandler(data: () => SatData): Handler {
  return ({ pathValues }) => {
    const key = `${pathValues["aduana"]}/${pathValues["patente"]}/${pathValues["ejercicio"]}`;
    const body = data().pedimento(key);
    if (body === undefined) throw notFound(`No hay pedimentos autorizados para la aduana, patente y ejercicio ${key}.`);
    return { body };
  };
}

/**
 * Which rules `impuesto` selects: a c_Impuesto code selects every rule of that tax (a CFDI's tax line carries
 * the code; "IVA Crédito aplicado del 50%" is an IVA rule), the Impuesto column's text its own rules.
 */
function taxFilter(impuesto: string, rules: TasaRule[], taxes: TaxEntry[]): (r: TasaRule) => boolean {
  const tax = taxes.find((t) => t.code === impuesto);
  if (tax !== undefined) return (r) => r.impuesto === tax.description || r.impuesto.startsWith(`${tax.description} `);
  if (rules.some((r) => r.impuesto === impuesto)) return (r) => r.impuesto === impuesto;
  const texts = [...new Set(rules.map((r) => r.impuesto))].sort();
  throw badRequest(
    `El impuesto «${printable(impuesto)}» no está en c_TasaOCuota: use la clave de c_Impuesto (${taxes.map((t) => `${t.code} ${t.description}`).join(", ")}) o el texto de la columna Impuesto (${texts.join(", ")}).`,
  );
}

export function tasaOCuotaHandler(data: () => SatData): Handler {
  const encoder = new TextEncoder();
  return ({ query }) => {
    const impuesto = query["impuesto"];
    const factor = query["factor"];
    const all = data().tasaOCuota();
    const ofTax = typeof impuesto === "string" ? taxFilter(impuesto, all, data().taxes()) : () => true;
    const rules = all.filter((r) => ofTax(r) && (factor === undefined || r.factor === factor));
    return { body: encoder.encode(JSON.stringify(rules)) };
  };
}
