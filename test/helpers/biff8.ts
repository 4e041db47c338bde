// A lean BIFF8 (.xls) writer for the fake SAT workbook: strings, numbers and dates, nothing else.
//
// SheetJS 0.20.3 writes .xls too, but its writer allocates a 16 KB block per cell record and keeps it
// alive: the 52,514-row c_ClaveProdServ sheet takes ~8 GB and about a minute. This writer lays out the
// same records (MS-XLS) in one pass and uses SheetJS's own compound-file (CFB) container around them.
import * as XLSX from "@e965/xlsx";

/** A cell: text, a number, or a date given as YYYY-MM-DD (stored as an Excel serial with a date format). */
export type XlsCell = string | number | { date: string } | null;

export interface XlsSheet {
  name: string;
  rows: XlsCell[][];
}

interface CfbApi {
  utils: { cfb_new(opts?: { root?: string }): unknown; cfb_add(cfb: unknown, name: string, content: Uint8Array): unknown };
  write(cfb: unknown, opts: { type: "buffer" }): Buffer;
}
const CFB: CfbApi = XLSX.CFB;

const MAX_RECORD = 8224;
const XF_GENERAL = 16;
const XF_DATE = 17;
const DATE_FORMAT_ID = 164;

function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const u16 = (...values: number[]): Buffer => {
  const b = Buffer.alloc(values.length * 2);
  for (const [i, v] of values.entries()) b.writeUInt16LE(v, i * 2);
  return b;
};

/** XLUnicodeString (16-bit count) or its short form (8-bit count): one byte per character when all fit, as Excel does. */
function unicode(text: string, shortCount = false): Buffer {
  const count = shortCount ? Buffer.from([text.length]) : u16(text.length);
  const wide = /[^\u0000-\u00ff]/.test(text);
  return Buffer.concat([count, Buffer.from([wide ? 1 : 0]), Buffer.from(text, wide ? "utf16le" : "latin1")]);
}

function bof(kind: "globals" | "sheet"): Buffer {
  const b = Buffer.alloc(16);
  b.writeUInt16LE(0x0600, 0);
  b.writeUInt16LE(kind === "globals" ? 0x0005 : 0x0010, 2);
  b.writeUInt16LE(0x0dbb, 4);
  b.writeUInt16LE(0x07cc, 6);
  b.writeUInt32LE(0x00000006, 12);
  return record(0x0809, b);
}

function xf(style: boolean, formatId: number): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt16LE(0, 0);
  b.writeUInt16LE(formatId, 2);
  b.writeUInt16LE(style ? 0xfff5 : 0x0001, 4);
  b.writeUInt8(style ? 0 : 0x04, 9);
  return record(0x00e0, b);
}

/** SST with CONTINUE records, never splitting a string across two records. */
function sst(strings: string[], total: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32LE(total, 0);
  head.writeUInt32LE(strings.length, 4);
  const out: Buffer[] = [];
  let current: Buffer[] = [head];
  let size = head.length;
  let type = 0x00fc;
  for (const s of strings) {
    const piece = unicode(s);
    if (size + piece.length > MAX_RECORD) {
      out.push(record(type, Buffer.concat(current)));
      [current, size, type] = [[], 0, 0x003c];
    }
    current.push(piece);
    size += piece.length;
  }
  out.push(record(type, Buffer.concat(current)));
  return Buffer.concat(out);
}

const excelSerial = (iso: string): number => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;
};

function sheetStream(sheet: XlsSheet, stringIndex: (s: string) => number): Buffer {
  const width = Math.max(1, ...sheet.rows.map((r) => r.length));
  const dims = Buffer.alloc(14);
  dims.writeUInt32LE(sheet.rows.length, 4);
  dims.writeUInt16LE(width, 10);
  const parts: Buffer[] = [bof("sheet"), record(0x0200, dims)];
  sheet.rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === null || value === "") return;
      if (typeof value === "string") {
        const b = Buffer.alloc(10);
        b.writeUInt16LE(r, 0);
        b.writeUInt16LE(c, 2);
        b.writeUInt16LE(XF_GENERAL, 4);
        b.writeUInt32LE(stringIndex(value), 6);
        parts.push(record(0x00fd, b));
        return;
      }
      const b = Buffer.alloc(14);
      b.writeUInt16LE(r, 0);
      b.writeUInt16LE(c, 2);
      b.writeUInt16LE(typeof value === "number" ? XF_GENERAL : XF_DATE, 4);
      b.writeDoubleLE(typeof value === "number" ? value : excelSerial(value.date), 6);
      parts.push(record(0x0203, b));
    });
  });
  parts.push(record(0x000a, Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** The whole .xls file: a compound file holding one Workbook stream. */
export function writeBiff8(sheets: XlsSheet[]): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  let total = 0;
  const stringIndex = (s: string): number => {
    total++;
    let i = index.get(s);
    if (i === undefined) {
      i = strings.push(s) - 1;
      index.set(s, i);
    }
    return i;
  };
  const bodies = sheets.map((s) => sheetStream(s, stringIndex));
  const font = Buffer.concat([u16(200, 0, 0x7fff, 400, 0), Buffer.from([0, 0, 0, 0]), unicode("Arial", true)]);
  const fixed = Buffer.concat([
    bof("globals"),
    record(0x0042, u16(1200)),
    record(0x0031, font),
    record(0x041e, Buffer.concat([u16(DATE_FORMAT_ID), unicode("yyyy-mm-dd")])),
    ...Array.from({ length: 16 }, () => xf(true, 0)),
    xf(false, 0),
    xf(false, DATE_FORMAT_ID),
  ]);
  const boundSheets = sheets.map((s) => Buffer.concat([Buffer.alloc(6), unicode(s.name, true)]));
  const tail = Buffer.concat([sst(strings, total), record(0x000a, Buffer.alloc(0))]);
  const globalsLength = fixed.length + boundSheets.reduce((n, b) => n + b.length + 4, 0) + tail.length;
  let offset = globalsLength;
  const sheetRecords = boundSheets.map((b, i) => {
    b.writeUInt32LE(offset, 0);
    offset += bodies[i]!.length;
    return record(0x0085, b);
  });
  const stream = Buffer.concat([fixed, ...sheetRecords, tail, ...bodies]);
  const cfb = CFB.utils.cfb_new({ root: "R" });
  CFB.utils.cfb_add(cfb, "/Workbook", stream);
  return CFB.write(cfb, { type: "buffer" });
}
