// The header pre-check: tipo de comprobante, método and forma de pago and their combinations, currency, exchange rate and its decimals, exportación.
import { millionths } from "./concepto.ts";
import type { CheckIndex } from "./catalogs.ts";
import { lookupCode, result, type CatalogRecord, type CheckResult, type Finding, type NotChecked } from "./findings.ts";

export interface ComprobanteInput {
  tipo: string;
  metodoPago: string | undefined;
  formaPago: string | undefined;
  moneda: string;
  /** The TipoCambio as sent (text), or undefined when absent. */
  tipoCambio: string | undefined;
  /** The Total as sent (decimal text), or undefined. */
  total: string | undefined;
  exportacion: string;
  date: string;
  /** Whether the invoice carries the Comercio Exterior complement, when known (an XML); undefined from a GET. */
  comercioExterior?: boolean;
}

const COMPROBANTE_NOT_CHECKED: readonly NotChecked[] = [
  {
    what: "Que SubTotal, Descuento, impuestos y Total cuadren con los conceptos: se revisa en POST /cfdi/validar con el XML.",
    satCode: "CFDI40119",
  },
  {
    what: "Que el tipo de cambio esté dentro de la variación que admite c_Moneda respecto del que toma el PAC (fuera de ella se pide una clave de confirmación).",
    satCode: "CFDI40118",
  },
  { what: "Que LugarExpedicion esté en c_CodigoPostal (catálogo que esta API no publica).", satCode: "CFDI40126" },
  { what: "Que el comprobante traiga el complemento de Comercio Exterior cuando la exportación lo exige.", satCode: "CFDI40122" },
];

/** Tipos de comprobante without MetodoPago (T, P) and without FormaPago (T, N, P): Anexo 20, matrix rows 3 and 25. */
const NO_METODO = new Set(["T", "P"]);
const NO_FORMA = new Set(["T", "N", "P"]);
const PPD = "PPD";
const POR_DEFINIR = "99";
/** Exportación keys that require the Comercio Exterior complement (02) and keys that forbid it (01, 03): matrix rows 22 and 122. */
const EXPORT_WITH_COMPLEMENT = "02";

const decimalsOf = (text: string): number => {
  const point = text.indexOf(".");
  return point < 0 ? 0 : text.length - point - 1;
};

function omitted(out: Finding[], tipo: string, field: string, given: string | undefined, rule: string, satCode: string): void {
  out.push({
    rule,
    passed: given === undefined,
    field,
    message:
      given === undefined
        ? `Con TipoDeComprobante ${tipo} el campo ${field} se omite, como se requiere.`
        : `Con TipoDeComprobante ${tipo} el campo ${field} se debe omitir; se recibió «${given}».`,
    catalog: "c_TipoDeComprobante",
    column: "c_TipoDeComprobante",
    satCode,
  });
}

function paymentFindings(out: Finding[], index: CheckIndex, input: ComprobanteInput, tipo: CatalogRecord | null): void {
  const { date } = input;
  const noMetodo = tipo !== null && NO_METODO.has(tipo.code);
  const noForma = tipo !== null && NO_FORMA.has(tipo.code);
  if (noMetodo) omitted(out, tipo.code, "MetodoPago", input.metodoPago, "metodo-pago-omitido", "CFDI40125");
  else if (input.metodoPago !== undefined) {
    const source = { field: "MetodoPago", catalog: "c_MetodoPago", satCode: "CFDI40124", prefix: "metodo-pago" };
    lookupCode(out, source, input.metodoPago, index.catalog("metodo-pago"), date);
  }
  if (noForma) omitted(out, tipo.code, "FormaPago", input.formaPago, "forma-pago-omitida", "CFDI40103");
  else if (input.formaPago !== undefined) {
    const source = { field: "FormaPago", catalog: "c_FormaPago", satCode: "CFDI40104", prefix: "forma-pago" };
    lookupCode(out, source, input.formaPago, index.catalog("forma-pago"), date);
  }
  if (!noMetodo && !noForma && input.metodoPago === PPD) {
    const ok = input.formaPago === POR_DEFINIR;
    out.push({
      rule: "ppd-forma-99",
      passed: ok,
      field: "FormaPago",
      message: ok
        ? "Con método PPD la forma de pago es 99 (Por definir), como se requiere."
        : `Con método PPD (pago en parcialidades o diferido) la forma de pago debe ser 99 (Por definir); se recibió ${input.formaPago === undefined ? "ninguna" : `«${input.formaPago}»`}.`,
      catalog: "c_FormaPago",
      column: "c_FormaPago",
      satCode: "CFDI40105",
    });
  }
}

function totalFindings(out: Finding[], total: string, moneda: CatalogRecord | null, tipo: CatalogRecord | null): void {
  if (moneda !== null && typeof moneda["decimales"] === "number") {
    const allowed = moneda["decimales"];
    const ok = decimalsOf(total) <= allowed;
    out.push({
      rule: "total-decimales",
      passed: ok,
      field: "Total",
      message: ok
        ? `El total ${total} usa a lo más los ${allowed} decimales de ${moneda.code}.`
        : `El total ${total} tiene ${decimalsOf(total)} decimales y ${moneda.code} admite ${allowed}.`,
      catalog: "c_Moneda",
      column: "Decimales",
      satCode: null,
    });
  }
  const max = tipo === null ? undefined : tipo["valorMaximo"];
  if (tipo !== null && typeof max === "string") {
    const ok = (millionths(total) as bigint) <= (millionths(max) as bigint);
    out.push({
      rule: "total-valor-maximo",
      passed: ok,
      field: "Total",
      message: ok
        ? `El total no excede el valor máximo de un comprobante ${tipo.code} (${max}).`
        : `El total ${total} excede el valor máximo de un comprobante ${tipo.code} (${max}); fuera de ese límite el PAC pide una clave de confirmación.`,
      catalog: "c_TipoDeComprobante",
      column: "Valor máximo",
      satCode: "CFDI40120",
    });
  }
}

