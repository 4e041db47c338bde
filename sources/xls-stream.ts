// The BIFF8 stream of a .xls workbook, and the cells of unread sheets hidden in it so that SheetJS builds cells only for the sheets asked for.
//
// SheetJS's `sheets` option filters only .xlsx; from a .xls it builds every cell of every sheet, about
// 450 bytes each, and SAT's catCFDI workbook also holds c_CodigoPostal and c_Colonia, its largest
// sheets, which nothing here reads. Retagging a cell record as a record SheetJS reads past keeps every
// offset in the stream valid, which removing it would not.
import * as XLSX from "@e965/xlsx";

interface CfbEntry {
  content?: Uint8Array;
}
interface CfbApi {
  read(data: Uint8Array, opts: { type: "buffer" }): unknown;
  find(cfb: unknown, path: string): CfbEntry | null;
}
const CFB: CfbApi = XLSX.CFB;

const BOF = 0x0809;
const EOF = 0x000a;
const BOUND_SHEET = 0x0085;
/** BIFF8 records that hold a cell: LabelSst, Label, RString, Number, RK, MulRk, Blank, MulBlank, BoolErr, Formula and String (a formula's text). */
const CELL_RECORDS = new Set([0x00fd, 0x0204, 0x00d6, 0x0203, 0x027e, 0x00bd, 0x0201, 0x00be, 0x0205, 0x0006, 0x0207]);
/** DBCell, an index record that SheetJS skips whole, whatever its length. */
const SKIPPED_RECORD = 0x00d7;

/** A worksheet of the stream: its name and where its BOF record starts. */
export interface SheetEntry {
  name: string;
  offset: number;
}

/** The Workbook stream of a .xls compound file (a copy of its bytes), or null when the bytes are not one. */
export function workbookStream(data: Uint8Array): Uint8Array | null {
  let cfb: unknown;
  try {
    cfb = CFB.read(data, { type: "buffer" });
  } catch {
    return null;
  }
  const entry = CFB.find(cfb, "/Workbook") ?? CFB.find(cfb, "/Book");
  return entry?.content ?? null;
}

const u16 = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number): number => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** Calls `visit` with the type and start of each record from `start` to the EOF that closes its substream. */
function eachRecord(stream: Uint8Array, start: number, visit: (type: number, at: number) => void): void {
  let depth = 0;
  for (let at = start; at + 4 <= stream.length; ) {
    const type = u16(stream, at);
    visit(type, at);
    at += 4 + u16(stream, at + 2);
    // Embedded charts open their own BOF…EOF inside a sheet.
    if (type === BOF) depth++;
    if (type === EOF && --depth === 0) return;
  }
}

/** ShortXLUnicodeString: a byte count, a flag byte, then Latin-1 bytes or UTF-16LE. */
function shortString(stream: Uint8Array, at: number): string {
  const count = stream[at] ?? 0;
  const wide = ((stream[at + 1] ?? 0) & 1) === 1;
  // subarray stops at the stream's end, so a damaged count gives a wrong name (and a missing sheet), never a RangeError.
  const bytes = stream.subarray(at + 2, at + 2 + (wide ? count * 2 : count));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(wide ? "utf16le" : "latin1");
}

/** The worksheets that the globals substream lists (BoundSheet8 records), in order. */
export function sheetEntries(stream: Uint8Array): SheetEntry[] {
  const sheets: SheetEntry[] = [];
  eachRecord(stream, 0, (type, at) => {
    if (type === BOUND_SHEET) sheets.push({ name: shortString(stream, at + 10), offset: u32(stream, at + 4) });
  });
  return sheets;
}

/** Retags, in place, the cell records of every sheet not named in `keep`, so that only those sheets get cells. */
export function hideCellsOutside(stream: Uint8Array, sheets: readonly SheetEntry[], keep: ReadonlySet<string>): void {
  for (const sheet of sheets) {
    if (keep.has(sheet.name) || sheet.offset + 4 > stream.length || u16(stream, sheet.offset) !== BOF) continue;
    eachRecord(stream, sheet.offset, (type, at) => {
      if (!CELL_RECORDS.has(type)) return;
      stream[at] = SKIPPED_RECORD & 0xff;
      stream[at + 1] = SKIPPED_RECORD >> 8;
    });
  }
}
