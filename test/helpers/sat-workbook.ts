// Builds the catCFDI_V_4 and catNomina workbooks (.xls, BIFF8) from the snapshot's CSVs, laid out like SAT's real ones.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as XLSX from "@e965/xlsx";
import { parse } from "csv-parse/sync";
import { FETCHED_SHEETS, NOMINA_FETCHED_SHEETS } from "../../sources/sat-fetch.ts";
import { CFDI_SHEETS } from "../../sources/sat-cfdi.ts";
import { writeBiff8, type XlsCell } from "./biff8.ts";
import { RAW_DIR } from "./tree.ts";

const CATALOG_DIR = join(RAW_DIR, "sat/catCFDI");
const NOMINA_DIR = join(RAW_DIR, "sat/catNomina");
export const SHEETS = FETCHED_SHEETS.map((c) => c.sheet);
export const NOMINA_SHEET_NAMES = NOMINA_FETCHED_SHEETS.map((c) => c.sheet);
/** Sheets named otherwise in SAT's workbook (raw/README.md). */
const BOOK_NAMES: Record<string, string> = { c_Municipio: "C_Municipio", c_Localidad: "C_Localidad" };

const TITLES: Record<string, string> = {
  c_UsoCFDI: "Catálogo de uso de comprobantes.",
  c_FormaPago: "Catálogo de formas de pago.",
  c_MetodoPago: "Catálogo de métodos de pago.",
  c_RegimenFiscal: "Catálogo de Régimen Fiscal.",
  c_TipoDeComprobante: "Catálogo de tipos de comprobante.",
  c_Moneda: "Catálogo de monedas.",
  c_ClaveProdServ: "Catálogo de Claves de Productos y Servicios.",
};
const VERSION_LABELS = [
  "Versión CFDI",
  "Versión catálogo",
  "Revisión catálogo",
  "Fecha publicación de catálogo",
  "Fecha  inicio de vigencia del catálogo",
  "Fecha fin de vigencia del catálogo",
];
/** Columns the workbook stores as numbers (the CSVs keep them as text). */
const NUMERIC: Record<string, string[]> = {
  c_FormaPago: ["c_FormaPago"],
  c_Moneda: ["Decimales", "Porcentaje variación"],
  c_ClaveProdServ: ["Estímulo Franja Fronteriza"],
};

const dirOf = (sheet: string): string => (NOMINA_SHEET_NAMES.includes(sheet) ? NOMINA_DIR : CATALOG_DIR);

export function snapshotCsv(sheet: string): string {
  return readFileSync(join(dirOf(sheet), `${sheet}.csv`), "utf8");
}

/** The CFDI sheets of more than a few hundred rows: the paged ones. */
const LARGE_SHEETS = CFDI_SHEETS.filter((s) => s.paged).map((s) => s.sheet);

/**
 * The snapshot's large CFDI sheets cut to their header and first `rows` lines (the publisher's lines,
 * unchanged), as overrides of buildWorkbook: a workbook that converts in a fraction of the snapshot's time.
 */
export function shortSheets(rows = 100): Record<string, string> {
  return Object.fromEntries(
    LARGE_SHEETS.map((sheet) => [
      sheet,
      `${snapshotCsv(sheet)
        .split("\n")
        .slice(0, rows + 1)
        .join("\n")}\n`,
    ]),
  );
}

