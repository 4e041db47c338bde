// Pure pieces of the fetch: the workbook conversion, the Anexo 20 link, Retry-After and backoff.
import { describe, expect, it } from "vitest";
import { backoffMs, retryAfterMs } from "../sources/http.ts";
import { FETCHED_SHEETS, findWorkbookLink } from "../sources/sat-fetch.ts";
import { ParseError } from "../sources/types.ts";
import { csvField, workbookToCsvs } from "../sources/workbook.ts";
import { hideCellsOutside, sheetEntries, workbookStream } from "../sources/xls-stream.ts";
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { writeBiff8, type XlsCell } from "./helpers/biff8.ts";
import { buildWorkbookWithSheetJS, SHEETS, snapshotCsv } from "./helpers/sat-workbook.ts";

/** The first rows of each sheet: SheetJS's own .xls writer is only practical for small sheets. */
const small = (sheet: string): string => `${snapshotCsv(sheet).split("\n").slice(0, 200).join("\n").replace(/\n$/, "")}\n`;
const smallSheets = Object.fromEntries(SHEETS.map((s) => [s, small(s)]));

/** A workbook with every CFDI sheet, each holding only a header row and the given rows. */
function minimalBook(overrides: Record<string, XlsCell[][]>): Buffer {
  return writeBiff8(
    SHEETS.map((name) => {
      const header = snapshotCsv(name).split("\n")[0]!.split(",");
      return { name, rows: overrides[name] ?? [["Título"], header, [name === "c_FormaPago" ? 1 : "X", "Algo"]] };
    }),
  );
}

describe("workbook → CSV", () => {
  it("converts a workbook written by SheetJS itself to the snapshot's CSVs byte for byte", () => {
    const sheets = workbookToCsvs(buildWorkbookWithSheetJS(smallSheets), "catCFDI_V_4_20250715.xls", FETCHED_SHEETS);
    expect(sheets.map((s) => s.sheet)).toEqual(SHEETS);
    for (const s of sheets) expect(s.csv, s.sheet).toBe(smallSheets[s.sheet]);
    expect(sheets.find((s) => s.sheet === "c_TipoDeComprobante")!.csv).toMatch(/^N,Nómina,999999999999999999\.999999,2022-01-01,$/m);
  });

  it("names the workbook and the missing sheet", () => {
    const book = writeBiff8([{ name: "c_UsoCFDI", rows: [["c_UsoCFDI", "Descripción"]] }]);
    expect(() => workbookToCsvs(book, "catCFDI_V_4_x.xls", FETCHED_SHEETS)).toThrow(
      /catCFDI_V_4_x\.xls: el libro no tiene la hoja c_FormaPago/,
    );
  });

  it("refuses bytes that are not a workbook", () => {
    expect(() => workbookToCsvs(Buffer.from("<html>mantenimiento</html>"), "libro.xls", FETCHED_SHEETS)).toThrow(ParseError);
  });

  it("reads D/M/Y text dates, pads numeric codes and maps SAT's misspelt header", () => {
    const sheets = workbookToCsvs(
      minimalBook({
        c_FormaPago: [
          ["c_FormaPago", "Descripción", "Fecha inicio de vigencia", "Fecha fin de vigencia"],
          [3, " Transferencia ", "01/01/2022", { date: "2030-12-31" }],
        ],
        c_UsoCFDI: [
          ["c_UsoCFDI", "Descripción", "Regímen Fiscal Receptor"],
          ["G01", "Adquisición", "601, 603"],
        ],
      }),
      "libro.xls",
      FETCHED_SHEETS,
    );
    expect(sheets.find((s) => s.sheet === "c_FormaPago")!.csv).toBe(
      "c_FormaPago,Descripción,Fecha inicio de vigencia,Fecha fin de vigencia\n03,Transferencia,2022-01-01,2030-12-31\n",
    );
    expect(sheets.find((s) => s.sheet === "c_UsoCFDI")!.csv).toBe(
      'c_UsoCFDI,Descripción,Régimen Fiscal Receptor\nG01,Adquisición,"601, 603"\n',
    );
  });

  it("refuses merged sub-columns whose values disagree", () => {
    const book = minimalBook({
      c_TipoDeComprobante: [
        ["c_TipoDeComprobante", "Descripción", "Valor máximo", ""],
        ["N", "Nómina", "NS", "NdS"],
        ["", "", "1", "2"],
      ],
    });
    expect(() => workbookToCsvs(book, "libro.xls", FETCHED_SHEETS)).toThrow(
      /valores distintos en columnas combinadas de c_TipoDeComprobante/,
    );
  });

  it("builds no cell of a sheet it was not asked for, and converts the rest as before", () => {
    const firstLines = (sheet: string): string => `${snapshotCsv(sheet).split("\n").slice(0, 6).join("\n")}\n`;
    const rows = (sheet: string): XlsCell[][] => parse(firstLines(sheet)) as string[][];
    const book = writeBiff8([
      { name: "c_Moneda", rows: rows("c_Moneda") },
      { name: "Códigos – parte 1", rows: rows("c_Aduana") },
      { name: "c_Aduana", rows: rows("c_Aduana") },
    ]);
    const stream = workbookStream(book)!;
    const entries = sheetEntries(stream);
    // The names as the workbook lists them, a UTF-16 one included, each at its own BOF record (0x0809).
    expect(entries.map((e) => e.name)).toEqual(["c_Moneda", "Códigos – parte 1", "c_Aduana"]);
    for (const e of entries) expect(stream[e.offset]! | (stream[e.offset + 1]! << 8)).toBe(0x0809);
    hideCellsOutside(stream, entries, new Set(["c_Aduana"]));
    const parsed = XLSX.read(stream, { type: "buffer", dense: true });
    const rowsOf = (name: string): number => ((parsed.Sheets[name] as XLSX.DenseWorkSheet)["!data"] ?? []).filter(Boolean).length;
    expect([rowsOf("c_Moneda"), rowsOf("Códigos – parte 1"), rowsOf("c_Aduana")]).toEqual([0, 0, 6]);
    // Only the stream's copy was retagged: the workbook's own bytes still hold every sheet.
    expect(XLSX.read(book, { type: "buffer", dense: true }).Sheets["c_Moneda"]!["!ref"]).toBe("A1:F6");
    const aduana = FETCHED_SHEETS.filter((s) => s.sheet === "c_Aduana");
    expect(workbookToCsvs(book, "libro.xls", aduana)[0]!.csv).toBe(firstLines("c_Aduana"));
  });

  it("reads a sheet name cut by the end of a damaged stream as far as the stream goes", () => {
    const stream = workbookStream(writeBiff8([{ name: "c_UsoCFDI", rows: [["c_UsoCFDI", "Descripción"]] }]))!;
    const nameAt = Buffer.from(stream).indexOf("c_UsoCFDI", 0, "latin1");
    // A copy that ends four bytes into the name: the bytes after it belong to no stream.
    const cut = Buffer.from(stream.subarray(0, nameAt + 4));
    expect(sheetEntries(cut).map((e) => e.name)).toEqual(["c_Us"]);
  });

  it("quotes fields as RFC 4180 says, and only those", () => {
    expect([csvField("a"), csvField("a,b"), csvField('di "x"'), csvField("a\nb"), csvField("[0-9]{11}|[0-9]{18}")]).toEqual([
      "a",
      '"a,b"',
      '"di ""x"""',
      '"a\nb"',
      "[0-9]{11}|[0-9]{18}",
    ]);
  });
});

