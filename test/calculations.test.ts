// The /calculos routes over HTTP on the local server: worked cases, bounds of every parameter, 404s that name the missing data.
import { describe, expect, it } from "vitest";
import { cesantiaEmployerRows } from "../sources/imss.ts";
import { recordsFromFiles } from "../lib/calc/records.ts";
import { SeriesDump } from "../lib/datasets/dump-slices.ts";
import { get, sharedServer } from "./http-setup.ts";
import { rawFix } from "./helpers/raw-facts.ts";
import { addDays, nextWeekday } from "../core/dates.ts";

const app = sharedServer();

type Json = Record<string, unknown>;
async function calc(path: string, status = 200): Promise<Json> {
  const res = await get(app.url, `/api/v1/public/calculos/${path}`);
  expect(res.status, `${path}: ${res.body.toString()}`).toBe(status);
  return res.json() as Json;
}

describe("ISR (Art. 96 LISR)", () => {
  it("withholds 2,383.65 on 20,000.00 a month in 2026, stating the bracket and the tariff used", async () => {
    const r = await calc("isr?ingreso=20000.00&periodo=mensual&anio=2026");
    expect(r).toMatchObject({
      ingreso: 20000,
      periodo: "mensual",
      anio: 2026,
      isr: 2383.65,
      renglon: { limiteInferior: 17533.65, excedente: 2466.35, tasaMarginal: 0.2136, impuestoMarginal: 526.81, cuotaFija: 1856.84 },
      datos: { tarifa: { anio: 2026, periodo: "mensual", ruta: "/api/v1/public/tarifa/isr/2026/mensual" } },
    });
    expect(r["fundamento"]).toContain("Art. 96");
    const res = await get(app.url, "/api/v1/public/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.headers["etag"]).toMatch(/^"/);
  });

  it("rounds a tiny income's tax to 0 in the first bracket, and is 404 for a year without a tariff", async () => {
    expect(await calc("isr?ingreso=0.01&periodo=mensual&anio=2026")).toMatchObject({
      isr: 0,
      renglon: { numero: 1, limiteInferior: 0.01 },
    });
    const missing = await calc("isr?ingreso=100&periodo=mensual&anio=2099", 404);
    expect(missing["detail"]).toContain("2099");
  });

  it("refuses malformed amounts, naming the parameter in Spanish", async () => {
    for (const bad of ["1e3", "-5", "20,000.00", "1.234", "", "abc", "100000000.01", "0", "0.00", "1.", "%20"]) {
      const r = await calc(`isr?ingreso=${bad}&periodo=mensual&anio=2026`, 400);
      expect(r["detail"], bad).toContain("ingreso");
    }
    expect((await calc("isr?ingreso=100&periodo=mes&anio=2026", 400))["detail"]).toContain("periodo");
    expect((await calc("isr?ingreso=100&periodo=mensual&anio=26", 400))["detail"]).toContain("anio");
    expect((await calc("isr?ingreso=100&periodo=mensual", 400))["detail"]).toContain("anio");
    expect((await calc("isr?ingreso=1&ingreso=2&periodo=mensual&anio=2026", 400))["detail"]).toContain("ingreso");
  });
});

describe("update factor (Art. 17-A CFF)", () => {
  it("is 1.0358 from 2024-02 to 2025-02, with the two INPC used", async () => {
    const r = await calc("factor-actualizacion?desde=2024-02&hasta=2025-02&monto=10000.00");
    expect(r).toMatchObject({
      factor: 1.0358,
      menorQueUno: false,
      monto: 10000,
      montoActualizado: 10358,
      datos: { inpcReciente: { period: "2025-01", value: 138.343 }, inpcAntiguo: { period: "2024-01", value: 133.555 } },
    });
    expect((await calc("factor-actualizacion?desde=2024-02&hasta=2025-02"))["montoActualizado"]).toBeNull();
  });

  it("is 404 naming the month whose INPC is not published, never an estimate", async () => {
    const r = await calc("factor-actualizacion?desde=2024-02&hasta=2027-03", 404);
    expect(r["detail"]).toContain("2027-02");
    expect(r["detail"]).toContain("febrero de 2027");
  });

  it("refuses a period that ends before it starts, or a malformed month", async () => {
    expect((await calc("factor-actualizacion?desde=2025-02&hasta=2024-02", 400))["detail"]).toContain("hasta");
    expect((await calc("factor-actualizacion?desde=2025-13&hasta=2026-01", 400))["detail"]).toContain("desde");
  });
});

