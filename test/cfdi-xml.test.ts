// The whole-CFDI check as a plain module, on public CFDI 4.0 examples (test/fixtures/cfdi/README.md) and on edits of one whose sums are worked by hand.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CfdiValidation, validateCfdi } from "../lib/cfdi-check/cfdi.ts";
import type { Finding } from "../lib/cfdi-check/findings.ts";
import { MAX_XML_BYTES } from "../lib/cfdi-check/limits.ts";
import { CfdiXmlError, readCfdi } from "../lib/cfdi-check/xml.ts";
import { rawCheckIndex } from "./helpers/check-index.ts";

const index = rawCheckIndex();
const TODAY = "2026-03-15";
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, "fixtures", "cfdi", name), "utf8");
const check = (xml: string): CfdiValidation => validateCfdi(index, readCfdi(xml), TODAY);
const failedCodes = (r: CfdiValidation): (string | null)[] => r.findings.filter((f) => f.passed === false).map((f) => f.satCode);
const failed = (r: CfdiValidation, rule: string): Finding[] => r.findings.filter((f) => f.rule === rule && f.passed === false);
const passedCount = (r: CfdiValidation, rule: string): number => r.passedRules.find((p) => p.rule === rule)?.count ?? 0;

/** The reading's refusal message, or a failure when it reads. */
function refusal(xml: string): string {
  try {
    readCfdi(xml);
  } catch (e) {
    expect(e).toBeInstanceOf(CfdiXmlError);
    return (e as Error).message;
  }
  throw new Error("read without complaint");
}

const REAL = fixture("phpcfdi-cfdi40-real.xml");

