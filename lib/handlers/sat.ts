// SAT catalog routes answered per request: arbitrary list pages, pedimento lookups and c_TasaOCuota, from the build's dumps.
import { dumpPath } from "../routes/routes.ts";
import { badRequest, HttpError, notFound, printable } from "../http-kit/errors.ts";
import type { Handler } from "../http-kit/handler.ts";

/** The bytes of a file of the published tree (a dump), or undefined when it is not there. */
export type DumpReader = (path: string) => Uint8Array | undefined;

const unavailable = (): HttpError =>
  new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", ["Retry-After", "5"]);

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
    if (data === undefined) throw unavailable();
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

  tasaOCuota(): TasaRule[] {
    return this.once("tasa-o-cuota", () => this.json<TasaRule[]>(dumpPath("cfdi-tasa-o-cuota", "json")));
  }

  /** c_Impuesto's codes and names (001 ISR, 002 IVA, 003 IEPS). */
  taxes(): TaxEntry[] {
    return this.once("impuesto", () => this.json<TaxEntry[]>(dumpPath("cfdi-impuesto", "json")));
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