describe("IMSS and INFONAVIT contributions", () => {
  const percents = (year: number): number[] => cesantiaEmployerRows.find((r) => r.year === year)?.percents ?? [];
  /** Employer cesantía y vejez for 30 days, computed here from the law's table with plain integer arithmetic. */
  const cesantia30 = (sbc: string, percent: number): number => {
    const centavos = BigInt(Math.round(Number(sbc) * 100));
    const thousandths = BigInt(Math.round(percent * 1000));
    return Number((2n * centavos * 30n * thousandths + 100_000n) / 200_000n) / 100;
  };

  // 2026: UMA 117.31, minimum wage 315.04 (2.68 UMA); 2023: UMA 103.74, minimum wage 207.44. Band i covers
  // SBC up to its bound in hundredths of a UMA: 1.50, 2.00, 2.50, 3.00, 3.50, 4.00 UMA, then above.
  const edges: [year: number, sbc: string, band: number][] = [
    [2026, "315.04", 0],
    [2026, "315.05", 4],
    [2026, "353.10", 4],
    [2026, "353.11", 5],
    [2026, "411.75", 5],
    [2026, "411.76", 6],
    [2026, "470.41", 6],
    [2026, "470.42", 7],
    [2023, "207.44", 0],
    [2023, "207.45", 2],
    [2023, "208.51", 2],
    [2023, "208.52", 3],
    [2023, "260.38", 3],
    [2023, "260.39", 4],
  ];
  for (const [year, sbc, band] of edges) {
    it(`puts an SBC of ${sbc} in ${year} in band ${band}`, async () => {
      const r = await calc(`cuotas-imss?sbc=${sbc}&anio=${year}&primaRiesgo=0.54355&dias=30`);
      const rate = percents(year)[band] as number;
      expect(r["rangoCesantia"]).toMatchObject({ indice: band, tasaPatron: rate });
      const row = (r["conceptos"] as Json[]).find((c) => c["concepto"] === "Cesantía en edad avanzada y vejez");
      expect(row?.["patron"]).toBe(cesantia30(sbc, rate));
      expect(r["patronPagaCuotasTrabajador"]).toBe(band === 0);
    });
  }

  it("gives the totals of the worked example, raises the SBC to the minimum and caps it at 25 UMA", async () => {
    expect(await calc("cuotas-imss?sbc=600&anio=2026&primaRiesgo=0.54355&dias=30")).toMatchObject({
      totales: { trabajador: 457.27, patron: 4319.98 },
    });
    expect(await calc("cuotas-imss?sbc=100&anio=2026&primaRiesgo=0.5&dias=1")).toMatchObject({
      sbc: 315.04,
      ajusteSbc: "salario-minimo",
      totales: { trabajador: 0 },
    });
    expect(await calc("cuotas-imss?sbc=5000&anio=2026&primaRiesgo=0.5&dias=1")).toMatchObject({ sbc: 2932.75, ajusteSbc: "tope-25-uma" });
  });

  it("checks the premium and the days, and 404s past the cesantía table", async () => {
    expect((await calc("cuotas-imss?sbc=600&anio=2026&primaRiesgo=0.4&dias=30", 400))["detail"]).toContain("primaRiesgo");
    expect((await calc("cuotas-imss?sbc=600&anio=2026&primaRiesgo=0.123456&dias=30", 400))["detail"]).toContain("primaRiesgo");
    expect((await calc("cuotas-imss?sbc=600&anio=2026&primaRiesgo=1&dias=32", 400))["detail"]).toContain("dias");
    await calc("cuotas-imss?sbc=600&anio=2031&primaRiesgo=1&dias=30", 404);
  });
});