describe("reading the XML", () => {
  it("refuses malformed XML, naming where", () => {
    expect(refusal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0"><cfdi:Emisor></cfdi:Comprobante>')).toMatch(
      /mal formado cerca de la línea 1/,
    );
    expect(refusal("no es XML")).toMatch(/mal formado/);
    expect(refusal("")).toMatch(/mal formado|ningún elemento/);
  });

  it("refuses any DOCTYPE, so no entity is ever declared or expanded (billion laughs, external entities)", () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="&lol2;"/>';
    expect(refusal(laughs)).toMatch(/DOCTYPE/);
    const external = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>';
    expect(refusal(external)).toMatch(/DOCTYPE/);
    // An entity nobody declared is not looked up anywhere: malformed.
    expect(refusal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="&foo;"/>')).toMatch(/mal formado/);
  });

  it("refuses another version or root, and more than 1 MiB", () => {
    expect(refusal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3"/>')).toMatch(/versión 3\.3/);
    expect(refusal('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="3.3"/>')).toMatch(/Version «3\.3»/);
    expect(refusal("<factura/>")).toMatch(/«factura»/);
    const padded = REAL.replace("<cfdi:Emisor", `<!--${"x".repeat(MAX_XML_BYTES)}--><cfdi:Emisor`);
    expect(refusal(padded)).toMatch(/1024 KiB/);
  });

  it("reads the nodes the checks need, whatever the prefix", () => {
    const doc = readCfdi(REAL.replaceAll("cfdi:", "c4:").replace("xmlns:cfdi=", "xmlns:c4="));
    expect(doc.conceptos).toHaveLength(2);
    expect(doc.conceptos[1]?.taxes[0]?.attrs).toMatchObject({ Base: "853.448276", Importe: "136.551724" });
    expect(doc.impuestos?.attrs["TotalImpuestosTrasladados"]).toBe("137.93");
    expect(doc.complementos).toEqual(["{http://www.sat.gob.mx/TimbreFiscalDigital} TimbreFiscalDigital"]);
  });
});

describe("public CFDI 4.0 examples", () => {
  it("passes phpcfdi's stamped invoice: every sum and bound worked by hand holds", () => {
    // Concepts 8.620690 + 853.448276 = 862.068966 → SubTotal 862.07; IVA 1.379310 + 136.551724 = 137.931034 → 137.93;
    // Total 862.07 + 137.93 = 1000.00. Line 2's IVA bounds: trunc(853.4482755 × 0.16) = 136.55, ceil(853.4482765 × 0.16) = 136.56.
    const r = check(REAL);
    expect(r.findings).toEqual([]);
    expect(r.passed).toBe(true);
    expect(r.date).toBe("2025-01-24");
    for (const [rule, count] of [
      ["subtotal-suma", 1],
      ["total-suma", 1],
      ["concepto-importe-limites", 2],
      ["impuesto-importe-limites", 2],
      ["resumen-importe-suma", 1],
      ["resumen-base-suma", 1],
      ["total-impuestos-suma", 1],
      ["tasa-seis-decimales", 2],
      ["tipo-cambio-mxn", 1],
    ] as const)
      expect(passedCount(r, rule), rule).toBe(count);
  });

  it("passes phpcfdi's USD invoice with discounts (TipoCambio 18.9008, Descuento summed)", () => {
    const r = check(fixture("phpcfdi-created-with-discounts-40.xml"));
    expect(r.findings.filter((f) => f.passed === false)).toEqual([]);
    expect(passedCount(r, "tipo-cambio-patron")).toBe(1);
    expect(passedCount(r, "descuento-suma")).toBe(1);
  });

  it("phpcfdi's sealed invoice: its arithmetic holds; its receptor MCI7306249Y1 fails only the RFC check digit (no SAT code)", () => {
    const r = check(fixture("phpcfdi-cfdi40-valid.xml"));
    expect(r.findings.filter((f) => f.passed === false).map((f) => [f.rule, f.satCode])).toEqual([["rfc-estructura", null]]);
    expect(passedCount(r, "total-suma")).toBe(1);
  });

  it("refuses python-satcfdi's synthetic every-node example with SAT's codes", () => {
    const r = check(fixture("satcfdi-cfdv40-ejemplo.xml"));
    expect(r.passed).toBe(false);
    const codes = failedCodes(r);
    // A tipo P with MetodoPago, FormaPago, Impuestos, a SubTotal and a Total; TipoRelacion 09; régimen 630; ObjetoImp 01 with taxes.
    for (const code of [
      "CFDI40125",
      "CFDI40103",
      "CFDI40201",
      "CFDI40109",
      "CFDI40119",
      "CFDI40137",
      "CFDI40140",
      "CFDI40157",
      "CFDI40172",
      "CFDI40111",
    ])
      expect(codes, code).toContain(code);
  });

  it("refuses the Comercio Exterior complement with Exportacion 03 (CFDI40222)", () => {
    const r = check(fixture("satcfdi-cfdv40-cce11.xml"));
    expect(failed(r, "exportacion-complemento").map((f) => f.satCode)).toEqual(["CFDI40222"]);
  });
});

describe("edits of the stamped invoice", () => {
  it("a SubTotal that is not the rounded sum (CFDI40108) and a Total that does not follow (CFDI40119)", () => {
    const r = check(REAL.replace('SubTotal="862.07"', 'SubTotal="862.08"'));
    expect(failedCodes(r)).toEqual(["CFDI40108", "CFDI40119"]);
    expect(failed(r, "subtotal-suma")[0]?.message).toContain("debería ser 862.07");
  });

  it("a concept Importe outside Cantidad × ValorUnitario's bounds (CFDI40167): 8.64 against [8.62, 8.63]", () => {
    const r = check(REAL.replace('ValorUnitario="8.620690" Importe="8.620690"', 'ValorUnitario="8.620690" Importe="8.64"'));
    expect(failed(r, "concepto-importe-limites")[0]).toMatchObject({ satCode: "CFDI40167", field: "Concepto[1]/Importe" });
    expect(failed(r, "concepto-importe-limites")[0]?.message).toContain("de 8.62 a 8.63");
  });

  it("a tax Importe outside Base × TasaOCuota's bounds (CFDI40180) and a summary that no longer adds up (CFDI40221)", () => {
    const r = check(REAL.replace('Importe="136.551724"', 'Importe="136.57"'));
    expect(failed(r, "impuesto-importe-limites")[0]).toMatchObject({
      satCode: "CFDI40180",
      field: "Concepto[2]/Impuestos/Traslado[1]/Importe",
    });
    // 1.379310 + 136.57 = 137.94931 → 137.95, not 137.93.
    expect(failed(r, "resumen-importe-suma")[0]?.message).toContain("debería ser 137.95");
  });

  it("a TasaOCuota with two decimals (CFDI40179, Guía de llenado pregunta 40)", () => {
    const r = check(REAL.replace('TasaOCuota="0.160000" Importe="1.379310"', 'TasaOCuota="0.16" Importe="1.379310"'));
    expect(failed(r, "tasa-seis-decimales")[0]).toMatchObject({
      satCode: "CFDI40179",
      field: "Concepto[1]/Impuestos/Traslado[1]/TasaOCuota",
    });
  });

  it("a TotalImpuestosTrasladados that is not the sum of the summary lines (CFDI40205)", () => {
    const r = check(REAL.replace('TotalImpuestosTrasladados="137.93"', 'TotalImpuestosTrasladados="137.92"'));
    expect(failedCodes(r)).toContain("CFDI40205");
  });

  it("a summary without the concepts' IVA line (CFDI40221) and no TotalImpuestosTrasladados", () => {
    const summary = /<cfdi:Impuestos TotalImpuestosTrasladados="137.93">.*?<\/cfdi:Impuestos>/s;
    expect(summary.test(REAL)).toBe(true);
    const r = check(REAL.replace(summary, "").replace('Total="1000.00"', 'Total="862.07"'));
    expect(failed(r, "resumen-grupo-presente").map((f) => f.satCode)).toEqual(["CFDI40221"]);
  });

  it("TipoCambio: with USD it is required (CFDI40115); with MXN it is 1 (CFDI40114)", () => {
    expect(failedCodes(check(REAL.replace('Moneda="MXN" TipoCambio="1"', 'Moneda="USD"')))).toContain("CFDI40115");
    expect(failedCodes(check(REAL.replace('TipoCambio="1"', 'TipoCambio="17.5"')))).toContain("CFDI40114");
  });

  it("Exportacion 02 without Comercio Exterior (CFDI40122)", () => {
    const r = check(REAL.replace('Exportacion="01"', 'Exportacion="02"'));
    expect(failed(r, "exportacion-complemento").map((f) => f.satCode)).toEqual(["CFDI40122"]);
  });

  it("público en general: InformacionGlobal required (CFDI40130), DomicilioFiscalReceptor = LugarExpedicion (CFDI40149), régimen 616 (CFDI40159)", () => {
    const publico = REAL.replace(
      'Rfc="COSC8001137NA" Nombre="CARLOS CORTES SOTO" DomicilioFiscalReceptor="52176" RegimenFiscalReceptor="612" UsoCFDI="G03"',
      'Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="52176" RegimenFiscalReceptor="612" UsoCFDI="S01"',
    );
    expect(publico).not.toBe(REAL);
    const codes = failedCodes(check(publico));
    for (const code of ["CFDI40130", "CFDI40149", "CFDI40159"]) expect(codes, code).toContain(code);
  });

  it("the border IVA of 8 % only on keys whose «Estímulo Franja Fronteriza» is not 0: 95111615 (0) fails, 80141628 (1) passes", () => {
    // Line 2 at 8 %: 853.448276 × 0.08 = 68.27586208 → 68.275862; the summary follows: 1.379310 + 68.275862.
    const eight = REAL.replace(
      'Base="853.448276" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="136.551724"',
      'Base="853.448276" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.080000" Importe="68.275862"',
    );
    expect(eight).not.toBe(REAL);
    const border = check(eight).findings.filter((f) => f.rule === "clave-prod-serv-franja-fronteriza");
    expect(border.map((f) => [f.field, f.passed])).toEqual([["Concepto[2]/Impuestos/Traslado[1]/TasaOCuota", false]]);
    const first = REAL.replace('TasaOCuota="0.160000" Importe="1.379310"', 'TasaOCuota="0.080000" Importe="0.689655"');
    expect(passedCount(check(first), "clave-prod-serv-franja-fronteriza")).toBe(1);
  });
});
