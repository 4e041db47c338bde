// The whole CFDI 4.0 checked: the field pre-checks on every node, the rules between its fields (generic RFCs, global invoice, foreign receptor) and its arithmetic.
import { validateRfc } from "../../core/rfc.ts";
import { arithmeticFindings } from "./arithmetic.ts";
import type { CheckIndex } from "./catalogs.ts";
import { checkComprobante } from "./comprobante.ts";
import { checkConcepto, isTasaOCuota, type TaxLine } from "./concepto.ts";
import { lookupCode, type CheckResult, type Finding, type NotChecked } from "./findings.ts";
import { checkReceptor } from "./receptor.ts";
import type { Attrs, CfdiDocument, ConceptoNode, TaxNode } from "./xml.ts";

/** How many findings of one rule passed: the answer lists those that did not, and counts these. */
interface PassedRule {
  rule: string;
  satCode: string | null;
  count: number;
}

export interface CfdiValidation extends Omit<CheckResult, "findings"> {
  version: "4.0";
  /** The findings that failed (false) or that the XML cannot show (null), in document order. */
  findings: Finding[];
  passedRules: PassedRule[];
}

const PUBLICO = "XAXX010101000";
const EXTRANJERO = "XEXX010101000";
const PUBLICO_NOMBRE = "PUBLICO EN GENERAL";
/** Fecha's pattern in the matrix (row 1). */
const FECHA = /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])$/;
const COMERCIO_EXTERIOR = /^\{http:\/\/www\.sat\.gob\.mx\/ComercioExterior\d*\} ComercioExterior$/;
const BIMESTRAL = "05";
const RIF = "621";

const CFDI_NOT_CHECKED: readonly NotChecked[] = [
  {
    what: "El sello y el certificado del emisor (se revisan con el certificado y la cadena original, no con los catálogos).",
    satCode: "CFDI40102",
  },
  { what: "Que el RFC del emisor y el del receptor estén inscritos, con el nombre y el código postal registrados.", satCode: "CFDI40143" },
  { what: "Que LugarExpedicion esté en c_CodigoPostal (catálogo que esta API no publica).", satCode: "CFDI40126" },
  {
    what: "Que el tipo de cambio esté dentro de la variación de c_Moneda respecto del que toma el PAC, y la clave de confirmación.",
    satCode: "CFDI40118",
  },
  { what: "Que el Total quepa en el límite que fija el PAC sin clave de confirmación.", satCode: "CFDI40120" },
  { what: "Los complementos que pida la clave de producto y el contenido de cada complemento.", satCode: "CFDI40163" },
  { what: "Que el RFC a cuenta de terceros esté inscrito, con su nombre y domicilio fiscal.", satCode: "CFDI40187" },
  { what: "Que el número de pedimento sea válido (aduana, patente, ejercicio y consecutivo autorizados).", satCode: "CFDI40194" },
];

const finding = (rule: string, field: string, passed: boolean, message: string, satCode: string | null): Finding => ({
  rule,
  passed,
  field,
  message,
  catalog: null,
  column: null,
  satCode,
});

/** A concept's tax nodes as the concept check's lines, each named by its place. */
const taxLines = (c: ConceptoNode): TaxLine[] =>
  c.taxes.map((t, i) => ({
    tipo: t.tipo,
    impuesto: t.attrs["Impuesto"] ?? "",
    factor: t.attrs["TipoFactor"] ?? "",
    tasaOCuota: t.attrs["TasaOCuota"],
    node: `${t.tipo === "traslado" ? "Traslado" : "Retencion"}[${i + 1}]`,
  }));

function conceptoFindings(out: Finding[], index: CheckIndex, c: ConceptoNode, n: number, date: string): void {
  const r = checkConcepto(index, {
    claveProdServ: c.attrs["ClaveProdServ"] ?? "",
    claveUnidad: c.attrs["ClaveUnidad"] ?? "",
    objetoImp: c.attrs["ObjetoImp"] ?? "",
    taxes: taxLines(c),
    allTaxes: true,
    date,
  });
  // The findings are this call's own objects: each is renamed in place to its concept.
  const prefix = `Concepto[${n}]/`;
  for (const f of r.findings) {
    if (f.field.startsWith("Concepto/")) f.field = prefix + f.field.slice("Concepto/".length);
    out.push(f);
  }
}

