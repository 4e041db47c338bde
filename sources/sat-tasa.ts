// c_TasaOCuota of SAT's CFDI 4.0 workbook: not a keyed catalog but a list of rules (tax, factor, fixed value or range).
import { columnFinder, csvRows, readCell, validityOrdered } from "./sat-sheet.ts";
import { isValidIsoDate } from "../core/dates.ts";
import { hasRecords, noDuplicates } from "./checks.ts";
import { ParseError, type CheckFailure, type NamedCheck } from "./types.ts";

export interface TasaOCuotaRule {
  /** "Fijo": exactly valorMaximo; "Rango": any value from valorMinimo to valorMaximo. */
  rangoOFijo: "Fijo" | "Rango";
  valorMinimo: number | null;
  valorMaximo: number;
  impuesto: string;
  factor: string;
  traslado: boolean;
  retencion: boolean;
  validFrom: string | null;
  validTo: string | null;
  row: number;
}

export const TASA_O_CUOTA_SHEET = "c_TasaOCuota";

function decimal(value: string, header: string, file: string, row: number): number {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new ParseError(file, `columna "${header}": se esperaba un número y llegó "${value}"`, row);
  return Number(value);
}

function date(value: string, header: string, file: string, row: number): string | null {
  if (value === "") return null;
  if (!isValidIsoDate(value)) throw new ParseError(file, `columna "${header}": fecha inválida "${value}" (se espera AAAA-MM-DD)`, row);
  return value;
}

/** Pure parser of the c_TasaOCuota sheet (its two-level header flattened to the leaf names). */
export function parseTasaOCuota(text: string, file: string): TasaOCuotaRule[] {
  const [header, ...body] = csvRows(text, file);
  if (!header) throw new ParseError(file, "el CSV no tiene encabezado");
  const col = columnFinder(header, file);
  const at = {
    kind: col("Rango o Fijo"),
    min: col("Valor mínimo"),
    max: col("Valor máximo"),
    tax: col("Impuesto"),
    factor: col("Factor"),
    traslado: col("Traslado"),
    retencion: col("Retención"),
    from: col("Fecha inicio de vigencia"),
    to: col("Fecha fin de vigencia"),
  };
  return body.map((cells, i) => {
    const row = i + 2;
    const cell = (index: number): string => (cells[index] ?? "").trim();
    const kind = cell(at.kind);
    if (kind !== "Fijo" && kind !== "Rango")
      throw new ParseError(file, `columna "Rango o Fijo": se esperaba Fijo o Rango y llegó "${kind}"`, row);
    return {
      rangoOFijo: kind,
      valorMinimo: cell(at.min) === "" ? null : decimal(cell(at.min), "Valor mínimo", file, row),
      valorMaximo: decimal(cell(at.max), "Valor máximo", file, row),
      impuesto: cell(at.tax),
      factor: cell(at.factor),
      traslado: readCell("siNo", cell(at.traslado), "Traslado", file, row) as boolean,
      retencion: readCell("siNo", cell(at.retencion), "Retención", file, row) as boolean,
      validFrom: date(cell(at.from), "Fecha inicio de vigencia", file, row),
      validTo: date(cell(at.to), "Fecha fin de vigencia", file, row),
      row,
    };
  });
}

/** A range has both ends in order; a fixed value has no minimum; every rule names its tax and factor. */
const rulesWellFormed: NamedCheck<TasaOCuotaRule[]> = {
  name: "cfdi-tasa-o-cuota-reglas",
  run(rules, file) {
    const failures: CheckFailure[] = [];
    const fail = (r: TasaOCuotaRule, message: string): void => void failures.push({ check: this.name, file, row: r.row, message });
    for (const r of rules) {
      if (r.impuesto === "" || r.factor === "") fail(r, "regla sin impuesto o sin factor");
      if (r.rangoOFijo === "Rango" && (r.valorMinimo === null || r.valorMinimo > r.valorMaximo))
        fail(r, `rango ${r.valorMinimo} – ${r.valorMaximo} mal formado`);
      if (r.rangoOFijo === "Fijo" && r.valorMinimo !== null) fail(r, "un valor fijo no lleva valor mínimo");
    }
    return failures;
  },
};

/** The identity of a rule: every column but the vigencia. */
export const ruleKey = (r: TasaOCuotaRule): string =>
  [r.rangoOFijo, r.valorMinimo ?? "", r.valorMaximo, r.impuesto, r.factor, r.traslado ? "T" : "", r.retencion ? "R" : ""].join("|");

export const tasaOCuotaChecks: NamedCheck<TasaOCuotaRule[]>[] = [
  hasRecords("cfdi-tasa-o-cuota-no-vacio"),
  noDuplicates("cfdi-tasa-o-cuota-sin-reglas-duplicadas", ruleKey),
  rulesWellFormed,
  validityOrdered("cfdi-tasa-o-cuota-vigencia-ordenada"),
];
