// Every pre-check rule on real rows of the snapshot's catalogs: an allowed and a refused case each, with its SAT code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkComprobante, type ComprobanteInput } from "../lib/cfdi-check/comprobante.ts";
import { checkConcepto, type ConceptoInput, type TaxLine } from "../lib/cfdi-check/concepto.ts";
import type { CheckResult, Finding } from "../lib/cfdi-check/findings.ts";
import { checkReceptor } from "../lib/cfdi-check/receptor.ts";
import { rawCheckIndex } from "./helpers/check-index.ts";

const index = rawCheckIndex();
const DATE = "2026-03-15";
const FISICA = "GODE561231GR8";
const MORAL = "EKU9003173C9";

/** The one finding of `rule` (fails when there is none or more than one). */
function finding(r: CheckResult, rule: string): Finding {
  const found = r.findings.filter((f) => f.rule === rule);
  expect(found, `${rule} in ${r.findings.map((f) => f.rule).join(", ")}`).toHaveLength(1);
  return found[0] as Finding;
}
const verdict = (r: CheckResult, rule: string): { passed: boolean | null; satCode: string | null } => {
  const f = finding(r, rule);
  return { passed: f.passed, satCode: f.satCode };
};

const receptor = (rfc: string, regimen: string, uso: string, date = DATE) => checkReceptor(index, { rfc, regimen, uso, date });

