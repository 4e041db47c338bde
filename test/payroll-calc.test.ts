// ISR withheld after the subsidio para el empleo, the annual ISR (Art. 152) and RESICO: worked cases and boundaries, over HTTP and in the shared module.
import { describe, expect, it } from "vitest";
import { resicoCalculation, subsidyCalculation, subsidyRuleOn, withheldAfterSubsidy } from "../core/calculations.ts";
import { subsidyRule } from "../lib/datasets/payroll-records.ts";
import { resicoRates } from "../lib/datasets/payroll-records.ts";
import { resico } from "../sources/resico.ts";
import { subsidioEmpleo } from "../sources/subsidio-empleo.ts";
import { get, sharedServer } from "./http-setup.ts";

const app = sharedServer();
type Json = Record<string, unknown>;

async function api(path: string, status = 200): Promise<Json> {
  const res = await get(app.url, `/api/v1/public/${path}`);
  expect(res.status, `${path}: ${res.body.toString()}`).toBe(status);
  return res.json() as Json;
}
const isr = (query: string, status = 200) => api(`calculos/isr?${query}`, status);

const rules = subsidioEmpleo.rows.map(subsidyRule);
const rule2026 = subsidyRuleOn(rules, "2026-03-15")!;

describe("ISR withheld after the subsidy (2026 tariff, March 2026)", () => {
  it("8,000.00 a month: tariff ISR 511.42, subsidy 535.65, withheld 0.00", async () => {
    const r = await isr("ingreso=8000.00&periodo=mensual&anio=2026&mes=2026-03");
    expect(r).toMatchObject({
      isr: 511.42,
      subsidio: { monto: 535.65, aplica: true, dias: 30.4 },
      isrARetener: 0,
      fechaPago: "2026-03-01",
    });
    expect(r["fundamentoRetencion"]).toContain("Art. 96");
    expect((r["subsidio"] as Json)["ruta"]).toBe("/api/v1/public/subsidio-empleo/2026-03-01");
  });

  it("10,000.00 a month: 729.02 − 535.65 = 193.37; paid in January 2026, 729.02 − 536.21 = 192.81", async () => {
    expect(await isr("ingreso=10000.00&periodo=mensual&anio=2026&fecha=2026-03-31")).toMatchObject({
      isr: 729.02,
      subsidio: { monto: 535.65 },
      isrARetener: 193.37,
      nota: null,
    });
    const january = await isr("ingreso=10000.00&periodo=mensual&anio=2026&fecha=2026-01-31");
    expect(january).toMatchObject({ subsidio: { monto: 536.21, umaMensual: 3439.46, porcentajeUmaMensual: 15.59 }, isrARetener: 192.81 });
    expect(january["nota"]).toContain("enero");
    expect(await isr("ingreso=10000.00&periodo=mensual&anio=2026&fecha=2026-02-01")).toMatchObject({ subsidio: { monto: 535.65 } });
  });

  it("12,000.00 a month is above the ceiling: subsidy 0.00, withheld 946.62", async () => {
    const r = await isr("ingreso=12000.00&periodo=mensual&anio=2026&mes=2026-03");
    expect(r).toMatchObject({ isr: 946.62, subsidio: { monto: 0, aplica: false }, isrARetener: 946.62 });
    expect(r["nota"]).toContain("tope");
  });

  it("grants the subsidy at the ceiling exactly and not one centavo over", async () => {
    expect(await isr("ingreso=11492.66&periodo=mensual&anio=2026&mes=2026-03")).toMatchObject({
      subsidio: { monto: 535.65, aplica: true },
    });
    expect(await isr("ingreso=11492.67&periodo=mensual&anio=2026&mes=2026-03")).toMatchObject({ subsidio: { monto: 0, aplica: false } });
  });

  it("prorates amount and ceiling by days in every shorter period, the decenal tariff included", async () => {
    const expected = { diaria: [1, 17.62], semanal: [7, 123.34], decenal: [10, 176.2], quincenal: [15, 264.3] } as const;
    for (const [period, [days, amount]] of Object.entries(expected)) {
      const r = await isr(`ingreso=100.00&periodo=${period}&anio=2026&mes=2026-03`);
      expect(r, period).toMatchObject({ periodo: period, subsidio: { dias: days, monto: amount }, isrARetener: 0 });
    }
    // 11,492.66 × 15 ÷ 30.4 = 5,670.72: the quincenal ceiling.
    expect(await isr("ingreso=5670.72&periodo=quincenal&anio=2026&mes=2026-03")).toMatchObject({ subsidio: { aplica: true } });
    expect(await isr("ingreso=5670.73&periodo=quincenal&anio=2026&mes=2026-03")).toMatchObject({ subsidio: { aplica: false, monto: 0 } });
    expect(await isr("ingreso=2500.00&periodo=decenal&anio=2026&mes=2026-03")).toMatchObject({
      isr: 153.94,
      datos: { tarifa: { periodo: "decenal", ruta: "/api/v1/public/dumps/isr.json" } },
    });
  });

  it("has no subsidy data before 2024-05-01 (null with a note, never a guess), none without a date, none on the annual tariff", async () => {
    const before = await isr("ingreso=8000.00&periodo=mensual&anio=2024&fecha=2024-04-30");
    expect(before).toMatchObject({ isr: expect.any(Number), subsidio: null, isrARetener: null });
    expect(before["nota"]).toContain("2024-05-01");
    expect(await isr("ingreso=8000.00&periodo=mensual&anio=2024&fecha=2024-05-01")).toMatchObject({ subsidio: { monto: 390.12 } });
    const undated = await isr("ingreso=20000.00&periodo=mensual&anio=2026");
    expect(undated).toMatchObject({ isr: 2383.65, subsidio: null, isrARetener: null, fechaPago: null });
    expect(await isr("ingreso=100000.00&periodo=anual&anio=2026&mes=2026-03")).toMatchObject({ subsidio: null, isrARetener: null });
  });

  it("refuses a payment date outside the tariff's year, both fecha and mes, or a malformed one", async () => {
    expect((await isr("ingreso=100&periodo=mensual&anio=2026&fecha=2025-03-01", 400))["detail"]).toContain("anio");
    expect((await isr("ingreso=100&periodo=mensual&anio=2026&fecha=2026-03-01&mes=2026-03", 400))["detail"]).toContain("mes");
    expect((await isr("ingreso=100&periodo=mensual&anio=2026&fecha=2026-02-30", 400))["detail"]).toContain("fecha");
    expect((await isr("ingreso=100&periodo=mensual&anio=2026&mes=2026-13", 400))["detail"]).toContain("mes");
  });
});

