// Every SAT catalog of the snapshot: parsed and checked, real values of each lookup (composite keys too), lists, pedimentos, c_TasaOCuota.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogSource, CATALOGS, tasaOCuota, type CatalogId } from "../sources/sat.ts";
import { runChecks } from "../sources/types.ts";
import { PAGED_CATALOGS } from "../lib/routes/sat-routes.ts";
import { get, sharedServer } from "./http-setup.ts";
import { RAW_DIR } from "./helpers/tree.ts";

const BASE = "/api/v1/public";
const manifest = JSON.parse(readFileSync(join(RAW_DIR, "manifest.json"), "utf8")) as {
  files: Record<string, { rows: number; first: string | null; last: string | null }>;
};

describe("every SAT sheet of the snapshot", () => {
  it.each(CATALOGS.map((c) => [c.id, c.sheet] as const))("%s (%s) parses, passes its checks and has the manifest's rows", (id) => {
    const source = catalogSource(id as CatalogId);
    const rows = source.parse(readFileSync(join(RAW_DIR, source.rawFile), "utf8"), source.rawFile);
    expect(runChecks(rows, source.rawFile, source.checks)).toEqual([]);
    const keys = rows.map((r) => r.key).sort();
    expect(manifest.files[source.rawFile]).toMatchObject({ rows: rows.length, first: keys[0], last: keys.at(-1) });
  });

  it("reads c_TasaOCuota as 19 rules", () => {
    const rules = tasaOCuota.parse(readFileSync(join(RAW_DIR, tasaOCuota.rawFile), "utf8"), tasaOCuota.rawFile);
    expect(runChecks(rules, tasaOCuota.rawFile, tasaOCuota.checks)).toEqual([]);
    expect(rules).toHaveLength(19);
    expect(rules.find((r) => r.factor === "Cuota")).toMatchObject({
      rangoOFijo: "Rango",
      valorMinimo: 0,
      valorMaximo: 72.1605,
      impuesto: "IEPS",
      validFrom: "2026-01-01",
    });
  });

  it("names the file and row of a duplicate composite key and of a code out of pattern", () => {
    const source = catalogSource("estado");
    const text =
      "c_Estado,c_Pais,Nombre del estado,Fecha inicio de vigencia,Fecha fin de vigencia\nJAL,MEX,Jalisco,2022-01-01,\nJAL,USA,Otro,2022-01-01,\nJAL,MEX,Jalisco bis,2022-01-01,\n";
    const failures = runChecks(source.parse(text, "f.csv"), "f.csv", source.checks);
    expect(failures).toEqual([
      { check: "cfdi-estado-sin-claves-duplicadas", file: "f.csv", row: 4, message: "clave duplicada MEX/JAL (ya en la fila 2)" },
    ]);
    expect(() =>
      catalogSource("municipio").parse(
        "c_Municipio,c_Estado,Descripción,Fecha de inicio de vigencia,Fecha de fin de vigencia\n39,JAL,Guadalajara,2022-01-01,\n",
        "m.csv",
      ),
    ).toThrow(/m\.csv, fila 2: clave "39" con formato inválido para c_Municipio/);
  });
});

