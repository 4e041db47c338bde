// /calculos/recargos and /calculos/sbc over HTTP on the local server, with /recargos/tasas and /imss/factor-integracion:
// worked examples computed by hand from the laws' texts, the INPC read from raw/, 404s that name the missing data, 400s that name the parameter.
import { describe, expect, it } from "vitest";
import { get, sharedServer } from "./http-setup.ts";
import { rawInpc } from "./helpers/raw-facts.ts";
import { recargos } from "../sources/recargos.ts";
import { factorIntegracion } from "../sources/factor-integracion.ts";

const app = sharedServer();

type Json = Record<string, unknown>;
async function api(path: string, status = 200): Promise<Json> {
  const res = await get(app.url, `/api/v1/public/${path}`);
  expect(res.status, `${path}: ${res.body.toString()}`).toBe(status);
  return res.json() as Json;
}
const rawIndex = (period: string): number => {
  const found = rawInpc().find((o) => o.period === period);
  if (found === undefined) throw new Error(`raw/ has no INPC of ${period}`);
  return found.value;
};

describe("the tables as served", () => {
  it("/recargos/tasas has a row a year, 2019–2026, each with its LIF and the copies read", async () => {
    const rows = (await api("recargos/tasas")) as unknown as Json[];
    expect(rows.map((r) => [r["anio"], r["tasaMora"], r["tasaProrroga"]])).toEqual(recargos.rows.map((r) => [r.year, r.mora, r.prorroga]));
    expect(rows.at(-1)).toMatchObject({ anio: 2026, tasaMora: 2.07, tasaProrroga: 1.38, tasaParcialidadesHasta12Meses: 1.42 });
    for (const r of rows) expect(String(r["instrumento"])).toMatch(new RegExp(`^LIF ${String(r["anio"])}`));
  });

  it("/imss/factor-integracion has every band of the table, with its legal basis", async () => {
    const rows = (await api("imss/factor-integracion")) as unknown as Json[];
    expect(rows.map((r) => [r["anioServicioDesde"], r["anioServicioHasta"], r["diasVacaciones"], r["factor"]])).toEqual(
      factorIntegracion.rows.map((r) => [r.fromYear, r.toYear, r.vacationDays, r.factor]),
    );
    expect(String(rows[0]!["fundamento"])).toContain("Arts. 76");
  });

  it("both are in /status and in the dumps' index", async () => {
    const status = await api("status");
    const ids = (status["datasets"] as Json[]).map((d) => d["id"]);
    expect(ids).toEqual(expect.arrayContaining(["recargos", "factor-integracion-sbc"]));
    const index = await api("dumps/index.json");
    expect(JSON.stringify(index)).toContain("recargos");
    expect(JSON.stringify(index)).toContain("factor-integracion-sbc");
  });
});