describe("receptor", () => {
  it("reads the person type from a composite RFC's structure and refuses a malformed one", () => {
    expect(receptor(FISICA, "612", "G03").persona).toBe("fisica");
    expect(receptor(MORAL, "601", "G03").persona).toBe("moral");
    const bad = receptor("AAA010101AAA", "601", "G03");
    expect(verdict(bad, "rfc-estructura")).toEqual({ passed: false, satCode: null });
    expect(bad.persona).toBeNull();
    // Without a person type the rules that need it are not run, and the verdict is already false.
    expect(bad.findings.some((f) => f.rule === "regimen-persona" || f.rule === "uso-persona")).toBe(false);
    expect(bad.passed).toBe(false);
  });

  it("passes a coherent receptor and names what only SAT can check", () => {
    const r = receptor(FISICA, "612", "G03");
    expect(r.passed).toBe(true);
    expect(r.findings.every((f) => f.passed === true)).toBe(true);
    expect(r.notChecked.map((n) => n.satCode)).toEqual(["CFDI40143", "CFDI40145", "CFDI40148", null]);
  });

  it("régimen: in c_RegimenFiscal (CFDI40157) and in force on the date", () => {
    expect(verdict(receptor(FISICA, "612", "G03"), "regimen-catalogo")).toEqual({ passed: true, satCode: "CFDI40157" });
    expect(verdict(receptor(FISICA, "999", "G03"), "regimen-catalogo")).toEqual({ passed: false, satCode: "CFDI40157" });
    // Every régimen starts on 2022-01-01 in this snapshot.
    expect(verdict(receptor(FISICA, "612", "G03", "2021-12-31"), "regimen-vigencia").passed).toBe(false);
  });

  it("régimen for the person type: Física and Moral columns (CFDI40158)", () => {
    expect(verdict(receptor(FISICA, "612", "G03"), "regimen-persona")).toEqual({ passed: true, satCode: "CFDI40158" });
    expect(verdict(receptor(FISICA, "601", "G03"), "regimen-persona")).toEqual({ passed: false, satCode: "CFDI40158" });
    expect(verdict(receptor(MORAL, "601", "G03"), "regimen-persona").passed).toBe(true);
    expect(verdict(receptor(MORAL, "605", "G03"), "regimen-persona").passed).toBe(false);
    // 626 (RESICO) applies to both.
    expect(verdict(receptor(MORAL, "626", "G03"), "regimen-persona").passed).toBe(true);
  });

  it("generic RFCs carry régimen 616 (CFDI40159) and get the usos of 616", () => {
    const publico = receptor("XAXX010101000", "616", "S01");
    expect(publico.passed).toBe(true);
    expect(verdict(publico, "regimen-rfc-generico")).toEqual({ passed: true, satCode: "CFDI40159" });
    expect(publico.allowedUsos.map((u) => u.code)).toEqual(["CP01", "G02", "S01"]);
    const extranjero = receptor("xexx010101000 ", "601", "G03");
    expect(verdict(extranjero, "regimen-rfc-generico")).toEqual({ passed: false, satCode: "CFDI40159" });
    expect(verdict(receptor("XAXX010101000", "616", "G03"), "uso-regimen").passed).toBe(false);
    // Only generic RFCs get the rule.
    expect(receptor(FISICA, "612", "G03").findings.some((f) => f.rule === "regimen-rfc-generico")).toBe(false);
  });

  it("uso: in c_UsoCFDI (CFDI40160), with a hint for lower case, and in force on the date", () => {
    expect(verdict(receptor(FISICA, "612", "G03"), "uso-catalogo")).toEqual({ passed: true, satCode: "CFDI40160" });
    const lower = receptor(FISICA, "612", "g03");
    expect(verdict(lower, "uso-catalogo")).toEqual({ passed: false, satCode: "CFDI40160" });
    expect(finding(lower, "uso-catalogo").message).toContain("«G03»");
    expect(verdict(receptor(FISICA, "612", "Z99"), "uso-catalogo").passed).toBe(false);
    expect(verdict(receptor(FISICA, "612", "G03", "2021-06-30"), "uso-vigencia").passed).toBe(false);
  });

  it("uso for the person type (CFDI40161, Física/Moral columns)", () => {
    expect(verdict(receptor(FISICA, "612", "D01"), "uso-persona")).toEqual({ passed: true, satCode: "CFDI40161" });
    expect(verdict(receptor(MORAL, "601", "D01"), "uso-persona")).toEqual({ passed: false, satCode: "CFDI40161" });
  });

  it("uso for the régimen (CFDI40161, Régimen Fiscal Receptor column)", () => {
    expect(verdict(receptor(FISICA, "612", "G03"), "uso-regimen")).toEqual({ passed: true, satCode: "CFDI40161" });
    const r = receptor(FISICA, "605", "G03");
    expect(verdict(r, "uso-regimen")).toEqual({ passed: false, satCode: "CFDI40161" });
    expect(finding(r, "uso-regimen").column).toBe("Régimen Fiscal Receptor");
    // A wage earner may receive nómina, payments, personal deductions and S01.
    expect(r.allowedUsos.map((u) => u.code)).toEqual([
      "CN01",
      "CP01",
      "D01",
      "D02",
      "D03",
      "D04",
      "D05",
      "D06",
      "D07",
      "D08",
      "D09",
      "D10",
      "S01",
    ]);
  });

  it("lists no uso when the régimen does not apply to the person type", () => {
    expect(receptor(FISICA, "601", "G03").allowedUsos).toEqual([]);
  });
});

/** A concept as a GET asks for it: one tax line (IVA 16 % unless `tax` says otherwise; `tax: undefined` for none). */
type ConceptoOver = Partial<Omit<ConceptoInput, "taxes" | "allTaxes">> & { tax?: TaxLine | undefined };
const concepto = (over: ConceptoOver = {}): CheckResult => {
  const { tax: _, ...rest } = over;
  const line = "tax" in over ? over.tax : iva("0.160000");
  return checkConcepto(index, {
    claveProdServ: "01010101",
    claveUnidad: "H87",
    objetoImp: "02",
    taxes: line === undefined ? [] : [line],
    allTaxes: line === undefined,
    date: DATE,
    ...rest,
  });
};
const iva = (tasaOCuota: string | undefined, tipo: TaxLine["tipo"] = "traslado"): TaxLine => ({
  tipo,
  impuesto: "002",
  factor: "Tasa",
  tasaOCuota,
});
const tax = (impuesto: string, factor: string, tasaOCuota: string | undefined, tipo: TaxLine["tipo"]): ConceptoOver => ({
  tax: { impuesto, factor, tasaOCuota, tipo },
});

