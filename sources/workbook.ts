// SAT's catCFDI_V_4_*.xls workbook (legacy binary Excel) → the catalog CSVs the build reads. Pure.
import * as XLSX from "@e965/xlsx";
import { formatIsoDate, fromDayMonthYear, utcDateOf } from "../core/dates.ts";
import type { SheetSpec } from "./sat-sheet.ts";
import { ParseError } from "./types.ts";
import { hideCellsOutside, sheetEntries, workbookStream } from "./xls-stream.ts";

/** What the conversion needs of a sheet: its name and the key columns that mark its header row. */
export type ConvertSpec = Pick<SheetSpec, "sheet" | "key">;

/** Sheets whose name in SAT's workbook differs from the CSV's (raw/README.md): C_Municipio, C_Localidad. */
const BOOK_NAMES: Record<string, string> = { c_Municipio: "C_Municipio", c_Localidad: "C_Localidad" };
const bookNames = (sheet: string): string[] => [sheet, ...(BOOK_NAMES[sheet] === undefined ? [] : [BOOK_NAMES[sheet]])];

export interface ConvertedSheet {
  sheet: string;
  /** RFC 4180 CSV, `\n` line ends, one header row, the headers the build reads. */
  csv: string;
  rows: number;
  /** The sheet's title and version rows, on one line. */
  version: string;
}

/**
 * Header spellings seen in SAT's workbooks that differ from the ones the build reads. SAT has shipped
 * "Regímen" (sic) in c_UsoCFDI; the column is the same.
 */
const HEADER_ALIASES: Record<string, string> = { "Regímen Fiscal Receptor": "Régimen Fiscal Receptor" };

/** A cell as the CSV text the build expects: trimmed, dates as YYYY-MM-DD, numbers as written. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (cell === undefined || cell.v === undefined || cell.v === null) return "";
  if (cell.t === "n" && typeof cell.v === "number") {
    if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
      const d = XLSX.SSF.parse_date_code(cell.v);
      return formatIsoDate(d.y, d.m, d.d);
    }
    return String(cell.v);
  }
  if (cell.t === "d" && cell.v instanceof Date) return utcDateOf(cell.v);
  if (cell.t === "e") return "";
  const text = String(cell.v).trim();
  // Some sheets carry dates typed as text in the Mexican order.
  return fromDayMonthYear(text) ?? text;
}

/** A sheet's rows as text, one at a time: the whole sheet as strings at once would double the memory. */
interface SheetText {
  length: number;
  row(r: number): string[];
}

function sheetText(sheet: XLSX.WorkSheet): SheetText {
  const data = (sheet as XLSX.DenseWorkSheet)["!data"] ?? [];
  // Array.from, not map: rows and cells a writer left out are holes, and holes must read as "".
  return { length: data.length, row: (r) => Array.from(data[r] ?? [], (cell) => cellText(cell)) };
}

/** RFC 4180: quote a field only when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Width of an all-digit code pattern such as /^\d{2}$/, so codes stored as numbers get their zeros back. */
function codeWidth(pattern: RegExp): number | null {
  const m = /^\^\\d\{(\d+)\}\$$/.exec(pattern.source);
  return m ? Number(m[1]) : null;
}

/** The zero-padded width of each all-digit key column, by header. */
function keyWidths(spec: ConvertSpec): Map<string, number> {
  const widths = new Map<string, number>();
  for (const k of spec.key) {
    const w = codeWidth(k.pattern);
    if (w !== null) widths.set(k.header, w);
  }
  return widths;
}

/** The title row and the label/value version rows above the header, as one line. */
function versionLine(preamble: string[][]): string {
  const filled = preamble.map((r) => r.map((c) => c.replace(/\s+/g, " ")));
  const labelsAt = filled.findIndex((r) => r.some((c) => c.startsWith("Versión")));
  const parts: string[] = [];
  const title = filled[0]?.find((c) => c !== "");
  if (title !== undefined && labelsAt !== 0) parts.push(title);
  const labels = labelsAt >= 0 ? filled[labelsAt]! : [];
  const values = labelsAt >= 0 ? (filled[labelsAt + 1] ?? []) : [];
  labels.forEach((label, i) => {
    const value = values[i] ?? "";
    if (label !== "" && value !== "") parts.push(`${label}: ${value}`);
  });
  return parts.join(" | ");
}