/** A concept's other nodes (matrix rows 88, 91, 95–98, 100): third party, customs and parts. */
function conceptNodesFindings(
  out: Finding[],
  index: CheckIndex,
  doc: CfdiDocument,
  c: ConceptoNode,
  n: number,
  comercioExterior: boolean,
  date: string,
): void {
  const at = `Concepto[${n}]`;
  const tercero = c.aCuentaTerceros;
  if (tercero !== null) {
    const rfc = tercero["RfcACuentaTerceros"] ?? "";
    const other = rfc !== doc.emisor?.["Rfc"] && rfc !== doc.receptor?.["Rfc"];
    out.push(
      finding(
        "a-cuenta-terceros-rfc",
        `${at}/ACuentaTerceros/RfcACuentaTerceros`,
        other,
        other
          ? "El RFC a cuenta de terceros es distinto del emisor y del receptor."
          : "El RFC a cuenta de terceros debe ser distinto del RFC del emisor y del receptor.",
        "CFDI40188",
      ),
    );
    const source = {
      field: `${at}/ACuentaTerceros/RegimenFiscalACuentaTerceros`,
      catalog: "c_RegimenFiscal",
      satCode: "CFDI40191",
      prefix: "a-cuenta-terceros-regimen",
    };
    lookupCode(out, source, tercero["RegimenFiscalACuentaTerceros"] ?? "", index.catalog("regimen"), date);
  }
  if (comercioExterior && c.pedimentos.length > 0) {
    out.push(
      finding(
        "pedimento-comercio-exterior",
        `${at}/InformacionAduanera/NumeroPedimento`,
        false,
        "Con el complemento de Comercio Exterior no se registra NumeroPedimento en los conceptos ni en sus partes.",
        "CFDI40195",
      ),
    );
  }
  for (const [i, parte] of c.partes.entries()) {
    const where = `${at}/Parte[${i + 1}]`;
    lookupCode(
      out,
      { field: `${where}/ClaveProdServ`, catalog: "c_ClaveProdServ", satCode: "CFDI40196", prefix: "parte-clave-prod-serv" },
      parte["ClaveProdServ"] ?? "",
      index.catalog("clave-prod-serv"),
      date,
    );
  }
}

function emisorFindings(out: Finding[], index: CheckIndex, emisor: Attrs, date: string): void {
  const source = { field: "Emisor/RegimenFiscal", catalog: "c_RegimenFiscal", satCode: "CFDI40140", prefix: "emisor-regimen" };
  const regimen = lookupCode(out, source, emisor["RegimenFiscal"] ?? "", index.catalog("regimen"), date);
  const rfc = validateRfc(emisor["Rfc"] ?? "");
  if (regimen === null || !rfc.valid || rfc.type === null) return;
  const ok = (rfc.type === "fisica" ? regimen["personaFisica"] : regimen["personaMoral"]) === true;
  out.push({
    ...finding(
      "emisor-regimen-persona",
      "Emisor/RegimenFiscal",
      ok,
      ok
        ? `El régimen ${regimen.code} del emisor aplica a su tipo de persona.`
        : `El régimen ${regimen.code} (${regimen.description}) no aplica a una persona ${rfc.type === "fisica" ? "física" : "moral"}, que es lo que indica el RFC del emisor.`,
      "CFDI40141",
    ),
    catalog: "c_RegimenFiscal",
    column: rfc.type === "fisica" ? "Física" : "Moral",
  });
}