describe("concepto", () => {
  it("passes a product with IVA at 16 %", () => {
    const r = concepto();
    expect(r.passed).toBe(true);
    expect(verdict(r, "tasa-o-cuota")).toEqual({ passed: true, satCode: "CFDI40179" });
  });

  it("product key: in c_ClaveProdServ (CFDI40162) and in force on the date (15101506 Gasolina ended 2020-01-15)", () => {
    expect(verdict(concepto({ claveProdServ: "99999999" }), "clave-prod-serv-catalogo")).toEqual({ passed: false, satCode: "CFDI40162" });
    expect(verdict(concepto({ claveProdServ: "15101506" }), "clave-prod-serv-vigencia").passed).toBe(false);
    expect(verdict(concepto({ claveProdServ: "15101506", date: "2019-06-01" }), "clave-prod-serv-vigencia").passed).toBe(true);
    expect(verdict(concepto({ claveProdServ: "15101506", date: "2020-01-15" }), "clave-prod-serv-vigencia").passed).toBe(true);
  });

  it("what the product key says about IVA and IEPS (CFDI40164) and complements (CFDI40163)", () => {
    // 80111700 Reclutamiento de personal: Incluir IVA trasladado «Sí».
    expect(verdict(concepto({ claveProdServ: "80111700" }), "clave-prod-serv-iva")).toEqual({ passed: true, satCode: "CFDI40164" });
    // One ISR line in a GET: the IVA may be in the concept's other lines.
    const isr = tax("001", "Tasa", "0.100000", "retencion");
    expect(verdict(concepto({ claveProdServ: "80111700", ...isr }), "clave-prod-serv-iva").passed).toBeNull();
    // Every line known (an XML) and none is an IVA traslado.
    const all = { claveProdServ: "80111700", claveUnidad: "E48", objetoImp: "02", taxes: [isr.tax as TaxLine], allTaxes: true, date: DATE };
    expect(verdict(checkConcepto(index, all), "clave-prod-serv-iva").passed).toBe(false);
    expect(verdict(concepto({ claveProdServ: "80111700", objetoImp: "01", tax: undefined }), "clave-prod-serv-iva").passed).toBe(false);
    expect(verdict(concepto(), "clave-prod-serv-iva").passed).toBe(true);
    expect(verdict(concepto(), "clave-prod-serv-ieps").passed).toBe(true);
    expect(verdict(concepto(), "clave-prod-serv-complemento")).toEqual({ passed: true, satCode: "CFDI40163" });
    expect(concepto({ claveProdServ: "80111700" }).passed).toBe(true);
  });

  it("unit key: in c_ClaveUnidad (CFDI40165)", () => {
    expect(verdict(concepto(), "clave-unidad-catalogo")).toEqual({ passed: true, satCode: "CFDI40165" });
    expect(verdict(concepto({ claveUnidad: "h87" }), "clave-unidad-catalogo").passed).toBe(false);
  });

  it("ObjetoImp: in c_ObjetoImp (CFDI40170), in force (06 from 2024-12-13), and whether it takes taxes (CFDI40171/40172)", () => {
    expect(verdict(concepto({ objetoImp: "09" }), "objeto-imp-catalogo")).toEqual({ passed: false, satCode: "CFDI40170" });
    expect(verdict(concepto({ objetoImp: "06", date: "2024-06-01" }), "objeto-imp-vigencia").passed).toBe(false);
    expect(verdict(concepto({ objetoImp: "06", date: "2024-12-13" }), "objeto-imp-vigencia").passed).toBe(true);
    expect(verdict(concepto({ tax: undefined }), "objeto-imp-impuestos")).toEqual({ passed: false, satCode: "CFDI40171" });
    expect(verdict(concepto({ objetoImp: "01" }), "objeto-imp-impuestos")).toEqual({ passed: false, satCode: "CFDI40172" });
    expect(verdict(concepto({ objetoImp: "01", tax: undefined }), "objeto-imp-impuestos").passed).toBe(true);
  });

  it("tax: in c_Impuesto (CFDI40175/40182) and trasladable or retenible per its columns", () => {
    expect(verdict(concepto(tax("004", "Tasa", "0.16", "traslado")), "impuesto-catalogo")).toEqual({ passed: false, satCode: "CFDI40175" });
    expect(verdict(concepto(tax("004", "Tasa", "0.16", "retencion")), "impuesto-catalogo").satCode).toBe("CFDI40182");
    expect(verdict(concepto(tax("001", "Tasa", "0.10", "traslado")), "impuesto-tipo").passed).toBe(false);
    expect(verdict(concepto(tax("001", "Tasa", "0.10", "retencion")), "impuesto-tipo").passed).toBe(true);
  });

  it("factor: in c_TipoFactor (CFDI40176/40183); a retención is never Exento (CFDI40184)", () => {
    expect(verdict(concepto(tax("002", "tasa", "0.16", "traslado")), "factor-catalogo")).toEqual({ passed: false, satCode: "CFDI40176" });
    expect(verdict(concepto(tax("002", "Tasa", "0.16", "retencion")), "retencion-no-exenta")).toEqual({
      passed: true,
      satCode: "CFDI40184",
    });
    expect(verdict(concepto(tax("002", "Exento", undefined, "retencion")), "retencion-no-exenta").passed).toBe(false);
  });

  it("Exento goes without TasaOCuota (CFDI40177); Tasa and Cuota need one (CFDI40178)", () => {
    expect(verdict(concepto(tax("002", "Exento", undefined, "traslado")), "exento-sin-tasa")).toEqual({
      passed: true,
      satCode: "CFDI40177",
    });
    expect(verdict(concepto(tax("002", "Exento", "0.16", "traslado")), "exento-sin-tasa").passed).toBe(false);
    expect(verdict(concepto({ tax: iva(undefined) }), "tasa-requerida")).toEqual({ passed: false, satCode: "CFDI40178" });
  });

  it("c_TasaOCuota fixed values: IVA 16 %, 8 % (crédito del 50 %), 0 %; not 15 %", () => {
    expect(verdict(concepto({ tax: iva("0.080000") }), "tasa-o-cuota").passed).toBe(true);
    expect(verdict(concepto({ tax: iva("0") }), "tasa-o-cuota").passed).toBe(true);
    const wrong = concepto({ tax: iva("0.150000") });
    expect(verdict(wrong, "tasa-o-cuota")).toEqual({ passed: false, satCode: "CFDI40179" });
    expect(finding(wrong, "tasa-o-cuota").message).toContain("0.16");
    // The IVA range 0–0.16 is for retenciones only.
    expect(verdict(concepto({ tax: iva("0.106667") }), "tasa-o-cuota").passed).toBe(false);
  });

  it("c_TasaOCuota ranges, bounds included: IVA retenido 0–0.16, ISR retenido 0–0.35 (CFDI40185)", () => {
    for (const v of ["0.000000", "0.106667", "0.160000"])
      expect(verdict(concepto({ tax: iva(v, "retencion") }), "tasa-o-cuota").passed, v).toBe(true);
    expect(verdict(concepto({ tax: iva("0.160001", "retencion") }), "tasa-o-cuota")).toEqual({ passed: false, satCode: "CFDI40185" });
    expect(verdict(concepto(tax("001", "Tasa", "0.35", "retencion")), "tasa-o-cuota").passed).toBe(true);
    expect(verdict(concepto(tax("001", "Tasa", "0.350001", "retencion")), "tasa-o-cuota").passed).toBe(false);
  });

  it("TasaOCuota with the six decimals of c_TasaOCuota (Guía de llenado, pregunta 40): 0.16 fails (CFDI40179/CFDI40185)", () => {
    expect(verdict(concepto({ tax: iva("0.16") }), "tasa-seis-decimales")).toEqual({ passed: false, satCode: "CFDI40179" });
    expect(concepto({ tax: iva("0.16") }).passed).toBe(false);
    // The value itself is still read against the catalog.
    expect(verdict(concepto({ tax: iva("0.16") }), "tasa-o-cuota").passed).toBe(true);
    expect(verdict(concepto(), "tasa-seis-decimales").passed).toBe(true);
    expect(verdict(concepto({ tax: iva("0.1", "retencion") }), "tasa-seis-decimales")).toEqual({ passed: false, satCode: "CFDI40185" });
    expect(verdict(concepto({ tax: iva("0.106667", "retencion") }), "tasa-seis-decimales").passed).toBe(true);
    // More than six decimals is not a catalog value at all.
    const seven = concepto({ tax: iva("0.1600000") });
    expect(verdict(seven, "tasa-seis-decimales").passed).toBe(false);
    expect(seven.findings.some((f) => f.rule === "tasa-o-cuota")).toBe(false);
  });

  it("IVA 8 % (border stimulus) only on keys whose «Estímulo Franja Fronteriza» is not 0: 01010101 fails, 10101500 passes", () => {
    const generic = concepto({ tax: iva("0.080000") });
    expect(verdict(generic, "tasa-o-cuota").passed).toBe(true);
    expect(verdict(generic, "clave-prod-serv-franja-fronteriza")).toEqual({ passed: false, satCode: null });
    expect(generic.passed).toBe(false);
    const animals = concepto({ claveProdServ: "10101500", tax: iva("0.080000") });
    expect(verdict(animals, "clave-prod-serv-franja-fronteriza").passed).toBe(true);
    expect(animals.passed).toBe(true);
    // IVA 16 % asks nothing of the mark.
    expect(concepto().findings.some((f) => f.rule === "clave-prod-serv-franja-fronteriza")).toBe(false);
  });

  it("ObjetoImp 06 and 08: no IVA or IEPS line, an ISR retención allowed (CFDI140226)", () => {
    for (const objetoImp of ["06", "08"]) {
      expect(verdict(concepto({ objetoImp }), "objeto-imp-sin-iva-ieps"), objetoImp).toEqual({ passed: false, satCode: "CFDI140226" });
      expect(verdict(concepto({ objetoImp, ...tax("003", "Tasa", "0.265000", "traslado") }), "objeto-imp-sin-iva-ieps").passed).toBe(false);
      expect(verdict(concepto({ objetoImp, ...tax("001", "Tasa", "0.100000", "retencion") }), "objeto-imp-sin-iva-ieps").passed).toBe(true);
      expect(verdict(concepto({ objetoImp, tax: undefined }), "objeto-imp-sin-iva-ieps").passed).toBe(true);
    }
  });

  it("ObjetoImp 07: no IVA line, an IEPS traslado required (CFDI140227)", () => {
    const ieps = concepto({ objetoImp: "07", ...tax("003", "Tasa", "0.265000", "traslado") });
    expect(verdict(ieps, "objeto-imp-sin-iva")).toEqual({ passed: true, satCode: "CFDI140227" });
    expect(verdict(ieps, "objeto-imp-traslado-ieps")).toEqual({ passed: true, satCode: "CFDI140227" });
    expect(verdict(concepto({ objetoImp: "07" }), "objeto-imp-sin-iva").passed).toBe(false);
    expect(verdict(concepto({ objetoImp: "07", tax: undefined }), "objeto-imp-traslado-ieps").passed).toBe(false);
    // One ISR line in a GET: the IEPS traslado may be another line.
    expect(
      verdict(concepto({ objetoImp: "07", ...tax("001", "Tasa", "0.100000", "retencion") }), "objeto-imp-traslado-ieps").passed,
    ).toBeNull();
  });

  it("a c_TasaOCuota rule out of force on the date: IEPS Cuota 0–72.1605 starts 2026-01-01", () => {
    const cuota = (v: string, date: string) => concepto({ ...tax("003", "Cuota", v, "traslado"), date });
    expect(verdict(cuota("72.1605", "2026-01-01"), "tasa-o-cuota").passed).toBe(true);
    expect(verdict(cuota("72.160501", "2026-01-01"), "tasa-o-cuota").passed).toBe(false);
    const before = cuota("1.5", "2025-12-31");
    expect(verdict(before, "tasa-o-cuota").passed).toBe(false);
    expect(finding(before, "tasa-o-cuota").message).toContain("no tiene reglas");
  });
});

