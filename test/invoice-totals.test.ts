// /calculos/factura: an invoice's taxes, withholdings and totals (GET one concept, POST many), worked by hand from the laws and SAT's Anexo 20 texts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INVOICE_PRESET_RATES, invoiceTotals, presetLine, taxBounds, taxLine, twoThirds, twoThirdsRate } from "../core/calculations.ts";
import { Api } from "../lib/http/app.ts";
import { calculationHandlers } from "../lib/handlers/calculations.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { dumpPath, routeById } from "../lib/routes/routes.ts";
import { tasaOCuotaRecord } from "../lib/datasets/records.ts";
import { parseTasaOCuota } from "../sources/sat-tasa.ts";

const RAW = "raw/sat/catCFDI/c_TasaOCuota.csv";
/** The c_TasaOCuota rules of raw/, as their dump publishes them: what the calculation checks every rate against. */
const rules = parseTasaOCuota(readFileSync(RAW, "utf8"), RAW).map(tasaOCuotaRecord);
const records = recordsFrom((path) => (path === dumpPath("cfdi-tasa-o-cuota", "json") ? rules : undefined));
const api = new Api({ routes: [routeById("calcFactura")], handlers: calculationHandlers(() => records) });
const BASE = "http://127.0.0.1/api/v1/public/calculos/factura";

type Json = Record<string, unknown>;
async function getFactura(query: string, status = 200): Promise<Json> {
  const res = await api.app.fetch(new Request(`${BASE}?${query}`), { ip: "192.0.2.9" });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}
async function postFactura(doc: unknown, status = 200): Promise<Json> {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(doc) };
  const res = await api.app.fetch(new Request(BASE, init), { ip: "192.0.2.9" });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBe(status);
  if (status === 200) expect(res.headers.get("cache-control")).toBe("no-store");
  return body;
}
const detail = (body: Json): string => String(body["detail"]);

describe("SAT's bounds and the two thirds (core/calculations.ts)", () => {
  it("truncates the lower bound and rounds the upper one up (Guía de llenado CFDI 4.0, Apéndice 7, pregunta 41)", () => {
    // Base 10,000.00 (d = 2) at 0.106667: (10000 − 0.005) × 0.106667 = 1066.669466665 → 1066.66;
    // (10000 + 0.005 − 10^-12) × 0.106667 = 1066.670533334… → 1066.68.
    expect(taxBounds(1_000_000n, 2, 106_667n)).toEqual({ lower: 106_666n, upper: 106_668n });
    // Base 924.224956 at TasaOCuota 1 (the guide's example importe): truncated 924.22, rounded up 924.23.
    expect(taxBounds(924_224_956n, 6, 1_000_000n)).toEqual({ lower: 92_422n, upper: 92_423n });
    // A product exactly on a centavo: (100 − 0.005) × 0.16 = 15.9992 → 15.99; (100.005 − 10^-12) × 0.16 = 16.00079… → 16.01.
    expect(taxBounds(10_000n, 2, 160_000n)).toEqual({ lower: 1_599n, upper: 1_601n });
  });

  it("takes two thirds of the IVA as Art. 3 fr. I RLIVA says, and its rate to six decimals", () => {
    expect(twoThirds(160_000n)).toBe(106_667n); // 1,600.00 × 2/3 = 1,066.666… → 1,066.67
    expect(twoThirds(240_000n)).toBe(160_000n); // 2,400.00 × 2/3 = 1,600.00
    expect(twoThirdsRate(160_000n)).toBe(106_667n); // 0.16 × 2/3 = 0.1066666… → 0.106667
  });

  it("brings a legal amount outside SAT's bounds to the nearest one, and says so", () => {
    // 1,000,000.00 of honorarios: IVA 160,000.00, two thirds 106,666.67; at 0.106667 the bounds are
    // (1000000 − 0.005) × 0.106667 = 106666.9994… → 106,666.99 and 106,667.0005… → 106,667.01.
    const line = taxLine({ tax: "002", factor: "Tasa", rate6: 106_667n, base: 100_000_000n, baseDecimals: 2, legal: 10_666_667n });
    expect(line).toMatchObject({ amount: 10_666_699n, lower: 10_666_699n, upper: 10_666_701n, clamped: true });
    expect(taxLine({ tax: "002", factor: "Exento", rate6: null, base: 100n, baseDecimals: 2 })).toMatchObject({
      amount: null,
      clamped: false,
    });
  });
});

