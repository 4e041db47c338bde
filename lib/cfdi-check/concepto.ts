// The concept (line) pre-check: product, unit and ObjetoImp keys on the date, what the product key asks for, and one tax line against c_TasaOCuota.
import type { CheckIndex, TasaRecord } from "./catalogs.ts";
import { inForce, lookupCode, result, type CatalogRecord, type CheckResult, type Finding, type NotChecked } from "./findings.ts";

export interface TaxLine {
  tipo: "traslado" | "retencion";
  impuesto: string;
  factor: string;
  /** The TasaOCuota as sent (decimal text), or undefined when absent. */
  tasaOCuota: string | undefined;
}

export interface ConceptoInput {
  claveProdServ: string;
  claveUnidad: string;
  objetoImp: string;
  tax: TaxLine | undefined;
  date: string;
}

const CONCEPTO_NOT_CHECKED: readonly NotChecked[] = [
  { what: "Los importes del concepto y de sus impuestos y sus límites (Base, Importe, redondeo).", satCode: "CFDI40180" },
  { what: "Las demás líneas de impuestos del concepto: aquí se revisa una por consulta.", satCode: null },
  { what: "Que el comprobante traiga el complemento que pida la clave de producto.", satCode: "CFDI40163" },
];

const SCALE = 6;
/** A decimal text or a catalog number as an integer of millionths (exact; TasaOCuota has at most 6 decimals). */
export function millionths(value: string | number): bigint | null {
  const text = typeof value === "number" ? value.toFixed(SCALE) : value;
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (m === null) return null;
  return BigInt(m[1] as string) * 10n ** BigInt(SCALE) + BigInt((m[2] ?? "").padEnd(SCALE, "0"));
}

/** Objeto de impuesto: 02 carries the Impuestos node; 01, 03, 04 and 05 must not (Anexo 20, matrix rows 71 and 72). */
const WITH_TAXES = new Set(["02"]);
const WITHOUT_TAXES = new Set(["01", "03", "04", "05"]);

function productFindings(out: Finding[], product: CatalogRecord, objetoImp: string): void {
  const taxed = WITH_TAXES.has(objetoImp);
  for (const [column, field, name] of [
    ["Incluir IVA trasladado", "incluirIva", "IVA"],
    ["Incluir IEPS trasladado", "incluirIeps", "IEPS"],
  ] as const) {
    const value = String(product[field] ?? "");
    const required = value === "Sí";
    out.push({
      rule: `clave-prod-serv-${name.toLowerCase()}`,
      passed: !required ? true : taxed ? null : false,
      field: "Concepto/ClaveProdServ",
      message: !required
        ? `La clave ${product.code} deja el ${name} trasladado como «${value}»: no lo exige.`
        : taxed
          ? `La clave ${product.code} exige ${name} trasladado: el concepto debe llevar un traslado de ${name}.`
          : `La clave ${product.code} exige ${name} trasladado, pero con ObjetoImp ${objetoImp} el concepto no lleva impuestos.`,
      catalog: "c_ClaveProdServ",
      column,
      satCode: "CFDI40164",
    });
  }
  const complement = product["complemento"];
  const named = typeof complement === "string" && complement !== "";
  out.push({
    rule: "clave-prod-serv-complemento",
    passed: named ? null : true,
    field: "Concepto/ClaveProdServ",
    message: named
      ? `La clave ${product.code} exige el complemento «${complement}» en el comprobante.`
      : `La clave ${product.code} no exige complemento.`,
    catalog: "c_ClaveProdServ",
    column: "Complemento que debe incluir",
    satCode: "CFDI40163",
  });
}