const comprobante = (over: Partial<ComprobanteInput> = {}): CheckResult =>
  checkComprobante(index, {
    tipo: "I",
    metodoPago: "PUE",
    formaPago: "03",
    moneda: "MXN",
    tipoCambio: undefined,
    total: "1160.00",
    exportacion: "01",
    date: DATE,
    ...over,
  });

describe("comprobante", () => {
  it("passes an ordinary invoice", () => {
    expect(comprobante().passed).toBe(true);
  });

  it("tipo: in c_TipoDeComprobante (CFDI40121)", () => {
    expect(verdict(comprobante(), "tipo-comprobante-catalogo")).toEqual({ passed: true, satCode: "CFDI40121" });
    expect(verdict(comprobante({ tipo: "X" }), "tipo-comprobante-catalogo").passed).toBe(false);
  });

  it("método: in c_MetodoPago (CFDI40124); omitted in T and P (CFDI40125)", () => {
    expect(verdict(comprobante({ metodoPago: "ABC" }), "metodo-pago-catalogo")).toEqual({ passed: false, satCode: "CFDI40124" });
    const pago = { tipo: "P", formaPago: undefined, total: "0" };
    expect(verdict(comprobante(pago), "metodo-pago-omitido")).toEqual({ passed: false, satCode: "CFDI40125" });
    expect(verdict(comprobante({ ...pago, metodoPago: undefined }), "metodo-pago-omitido").passed).toBe(true);
  });

  it("forma: in c_FormaPago (CFDI40104); omitted in T, N and P (CFDI40103)", () => {
    expect(verdict(comprobante({ formaPago: "77" }), "forma-pago-catalogo")).toEqual({ passed: false, satCode: "CFDI40104" });
    expect(verdict(comprobante({ tipo: "N" }), "forma-pago-omitida")).toEqual({ passed: false, satCode: "CFDI40103" });
    expect(verdict(comprobante({ tipo: "N", formaPago: undefined }), "forma-pago-omitida").passed).toBe(true);
  });

  it("PPD requires forma de pago 99 (CFDI40105)", () => {
    expect(verdict(comprobante({ metodoPago: "PPD", formaPago: "99" }), "ppd-forma-99")).toEqual({ passed: true, satCode: "CFDI40105" });
    expect(verdict(comprobante({ metodoPago: "PPD", formaPago: "03" }), "ppd-forma-99").passed).toBe(false);
    expect(verdict(comprobante({ metodoPago: "PPD", formaPago: undefined }), "ppd-forma-99").passed).toBe(false);
    expect(comprobante().findings.some((f) => f.rule === "ppd-forma-99")).toBe(false);
  });

  it("moneda: in c_Moneda (CFDI40113); the total within its Decimales", () => {
    expect(verdict(comprobante({ moneda: "ABC" }), "moneda-catalogo")).toEqual({ passed: false, satCode: "CFDI40113" });
    expect(verdict(comprobante({ total: "100.123" }), "total-decimales").passed).toBe(false);
    expect(verdict(comprobante({ moneda: "JPY", total: "100.5" }), "total-decimales").passed).toBe(false);
    expect(verdict(comprobante({ moneda: "JPY", total: "100" }), "total-decimales").passed).toBe(true);
    expect(verdict(comprobante({ moneda: "KWD", total: "1.234" }), "total-decimales").passed).toBe(true);
  });

  it("TipoCambio: 1 with MXN (CFDI40114), required otherwise (CFDI40115), absent with XXX (CFDI40116), SAT's pattern (CFDI40117)", () => {
    expect(verdict(comprobante(), "tipo-cambio-requerido")).toEqual({ passed: true, satCode: "CFDI40115" });
    for (const one of ["1", "1.0", "1.000000"]) expect(verdict(comprobante({ tipoCambio: one }), "tipo-cambio-mxn").passed, one).toBe(true);
    expect(verdict(comprobante({ tipoCambio: "17.5" }), "tipo-cambio-mxn")).toEqual({ passed: false, satCode: "CFDI40114" });
    expect(verdict(comprobante({ moneda: "USD" }), "tipo-cambio-requerido")).toEqual({ passed: false, satCode: "CFDI40115" });
    expect(verdict(comprobante({ moneda: "USD", tipoCambio: "17.2345" }), "tipo-cambio-patron")).toEqual({
      passed: true,
      satCode: "CFDI40117",
    });
    for (const bad of ["17.1234567", "1e3", "17,50", "-17.5", "17."])
      expect(verdict(comprobante({ moneda: "USD", tipoCambio: bad }), "tipo-cambio-patron").passed, bad).toBe(false);
    const pago = { tipo: "P", metodoPago: undefined, formaPago: undefined, moneda: "XXX", total: "0" };
    expect(verdict(comprobante({ ...pago, tipoCambio: "1" }), "tipo-cambio-xxx")).toEqual({ passed: false, satCode: "CFDI40116" });
    expect(verdict(comprobante(pago), "tipo-cambio-xxx").passed).toBe(true);
  });

  it("the total within c_TipoDeComprobante's Valor máximo (CFDI40120): a traslado is 0", () => {
    const traslado = { tipo: "T", metodoPago: undefined, formaPago: undefined };
    expect(verdict(comprobante({ ...traslado, total: "0" }), "total-valor-maximo")).toEqual({ passed: true, satCode: "CFDI40120" });
    expect(verdict(comprobante({ ...traslado, total: "1" }), "total-valor-maximo").passed).toBe(false);
    expect(verdict(comprobante({ total: "999999999999999.999999" }), "total-valor-maximo").passed).toBe(true);
  });

  it("exportación: in c_Exportacion (CFDI40123), in force (04 from 2022-02-25), 02 asks for Comercio Exterior (CFDI40122)", () => {
    expect(verdict(comprobante({ exportacion: "05" }), "exportacion-catalogo")).toEqual({ passed: false, satCode: "CFDI40123" });
    expect(verdict(comprobante({ exportacion: "04", date: "2022-02-24" }), "exportacion-vigencia").passed).toBe(false);
    expect(verdict(comprobante({ exportacion: "02" }), "exportacion-complemento")).toEqual({ passed: null, satCode: "CFDI40122" });
    expect(verdict(comprobante(), "exportacion-complemento")).toEqual({ passed: true, satCode: "CFDI40222" });
    expect(comprobante({ exportacion: "02" }).passed).toBe(true);
  });
});