/** A few real entries per catalog, from the raw files, as the lookups publish them. */
const LOOKUPS: [string, Record<string, unknown>][] = [
  ["/cfdi/clave-unidad/H87", { code: "H87", description: "Pieza", simbolo: null }],
  ["/cfdi/clave-unidad/KGM", { code: "KGM", description: "Kilogramo", descripcion: "Una unidad de masa igual a mil gramos." }],
  ["/cfdi/pais/MEX", { code: "MEX", description: "México" }],
  ["/cfdi/pais/DEU", { code: "DEU", description: "Alemania", agrupaciones: "Unión Europea" }],
  ["/cfdi/impuesto/002", { code: "002", description: "IVA", retencion: true, traslado: true, localOFederal: "Federal" }],
  ["/cfdi/impuesto/001", { code: "001", description: "ISR", retencion: true, traslado: false }],
  ["/cfdi/objeto-imp/02", { code: "02", description: "Sí objeto de impuesto.", validFrom: "2022-01-01" }],
  ["/cfdi/objeto-imp/06", { code: "06", description: "Sí objeto del IVA, No traslado IVA.", validFrom: "2024-12-13" }],
  ["/cfdi/exportacion/01", { code: "01", description: "No aplica" }],
  ["/cfdi/exportacion/02", { code: "02", description: "Definitiva con clave A1" }],
  ["/cfdi/periodicidad/01", { code: "01", description: "Diario" }],
  ["/cfdi/periodicidad/02", { code: "02", description: "Semanal" }],
  ["/cfdi/meses/01", { code: "01", description: "Enero" }],
  ["/cfdi/meses/02", { code: "02", description: "Febrero" }],
  ["/cfdi/tipo-relacion/01", { code: "01", description: "Nota de crédito de los documentos relacionados" }],
  ["/cfdi/tipo-factor/Tasa", { code: "Tasa", description: "Tipo de factor Tasa", validFrom: "2022-01-01", validTo: null }],
  ["/cfdi/tipo-factor/Exento", { code: "Exento", description: "Tipo de factor Exento" }],
  ["/cfdi/aduana/24", { code: "24", description: "NUEVO LAREDO, NUEVO LAREDO, TAMAULIPAS." }],
  ["/cfdi/aduana/01", { code: "01", description: "ACAPULCO, ACAPULCO DE JUAREZ, GUERRERO." }],
  ["/cfdi/patente-aduanal/3173", { code: "3173", description: "Patente aduanal 3173", validFrom: "2001-05-21", validTo: null }],
  ["/cfdi/patente-aduanal/0074", { code: "0074", validFrom: "2001-07-03" }],
  ["/cfdi/estado/MEX/JAL", { code: "JAL", pais: "MEX", description: "Jalisco" }],
  ["/cfdi/estado/USA/NY", { code: "NY", pais: "USA", description: "Nueva York" }],
  ["/cfdi/estado/CAN/ON", { code: "ON", pais: "CAN", description: "Ontario" }],
  ["/cfdi/municipio/JAL/039", { code: "039", estado: "JAL", description: "Guadalajara" }],
  ["/cfdi/municipio/BCN/001", { code: "001", estado: "BCN", description: "Ensenada" }],
  ["/cfdi/localidad/JAL/03", { code: "03", estado: "JAL", description: "Guadalajara" }],
  ["/cfdi/localidad/AGU/01", { code: "01", estado: "AGU", description: "Aguascalientes" }],
  ["/nomina/tipo-nomina/O", { code: "O", description: "Nómina ordinaria", validFrom: null, validTo: null }],
  ["/nomina/tipo-nomina/E", { code: "E", description: "Nómina extraordinaria" }],
  ["/nomina/tipo-percepcion/002", { code: "002", description: "Gratificación Anual (Aguinaldo)", validFrom: "2016-11-01" }],
  ["/nomina/tipo-deduccion/002", { code: "002", description: "ISR" }],
  ["/nomina/tipo-deduccion/001", { code: "001", description: "Seguridad social" }],
  ["/nomina/tipo-otro-pago/002", { code: "002", description: "Subsidio para el empleo (efectivamente entregado al trabajador)." }],
  ["/nomina/tipo-contrato/01", { code: "01", description: "Contrato de trabajo por tiempo indeterminado" }],
  ["/nomina/tipo-jornada/01", { code: "01", description: "Diurna" }],
  ["/nomina/tipo-jornada/02", { code: "02", description: "Nocturna" }],
  ["/nomina/tipo-regimen/02", { code: "02", description: "Sueldos (Incluye ingresos señalados en la fracción I del artículo 94 de LISR)" }],
  ["/nomina/tipo-regimen/03", { code: "03", description: "Jubilados" }],
  ["/nomina/periodicidad-pago/01", { code: "01", description: "Diario" }],
  ["/nomina/riesgo-puesto/1", { code: "1", description: "Clase I" }],
  ["/nomina/riesgo-puesto/2", { code: "2", description: "Clase II" }],
  [
    "/nomina/banco/002",
    {
      code: "002",
      description: "BANAMEX",
      nombreORazonSocial: "Banco Nacional de México, S.A., Institución de Banca Múltiple, Grupo Financiero Banamex",
    },
  ],
  ["/nomina/origen-recurso/IP", { code: "IP", description: "Ingresos propios." }],
  ["/nomina/tipo-incapacidad/01", { code: "01", description: "Riesgo de trabajo." }],
  ["/nomina/tipo-horas/01", { code: "01", description: "Dobles" }],
  ["/nomina/tipo-horas/02", { code: "02", description: "Triples" }],
];