/** The receptor's fields against each other and the invoice: generic RFCs, residence abroad, tax id abroad (matrix rows 46–55). */
function receptorFindings(
  out: Finding[],
  index: CheckIndex,
  doc: CfdiDocument,
  receptor: Attrs,
  comercioExterior: boolean,
  date: string,
): void {
  const rfc = (receptor["Rfc"] ?? "").trim().toUpperCase();
  const nombre = receptor["Nombre"];
  if (nombre === PUBLICO_NOMBRE) {
    const ok = rfc === PUBLICO;
    out.push(
      finding(
        "receptor-publico-rfc",
        "Receptor/Rfc",
        ok,
        ok
          ? `Con Nombre «${PUBLICO_NOMBRE}» el RFC es ${PUBLICO}.`
          : `Con Nombre «${PUBLICO_NOMBRE}» el RFC del receptor debe ser ${PUBLICO}.`,
        "CFDI40146",
      ),
    );
  }
  if (rfc === PUBLICO || rfc === EXTRANJERO) {
    const ok = receptor["DomicilioFiscalReceptor"] === doc.comprobante["LugarExpedicion"];
    out.push(
      finding(
        "receptor-generico-domicilio",
        "Receptor/DomicilioFiscalReceptor",
        ok,
        ok
          ? "Con un RFC genérico el DomicilioFiscalReceptor es el LugarExpedicion, como se requiere."
          : `Con el RFC genérico ${rfc} el DomicilioFiscalReceptor debe ser igual al LugarExpedicion (${doc.comprobante["LugarExpedicion"] ?? "ausente"}).`,
        "CFDI40149",
      ),
    );
  }
  const residencia = receptor["ResidenciaFiscal"];
  const numReg = receptor["NumRegIdTrib"];
  const foreign = rfc === EXTRANJERO;
  if (residencia !== undefined) {
    lookupCode(
      out,
      { field: "Receptor/ResidenciaFiscal", catalog: "c_Pais", satCode: "CFDI40150", prefix: "residencia-fiscal" },
      residencia,
      index.catalog("pais"),
      date,
    );
    out.push(
      finding(
        "residencia-fiscal-extranjero",
        "Receptor/ResidenciaFiscal",
        foreign,
        foreign
          ? "ResidenciaFiscal va con el RFC genérico extranjero."
          : `Con el RFC ${rfc} (registrado o genérico nacional) no se registra ResidenciaFiscal.`,
        "CFDI40151",
      ),
    );
    const abroad = residencia !== "MEX";
    out.push(
      finding(
        "residencia-fiscal-no-mex",
        "Receptor/ResidenciaFiscal",
        abroad,
        abroad ? "ResidenciaFiscal no es MEX." : "ResidenciaFiscal no puede ser MEX.",
        "CFDI40152",
      ),
    );
  } else if (foreign && (comercioExterior || numReg !== undefined)) {
    out.push(
      finding(
        "residencia-fiscal-requerida",
        "Receptor/ResidenciaFiscal",
        false,
        "Con el RFC genérico extranjero y Comercio Exterior o NumRegIdTrib se debe registrar ResidenciaFiscal (clave de c_Pais).",
        "CFDI40153",
      ),
    );
  }
  if (numReg !== undefined) {
    out.push(
      finding(
        "num-reg-id-trib-extranjero",
        "Receptor/NumRegIdTrib",
        foreign,
        foreign ? "NumRegIdTrib va con el RFC genérico extranjero." : `Con el RFC ${rfc} no se registra NumRegIdTrib.`,
        "CFDI40154",
      ),
    );
  } else if (foreign && comercioExterior) {
    out.push(
      finding(
        "num-reg-id-trib-requerido",
        "Receptor/NumRegIdTrib",
        false,
        "Con el RFC genérico extranjero y el complemento de Comercio Exterior se debe registrar NumRegIdTrib.",
        "CFDI40155",
      ),
    );
  }
}