describe("aguinaldo and vacation premium", () => {
  it("splits an aguinaldo below the 30-UMA limit as all exempt, and one above it", async () => {
    expect(await calc("aguinaldo?salarioDiario=200&dias=15&diasTrabajados=365&anio=2026")).toMatchObject({
      aguinaldo: 3000,
      topeExento: 3519.3,
      exento: 3000,
      gravado: 0,
    });
    const above = await calc("aguinaldo?salarioDiario=500&dias=15&diasTrabajados=365&anio=2026");
    expect(above).toMatchObject({ aguinaldo: 7500, exento: 3519.3, gravado: 3980.7, datos: { uma: { anio: 2026, uma: 117.31 } } });
    expect(await calc("aguinaldo?salarioDiario=500&dias=15&diasTrabajados=180&anio=2026")).toMatchObject({ aguinaldo: 3698.63 });
    expect((await calc("aguinaldo?salarioDiario=500&dias=14&diasTrabajados=365&anio=2026", 400))["detail"]).toContain("dias");
  });

  it("splits a vacation premium at 15 UMA", async () => {
    expect(await calc("prima-vacacional?salarioDiario=500&antiguedad=1&porcentaje=25&anio=2026")).toMatchObject({
      diasVacaciones: 12,
      primaVacacional: 1500,
      exento: 1500,
      gravado: 0,
    });
    expect(await calc("prima-vacacional?salarioDiario=1000&antiguedad=6&porcentaje=25&anio=2026")).toMatchObject({
      diasVacaciones: 22,
      primaVacacional: 5500,
      topeExento: 1759.65,
      exento: 1759.65,
      gravado: 3740.35,
    });
    expect((await calc("prima-vacacional?salarioDiario=500&antiguedad=1&porcentaje=24.99&anio=2026", 400))["detail"]).toContain(
      "porcentaje",
    );
    await calc("prima-vacacional?salarioDiario=500&antiguedad=1&porcentaje=25&anio=2001", 404);
  });
});

describe("conversion at the FIX of a date", () => {
  it("converts dollars to pesos and back at that date's FIX, and 404s a date without one", async () => {
    const fx = (await get(app.url, "/api/v1/public/fx/today")).json() as { date: string; rate: number };
    const usd = await calc(`conversion?monto=1000.00&moneda=USD&fecha=${fx.date}&regla=fix`);
    expect(usd).toMatchObject({
      resultado: Math.round(fx.rate * 1000 * 100) / 100,
      monedaResultado: "MXN",
      tipoDeCambio: fx.rate,
      datos: { fix: { date: fx.date } },
    });
    const mxn = await calc(`conversion?monto=${(fx.rate * 1000).toFixed(2)}&moneda=MXN&fecha=${fx.date}&regla=fix`);
    expect(mxn).toMatchObject({ resultado: 1000, monedaResultado: "USD" });
    const sunday = await calc("conversion?monto=1&moneda=USD&fecha=2026-08-16&regla=fix", 404);
    expect(sunday["detail"]).toContain("2026-08-14");
    expect((await calc("conversion?monto=1&moneda=EUR&fecha=2026-08-14&regla=fix", 400))["detail"]).toContain("moneda");
    expect((await calc("conversion?monto=1&moneda=USD&fecha=2026-02-30x&regla=fix", 400))["detail"]).toContain("fecha");
    // A day that does not exist is a 400 under both rules (regla=dof once answered it with a 500).
    for (const regla of ["fix", "dof"]) {
      expect((await calc(`conversion?monto=1&moneda=USD&fecha=2026-02-30&regla=${regla}`, 400))["detail"]).toBe(
        "El parámetro fecha debe ser una fecha real con formato AAAA-MM-DD; se recibió «2026-02-30».",
      );
    }
  });
});

describe("conversion under the Art. 20 CFF rule (regla=dof)", () => {
  it("uses the FIX published in the DOF the day before the obligation, or the last one published before", async () => {
    // By hand from raw/banxico/SF43718.json: an obligation on Monday 2025-06-16 takes the DOF of the eve (Sunday 06-15, none),
    // so the last one published before: Friday 2025-06-13, which carries the FIX determined Thursday 2025-06-12 = 18.9068
    // (the FIX of 06-16 itself is 18.9083). 1,000.00 USD × 18.9068 = 18,906.80 MXN.
    const monday = await calc("conversion?monto=1000.00&moneda=USD&fecha=2025-06-16&regla=dof");
    expect(monday).toMatchObject({
      monto: 1000,
      moneda: "USD",
      regla: "dof",
      resultado: 18906.8,
      monedaResultado: "MXN",
      tipoDeCambio: 18.9068,
      datos: {
        dof: { date: "2025-06-16", rate: 18.9068, fixDate: "2025-06-12", dofDate: "2025-06-13", ruta: "/api/v1/public/dumps/fx.json" },
      },
    });
    expect(monday["fundamento"]).toContain("artículo 20");
    expect((await calc("conversion?monto=1000.00&moneda=USD&fecha=2025-06-16&regla=fix"))["resultado"]).toBe(18908.3);
    // Tuesday 2025-06-17: published Monday 06-16, determined Friday 06-13 = 18.9302; 18,930.20 MXN → 1,000.00 USD.
    const tuesday = await calc("conversion?monto=18930.20&moneda=MXN&fecha=2025-06-17&regla=dof");
    expect(tuesday).toMatchObject({
      resultado: 1000,
      monedaResultado: "USD",
      datos: { dof: { fixDate: "2025-06-13", dofDate: "2025-06-16" } },
    });
    // Same answer as the /fx/dof/{date} route: one module.
    const route = (await get(app.url, "/api/v1/public/fx/dof/2025-06-16")).json() as Json;
    expect(route).toMatchObject({ rate: 18.9068, fixDate: "2025-06-12", dofDate: "2025-06-13" });
  });

  it("is 404 when the data cannot decide the date; without regla dollars go at the FIX", async () => {
    // The day after the last decidable one: the next weekday after the latest FIX.
    const undecided = addDays(nextWeekday(rawFix().at(-1)!.date), 1);
    const late = await calc(`conversion?monto=1&moneda=USD&fecha=${undecided}&regla=dof`, 404);
    expect(late["detail"]).toContain(undecided);
    expect(await calc("conversion?monto=1000&moneda=USD&fecha=2025-06-16")).toMatchObject({ regla: "fix", resultado: 18908.3 });
    expect((await calc("conversion?monto=1&moneda=USD&fecha=2025-06-16&regla=oficial", 400))["detail"]).toContain("regla");
    expect((await calc("conversion?monto=1.005&moneda=USD&fecha=2025-06-16&regla=dof", 400))["detail"]).toContain("monto");
  });
});

