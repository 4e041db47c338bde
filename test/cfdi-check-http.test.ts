// The pre-check routes and the filtered uso/régimen lists over HTTP on the built tree: 200 whatever the verdict, 400 only for malformed requests.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unknownFilters } from "../lib/handlers/catalog-filters.ts";
import type { CatalogEntry } from "../sources/sat-sheet.ts";
import { linkUsoRegimen } from "../sources/sat-links.ts";
import { readCell } from "../sources/sat-sheet.ts";
import { get, sharedServer } from "./http-setup.ts";

const BASE = "/api/v1/public";
const app = sharedServer();
const call = async (path: string) => {
  const r = await get(app.url, `${BASE}${path}`);
  return { status: r.status, headers: r.headers, body: r.json() as Record<string, unknown> & unknown[] };
};
type Finding = { rule: string; passed: boolean | null; satCode: string | null };
const findings = (body: unknown): Finding[] => (body as { findings: Finding[] }).findings;

describe("the pre-checks over HTTP", () => {
  it("answer 200 with findings for a refused receptor, and the usos allowed", async () => {
    const { status, headers, body } = await call("/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=605&uso=G03&fecha=2026-03-15");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    expect(body["passed"]).toBe(false);
    expect(findings(body).find((f) => f.rule === "uso-regimen")).toMatchObject({ passed: false, satCode: "CFDI40161" });
    expect((body["allowedUsos"] as { code: string }[]).map((u) => u.code)).toContain("CN01");
  });

  it("take unknown codes as findings, not 400s", async () => {
    const r = await call("/cfdi/validar/comprobante?tipo=Z&moneda=ZZZ&exportacion=99&fecha=2026-03-15");
    expect(r.status).toBe(200);
    expect(
      findings(r.body)
        .filter((f) => f.passed === false)
        .map((f) => f.satCode),
    ).toEqual(["CFDI40121", "CFDI40113", "CFDI40123"]);
    const c = await call(
      "/cfdi/validar/concepto?claveProdServ=00000000&claveUnidad=Q9Q&objetoImp=02&impuesto=009&factor=Tasa&tipo=traslado&tasaOCuota=0.16",
    );
    expect(c.status).toBe(200);
    expect(
      findings(c.body)
        .filter((f) => f.passed === false)
        .map((f) => f.satCode),
    ).toEqual(["CFDI40162", "CFDI40165", "CFDI40175"]);
  });

  it("take the TipoCambio and check it against the currency (CFDI40115, CFDI40117)", async () => {
    const usd = await call("/cfdi/validar/comprobante?tipo=I&metodoPago=PUE&formaPago=03&moneda=USD&exportacion=01&fecha=2026-03-15");
    expect(findings(usd.body).find((f) => f.rule === "tipo-cambio-requerido")).toMatchObject({ passed: false, satCode: "CFDI40115" });
    const ok = await call(
      "/cfdi/validar/comprobante?tipo=I&metodoPago=PUE&formaPago=03&moneda=USD&tipoCambio=17.2345&exportacion=01&fecha=2026-03-15",
    );
    expect(ok.status).toBe(200);
    expect(ok.body["passed"]).toBe(true);
  });

  it("default the date to today in Mexico City", async () => {
    const { body } = await call("/cfdi/validar/receptor?rfc=XAXX010101000&regimen=616&uso=S01");
    expect(body["date"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body["passed"]).toBe(true);
  });

  it.each([
    ["/cfdi/validar/receptor?regimen=612&uso=G03", "rfc"],
    ["/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03&fecha=2026-02-30", "fecha"],
    ["/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03&uso=G01", "uso"],
    ["/cfdi/validar/concepto?claveUnidad=H87&objetoImp=02", "claveProdServ"],
    ["/cfdi/validar/concepto?claveProdServ=01010101&claveUnidad=H87&objetoImp=02&impuesto=002", "factor y tipo"],
    ["/cfdi/validar/concepto?claveProdServ=01010101&claveUnidad=H87&objetoImp=02&impuesto=002&factor=Tasa&tipo=iva", "tipo"],
    [
      "/cfdi/validar/concepto?claveProdServ=01010101&claveUnidad=H87&objetoImp=02&impuesto=002&factor=Tasa&tipo=traslado&tasaOCuota=16%25",
      "tasaOCuota",
    ],
    ["/cfdi/validar/comprobante?tipo=I&moneda=MXN", "exportacion"],
    // A parameter the check does not know would read as a rule that passed: a 400 naming it (and what the route takes).
    ["/cfdi/validar/comprobante?tipo=I&moneda=USD&exportacion=01&tipocambio=17.5", "«tipocambio»"],
    ["/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03&codigoPostal=06000", "«codigoPostal»"],
    ["/cfdi/validar/concepto?claveProdServ=01010101&claveUnidad=H87&objetoImp=02&base=100", "claveProdServ, claveUnidad, objetoImp"],
    ["/cfdi/validar/comprobante?tipo=I&moneda=MXN&exportacion=01&total=-5", "total"],
    ["/cfdi/uso?regimen=6x5", "regimen"],
    ["/cfdi/regimen?persona=juridica", "persona"],
  ])("%s is a 400 problem naming %s", async (path, name) => {
    const r = await get(app.url, `${BASE}${path}`);
    expect(r.status).toBe(400);
    expect(r.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(r.headers["cache-control"]).toBe("no-store");
    expect((r.json() as { detail: string }).detail).toContain(name);
  });
});

describe("the uso and régimen lists filter by what they allow", () => {
  it("/cfdi/uso?regimen=605&persona=fisica gives exactly the usos c_UsoCFDI allows", async () => {
    const all = (await call("/cfdi/uso")).body as unknown as { code: string; personaFisica: boolean; regimenesReceptor: string[] }[];
    const { status, body } = await call("/cfdi/uso?regimen=605&persona=fisica");
    expect(status).toBe(200);
    const expected = all.filter((u) => u.personaFisica && u.regimenesReceptor.includes("605"));
    expect(body).toEqual(expected);
    expect((body as unknown as { code: string }[]).map((u) => u.code)).toEqual([
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

  it("/cfdi/regimen carries the inverse and filters by uso and persona", async () => {
    const r616 = (await call("/cfdi/regimen/616")).body;
    expect(r616["usosPermitidos"]).toEqual(["CP01", "G02", "S01"]);
    expect((await call("/cfdi/regimen?uso=D01&persona=moral")).body).toEqual([]);
    const fisica = (await call("/cfdi/regimen?uso=G01&persona=fisica")).body as unknown as { code: string }[];
    expect(fisica.map((r) => r.code)).toEqual(["606", "612", "621", "625", "626"]);
    // A well-formed code that no entry names: nothing allows it.
    expect((await call("/cfdi/uso?regimen=999")).body).toEqual([]);
  });

  it("without a filter the list is still its file", async () => {
    const plain = await get(app.url, `${BASE}/cfdi/uso`);
    const ignored = await get(app.url, `${BASE}/cfdi/uso?otro=1`);
    expect(ignored.headers["etag"]).toBe(plain.headers["etag"]);
  });

  it("every filter of the route table has a predicate", () => {
    expect(unknownFilters()).toEqual([]);
  });
});

describe("c_UsoCFDI's régimen column", () => {
  it("reads SAT's hand-written lists as clean codes", () => {
    expect(readCell("codeList", "601, 603, 606,612, 625,626, 603", "Régimen Fiscal Receptor", "f", 2)).toEqual([
      "601",
      "603",
      "606",
      "612",
      "625",
      "626",
    ]);
    expect(readCell("codeList", "", "Régimen Fiscal Receptor", "f", 2)).toEqual([]);
  });

  it("refuses a régimen that c_RegimenFiscal does not have, naming the uso's row", () => {
    const entry = (code: string, row: number, extras: CatalogEntry["extras"]): CatalogEntry => ({
      code,
      key: code,
      description: code,
      validFrom: null,
      validTo: null,
      extras,
      row,
    });
    const usos = [entry("G03", 4, { regimenesReceptor: ["601", "699"] })];
    const { regimenes, failures } = linkUsoRegimen(usos, [entry("601", 2, {})], "sat/catCFDI/c_UsoCFDI.csv");
    expect(failures).toEqual([
      expect.objectContaining({ check: "c_UsoCFDI-regimenes-existen", file: "sat/catCFDI/c_UsoCFDI.csv", row: 4 }),
    ]);
    expect(regimenes[0]?.extras["usosPermitidos"]).toEqual(["G03"]);
  });
});

describe("the filling guide's notes over HTTP", () => {
  it("/cfdi/forma-pago/99 says when to use 99, citing the guide (an added field)", async () => {
    const { status, body } = await call("/cfdi/forma-pago/99");
    expect(status).toBe(200);
    expect(body["code"]).toBe("99");
    const notes = body["notasGuia"] as { id: string; fuente: string; cita: string }[];
    expect(notes[0]).toMatchObject({ id: "fp-99", fuente: expect.stringContaining("p. 6") });
    expect((await call("/cfdi/forma-pago/03")).body["notasGuia"]).toBeUndefined();
  });

  it("/cfdi/buscar finds a key by its note: «donativos en especie» gives FormaPago 12 (Dación en pago)", async () => {
    const { body } = await call("/cfdi/buscar?q=donativos%20en%20especie&catalogo=forma-pago");
    expect((body as unknown as { code: string }[]).map((r) => r.code)).toContain("12");
  });
});

describe("POST /cfdi/validar", () => {
  const post = (body: BodyInit, type = "application/xml") =>
    fetch(`${app.url}${BASE}/cfdi/validar`, { method: "POST", headers: { "content-type": type }, body });
  const xml = readFileSync(join(import.meta.dirname, "fixtures", "cfdi", "phpcfdi-cfdi40-real.xml"), "utf8");
  const problem = async (res: Response, status: number): Promise<string> => {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    return ((await res.json()) as { detail: string }).detail;
  };

  it("answers a stamped CFDI 4.0 with its verdict, never stored", async () => {
    const res = await post(xml);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { passed: boolean; version: string; findings: unknown[]; passedRules: { rule: string }[] };
    expect(body).toMatchObject({ passed: true, version: "4.0", findings: [] });
    expect(body.passedRules.map((r) => r.rule)).toContain("total-suma");
  });

  it("answers a refused one 200 with SAT's codes", async () => {
    const res = await post(xml.replace('SubTotal="862.07"', 'SubTotal="862.08"'), "text/xml; charset=utf-8");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { passed: boolean; findings: Finding[] };
    expect(body.passed).toBe(false);
    expect(body.findings.map((f) => f.satCode)).toEqual(["CFDI40108", "CFDI40119"]);
  });

  it("is a 400 in Spanish for malformed XML, a DOCTYPE or another version; 413 past 1 MiB; 415 for JSON; 405 for GET", async () => {
    expect(await problem(await post("<cfdi:Comprobante"), 400)).toMatch(/mal formado/);
    expect(await problem(await post('<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>'), 400)).toMatch(/DOCTYPE/);
    expect(await problem(await post('<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/3" Version="3.3"/>'), 400)).toMatch(/3\.3/);
    expect(await problem(await post("x".repeat(1024 * 1024 + 1)), 413)).toMatch(/1024 KB/);
    expect(await problem(await post("{}", "application/json"), 415)).toMatch(/application\/xml/);
    const get = await fetch(`${app.url}${BASE}/cfdi/validar`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toContain("POST");
  });
});
