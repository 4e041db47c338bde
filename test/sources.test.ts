// Parsers and named checks of the publisher modules, on a few rows in each publisher's exact format.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBanxico, SIE_SOURCES } from "../sources/banxico.ts";
import { inegi, parseInegi } from "../sources/inegi.ts";
import { catalogSource, parseCatalog } from "../sources/sat.ts";
import { ParseError, runChecks } from "../sources/types.ts";

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function parseErrorOf(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ParseError) return err;
    throw err;
  }
  throw new Error("expected a ParseError");
}

describe("Banxico SIE (SF43718)", () => {
  const text = fixture("SF43718.json");

  it("reads DD/MM/YYYY dates and string values, skipping N/E", () => {
    const rows = parseBanxico(text, "banxico/SF43718.json");
    expect(rows.map((r) => [r.date, r.value])).toEqual([
      ["2020-01-02", 18.8817],
      ["2020-01-06", 18.8673],
      ["2022-02-09", 20.5008],
    ]);
    expect(rows[1]!.row).toBe(3);
    expect(runChecks(rows, "f", SIE_SOURCES.fx.checks)).toEqual([]);
  });

  it("rejects a truncated body naming the file", () => {
    const err = parseErrorOf(() => parseBanxico(text.slice(0, 120), "banxico/SF43718.json"));
    expect(err.message).toMatch(/^banxico\/SF43718\.json: JSON inválido o truncado/);
  });

  it("rejects an HTML error page where JSON was expected", () => {
    const err = parseErrorOf(() => parseBanxico("<!DOCTYPE html><html><body>Servicio no disponible</body></html>", "banxico/SF43718.json"));
    expect(err.message).toContain("página HTML");
  });

  it("names the row of a bad date or a non-numeric value", () => {
    const badDate = text.replace("06/01/2020", "2020-01-06");
    expect(parseErrorOf(() => parseBanxico(badDate, "f")).message).toBe('f, fila 3: fecha inválida "2020-01-06" (se espera DD/MM/AAAA)');
    const badValue = text.replace('"18.8673"', '"18,8673"');
    expect(parseErrorOf(() => parseBanxico(badValue, "f")).row).toBe(3);
  });

  it("reports dates out of order and weekend dates as check failures with their rows", () => {
    const swapped = text.replace("06/01/2020", "01/01/2020").replace("02/01/2020", "04/01/2020");
    const failures = runChecks(parseBanxico(swapped, "f"), "f", SIE_SOURCES.fx.checks);
    expect(failures.map((f) => [f.check, f.row])).toEqual([
      ["fx-fechas-crecientes", 3],
      ["fx-sin-fines-de-semana", 1],
    ]);
  });

  it("treats an answer without the series as malformed", () => {
    expect(parseErrorOf(() => parseBanxico('{"error":{"mensaje":"Token inválido"}}', "f")).message).toContain("Token inválido");
  });
});

describe("INEGI indicators (628194)", () => {
  const text = fixture("inpc-628194.json");

  it("parses padded values and returns periods oldest first", () => {
    const rows = parseInegi(text, "inegi/inpc-628194.json");
    expect(rows.map((r) => [r.period, r.value, r.row])).toEqual([
      ["2026-06", 145.131, 3],
      ["2026-07", 145.169, 2],
      ["2026-08", 145.462, 1],
    ]);
    expect(runChecks(rows, "f", inegi.checks)).toEqual([]);
  });

  it("reports a missing month with the row where the gap shows", () => {
    const gap = text.replace("2026/07", "2026/05");
    const failures = runChecks(parseInegi(gap, "f"), "f", inegi.checks);
    expect(failures).toEqual([{ check: "inpc-meses-contiguos", file: "f", row: 1, message: "falta 2026-07 antes de 2026-08" }]);
  });

  it("rejects truncated JSON, HTML and bad periods", () => {
    expect(parseErrorOf(() => parseInegi(text.slice(0, -30), "f")).message).toContain("truncado");
    expect(parseErrorOf(() => parseInegi("<html><title>Mantenimiento</title></html>", "f")).message).toContain("HTML");
    expect(parseErrorOf(() => parseInegi(text.replace("2026/07", "2026/13"), "f")).row).toBe(2);
    expect(parseErrorOf(() => parseInegi(text.replace('"145.169"', '""'), "f")).message).toBe('f, fila 2: OBS_VALUE no numérico ""');
  });
});