describe("late payment: update (Art. 17-A CFF) and recargos (Art. 21 CFF)", () => {
  it("10,000.00 due 2025-11-17 paid 2026-02-20: factor 1.0132, update 132.00, four months at 1.47, 1.47, 2.07, 2.07 = 7.08 %, recargos 717.35", async () => {
    // Art. 17-A: "dividiendo el Índice Nacional de Precios al Consumidor del mes anterior al más reciente del periodo entre el citado
    // índice correspondiente al mes anterior al más antiguo": INPC 2026-01 ÷ INPC 2025-10 = 143.588 / 141.708 = 1.013266… → 1.0132.
    // Art. 21: "por cada mes o fracción que transcurra a partir del día en que debió hacerse el pago y hasta que el mismo se efectúe",
    // "aplicando al monto de las contribuciones ... actualizados ... la tasa que resulte de sumar las aplicables en cada año para cada
    // uno de los meses": 10,132.00 × 7.08 % = 717.3456 → 717.35.
    expect([rawIndex("2026-01"), rawIndex("2025-10")]).toEqual([143.588, 141.708]);
    const r = await api("calculos/recargos?monto=10000.00&fechaLimite=2025-11-17&fecha=2026-02-20");
    expect(r).toMatchObject({
      monto: 10000,
      factorActualizacion: {
        factor: 1.0132,
        menorQueUno: false,
        inpcReciente: { period: "2026-01", value: 143.588, ruta: "/api/v1/public/inpc/2026-01" },
        inpcAntiguo: { period: "2025-10", value: 141.708, ruta: "/api/v1/public/inpc/2025-10" },
      },
      montoActualizado: 10132,
      actualizacion: 132,
      meses: 4,
      tasaRecargos: 7.08,
      recargos: 717.35,
      total: 10849.35,
      datos: { tasas: "/api/v1/public/recargos/tasas" },
    });
    expect((r["detalleMeses"] as Json[]).map((m) => [m["desde"], m["hasta"], m["fraccion"], m["anio"], m["tasa"]])).toEqual([
      ["2025-11-17", "2025-12-17", false, 2025, 1.47],
      ["2025-12-17", "2026-01-17", false, 2025, 1.47],
      ["2026-01-17", "2026-02-17", false, 2026, 2.07],
      ["2026-02-17", "2026-02-20", true, 2026, 2.07],
    ]);
    expect(String(r["fundamento"])).toMatch(/17-A.*21/);
  });

  it("March 2026's IVA (due 2026-04-17) paid three months late: prices fell, so the factor is 1; 3 × 2.07 % = 6.21 %, 621.00", async () => {
    // INPC 2026-06 145.131 < INPC 2026-03 145.544: Art. 17-A, "Cuando el resultado de la operación ... sea menor a 1, el factor ... será 1".
    expect(rawIndex("2026-06")).toBeLessThan(rawIndex("2026-03"));
    const r = await api("calculos/recargos?monto=10000.00&fechaLimite=2026-04-17&fecha=2026-07-17");
    expect(r).toMatchObject({
      factorActualizacion: { factor: 1, menorQueUno: true },
      montoActualizado: 10000,
      actualizacion: 0,
      meses: 3,
      tasaRecargos: 6.21,
      recargos: 621,
      total: 10621,
    });
  });

  it("counts five years at most: 60 months are served, 61 are a 400 that cites Arts. 21 and 67", async () => {
    const r = await api("calculos/recargos?monto=1000.00&fechaLimite=2019-01-17&fecha=2024-01-17");
    expect(r).toMatchObject({ meses: 60, tasaRecargos: 88.2 });
    const over = await api("calculos/recargos?monto=1000.00&fechaLimite=2019-01-17&fecha=2024-01-18", 400);
    expect(String(over["detail"])).toMatch(/fecha \(2024-01-18\).*cinco años.*67/);
  });

  it("is a 404 naming the month whose INPC is not published, and the year without a rate; never an estimate", async () => {
    const last = rawInpc().reduce((a, b) => (a.period > b.period ? a : b)).period; // 2026-08
    expect(last).toBe("2026-08");
    // A payment in October 2026 needs September's INPC.
    const missing = await api("calculos/recargos?monto=1000.00&fechaLimite=2026-08-17&fecha=2026-10-05", 404);
    expect(String(missing["detail"])).toContain("septiembre de 2026 (2026-09)");
    const noRate = await api("calculos/recargos?monto=1000.00&fechaLimite=2018-12-17&fecha=2019-02-05", 404);
    expect(String(noRate["detail"])).toContain("No hay tasa de recargos de 2018");
  });

  it("refuses bad input in Spanish, naming the parameter", async () => {
    const detail = async (q: string) => String((await api(`calculos/recargos?${q}`, 400))["detail"]);
    expect(await detail("monto=1000.00&fechaLimite=2026-04-17&fecha=2026-04-17")).toContain("El parámetro fecha (2026-04-17)");
    expect(await detail("monto=1000.00&fechaLimite=2026-04-17&fecha=2026-03-01")).toContain("posterior a fechaLimite");
    expect(await detail("monto=-5&fechaLimite=2026-04-17&fecha=2026-05-01")).toContain("monto");
    expect(await detail("monto=1000.00&fechaLimite=2026-02-30&fecha=2026-05-01")).toContain("fechaLimite");
    expect(await detail("monto=1000.00&fechaLimite=2026-04-17")).toContain("fecha");
  });
});

