// SAT catalog routes answered per request: arbitrary list pages, pedimento lookups and c_TasaOCuota, from the build's dumps.
import { dumpPath, listDumpPath, type Route } from "../../routes.ts";
import { HttpError, notFound } from "../errors.ts";
import type { Handler } from "../handler.ts";
import { CatalogPages, catalogPagesHandler, pagedListRoutes } from "./catalog-pages.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../../sat-search.ts";

/** The bytes of a file of the published tree (a dump), or undefined when it is not there. */
export type DumpReader = (path: string) => Uint8Array | undefined;

const unavailable = (): HttpError =>
  new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", ["Retry-After", "5"]);

/** Everything parsed once per process from the dumps, on first use. */
export class SatData {
  private readonly pageSets = new Map<string, CatalogPages>();
  private pedimentos: Map<string, Uint8Array> | undefined;
  private rules: TasaRule[] | undefined;
  private index: SatSearch | undefined;

  constructor(private readonly read: DumpReader) {}

  private bytes(path: string): Uint8Array {
    const data = this.read(path);
    if (data === undefined) throw unavailable();
    return data;
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
      const records = JSON.parse(new TextDecoder().decode(this.bytes(dumpPath("cfdi-num-pedimento-aduana", "json")))) as PedimentoRecord[];
      const encoder = new TextEncoder();
      this.pedimentos = new Map(records.map((r) => [`${r.aduana}/${r.patente}/${r.ejercicio}`, encoder.encode(JSON.stringify(r))]));
    }
    return this.pedimentos.get(key);
  }

  search(): SatSearch {
    this.index ??= new SatSearch(new TextDecoder().decode(this.bytes(SEARCH_INDEX_PATH)));
    return this.index;
  }

  tasaOCuota(): TasaRule[] {
    this.rules ??= JSON.parse(new TextDecoder().decode(this.bytes(dumpPath("cfdi-tasa-o-cuota", "json")))) as TasaRule[];
    return this.rules;
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

export function pageFallbacks(data: () => SatData): Record<string, Handler> {
  return Object.fromEntries(pagedListRoutes().map((r) => [r.id, catalogPagesHandler(() => data().pages(r))]));
}

export function pedimentoHandler(data: () => SatData): Handler {
  return ({ pathValues }) => {
    const key = `${pathValues["aduana"]}/${pathValues["patente"]}/${pathValues["ejercicio"]}`;
    const body = data().pedimento(key);
    if (body === undefined) throw notFound(`No hay pedimentos autorizados para la aduana, patente y ejercicio ${key}.`);
    return { body };
  };
}

export function tasaOCuotaHandler(data: () => SatData): Handler {
  const encoder = new TextEncoder();
  return ({ query }) => {
    const impuesto = query["impuesto"];
    const factor = query["factor"];
    const rules = data()
      .tasaOCuota()
      .filter((r) => (impuesto === undefined || r.impuesto === impuesto) && (factor === undefined || r.factor === factor));
    return { body: encoder.encode(JSON.stringify(rules)) };
  };
}