describe("Anexo 20 page", () => {
  const page = "http://sat.example/tramitesyservicios/Paginas/anexo_20.htm";

  it("finds the newest catCFDI_V_4 workbook, resolving relative links", () => {
    const html = `<a href="documentos/catCFDI_V_4_20231031.xls">viejo</a>
      <A HREF='/docs/catCFDI_V_4_20250715.xls?v=2'>nuevo</A> <a href="documentos/catCFDI_V_4_20250801.xlsx">xlsx</a>
      <a href="documentos/catCFDI_V_3_20250901.xls">3.3</a>`;
    expect(findWorkbookLink(html, page)).toBe("http://sat.example/docs/catCFDI_V_4_20250715.xls");
  });

  it("returns null when the page links no workbook", () => {
    expect(findWorkbookLink("<html><body>Estamos en mantenimiento</body></html>", page)).toBeNull();
  });

  it("finds catNomina.xls on the Nómina complement page, and not the CFDI workbook", () => {
    const nomina = "http://sat.example/tramitesyservicios/Paginas/complemento_nomina.htm";
    const html = `<a href="documentos/nomina12B.xsd">xsd</a> <a href="documentos/catNomina.xls">catálogos</a> <a href="documentos/catCFDI_V_4_20250715.xls">cfdi</a>`;
    expect(findWorkbookLink(html, nomina, "catNomina")).toBe("http://sat.example/tramitesyservicios/Paginas/documentos/catNomina.xls");
    expect(findWorkbookLink(html.replace("catNomina.xls", "otro.xls"), nomina, "catNomina")).toBeNull();
  });
});

describe("retry timing", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("Wed, 21 Oct 2026 07:28:10 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs("pronto")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it("backs off exponentially with jitter, up to the cap", () => {
    const config = { backoffMs: 1000, maxBackoffMs: 5000 };
    expect([1, 2, 3].map((n) => backoffMs(n, config, () => 0))).toEqual([500, 1000, 2000]);
    expect([1, 2, 3].map((n) => backoffMs(n, config, () => 1))).toEqual([1000, 2000, 4000]);
    expect(backoffMs(10, config, () => 1)).toBe(5000);
  });
});