describe("SAT's codes", () => {
  const docs = readFileSync(join(import.meta.dirname, "..", "docs", "cfdi-prechecks.md"), "utf8");
  const rows = [...docs.matchAll(/^\| (CFDI1?40\d{3}) +\|.*\| (checked|needs SAT|needs data we do not have|not checked yet) +\|/gm)];
  const documented = new Map(rows.map((m) => [m[1] as string, m[2] as string]));

  it("docs/cfdi-prechecks.md lists every code of the matrix once, with a status (128 codes, CFDI40101–CFDI140227 and CFDI40999)", () => {
    expect(rows).toHaveLength(128);
    expect(documented.size).toBe(128);
    expect(documented.get("CFDI140226")).toBe("checked");
    expect(documented.get("CFDI40126")).toBe("needs data we do not have");
  });

  it("every code the checks answer is one of the matrix, spelled as SAT spells it, and documented as checked or listed as not checked", () => {
    const dir = join(import.meta.dirname, "..", "lib", "cfdi-check");
    const used = new Set(
      readdirSync(dir).flatMap((f) => [...readFileSync(join(dir, f), "utf8").matchAll(/"(CFDI\d+)"/g)].map((m) => m[1] as string)),
    );
    expect(used.size).toBeGreaterThan(90);
    for (const code of used) expect(documented.has(code), code).toBe(true);
  });
});