/** The global invoice's node (matrix rows 30–36): required for público en general, its keys, months for its periodicity and year. */
function globalFindings(out: Finding[], index: CheckIndex, doc: CfdiDocument, date: string): void {
  const receptor = doc.receptor ?? {};
  const publico = doc.comprobante["TipoDeComprobante"] === "I" && receptor["Rfc"] === PUBLICO && receptor["Nombre"] === PUBLICO_NOMBRE;
  const node = doc.informacionGlobal;
  if (publico) {
    out.push(
      finding(
        "informacion-global",
        "InformacionGlobal",
        node !== null,
        node !== null
          ? "El CFDI a público en general lleva InformacionGlobal."
          : `Un ingreso a ${PUBLICO} con Nombre «${PUBLICO_NOMBRE}» debe llevar el nodo InformacionGlobal.`,
        "CFDI40130",
      ),
    );
  }
  if (node === null) return;
  const periodicidad = node["Periodicidad"] ?? "";
  const meses = node["Meses"] ?? "";
  lookupCode(
    out,
    { field: "InformacionGlobal/Periodicidad", catalog: "c_Periodicidad", satCode: "CFDI40131", prefix: "periodicidad" },
    periodicidad,
    index.catalog("periodicidad"),
    date,
  );
  if (periodicidad === BIMESTRAL) {
    const ok = doc.emisor?.["RegimenFiscal"] === RIF;
    out.push(
      finding(
        "periodicidad-bimestral",
        "InformacionGlobal/Periodicidad",
        ok,
        ok
          ? "La periodicidad bimestral va con el régimen 621."
          : "La periodicidad 05 (bimestral) solo se usa con el régimen 621 del emisor.",
        "CFDI40132",
      ),
    );
  }
  lookupCode(
    out,
    { field: "InformacionGlobal/Meses", catalog: "c_Meses", satCode: "CFDI40133", prefix: "meses" },
    meses,
    index.catalog("meses"),
    date,
  );
  const month = Number(meses);
  const bimestral = periodicidad === BIMESTRAL;
  const ok = /^\d{2}$/.test(meses) && (bimestral ? month >= 13 && month <= 18 : month >= 1 && month <= 12);
  out.push(
    finding(
      "meses-periodicidad",
      "InformacionGlobal/Meses",
      ok,
      ok
        ? `Meses ${meses} corresponde a la periodicidad ${periodicidad}.`
        : bimestral
          ? "Con periodicidad 05 Meses es un bimestre, de 13 a 18."
          : "Con una periodicidad distinta de 05 Meses es un mes, de 01 a 12.",
      bimestral ? "CFDI40135" : "CFDI40134",
    ),
  );
  const year = Number(node["Año"]);
  const fechaYear = Number(date.slice(0, 4));
  const inRange = Number.isInteger(year) && year <= fechaYear && year >= fechaYear - 5;
  out.push(
    finding(
      "informacion-global-anio",
      "InformacionGlobal/Año",
      inRange,
      inRange
        ? `El año ${year} es el de la Fecha o uno de los cinco anteriores.`
        : `El Año «${node["Año"] ?? ""}» debe ser el de la Fecha (${fechaYear}) o uno de los cinco anteriores.`,
      "CFDI40136",
    ),
  );
}

/** The summary's tax lines against c_Impuesto and c_TasaOCuota (matrix rows 107, 117, 119). */
function summaryCatalogFindings(out: Finding[], index: CheckIndex, taxes: readonly TaxNode[], date: string): void {
  taxes.forEach((t, i) => {
    const at = `Impuestos/${t.tipo === "traslado" ? "Traslado" : "Retencion"}[${i + 1}]`;
    const source = {
      field: `${at}/Impuesto`,
      catalog: "c_Impuesto",
      satCode: t.tipo === "traslado" ? "CFDI40217" : "CFDI40207",
      prefix: "resumen-impuesto",
    };
    const impuesto = lookupCode(out, source, t.attrs["Impuesto"] ?? "", index.catalog("impuesto"), date);
    const rate = t.attrs["TasaOCuota"];
    if (t.tipo !== "traslado" || impuesto === null || rate === undefined) return;
    const ok = isTasaOCuota(index, impuesto.description, t.attrs["TipoFactor"] ?? "", "traslado", rate, date);
    out.push({
      ...finding(
        "resumen-tasa-o-cuota",
        `${at}/TasaOCuota`,
        ok,
        ok
          ? `${rate} es una tasa o cuota de ${impuesto.description} en c_TasaOCuota.`
          : `${rate} no es una tasa o cuota de ${impuesto.description} ${t.attrs["TipoFactor"] ?? ""} en c_TasaOCuota.`,
        "CFDI40219",
      ),
      catalog: "c_TasaOCuota",
    });
  });
}