describe("salario base de cotización (Arts. 27 and 28 LSS)", () => {
  it("the TRESS example: 200.00 a day, 20 days of aguinaldo, 20 of vacation, 30 % premium → 1.0712, 214.24, + 40.00 = 254.24", async () => {
    const r = await api(
      "calculos/sbc?salarioDiario=200.00&anioServicio=1&anio=2026&aguinaldo=20&vacaciones=20&porcentaje=30&variables=40.00",
    );
    expect(r).toMatchObject({
      prestaciones: "del-patron",
      factorMinimo: 1.0493,
      factor: 1.0712,
      sdiFijo: 214.24,
      partesVariables: 40,
      salarioIntegrado: 254.24,
      topado: false,
      sbc: 254.24,
      datos: { uma: { anio: 2026, uma: 117.31 }, tabla: "/api/v1/public/imss/factor-integracion" },
    });
  });

  it("the legal minimum of the first year: 200.00 × 1.0493 = 209.86, below the 2026 minimum wage (cuotas-imss raises it)", async () => {
    const r = await api("calculos/sbc?salarioDiario=200.00&anioServicio=1&anio=2026");
    expect(r).toMatchObject({
      prestaciones: "minimos-de-ley",
      diasAguinaldo: 15,
      diasVacaciones: 12,
      primaVacacional: 25,
      factor: 1.0493,
      sbc: 209.86,
    });
    expect(r["menorQueSalarioMinimo"]).toBe(true);
  });

  it("uses the table's factor for every year of service of every band", async () => {
    for (const row of factorIntegracion.rows) {
      for (const year of [row.fromYear, row.toYear]) {
        const r = await api(`calculos/sbc?salarioDiario=1000.00&anioServicio=${year}&anio=2026`);
        expect([year, r["factor"], r["diasVacaciones"], r["sdiFijo"]]).toEqual([
          year,
          row.factor,
          row.vacationDays,
          Math.round(1000 * row.factor * 100) / 100,
        ]);
      }
    }
  });

  it("caps at 25 UMA of the year, and its result is the sbc of /calculos/cuotas-imss", async () => {
    const capped = await api("calculos/sbc?salarioDiario=5000.00&anioServicio=6&anio=2026");
    expect(capped).toMatchObject({ sdiFijo: 5281, tope25Uma: 2932.75, topado: true, sbc: 2932.75 });
    const r = await api("calculos/sbc?salarioDiario=500.00&anioServicio=3&anio=2026");
    expect(r).toMatchObject({ factor: 1.0521, sbc: 526.05, rutaCuotasImss: "/api/v1/public/calculos/cuotas-imss?sbc=526.05&anio=2026" });
    const chained = await api(`${String(r["rutaCuotasImss"]).replace("/api/v1/public/", "")}&primaRiesgo=0.54355&dias=30`);
    expect(chained).toMatchObject({ sbcCapturado: 526.05, sbc: 526.05, ajusteSbc: null });
  });

  it("refuses benefits below the law and bad input in Spanish, naming the parameter; a year without UMA is a 404", async () => {
    const detail = async (q: string) => String((await api(`calculos/sbc?salarioDiario=200.00&anio=2026&${q}`, 400))["detail"]);
    expect(await detail("anioServicio=2&vacaciones=12")).toMatch(/parámetro vacaciones.*14 días/);
    expect(await detail("anioServicio=1&aguinaldo=14")).toContain("aguinaldo");
    expect(await detail("anioServicio=1&porcentaje=20")).toContain("porcentaje");
    expect(await detail("anioServicio=36")).toContain("anioServicio");
    expect(await detail("anioServicio=1&variables=1e3")).toContain("variables");
    expect(String((await api("calculos/sbc?salarioDiario=200.00&anioServicio=1&anio=2099", 404))["detail"])).toContain("2099");
  });
});