describe("the SAT catalog routes on the built tree", () => {
  const app = sharedServer();
  const json = async (path: string): Promise<{ status: number; body: unknown }> => {
    const r = await get(app.url, `${BASE}${path}`);
    return { status: r.status, body: r.json() };
  };

  it.each(LOOKUPS)("%s answers the sheet's entry", async (path, expected) => {
    const { status, body } = await json(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({ plain: null, ...expected });
  });

  it("answers 404 for absent keys and 400 for a malformed scope", async () => {
    for (const path of [
      "/cfdi/estado/MEX/XYZ",
      "/cfdi/municipio/JAL/999",
      "/nomina/banco/000",
      "/cfdi/num-pedimento-aduana/01/3173/1990",
    ]) {
      expect((await get(app.url, `${BASE}${path}`)).status, path).toBe(404);
    }
    for (const path of ["/cfdi/estado/mexico/JAL", "/cfdi/municipio/J4L/039", "/cfdi/num-pedimento-aduana/1/3173/2007"]) {
      expect((await get(app.url, `${BASE}${path}`)).status, path).toBe(400);
    }
  });

  it("looks pedimentos up by aduana, patente and ejercicio (a function)", async () => {
    const { status, body } = await json("/cfdi/num-pedimento-aduana/01/3173/2007");
    expect(status).toBe(200);
    expect(body).toEqual({
      code: "01/3173/2007",
      description: "Aduana 01, patente 3173, ejercicio 2007: hasta 999999 pedimentos",
      plain: null,
      validFrom: "2017-01-01",
      validTo: null,
      aduana: "01",
      patente: "3173",
      ejercicio: 2007,
      cantidad: 999999,
    });
  });

  it("lists small catalogs whole, ordered by key, and pages the large ones like clave-prod-serv", async () => {
    const estados = (await json("/cfdi/estado")).body as { pais: string; code: string }[];
    expect(estados).toHaveLength(95);
    const keys = estados.map((e) => `${e.pais}/${e.code}`);
    expect(keys).toEqual([...keys].sort());
    expect(((await json("/nomina/tipo-deduccion")).body as unknown[]).length).toBe(115);
    for (const id of PAGED_CATALOGS) {
      const family = CATALOGS.find((c) => c.id === id)!.family;
      const first = (await json(`/${family}/${id}`)).body as unknown[];
      expect(first, id).toHaveLength(100);
      const page = (await json(`/${family}/${id}?limit=7&offset=3`)).body as unknown[];
      expect(page, id).toEqual(first.slice(3, 10));
      expect((await json(`/${family}/${id}?offset=100`)).body, id).not.toEqual(first);
      expect((await get(app.url, `${BASE}/${family}/${id}?limit=501`)).status, id).toBe(400);
    }
    expect((await json("/cfdi/num-pedimento-aduana?offset=58800&limit=500")).body).toHaveLength(53);
  });

  it("lists the c_TasaOCuota rules and filters them by impuesto and factor", async () => {
    expect((await json("/cfdi/tasa-o-cuota")).body).toHaveLength(19);
    const cuota = (await json("/cfdi/tasa-o-cuota?factor=Cuota")).body;
    expect(cuota).toEqual([
      {
        rangoOFijo: "Rango",
        valorMinimo: 0,
        valorMaximo: 72.1605,
        impuesto: "IEPS",
        factor: "Cuota",
        traslado: true,
        retencion: true,
        validFrom: "2026-01-01",
        validTo: null,
      },
    ]);
    const iva = (await json("/cfdi/tasa-o-cuota?impuesto=IVA&factor=Tasa")).body as { valorMaximo: number }[];
    expect(iva.map((r) => r.valorMaximo)).toEqual([0, 0.16, 0.16]);
    expect((await get(app.url, `${BASE}/cfdi/tasa-o-cuota?factor=Exento`)).status).toBe(400);
  });

  it("filters c_TasaOCuota by the c_Impuesto code a CFDI's tax line carries, and refuses a tax it does not know", async () => {
    // 002 is IVA: its three rules and the 8 % of "IVA Crédito aplicado del 50%" (the northern border's rate).
    const iva = (await json("/cfdi/tasa-o-cuota?impuesto=002")).body as { impuesto: string; valorMaximo: number }[];
    expect(iva.map((r) => [r.impuesto, r.valorMaximo])).toEqual([
      ["IVA", 0],
      ["IVA", 0.16],
      ["IVA", 0.16],
      ["IVA Crédito aplicado del 50%", 0.08],
    ]);
    const isr = (await json("/cfdi/tasa-o-cuota?impuesto=001")).body as { impuesto: string; valorMaximo: number; retencion: boolean }[];
    expect(isr.map((r) => [r.impuesto, r.valorMaximo, r.retencion])).toEqual([["ISR", 0.35, true]]);
    expect((await json("/cfdi/tasa-o-cuota?impuesto=003&factor=Cuota")).body).toHaveLength(1);
    expect((await json("/cfdi/tasa-o-cuota?impuesto=003&factor=Tasa")).body).toHaveLength(13);
    for (const unknown of ["004", "iva", "IVA%20Cr%C3%A9dito"]) {
      const res = await get(app.url, `${BASE}/cfdi/tasa-o-cuota?impuesto=${unknown}`);
      expect(res.status, unknown).toBe(400);
      expect(res.headers["cache-control"], unknown).toBe("no-store");
      expect((res.json() as { detail: string }).detail, unknown).toBe(
        `El impuesto «${decodeURIComponent(unknown)}» no está en c_TasaOCuota: use la clave de c_Impuesto (001 ISR, 002 IVA, 003 IEPS) o el texto de la columna Impuesto (IEPS, ISR, IVA, IVA Crédito aplicado del 50%).`,
      );
    }
  });

  it("publishes a dump of every catalog in dumps/index.json", async () => {
    const index = (await json("/dumps/index.json")).body as { files: { dataset: string; format: string; rows: number }[] };
    for (const c of CATALOGS) {
      const rows = index.files.filter((f) => f.dataset === `${c.family}-${c.id}`);
      expect(rows.map((f) => f.format).sort(), c.id).toEqual(["csv", "json", "ndjson"]);
    }
    expect(index.files.find((f) => f.dataset === "cfdi-num-pedimento-aduana" && f.format === "json")!.rows).toBe(58853);
    expect(index.files.find((f) => f.dataset === "cfdi-tasa-o-cuota" && f.format === "csv")!.rows).toBe(19);
  });
});