function objetoFindings(out: Finding[], objetoImp: string, hasTax: boolean): void {
  if (WITH_TAXES.has(objetoImp)) {
    out.push({
      rule: "objeto-imp-impuestos",
      passed: hasTax,
      field: "Concepto/ObjetoImp",
      message: hasTax
        ? `Con ObjetoImp ${objetoImp} el concepto lleva impuestos, como se requiere.`
        : `Con ObjetoImp ${objetoImp} el concepto debe llevar el nodo Impuestos (al menos un traslado o una retención).`,
      catalog: "c_ObjetoImp",
      column: "c_ObjetoImp",
      satCode: "CFDI40171",
    });
  } else if (WITHOUT_TAXES.has(objetoImp)) {
    out.push({
      rule: "objeto-imp-impuestos",
      passed: !hasTax,
      field: "Concepto/ObjetoImp",
      message: hasTax
        ? `Con ObjetoImp ${objetoImp} el concepto no debe llevar el nodo Impuestos.`
        : `Con ObjetoImp ${objetoImp} el concepto no lleva impuestos, como se requiere.`,
      catalog: "c_ObjetoImp",
      column: "c_ObjetoImp",
      satCode: "CFDI40172",
    });
  }
}

const CODES = {
  traslado: { impuesto: "CFDI40175", factor: "CFDI40176", tasa: "CFDI40179" },
  retencion: { impuesto: "CFDI40182", factor: "CFDI40183", tasa: "CFDI40185" },
} as const;
const TIPO_WORDS = { traslado: "traslado", retencion: "retención" } as const;
const TIPO_NODE = { traslado: "Traslado", retencion: "Retencion" } as const;

/** The rules of the tax (by its c_Impuesto name; «IVA Crédito aplicado del 50%» is an IVA rule), factor and direction, in force on the date. */
function rulesFor(rules: readonly TasaRecord[], taxName: string, factor: string, tipo: TaxLine["tipo"], date: string): TasaRecord[] {
  return rules.filter(
    (r) =>
      (r.impuesto === taxName || r.impuesto.startsWith(`${taxName} `)) &&
      r.factor === factor &&
      (tipo === "traslado" ? r.traslado : r.retencion) &&
      inForce(r, date),
  );
}

const ruleWords = (r: TasaRecord): string =>
  r.rangoOFijo === "Rango"
    ? `de ${r.valorMinimo ?? 0} a ${r.valorMaximo}`
    : `${r.valorMaximo}${r.impuesto.includes(" ") ? ` (${r.impuesto})` : ""}`;

function matches(r: TasaRecord, value: bigint): boolean {
  const max = millionths(r.valorMaximo) as bigint;
  if (r.rangoOFijo !== "Rango") return value === max;
  return (millionths(r.valorMinimo ?? 0) as bigint) <= value && value <= max;
}

function tasaFinding(out: Finding[], index: CheckIndex, tax: TaxLine, taxName: string, date: string): void {
  const field = `Concepto/Impuestos/${TIPO_NODE[tax.tipo]}/TasaOCuota`;
  const base = { field, catalog: "c_TasaOCuota", satCode: CODES[tax.tipo].tasa };
  if (tax.factor === "Exento") {
    // Only traslados can be exempt; an exempt line carries no TasaOCuota.
    if (tax.tipo === "traslado") {
      const ok = tax.tasaOCuota === undefined;
      out.push({
        rule: "exento-sin-tasa",
        passed: ok,
        ...base,
        column: "Factor",
        message: ok
          ? "Un traslado Exento va sin TasaOCuota ni Importe, como se requiere."
          : "Un traslado Exento no lleva TasaOCuota ni Importe: quite la tasa.",
        satCode: "CFDI40177",
      });
    }
    return;
  }
  if (tax.tasaOCuota === undefined) {
    out.push({
      rule: "tasa-requerida",
      passed: false,
      ...base,
      column: "Factor",
      message: `Un${tax.tipo === "retencion" ? "a" : ""} ${TIPO_WORDS[tax.tipo]} con factor ${tax.factor} debe llevar TasaOCuota.`,
      satCode: tax.tipo === "traslado" ? "CFDI40178" : null,
    });
    return;
  }
  const candidates = rulesFor(index.rules, taxName, tax.factor, tax.tipo, date);
  const value = millionths(tax.tasaOCuota) as bigint;
  const hit = candidates.find((r) => matches(r, value));
  const allowed = candidates.map(ruleWords).join("; ");
  out.push({
    rule: "tasa-o-cuota",
    passed: hit !== undefined,
    ...base,
    column: "Rango o Fijo, Valor mínimo, Valor máximo, Impuesto, Factor, Traslado, Retención",
    message:
      hit !== undefined
        ? `${tax.tasaOCuota} es ${hit.rangoOFijo === "Rango" ? `un valor del rango ${ruleWords(hit)}` : "un valor fijo"} de ${hit.impuesto} ${hit.factor} en ${TIPO_WORDS[tax.tipo]} el ${date}.`
        : candidates.length === 0
          ? `c_TasaOCuota no tiene reglas de ${taxName} con factor ${tax.factor} en ${TIPO_WORDS[tax.tipo]} vigentes el ${date}.`
          : `${tax.tasaOCuota} no es una tasa o cuota de ${taxName} ${tax.factor} en ${TIPO_WORDS[tax.tipo]} el ${date}; se admiten: ${allowed}.`,
  });
}