describe("SAT CFDI catalogs", () => {
  it("keeps codes as text with their leading zeros and reads the sheet's columns", () => {
    const rows = parseCatalog("forma-pago", fixture("c_FormaPago.csv"), "sat/catCFDI/c_FormaPago.csv");
    expect(rows.map((r) => [r.code, r.description, r.extras["bancarizado"], r.validFrom, r.validTo, r.row])).toEqual([
      ["01", "Efectivo", "No", "2022-01-01", null, 2],
      ["02", "Cheque nominativo", "Sí", "2022-01-01", null, 3],
    ]);
  });

  it("reads c_ClaveProdServ rows", () => {
    const rows = parseCatalog("clave-prod-serv", fixture("c_ClaveProdServ.csv"), "f");
    expect(rows[0]).toMatchObject({
      code: "01010101",
      description: "No existe en el catálogo",
      extras: { palabrasSimilares: "Público en general", estimuloFranjaFronteriza: 0, complemento: null },
    });
  });

  it("rejects a row with a missing column, naming file and line", () => {
    const text = fixture("c_ClaveProdServ.csv").replace(
      "10101501,Gatos vivos,Opcional,Opcional,,2019-01-07,,1,",
      "10101501,Gatos vivos,Opcional,Opcional,,2019-01-07,,1",
    );
    const err = parseErrorOf(() => parseCatalog("clave-prod-serv", text, "sat/catCFDI/c_ClaveProdServ.csv"));
    expect(err.file).toBe("sat/catCFDI/c_ClaveProdServ.csv");
    expect(err.row).toBe(4);
    expect(err.message).toContain("CSV mal formado");
  });

  it("rejects a quoted field that is never closed, naming file and line", () => {
    const text = fixture("c_ClaveProdServ.csv").replace("10101501,Gatos vivos", '10101501,"Gatos vivos');
    expect(parseErrorOf(() => parseCatalog("clave-prod-serv", text, "f")).message).toBe(
      "f, fila 4: CSV mal formado: un campo entre comillas no se cierra",
    );
  });

  it("rejects a header without a required column", () => {
    const text = fixture("c_FormaPago.csv").replace("Descripción,", "Descripcion,");
    expect(parseErrorOf(() => parseCatalog("forma-pago", text, "f")).message).toBe(
      'f, fila 1: falta la columna "Descripción" en el encabezado',
    );
  });

  it("reports duplicated codes and empty descriptions as check failures", () => {
    const text = `${fixture("c_ClaveProdServ.csv")}10101501,,Opcional,Opcional,,2019-01-07,,1,\n`;
    const source = catalogSource("clave-prod-serv");
    const failures = runChecks(source.parse(text, "f"), "f", source.checks);
    expect(failures.map((f) => [f.check, f.row, f.message])).toEqual([
      ["cfdi-clave-prod-serv-sin-claves-duplicadas", 5, "clave duplicada 10101501 (ya en la fila 4)"],
      ["cfdi-clave-prod-serv-descripciones", 5, "descripción vacía"],
    ]);
  });

  it("rejects codes of the wrong shape and HTML instead of CSV", () => {
    const numericCode = fixture("c_FormaPago.csv").replace("\n01,", "\n1,");
    expect(parseErrorOf(() => parseCatalog("forma-pago", numericCode, "f")).message).toBe(
      'f, fila 2: clave "1" con formato inválido para c_FormaPago',
    );
    expect(parseErrorOf(() => parseCatalog("uso", "<html>error</html>", "f")).message).toContain("HTML");
  });
});
