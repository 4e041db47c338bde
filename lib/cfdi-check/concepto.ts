// The concept (line) pre-check: product, unit and ObjetoImp keys on the date, what the product key asks for, and its tax lines against c_TasaOCuota.
import type { CheckIndex, TasaRecord } from "./catalogs.ts";
import { inForce, lookupCode, result, type CatalogRecord, type CheckResult, type Finding, type NotChecked } from "./findings.ts";

export interface TaxLine {
  tipo: "traslado" | "retencion";
  impuesto: string;
  factor: string;
  /** The TasaOCuota as sent (decimal text), or undefined when absent. */
  tasaOCuota: string | undefined;
  /** The node in the findings' field (Traslado, Retencion[2]…); by default the tipo's node name. */
  node?: string;
}

export interface ConceptoInput {
  claveProdServ: string;
  claveUnidad: string;
  objetoImp: string;
  /** The tax lines given: one at most from a GET, every line of the concept from an XML. */
  taxes: readonly TaxLine[];
  /** Whether `taxes` are all the concept's lines (an XML, or a GET without a line) or one of them (a GET with one). */
  allTaxes: boolean;
  date: string;
}

const CONCEPTO_NOT_CHECKED: readonly NotChecked[] = [
  {
    what: "Los importes del concepto y de sus impuestos y sus límites (Base, Importe, redondeo): se revisan en POST /cfdi/validar con el XML.",
    satCode: "CFDI40180",
  },
  { what: "Las demás líneas de impuestos del concepto: aquí se revisa una por consulta (POST /cfdi/validar revisa todas).", satCode: null },
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

/** Objeto de impuesto: 02 carries the Impuestos node; 01, 03, 04 and 05 must not (matrix rows 71 and 72, CFDI40171/CFDI40172). */
const WITH_TAXES = new Set(["02"]);
const WITHOUT_TAXES = new Set(["01", "03", "04", "05"]);
const IVA = "002";
const IEPS = "003";

const carries = (taxes: readonly TaxLine[], impuesto: string, tipo?: TaxLine["tipo"]): boolean =>
  taxes.some((t) => t.impuesto === impuesto && (tipo === undefined || t.tipo === tipo));

/** A requirement's verdict from the lines given: met, broken, or null when only the concept's other lines could show it. */
const shown = (met: boolean, input: Pick<ConceptoInput, "allTaxes">): boolean | null => (met ? true : input.allTaxes ? false : null);

function productFindings(out: Finding[], product: CatalogRecord, input: ConceptoInput): void {
  const taxed = !WITHOUT_TAXES.has(input.objetoImp);
  for (const [column, field, name, impuesto] of [
    ["Incluir IVA trasladado", "incluirIva", "IVA", IVA],
    ["Incluir IEPS trasladado", "incluirIeps", "IEPS", IEPS],
  ] as const) {
    const value = String(product[field] ?? "");
    const required = value === "Sí";
    const passed = !required ? true : taxed ? shown(carries(input.taxes, impuesto, "traslado"), input) : false;
    out.push({
      rule: `clave-prod-serv-${name.toLowerCase()}`,
      passed,
      field: "Concepto/ClaveProdServ",
      message: !required
        ? `La clave ${product.code} deja el ${name} trasladado como «${value}»: no lo exige.`
        : !taxed
          ? `La clave ${product.code} exige ${name} trasladado, pero con ObjetoImp ${input.objetoImp} el concepto no lleva impuestos.`
          : passed === true
            ? `La clave ${product.code} exige ${name} trasladado y el concepto lo lleva.`
            : `La clave ${product.code} exige ${name} trasladado: el concepto debe llevar un traslado de ${name}${passed === null ? " (en otra de sus líneas)" : ""}.`,
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

function objetoFindings(out: Finding[], input: ConceptoInput): void {
  const { objetoImp, taxes } = input;
  const hasTax = taxes.length > 0;
  const base = { field: "Concepto/ObjetoImp", catalog: "c_ObjetoImp", column: "c_ObjetoImp" };
  if (WITH_TAXES.has(objetoImp)) {
    out.push({
      rule: "objeto-imp-impuestos",
      passed: hasTax,
      ...base,
      message: hasTax
        ? `Con ObjetoImp ${objetoImp} el concepto lleva impuestos, como se requiere.`
        : `Con ObjetoImp ${objetoImp} el concepto debe llevar el nodo Impuestos (al menos un traslado o una retención).`,
      satCode: "CFDI40171",
    });
  } else if (WITHOUT_TAXES.has(objetoImp)) {
    out.push({
      rule: "objeto-imp-impuestos",
      passed: !hasTax,
      ...base,
      message: hasTax
        ? `Con ObjetoImp ${objetoImp} el concepto no debe llevar el nodo Impuestos.`
        : `Con ObjetoImp ${objetoImp} el concepto no lleva impuestos, como se requiere.`,
      satCode: "CFDI40172",
    });
  } else if (objetoImp === "06" || objetoImp === "08") {
    // Matrix row 126: no IVA or IEPS line, traslado or retención; an ISR retención may be there.
    const ok = !carries(taxes, IVA) && !carries(taxes, IEPS);
    out.push({
      rule: "objeto-imp-sin-iva-ieps",
      passed: ok,
      ...base,
      message: ok
        ? `Con ObjetoImp ${objetoImp} el concepto no lleva IVA ni IEPS, como se requiere (puede llevar retención de ISR).`
        : `Con ObjetoImp ${objetoImp} el concepto no debe llevar traslados ni retenciones de IVA (002) o IEPS (003); solo puede retener ISR (001).`,
      satCode: "CFDI140226",
    });
  } else if (objetoImp === "07") {
    // Matrix row 127: no IVA line; an IEPS traslado must be there; ISR or IEPS retenciones may.
    const noIva = !carries(taxes, IVA);
    out.push({
      rule: "objeto-imp-sin-iva",
      passed: noIva,
      ...base,
      message: noIva
        ? "Con ObjetoImp 07 el concepto no lleva IVA, como se requiere."
        : "Con ObjetoImp 07 el concepto no debe llevar traslados ni retenciones de IVA (002).",
      satCode: "CFDI140227",
    });
    const ieps = shown(carries(taxes, IEPS, "traslado"), input);
    out.push({
      rule: "objeto-imp-traslado-ieps",
      passed: ieps,
      ...base,
      message:
        ieps === true
          ? "Con ObjetoImp 07 el concepto lleva el traslado de IEPS (003) que se requiere."
          : `Con ObjetoImp 07 el concepto debe llevar un traslado de IEPS (003)${ieps === null ? " (en otra de sus líneas)" : ""}.`,
      satCode: "CFDI140227",
    });
  }
}

const CODES = {
  traslado: { impuesto: "CFDI40175", factor: "CFDI40176", tasa: "CFDI40179" },
  retencion: { impuesto: "CFDI40182", factor: "CFDI40183", tasa: "CFDI40185" },
} as const;
const TIPO_WORDS = { traslado: "traslado", retencion: "retención" } as const;
const TIPO_NODE = { traslado: "Traslado", retencion: "Retencion" } as const;
const nodeOf = (tax: TaxLine): string => `Concepto/Impuestos/${tax.node ?? TIPO_NODE[tax.tipo]}`;
/** SAT's c_TasaOCuota writes every value with six decimals, and so must the invoice (Guía de llenado, Apéndice 7, pregunta 40). */
const TASA_DECIMALS = 6;

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

/** Whether a value is a c_TasaOCuota rule of the tax (by its c_Impuesto name) and factor, in that direction, in force on the date. */
export function isTasaOCuota(
  index: CheckIndex,
  taxName: string,
  factor: string,
  tipo: TaxLine["tipo"],
  value: string,
  date: string,
): boolean {
  const v = millionths(value);
  return v !== null && rulesFor(index.rules, taxName, factor, tipo, date).some((r) => matches(r, v));
}

function tasaFinding(out: Finding[], index: CheckIndex, tax: TaxLine, taxName: string, date: string, product: CatalogRecord | null): void {
  const field = `${nodeOf(tax)}/TasaOCuota`;
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
  const text = tax.tasaOCuota;
  const value = millionths(text);
  const decimals = text.indexOf(".") < 0 ? 0 : text.length - text.indexOf(".") - 1;
  const sixDecimals = value !== null && decimals === TASA_DECIMALS;
  out.push({
    rule: "tasa-seis-decimales",
    passed: sixDecimals,
    ...base,
    column: "Valor máximo",
    message: sixDecimals
      ? `${text} se escribe con los seis decimales de c_TasaOCuota.`
      : `La TasaOCuota se escribe con seis decimales, como en c_TasaOCuota (p. ej. 0.160000, no 0.16); se recibió «${text}».`,
  });
  if (value === null) return;
  const candidates = rulesFor(index.rules, taxName, tax.factor, tax.tipo, date);
  const hit = candidates.find((r) => matches(r, value));
  const allowed = candidates.map(ruleWords).join("; ");
  out.push({
    rule: "tasa-o-cuota",
    passed: hit !== undefined,
    ...base,
    column: "Rango o Fijo, Valor mínimo, Valor máximo, Impuesto, Factor, Traslado, Retención",
    message:
      hit !== undefined
        ? `${text} es ${hit.rangoOFijo === "Rango" ? `un valor del rango ${ruleWords(hit)}` : "un valor fijo"} de ${hit.impuesto} ${hit.factor} en ${TIPO_WORDS[tax.tipo]} el ${date}.`
        : candidates.length === 0
          ? `c_TasaOCuota no tiene reglas de ${taxName} con factor ${tax.factor} en ${TIPO_WORDS[tax.tipo]} vigentes el ${date}.`
          : `${text} no es una tasa o cuota de ${taxName} ${tax.factor} en ${TIPO_WORDS[tax.tipo]} el ${date}; se admiten: ${allowed}.`,
  });
  if (hit !== undefined && hit.impuesto !== taxName && product !== null) borderFinding(out, product, field, hit);
}

/**
 * IVA at 8 % is the border-region stimulus (c_TasaOCuota «IVA Crédito aplicado del 50%»); c_ClaveProdServ's
 * «Estímulo Franja Fronteriza» column says whether the key may take it (1) or not (0). The matrix names no code.
 */
function borderFinding(out: Finding[], product: CatalogRecord, field: string, rule: TasaRecord): void {
  const mark = product["estimuloFranjaFronteriza"];
  if (typeof mark !== "number") return;
  const ok = mark !== 0;
  out.push({
    rule: "clave-prod-serv-franja-fronteriza",
    passed: ok,
    field,
    message: ok
      ? `La clave ${product.code} admite el estímulo de la región fronteriza (${rule.impuesto}, ${rule.valorMaximo}).`
      : `La clave ${product.code} no admite el estímulo de la región fronteriza: su columna «Estímulo Franja Fronteriza» es 0, así que no lleva ${rule.impuesto} (${rule.valorMaximo}).`,
    catalog: "c_ClaveProdServ",
    column: "Estímulo Franja Fronteriza",
    satCode: null,
  });
}

function taxFindings(out: Finding[], index: CheckIndex, tax: TaxLine, date: string, product: CatalogRecord | null): void {
  const node = nodeOf(tax);
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
  if (impuesto !== null && factor !== null) tasaFinding(out, index, tax, impuesto.description, date, product);
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
  if (product !== null) productFindings(out, product, input);
  if (objeto !== null) objetoFindings(out, input);
  for (const tax of input.taxes) taxFindings(out, index, tax, date, product);
  return result(date, out, [...CONCEPTO_NOT_CHECKED]);
}