describe("GET /calculos/factura: one concept in one URL", () => {
  it("honorarios of 10,000 to a persona moral: ISR 1,000.00, IVA retenido 1,066.67, total 9,533.33", async () => {
    // Art. 1 LIVA: IVA 16 % of 10,000.00 = 1,600.00. Art. 106 último párrafo LISR: ISR 10 % of 10,000.00 = 1,000.00.
    // Art. 1-A fr. II a) LIVA, Art. 3 fr. I RLIVA: two thirds of 1,600.00 = 1,066.666… → 1,066.67.
    // Total = 10,000.00 + 1,600.00 − 1,000.00 − 1,066.67 = 9,533.33.
    const r = await getFactura("valorUnitario=10000&preset=honorarios-pf-a-pm");
    expect(r).toMatchObject({
      subtotal: 10000,
      descuento: 0,
      totalImpuestosTrasladados: 1600,
      totalImpuestosRetenidos: 2066.67,
      total: 9533.33,
      traslados: [{ impuesto: "002", tipoFactor: "Tasa", tasaOCuota: "0.160000", base: 10000, importe: 1600 }],
      retenciones: [
        { impuesto: "001", importe: 1000 },
        { impuesto: "002", importe: 1066.67 },
      ],
      notas: [],
    });
    const [concept] = r["conceptos"] as Json[];
    expect(concept).toMatchObject({
      importe: 10000,
      objetoImp: "02",
      retenciones: [
        { nombre: "ISR", tasaOCuota: "0.100000", importe: 1000, limiteInferior: 999.99, limiteSuperior: 1000.01 },
        { nombre: "IVA", tasaOCuota: "0.106667", base: 10000, importe: 1066.67, limiteInferior: 1066.66, limiteSuperior: 1066.68 },
      ],
    });
    expect(String((concept?.["retenciones"] as Json[] | undefined)?.[0]?.["fundamento"])).toContain("Art. 106");
  });

  it("reproduces the Guía de llenado's example: servicios contables of 15,000.00 with ISR 10 % and two thirds of the IVA", async () => {
    // Guía de llenado CFDI 4.0, campo TotalImpuestosRetenidos: ISR 15000.00 × 10 % = 1500.00; IVA 15000.00 × 16 % / 3 × 2 = 1600.00;
    // total retenido 3100.00. IVA trasladado 15000.00 × 16 % = 2400.00 (campo TotalImpuestosTrasladados). Total 15,000 + 2,400 − 3,100.
    const r = await getFactura("valorUnitario=15000.00&preset=honorarios-pf-a-pm");
    expect(r).toMatchObject({ totalImpuestosRetenidos: 3100, totalImpuestosTrasladados: 2400, total: 14300 });
  });

  it("fletes: IVA retenido 4 % of the contraprestación (Art. 1-A fr. II c) LIVA, Art. 3 fr. II RLIVA)", async () => {
    // 5,000.00: IVA 800.00; retained 4 % × 5,000.00 = 200.00; total 5,600.00.
    const r = await getFactura("valorUnitario=5000&preset=fletes-a-pm");
    expect(r).toMatchObject({ totalImpuestosTrasladados: 800, totalImpuestosRetenidos: 200, total: 5600 });
    expect(r["retenciones"]).toEqual([{ impuesto: "002", nombre: "IVA", importe: 200 }]);
  });

  it("RESICO: ISR retenido 1.25 % without the IVA (Art. 113-J LISR), with or without the two thirds", async () => {
    // Services of 20,000.00: ISR 1.25 % = 250.00; IVA 3,200.00; two thirds 2,133.33; total 20,000 + 3,200 − 250 − 2,133.33 = 20,816.67.
    expect(await getFactura("valorUnitario=20000&preset=resico-servicios-pf-a-pm")).toMatchObject({
      total: 20816.67,
      totalImpuestosRetenidos: 2383.33,
    });
    // Goods of 20,000.00: only the ISR: 20,000 + 3,200 − 250 = 22,950.00.
    expect(await getFactura("valorUnitario=20000&preset=resico-bienes-pf-a-pm")).toMatchObject({
      total: 22950,
      totalImpuestosRetenidos: 250,
    });
  });

  it("público en general: IVA 16 % and nothing withheld; quantity, unit value and discount", async () => {
    // 3 × 199.99 = 599.97; discount 99.97; base 500.00; IVA 80.00; total 599.97 − 99.97 + 80.00 = 580.00.
    const r = await getFactura("cantidad=3&valorUnitario=199.99&descuento=99.97&preset=publico-general");
    expect(r).toMatchObject({
      subtotal: 599.97,
      descuento: 99.97,
      totalImpuestosTrasladados: 80,
      totalImpuestosRetenidos: 0,
      total: 580,
      retenciones: [],
    });
  });

  it("puts the IEPS in the IVA's base (Art. 12 LIVA; Guía: la base del IVA es el importe más el IEPS), by rate or by quota", async () => {
    // 1,000.00 at IEPS 26.5 % = 265.00; IVA 16 % of 1,265.00 = 202.40; total 1,467.40.
    const rate = await getFactura("valorUnitario=1000&iepsTasa=0.265&iva=16");
    expect(rate).toMatchObject({ totalImpuestosTrasladados: 467.4, total: 1467.4 });
    expect((rate["traslados"] as Json[]).map((t) => [t["nombre"], t["base"], t["importe"]])).toEqual([
      ["IEPS", 1000, 265],
      ["IVA", 1265, 202.4],
    ]);
    // 10 units at 20.00 with a quota of 1.50 per unit: Base 10 (units), IEPS 15.00; IVA 16 % of 215.00 = 34.40; total 249.40.
    const quota = await getFactura("cantidad=10&valorUnitario=20&iepsCuota=1.5&iva=16");
    expect(quota).toMatchObject({ total: 249.4 });
    expect((quota["traslados"] as Json[])[0]).toMatchObject({ tipoFactor: "Cuota", tasaOCuota: "1.500000", base: 10, importe: 15 });
  });

  it("reports an exempt concept's base without TasaOCuota or Importe (Guía de llenado, Apéndice 7, pregunta 13)", async () => {
    const r = await getFactura("valorUnitario=850&iva=exento");
    expect(r).toMatchObject({
      total: 850,
      traslados: [{ impuesto: "002", tipoFactor: "Exento", tasaOCuota: null, base: 850, importe: null }],
    });
  });

  it("refuses bad input with a 400 that names the field", async () => {
    expect(detail(await getFactura("preset=honorarios-pf-a-pm", 400))).toMatch(/valorUnitario/);
    expect(detail(await getFactura("valorUnitario=10000", 400))).toMatch(/objetoImp 02/);
    expect(detail(await getFactura("valorUnitario=10000&objetoImp=01&iva=16", 400))).toMatch(/objetoImp 01 no lleva impuestos/);
    expect(detail(await getFactura("valorUnitario=100&descuento=200&iva=16", 400))).toMatch(/^descuento/);
    expect(detail(await getFactura("valorUnitario=100&iepsTasa=0.2&iva=16", 400))).toMatch(
      /^iepsTasa: el catálogo c_TasaOCuota no admite 0.200000/,
    );
    expect(detail(await getFactura("valorUnitario=100&isrRetenido=0.4&iva=16", 400))).toMatch(/^isrRetenido: .*admite 0.000000 a 0.350000/);
    expect(detail(await getFactura("valorUnitario=100&iva=0&ivaRetenido=dos-tercios", 400))).toMatch(/^ivaRetenido/);
    expect(detail(await getFactura("valorUnitario=1e4&iva=16", 400))).toMatch(/valorUnitario/);
    expect(detail(await getFactura("valorUnitario=100&iva=12", 400))).toMatch(/iva/);
  });

  it("is cached like the other calculations and answers 404 without the catalog it checks rates against", async () => {
    const res = await api.app.fetch(new Request(`${BASE}?valorUnitario=10000&preset=honorarios-pf-a-pm`), { ip: "192.0.2.9" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.headers.get("etag")).toMatch(/^"/);
    const bare = new Api({ routes: [routeById("calcFactura")], handlers: calculationHandlers(() => recordsFrom(() => undefined)) });
    const missing = await bare.app.fetch(new Request(`${BASE}?valorUnitario=1&iva=16`), { ip: "192.0.2.9" });
    expect(missing.status).toBe(404);
  });
});

describe("POST /calculos/factura: many concepts", () => {
  it("adds the concepts up and groups the Impuestos node by tax, factor and rate (CFDI40211, CFDI40215, CFDI40221)", async () => {
    // 1: 10,000.00 honorarios (IVA 1,600.00; ISR 1,000.00; IVA ret 1,066.67).
    // 2: 2 × 1,500.50 = 3,001.00 − 1.00 = 3,000.00 honorarios (IVA 480.00; ISR 300.00; IVA ret 320.00).
    // 3: 500.00 exento. 4: 1,000.00 at IVA 8 % (80.00).
    // Subtotal 14,501.00; descuento 1.00; trasladados 2,160.00; retenidos 1,300.00 + 1,386.67 = 2,686.67;
    // total 14,501.00 − 1.00 + 2,160.00 − 2,686.67 = 13,973.33.
    const r = await postFactura({
      preset: "honorarios-pf-a-pm",
      conceptos: [
        { valorUnitario: "10000" },
        { cantidad: 2, valorUnitario: "1500.50", descuento: "1" },
        { valorUnitario: 500, iva: "exento", preset: "publico-general" },
        { valorUnitario: "1000", iva: "8", preset: "publico-general" },
      ],
    });
    expect(r).toMatchObject({
      subtotal: 14501,
      descuento: 1,
      totalImpuestosTrasladados: 2160,
      totalImpuestosRetenidos: 2686.67,
      total: 13973.33,
    });
    expect(r["traslados"]).toEqual([
      { impuesto: "002", nombre: "IVA", tipoFactor: "Tasa", tasaOCuota: "0.160000", base: 13000, importe: 2080 },
      { impuesto: "002", nombre: "IVA", tipoFactor: "Exento", tasaOCuota: null, base: 500, importe: null },
      { impuesto: "002", nombre: "IVA", tipoFactor: "Tasa", tasaOCuota: "0.080000", base: 1000, importe: 80 },
    ]);
    expect(r["retenciones"]).toEqual([
      { impuesto: "001", nombre: "ISR", importe: 1300 },
      { impuesto: "002", nombre: "IVA", importe: 1386.67 },
    ]);
    expect((r["conceptos"] as Json[]).map((c) => c["total"])).toEqual([9533.33, 2860, 500, 1080]);
  });

  it("answers a repeated invoice as the first time and never another invoice's answer (answers kept by the body's JSON)", async () => {
    const a = { preset: "honorarios-pf-a-pm", conceptos: [{ valorUnitario: "10000" }] };
    const b = { preset: "honorarios-pf-a-pm", conceptos: [{ valorUnitario: "10001" }] };
    const first = await postFactura(a);
    expect(first["total"]).toBe(9533.33);
    // 10,001.00: IVA 1,600.16; ISR 1,000.10; IVA ret 1,066.77 (two thirds of 1,600.16 = 1,066.773…); total 10,001.00 + 1,600.16 − 1,000.10 − 1,066.77 = 9,534.29.
    expect((await postFactura(b))["total"]).toBe(9534.29);
    // The same document spelled otherwise (spacing) is the same invoice.
    const spaced = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(a, null, 2) };
    const again = await api.app.fetch(new Request(BASE, spaced), { ip: "192.0.2.9" });
    expect(await again.json()).toEqual(first);
    // Bad input is refused every time: a refusal is never kept as an answer.
    const bad = { conceptos: [{ valorUnitario: "1", descuento: "2", iva: "16" }] };
    for (let i = 0; i < 2; i++) expect(detail(await postFactura(bad, 400))).toMatch(/^conceptos\[0\]\.descuento/);
  });

  it("notes a two thirds that SAT's bounds do not admit, and writes the nearest bound", async () => {
    const r = await postFactura({ conceptos: [{ valorUnitario: "1000000", preset: "honorarios-pf-a-pm" }] });
    expect(r["retenciones"]).toEqual([
      { impuesto: "001", nombre: "ISR", importe: 100000 },
      { impuesto: "002", nombre: "IVA", importe: 106666.99 },
    ]);
    expect((r["notas"] as string[])[0]).toMatch(/^Concepto 1: las dos terceras partes del IVA \(106666.67\)/);
  });

  it("names the concept and field of bad input, and refuses unknown fields and too many concepts", async () => {
    const bad = (doc: unknown): Promise<string> => postFactura(doc, 400).then(detail);
    expect(
      await bad({
        conceptos: [
          { valorUnitario: "1", iva: "16" },
          { valorUnitario: "-5", iva: "16" },
        ],
      }),
    ).toMatch(/^En conceptos\[1\]: El campo valorUnitario/);
    expect(await bad({ conceptos: [{ valorUnitario: "1", iva: "16", precio: 3 }] })).toMatch(/^conceptos\[0\]\.precio: campo desconocido/);
    expect(await bad({ conceptos: [{ valorUnitario: true }] })).toMatch(/^conceptos\[0\]\.valorUnitario debe ser un texto o un número/);
    expect(await bad({ conceptos: [{ valorUnitario: "1", descuento: "2", iva: "16" }] })).toMatch(/^conceptos\[0\]\.descuento/);
    expect(await bad({ conceptos: [] })).toMatch(/al menos un concepto/);
    expect(await bad({ conceptos: Array.from({ length: 1001 }, () => ({ valorUnitario: "1", iva: "16" })) })).toMatch(/como máximo 1000/);
    expect(await bad({ conceptos: [{ valorUnitario: "1" }], preset: "otro" })).toMatch(/^preset debe ser uno de/);
    expect(await bad({ conceptos: [{ valorUnitario: "1" }], moneda: "USD" })).toMatch(/^moneda: campo desconocido/);
    expect(await bad([1, 2])).toMatch(/objeto JSON/);
  });
});

describe("the calculator page's arithmetic (presetLine, bundled for the browser)", () => {
  it("gives the API's total for every preset, amount and discount", async () => {
    const cases: [string, bigint, bigint, bigint][] = [
      ["1", 1_000_000n, 10_000_000_000n, 0n],
      ["3", 3_000_000n, 199_990_000n, 9_997n],
      ["0.5", 500_000n, 1_000_000_000_000n, 0n],
      ["2.25", 2_250_000n, 1_234_567_891n, 123n],
    ];
    for (const preset of Object.keys(INVOICE_PRESET_RATES) as (keyof typeof INVOICE_PRESET_RATES)[]) {
      for (const [quantityText, quantity, unitValue, discount] of cases) {
        const unitText = `${unitValue / 1_000_000n}.${String(unitValue % 1_000_000n).padStart(6, "0")}`;
        const discountText = `${discount / 100n}.${String(discount % 100n).padStart(2, "0")}`;
        const api = await getFactura(`cantidad=${quantityText}&valorUnitario=${unitText}&descuento=${discountText}&preset=${preset}`);
        const page = invoiceTotals([presetLine(INVOICE_PRESET_RATES[preset], quantity, unitValue, discount)]);
        expect(Math.round(Number(api["total"]) * 100), `${preset} ${quantityText} × ${unitText}`).toBe(Number(page.total));
        expect(Math.round(Number(api["totalImpuestosRetenidos"]) * 100)).toBe(Number(page.withheld));
      }
    }
  });
});