/** TipoCambio's pattern in the matrix (row 17): up to 18 digits, then optionally a point and 1 to 6 decimals. */
const TIPO_CAMBIO = /^[0-9]{1,18}(\.[0-9]{1,6})?$/;
const MXN = "MXN";
const SIN_MONEDA = "XXX";

function tipoCambioFindings(out: Finding[], moneda: string, tipoCambio: string | undefined): void {
  const base = { field: "TipoCambio", catalog: "c_Moneda", column: "c_Moneda" };
  if (moneda === SIN_MONEDA) {
    const ok = tipoCambio === undefined;
    out.push({
      rule: "tipo-cambio-xxx",
      passed: ok,
      ...base,
      message: ok
        ? "Con moneda XXX el TipoCambio se omite, como se requiere."
        : `Con moneda XXX no se registra TipoCambio; se recibió «${tipoCambio}».`,
      satCode: "CFDI40116",
    });
    return;
  }
  if (tipoCambio === undefined) {
    const ok = moneda === MXN;
    out.push({
      rule: "tipo-cambio-requerido",
      passed: ok,
      ...base,
      message: ok
        ? "Con MXN el TipoCambio puede omitirse."
        : `Con moneda ${moneda} el TipoCambio es obligatorio (solo con MXN y XXX se omite).`,
      satCode: "CFDI40115",
    });
    return;
  }
  const wellFormed = TIPO_CAMBIO.test(tipoCambio);
  out.push({
    rule: "tipo-cambio-patron",
    passed: wellFormed,
    ...base,
    message: wellFormed
      ? `El TipoCambio ${tipoCambio} cumple el patrón del SAT (hasta 18 enteros y 6 decimales).`
      : `El TipoCambio se escribe con dígitos, y si acaso un punto y de 1 a 6 decimales (patrón [0-9]{1,18}(.[0-9]{1,6})?); se recibió «${tipoCambio}».`,
    satCode: "CFDI40117",
  });
  if (moneda === MXN && wellFormed) {
    // «1», «1.0» and «1.000000» are the value 1 the matrix asks for.
    const ok = millionths(tipoCambio) === 1_000_000n;
    out.push({
      rule: "tipo-cambio-mxn",
      passed: ok,
      ...base,
      message: ok
        ? "Con MXN el TipoCambio es 1, como se requiere."
        : `Con MXN el TipoCambio, si se incluye, es 1; se recibió ${tipoCambio}.`,
      satCode: "CFDI40114",
    });
  }
}

function exportFinding(out: Finding[], exportacion: CatalogRecord, comercioExterior: boolean | undefined): void {
  const needs = exportacion.code === EXPORT_WITH_COMPLEMENT;
  const forbids = exportacion.code === "01" || exportacion.code === "03";
  const known = comercioExterior !== undefined;
  const passed = needs ? (known ? comercioExterior : null) : forbids && known ? !comercioExterior : true;
  out.push({
    rule: "exportacion-complemento",
    passed,
    field: "Exportacion",
    message: needs
      ? `Con Exportacion 02 (definitiva con clave A1) el comprobante debe llevar el complemento de Comercio Exterior${known ? (comercioExterior ? ", y lo lleva." : ", y no lo lleva.") : "."}`
      : forbids && comercioExterior === true
        ? `Con Exportacion ${exportacion.code} el complemento de Comercio Exterior no debe incluirse.`
        : `Con Exportacion ${exportacion.code} no se exige el complemento de Comercio Exterior${forbids ? " (y no debe incluirse)" : ""}.`,
    catalog: "c_Exportacion",
    column: "c_Exportacion",
    satCode: needs ? "CFDI40122" : forbids ? "CFDI40222" : null,
  });
}

export function checkComprobante(index: CheckIndex, input: ComprobanteInput): CheckResult {
  const out: Finding[] = [];
  const { date } = input;
  const tipoSource = { field: "TipoDeComprobante", catalog: "c_TipoDeComprobante", satCode: "CFDI40121", prefix: "tipo-comprobante" };
  const tipo = lookupCode(out, tipoSource, input.tipo, index.catalog("tipo-comprobante"), date);
  paymentFindings(out, index, input, tipo);
  const monedaSource = { field: "Moneda", catalog: "c_Moneda", satCode: "CFDI40113", prefix: "moneda" };
  const moneda = lookupCode(out, monedaSource, input.moneda, index.catalog("moneda"), date);
  if (moneda !== null) tipoCambioFindings(out, moneda.code, input.tipoCambio);
  if (input.total !== undefined) totalFindings(out, input.total, moneda, tipo);
  const exportSource = { field: "Exportacion", catalog: "c_Exportacion", satCode: "CFDI40123", prefix: "exportacion" };
  const exportacion = lookupCode(out, exportSource, input.exportacion, index.catalog("exportacion"), date);
  if (exportacion !== null) exportFinding(out, exportacion, input.comercioExterior);
  return result(date, out, [...COMPROBANTE_NOT_CHECKED]);
}