describe("subsidy rules served", () => {
  it("lists every rule and answers the rule of a day; 404 before 2024-05-01 naming the first date", async () => {
    const all = (await get(app.url, "/api/v1/public/subsidio-empleo")).json() as Json[];
    expect(all.map((r) => r["vigenteDesde"])).toEqual(["2024-05-01", "2025-01-01", "2025-02-01", "2026-01-01", "2026-02-01"]);
    expect(await api("subsidio-empleo/2026-01-31")).toMatchObject({ montoMensual: 536.21, vigenteHasta: "2026-01-31" });
    expect(await api("subsidio-empleo/2026-02-01")).toMatchObject({ montoMensual: 535.65, vigenteHasta: null, datosHasta: "2026-12-31" });
    expect((await api("subsidio-empleo/2024-04-30", 404))["detail"]).toContain("2024-05-01");
    expect((await api("subsidio-empleo/2027-01-01", 404))["detail"]).toContain("2026-12-31");
    await api("subsidio-empleo/2026-02-30", 400);
  });
});

describe("annual ISR (Art. 152 LISR)", () => {
  it("is 44,064.02 on a taxable income of 300,000.00 in 2025, with the annual tariff (not the monthly × 12)", async () => {
    const r = await api("calculos/isr-anual?ingresoGravable=300000.00&anio=2025");
    expect(r).toMatchObject({
      isr: 44064.02,
      renglon: { limiteInferior: 185852.58, cuotaFija: 19682.13 },
      datos: { tarifa: { ruta: "/api/v1/public/tarifa/isr/2025/anual" } },
    });
    expect(r["fundamento"]).toContain("Art. 152");
    expect(r["limites"]).toContain("Art. 97");
    expect((await api("calculos/isr-anual?ingresoGravable=1&anio=2099", 404))["detail"]).toContain("2099");
  });
});

describe("RESICO personas físicas", () => {
  it("applies the row's rate to the whole income, at each limit exactly and one centavo over", async () => {
    expect(await api("calculos/resico?ingreso=25000.00&periodo=mensual")).toMatchObject({ tasa: 1, isr: 250, excedeTope: false });
    expect(await api("calculos/resico?ingreso=25000.01&periodo=mensual")).toMatchObject({ tasa: 1.1, isr: 275 });
    expect(await api("calculos/resico?ingreso=300000.00&periodo=anual")).toMatchObject({ tasa: 1, isr: 3000 });
    expect(await api("calculos/resico?ingreso=3500000.00&periodo=anual")).toMatchObject({ tasa: 2.5, isr: 87500 });
  });

  it("says the taxpayer leaves the regime above 3,500,000.00", async () => {
    const r = await api("calculos/resico?ingreso=3500000.01&periodo=anual");
    expect(r).toMatchObject({ tasa: null, isr: null, renglon: null, excedeTope: true });
    expect(r["nota"]).toContain("deja de tributar");
    expect((await api("calculos/resico?ingreso=100&periodo=semanal", 400))["detail"]).toContain("periodo");
  });

  it("serves the rates with their lower limits", async () => {
    const rates = (await get(app.url, "/api/v1/public/resico/tasas")).json() as Json[];
    expect(rates).toHaveLength(10);
    expect(rates[1]).toMatchObject({ periodo: "mensual", limiteInferior: 25000.01, limiteSuperior: 50000, tasa: 1.1 });
  });
});

describe("the shared module", () => {
  it("never withholds a negative ISR, and prorates the subsidy half up", () => {
    expect(withheldAfterSubsidy(51142n, 53565n)).toBe(0n);
    expect(withheldAfterSubsidy(72902n, 53565n)).toBe(19337n);
    expect(subsidyCalculation(rule2026, "semanal", 100n).amount).toBe(12334n);
    expect(subsidyCalculation(rule2026, "mensual", 1149266n)).toMatchObject({ eligible: true, amount: 53565n });
    expect(subsidyCalculation(rule2026, "mensual", 1149267n)).toMatchObject({ eligible: false, amount: 0n });
  });

  it("finds RESICO rows by their upper limit and none above the ceiling", () => {
    const monthly = resicoRates(resico.rows).filter((r) => r.periodo === "mensual");
    expect(resicoCalculation(monthly, 8333333n)).toMatchObject({ index: 2, tax: 125000n });
    expect(resicoCalculation(monthly, 8333334n)).toMatchObject({ index: 3, tax: 166667n });
    expect(resicoCalculation(monthly, 350000001n)).toBeNull();
  });
});