function headerFindings(out: Finding[], index: CheckIndex, doc: CfdiDocument, date: string, comercioExterior: boolean): void {
  const c = doc.comprobante;
  const r = checkComprobante(index, {
    tipo: c["TipoDeComprobante"] ?? "",
    metodoPago: c["MetodoPago"],
    formaPago: c["FormaPago"],
    moneda: c["Moneda"] ?? "",
    tipoCambio: c["TipoCambio"],
    total: c["Total"] !== undefined && /^\d+(\.\d{1,6})?$/.test(c["Total"]) ? c["Total"] : undefined,
    exportacion: c["Exportacion"] ?? "",
    date,
    comercioExterior,
  });
  out.push(...r.findings);
  doc.tiposRelacion.forEach((tipo, i) => {
    lookupCode(
      out,
      { field: `CfdiRelacionados[${i + 1}]/TipoRelacion`, catalog: "c_TipoRelacion", satCode: "CFDI40137", prefix: "tipo-relacion" },
      tipo,
      index.catalog("tipo-relacion"),
      date,
    );
  });
}

function summarize(date: string, all: readonly Finding[]): CfdiValidation {
  // By rule, then by code: most rules have one code, and no key string is built per finding.
  const counts = new Map<string, Map<string | null, PassedRule>>();
  const passedRules: PassedRule[] = [];
  const findings: Finding[] = [];
  for (const f of all) {
    if (f.passed !== true) {
      findings.push(f);
      continue;
    }
    let byCode = counts.get(f.rule);
    if (byCode === undefined) {
      byCode = new Map();
      counts.set(f.rule, byCode);
    }
    const kept = byCode.get(f.satCode);
    if (kept !== undefined) kept.count++;
    else {
      const rule = { rule: f.rule, satCode: f.satCode, count: 1 };
      byCode.set(f.satCode, rule);
      passedRules.push(rule);
    }
  }
  return {
    passed: findings.every((f) => f.passed !== false),
    date,
    version: "4.0",
    findings,
    passedRules,
    notChecked: [...CFDI_NOT_CHECKED],
  };
}

/** Every finding of the CFDI: `today` is the date of the vigencias when its Fecha is malformed. */
export function validateCfdi(index: CheckIndex, doc: CfdiDocument, today: string): CfdiValidation {
  const out: Finding[] = [];
  const fecha = doc.comprobante["Fecha"] ?? "";
  const fechaOk = FECHA.test(fecha);
  out.push(
    finding(
      "fecha-patron",
      "Fecha",
      fechaOk,
      fechaOk
        ? `La Fecha ${fecha} cumple el patrón AAAA-MM-DDThh:mm:ss.`
        : `La Fecha «${fecha}» no cumple el patrón AAAA-MM-DDThh:mm:ss (sin zona horaria).`,
      "CFDI40101",
    ),
  );
  const date = fechaOk ? fecha.slice(0, 10) : today;
  const comercioExterior = doc.complementos.some((k) => COMERCIO_EXTERIOR.test(k));
  headerFindings(out, index, doc, date, comercioExterior);
  if (doc.emisor !== null) emisorFindings(out, index, doc.emisor, date);
  if (doc.receptor !== null) {
    const r = doc.receptor;
    out.push(
      ...checkReceptor(index, { rfc: r["Rfc"] ?? "", regimen: r["RegimenFiscalReceptor"] ?? "", uso: r["UsoCFDI"] ?? "", date }).findings,
    );
    receptorFindings(out, index, doc, r, comercioExterior, date);
  }
  globalFindings(out, index, doc, date);
  for (const [i, c] of doc.conceptos.entries()) {
    conceptoFindings(out, index, c, i + 1, date);
    conceptNodesFindings(out, index, doc, c, i + 1, comercioExterior, date);
  }
  if (doc.impuestos !== null) summaryCatalogFindings(out, index, doc.impuestos.taxes, date);
  const moneda = index.catalog("moneda").get(doc.comprobante["Moneda"] ?? "");
  const currency = typeof moneda?.["decimales"] === "number" ? moneda["decimales"] : null;
  out.push(...arithmeticFindings(doc, currency));
  return summarize(date, out);
}