function convertSheet(spec: ConvertSpec, rows: SheetText, file: string): ConvertedSheet {
  const sheetName = spec.sheet;
  const keyHeaders = new Set(spec.key.map((k) => k.header));
  const preamble: string[][] = [];
  let at = 0;
  for (; at < rows.length; at++) {
    const cells = rows.row(at);
    if (keyHeaders.has(cells[0] ?? "")) break;
    preamble.push(cells);
  }
  if (at >= rows.length)
    throw new ParseError(
      file,
      `la hoja ${sheetName} no tiene una fila de encabezado que empiece con "${spec.key.map((k) => k.header).join(`" o "`)}"`,
    );
  const header = rows.row(at);
  let bodyStart = at + 1;
  // A second header row with an empty first cell holds the leaf names under a merged parent
  // ("Aplica para tipo persona" → Física, Moral): the leaves replace the parent.
  const sub = bodyStart < rows.length ? rows.row(bodyStart) : [];
  if (sub[0] === "" && sub.some((c) => c !== "")) {
    sub.forEach((leaf, i) => {
      if (leaf !== "") header[i] = leaf;
    });
    bodyStart++;
  }
  const names = header.map((h) => HEADER_ALIASES[h] ?? h);
  const kept = names.flatMap((h, i) => (h === "" ? [] : [i]));
  const widths = keyWidths(spec);
  const padded = kept.flatMap((i, at) => {
    const w = widths.get(names[i]!);
    return w === undefined ? [] : [{ at, w }];
  });
  const lines = [kept.map((i) => csvField(names[i]!)).join(",")];
  // The last row read stays open until the next code: a row without a code may still continue it.
  let open: string[] | null = null;
  const close = (): void => {
    if (open !== null) lines.push(open.map(csvField).join(","));
    open = null;
  };
  for (let r = bodyStart; r < rows.length; r++) {
    const cells = rows.row(r);
    if (cells.every((c) => c === "")) continue;
    if (cells[0] !== "") {
      close();
      const row = kept.map((i) => cells[i] ?? "");
      for (const { at, w } of padded) if (/^\d+$/.test(row[at]!) && row[at]!.length < w) row[at] = row[at]!.padStart(w, "0");
      open = row;
      continue;
    }
    // A row without a code continues the row above: c_TipoDeComprobante splits "Valor máximo" of N
    // into merged NS / NdS sub-columns with their values one row below. The value goes under the
    // named column; the unnamed sub-column must agree with it or the merge would lose data.
    const prev: string[] | null = open;
    if (prev === null) throw new ParseError(file, `fila sin clave antes de la primera clave en ${sheetName}`, r + 1);
    cells.forEach((value, i) => {
      if (value === "") return;
      if ((names[i] ?? "") !== "") {
        prev[kept.indexOf(i)] = value;
        return;
      }
      const owner = names.slice(0, i).findLastIndex((h) => h !== "");
      if (owner < 0 || (cells[owner] ?? "") !== value) {
        throw new ParseError(
          file,
          `valores distintos en columnas combinadas de ${sheetName} ("${cells[owner] ?? ""}" y "${value}")`,
          r + 1,
        );
      }
    });
  }
  close();
  return { sheet: sheetName, csv: `${lines.join("\n")}\n`, rows: lines.length - 1, version: versionLine(preamble) };
}

/** Reads the given sheets of a .xls workbook; throws ParseError naming the file when one is missing or odd. */
export function workbookToCsvs(data: Uint8Array, file: string, specs: readonly ConvertSpec[]): ConvertedSheet[] {
  const stream = workbookStream(data);
  if (stream === null) throw new ParseError(file, "no se pudo leer el libro de Excel (no es un archivo .xls)");
  const entries = sheetEntries(stream);
  const missing = (spec: ConvertSpec): ParseError => new ParseError(file, `el libro no tiene la hoja ${spec.sheet}`);
  const wanted = specs.map((spec): [ConvertSpec, string] => {
    const names = bookNames(spec.sheet);
    const entry = entries.find((e) => names.includes(e.name.trim()));
    if (entry === undefined) throw missing(spec);
    return [spec, entry.name];
  });
  // Only the sheets asked for: SAT's workbook also holds postal codes and neighbourhoods, far larger.
  hideCellsOutside(stream, entries, new Set(wanted.map(([, name]) => name)));
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(stream, { type: "buffer", dense: true, cellNF: true, cellHTML: false, cellText: false });
  } catch (err) {
    throw new ParseError(file, `no se pudo leer el libro de Excel (${(err as Error).message})`);
  }
  return wanted.map(([spec, name]) => {
    const sheet = book.Sheets[name];
    if (sheet === undefined) throw missing(spec);
    const converted = convertSheet(spec, sheetText(sheet), file);
    // Let the parsed cells go as soon as their CSV exists.
    delete book.Sheets[name];
    return converted;
  });
}

/** A version.txt: where the CSVs came from (title, workbook URL) and each sheet's version line. */
export function versionText(title: string, sheets: ConvertedSheet[], workbookUrl: string): string {
  const pad = Math.max(...sheets.map((s) => s.sheet.length));
  return [`${title}, convertidos a CSV desde ${workbookUrl}`, ...sheets.map((s) => `${s.sheet.padEnd(pad)} ${s.version}`), ""].join("\n");
}