function taxFindings(out: Finding[], index: CheckIndex, tax: TaxLine, date: string): void {
  const node = `Concepto/Impuestos/${TIPO_NODE[tax.tipo]}`;
  const codes = CODES[tax.tipo];
  const impuesto = lookupCode(
    out,
    { field: `${node}/Impuesto`, catalog: "c_Impuesto", satCode: codes.impuesto, prefix: "impuesto" },
    tax.impuesto,
    index.catalog("impuesto"),
    date,
  );
  if (impuesto !== null) {
    const ok = impuesto[tax.tipo] === true;
    out.push({
      rule: "impuesto-tipo",
      passed: ok,
      field: `${node}/Impuesto`,
      message: ok
        ? `${impuesto.description} admite ${TIPO_WORDS[tax.tipo]}.`
        : `${impuesto.description} no se ${tax.tipo === "traslado" ? "traslada" : "retiene"} según c_Impuesto.`,
      catalog: "c_Impuesto",
      column: tax.tipo === "traslado" ? "Traslado" : "Retención",
      satCode: null,
    });
  }
  const factor = lookupCode(
    out,
    { field: `${node}/TipoFactor`, catalog: "c_TipoFactor", satCode: codes.factor, prefix: "factor" },
    tax.factor,
    index.catalog("tipo-factor"),
    date,
  );
  if (factor !== null && tax.tipo === "retencion") {
    const ok = factor.code !== "Exento";
    out.push({
      rule: "retencion-no-exenta",
      passed: ok,
      field: `${node}/TipoFactor`,
      message: ok ? `Una retención con factor ${factor.code} es admisible.` : "Una retención no puede tener factor Exento.",
      catalog: "c_TipoFactor",
      column: "c_TipoFactor",
      satCode: "CFDI40184",
    });
  }
  if (impuesto !== null && factor !== null) tasaFinding(out, index, tax, impuesto.description, date);
}

export function checkConcepto(index: CheckIndex, input: ConceptoInput): CheckResult {
  const out: Finding[] = [];
  const { date } = input;
  const product = lookupCode(
    out,
    { field: "Concepto/ClaveProdServ", catalog: "c_ClaveProdServ", satCode: "CFDI40162", prefix: "clave-prod-serv" },
    input.claveProdServ,
    index.catalog("clave-prod-serv"),
    date,
  );
  lookupCode(
    out,
    { field: "Concepto/ClaveUnidad", catalog: "c_ClaveUnidad", satCode: "CFDI40165", prefix: "clave-unidad" },
    input.claveUnidad,
    index.catalog("clave-unidad"),
    date,
  );
  const objeto = lookupCode(
    out,
    { field: "Concepto/ObjetoImp", catalog: "c_ObjetoImp", satCode: "CFDI40170", prefix: "objeto-imp" },
    input.objetoImp,
    index.catalog("objeto-imp"),
    date,
  );
  if (product !== null) productFindings(out, product, input.objetoImp);
  if (objeto !== null) objetoFindings(out, objeto.code, input.tax !== undefined);
  if (input.tax !== undefined) taxFindings(out, index, input.tax, date);
  return result(date, out, [...CONCEPTO_NOT_CHECKED]);
}