/** Version values per sheet, from the snapshot's version.txt (defaults where it has none). */
function versionValues(sheet: string): string[] {
  const line = readFileSync(join(dirOf(sheet), "version.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${sheet} `));
  const get = (label: string, fallback: string): string => new RegExp(`${label} (\\S+)`).exec(line ?? "")?.[1] ?? fallback;
  const published = get("Publicación", "0");
  return [
    get("Versión CFDI", "4.0"),
    get("Versión catálogo", "1.0"),
    get("Revisión", "0"),
    published === "(sin" ? "0" : published,
    get("Inicio vigencia", "2022-01-01"),
    "",
  ];
}

type Cell = XlsCell;

function cell(value: string, column: string, sheet: string): Cell {
  if (value !== "" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value };
  if (value !== "" && NUMERIC[sheet]?.includes(column)) return Number(value);
  return value;
}

/** One sheet as SAT lays it out: a title, the version rows, then the header (two levels where SAT has them). */
function sheetRows(sheet: string, csv: string): Cell[][] {
  const [header, ...rows] = parse(csv) as string[][];
  if (!header) throw new Error(`empty CSV for ${sheet}`);
  const preamble: Cell[][] = [
    [TITLES[sheet] ?? `Catálogo ${sheet.slice(2)}.`],
    VERSION_LABELS,
    versionValues(sheet).map((v) => cell(v, "", sheet)),
  ];
  let head: Cell[][] = [header];
  let body: Cell[][] = rows.map((r) => r.map((v, i) => cell(v, header[i]!, sheet)));
  const fisica = header.indexOf("Física");
  if (sheet === "c_UsoCFDI") {
    // Parent header in the header row, leaves on the row below.
    const parent = header.map((h, i) => (i === fisica ? "Aplica para tipo persona" : i === fisica + 1 ? "" : h));
    head = [parent, header.map((h, i) => (i === fisica || i === fisica + 1 ? h : ""))];
    // Real cells carry stray blanks that the conversion trims.
    body = body.map((r) => r.map((c, i) => (i === 1 && typeof c === "string" ? `${c}  ` : c)));
  } else if (sheet === "c_RegimenFiscal") {
    head = [header.map((_, i) => (i === fisica ? "Aplica para tipo persona" : "")), header];
  } else if (sheet === "c_TasaOCuota") {
    // The two value columns sit under a merged "c_TasaOCuota" parent; their names are on the row below.
    const min = header.indexOf("Valor mínimo");
    const leaves = new Set([min, min + 1]);
    head = [header.map((h, i) => (i === min ? "c_TasaOCuota" : leaves.has(i) ? "" : h)), header.map((h, i) => (leaves.has(i) ? h : ""))];
  } else if (sheet === "c_TipoDeComprobante") {
    // "Valor máximo" of Nómina is split into merged NS / NdS columns with the values one row below.
    const at = header.indexOf("Valor máximo") + 1;
    const widen = (r: Cell[], extra: Cell): Cell[] => [...r.slice(0, at), extra, ...r.slice(at)];
    head = [widen(header, "")];
    body = body.flatMap((r) => {
      if (r[0] !== "N") return [widen(r, "")];
      const value = r[at - 1]!;
      const labels = [...r.slice(0, at - 1), "NS", "NdS", ...r.slice(at)];
      return [labels, ["", "", value, value, ...r.slice(at)]];
    });
  }
  return [...preamble, ...head, ...body];
}

type Overrides = Partial<Record<string, string>>;

function bookSheets(csvs: Overrides, sheets: readonly string[] = SHEETS): { name: string; rows: Cell[][] }[] {
  return [
    ...sheets.map((sheet) => ({ name: BOOK_NAMES[sheet] ?? sheet, rows: sheetRows(sheet, csvs[sheet] ?? snapshotCsv(sheet)) })),
    // The real workbook holds more sheets (postal codes, neighbourhoods); one of them shows the conversion skips what it does not need.
    { name: "c_CodigoPostal", rows: [["Catálogo de códigos postales."], ["c_CodigoPostal", "c_Estado", "c_Municipio", "c_Localidad"]] },
  ];
}

/** The workbook bytes, from the snapshot's CSVs; csvs overrides the text of some sheets (fault modes). */
export function buildWorkbook(csvs: Overrides = {}): Buffer {
  return writeBiff8(bookSheets(csvs));
}

/** catNomina.xls, from the snapshot's catNomina CSVs. */
export function buildNominaWorkbook(csvs: Overrides = {}): Buffer {
  return writeBiff8(bookSheets(csvs, NOMINA_SHEET_NAMES).slice(0, -1));
}

/** The same layout written by SheetJS itself (slow and memory-hungry past a few thousand rows: small inputs only). */
export function buildWorkbookWithSheetJS(csvs: Overrides = {}, sheets: readonly string[] = SHEETS): Buffer {
  const book = XLSX.utils.book_new();
  for (const { name, rows } of bookSheets(csvs, sheets)) {
    const cells = rows.map((r) =>
      r.map((c): XLSX.CellObject | string | number | null => {
        if (c === null || typeof c !== "object") return c;
        const [y, m, d] = c.date.split("-").map(Number) as [number, number, number];
        return { t: "n", v: (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000, z: "yyyy-mm-dd" };
      }),
    );
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells, { dense: true }), name);
  }
  return XLSX.write(book, { bookType: "biff8", type: "buffer", bookSST: true }) as Buffer;
}