describe("conversion between pesos and UDIS", () => {
  it("converts at the UDI of the date (2020-09-28 = 6.548157), pesos to the centavo and UDIS to six decimals", async () => {
    // 1,234.567891 UDIS × 6.548157 = 8,084.1418… → 8,084.14 pesos.
    const toPesos = await calc("conversion?monto=1234.567891&moneda=UDI&fecha=2020-09-28");
    expect(toPesos).toMatchObject({
      monto: 1234.567891,
      moneda: "UDI",
      regla: null,
      resultado: 8084.14,
      monedaResultado: "MXN",
      tipoDeCambio: 6.548157,
      datos: { udi: { date: "2020-09-28", value: 6.548157, ruta: "/api/v1/public/dumps/udi.json" } },
    });
    // 100,000.00 pesos ÷ 6.548157 = 15,271.4725689… → 15,271.472569 UDIS.
    const toUdis = await calc("conversion?monto=100000.00&moneda=MXN&destino=UDI&fecha=2020-09-28");
    expect(toUdis).toMatchObject({ monto: 100000, resultado: 15271.472569, monedaResultado: "UDI", tipoDeCambio: 6.548157 });
    expect(toUdis["fundamento"]).toContain("UDI");
  });

  it("is 404 naming the date without a published UDI, and refuses regla and impossible pairs with a 400", async () => {
    const future = await calc("conversion?monto=1&moneda=UDI&fecha=2099-01-01", 404);
    expect(future["detail"]).toContain("2099-01-01");
    const early = await calc("conversion?monto=1&moneda=UDI&fecha=1995-04-03", 404);
    expect(early["detail"]).toContain("1995-04-03");
    expect((await calc("conversion?monto=1&moneda=UDI&fecha=2020-09-28&regla=fix", 400))["detail"]).toContain("regla");
    expect((await calc("conversion?monto=1&moneda=MXN&destino=UDI&fecha=2020-09-28&regla=dof", 400))["detail"]).toContain("regla");
    expect((await calc("conversion?monto=1&moneda=USD&destino=UDI&fecha=2020-09-28&regla=fix", 400))["detail"]).toContain("destino");
    expect((await calc("conversion?monto=1&moneda=UDI&destino=UDI&fecha=2020-09-28", 400))["detail"]).toContain("destino");
    expect((await calc("conversion?monto=1.0000001&moneda=UDI&fecha=2020-09-28", 400))["detail"]).toContain("monto");
  });
});

describe("the records the calculations read", () => {
  it("take the FIX and the UDI from the series the process has parsed already, without reading their dumps again", () => {
    const dump = new SeriesDump(new TextEncoder().encode(JSON.stringify([{ date: "2026-01-02", rate: 17.9, source: "Banxico" }])), "rate");
    const read: string[] = [];
    const records = recordsFromFiles(
      {
        get: (path) => {
          read.push(path);
          return undefined;
        },
      },
      () => dump,
    );
    expect(records.fx()?.record).toBe(dump.records);
    expect(records.udi()?.series).toBe(dump.series);
    expect(records.fx()?.path).toBe("/api/v1/public/dumps/fx");
    expect(read).toEqual([]);
  });
});
