// The SAT catalogs' dumps as the per-request routes read them: bytes, parsed once per process, and the selections they answer.
import { badRequest, HttpError, printable } from "../http-kit/errors.ts";
import { dumpPath } from "./dump-paths.ts";

/** The bytes of a file of the published tree (a dump), or undefined when it is not there. */
export type DumpReader = (path: string) => Uint8Array | undefined;

/** The 503 of a catalog whose dump is not there (a deploy without a function's `included_files`). */
export const catalogUnavailable = (): HttpError =>
  new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", ["Retry-After", "5"]);

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

/**
 * The dumps' bytes, and whatever a handler parses from them, once per process on first use. Each handler brings
 * its own parsing (search index, check indexes, pages), so a function bundles only the parsers it uses.
 */
export class SatData {
  private readonly parsed = new Map<string, unknown>();

  constructor(private readonly read: DumpReader) {}

  /** One SatData over `read`, as the handlers take it. */
  static over(read: DumpReader): () => SatData {
    const sat = new SatData(read);
    return () => sat;
  }

  /** A dump's bytes; a 503 when the tree does not have it. */
  bytes(path: string): Uint8Array {
    const data = this.read(path);
    if (data === undefined) throw catalogUnavailable();
    return data;
  }

  json<T>(path: string): T {
    return JSON.parse(new TextDecoder().decode(this.bytes(path))) as T;
  }

  /** `make()`, made once under `key` and kept. */
  once<T>(key: string, make: () => T): T {
    if (!this.parsed.has(key)) this.parsed.set(key, make());
    return this.parsed.get(key) as T;
  }

  /** The JSON text of one pedimento record by aduana/patente/ejercicio, as its dump holds it. */
  pedimento(key: string): Uint8Array | undefined {
    return this.once("pedimentos", () => {
      const records = this.json<PedimentoRecord[]>(dumpPath("cfdi-num-pedimento-aduana", "json"));
      const encoder = new TextEncoder();
      return new Map(records.map((r) => [`${r.aduana}/${r.patente}/${r.ejercicio}`, encoder.encode(JSON.stringify(r))]));
    }).get(key);
  }

  /** The c_TasaOCuota rules of a tax (if given) and factor (if given). */
  tasaOCuota(impuesto: string | undefined, factor: string | undefined): TasaRule[] {
    const all = this.once("tasa-o-cuota", () => this.json<TasaRule[]>(dumpPath("cfdi-tasa-o-cuota", "json")));
    const ofTax = impuesto === undefined ? () => true : taxFilter(impuesto, all, this.taxes());
    return all.filter((r) => ofTax(r) && (factor === undefined || r.factor === factor));
  }

  /** c_Impuesto's codes and names (001 ISR, 002 IVA, 003 IEPS). */
  private taxes(): TaxEntry[] {
    return this.once("impuesto", () => this.json<TaxEntry[]>(dumpPath("cfdi-impuesto", "json")));
  }
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
