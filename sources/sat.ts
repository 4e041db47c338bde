// SAT CFDI 4.0 catalogs (Anexo 20, catCFDI_V_4_*.xls), one CSV per sheet with the workbook's own headers.
import { readFile, rm, writeFile } from "node:fs/promises";
import { CsvError, parse } from "csv-parse/sync";
import { noDuplicates, noBlankText, hasRecords } from "./checks.ts";
import { isValidIsoDate } from "../lib/dates.ts";
import { baseUrl, FetchError, ParseError, type CheckFailure, type Feed, type FeedSource, type FetchedFile, type NamedCheck } from "./types.ts";

export type CatalogId = "uso" | "forma-pago" | "metodo-pago" | "regimen" | "tipo-comprobante" | "moneda" | "clave-prod-serv";

type FieldKind = "siNo" | "text" | "optionalText" | "int" | "number" | "codeList";

interface CatalogSpec {
  id: CatalogId;
  sheet: string;
  /** What a code of this catalog looks like; anything else is a malformed row. */
  codePattern: RegExp;
  validFrom: string;
  validTo: string;
  /** Extra columns published as extra fields: header → field name and how to read it. */
  extras: Record<string, { field: string; kind: FieldKind }>;
}

export const CATALOGS: readonly CatalogSpec[] = [
  {
    id: "uso", sheet: "c_UsoCFDI", codePattern: /^[A-Z]{1,2}\d{2}$/,
    validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia",
    extras: {
      "Física": { field: "personaFisica", kind: "siNo" },
      "Moral": { field: "personaMoral", kind: "siNo" },
      "Régimen Fiscal Receptor": { field: "regimenesReceptor", kind: "codeList" },
    },
  },
  {
    id: "forma-pago", sheet: "c_FormaPago", codePattern: /^\d{2}$/,
    validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia",
    extras: { "Bancarizado": { field: "bancarizado", kind: "text" } },
  },
  {
    id: "metodo-pago", sheet: "c_MetodoPago", codePattern: /^[A-Z]{3}$/,
    validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia", extras: {},
  },
  {
    id: "regimen", sheet: "c_RegimenFiscal", codePattern: /^\d{3}$/,
    validFrom: "Fecha de inicio de vigencia", validTo: "Fecha de fin de vigencia",
    extras: {
      "Física": { field: "personaFisica", kind: "siNo" },
      "Moral": { field: "personaMoral", kind: "siNo" },
    },
  },
  {
    id: "tipo-comprobante", sheet: "c_TipoDeComprobante", codePattern: /^[A-Z]$/,
    validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia",
    // Kept as text: 999999999999999999.999999 does not survive as a JSON number.
    extras: { "Valor máximo": { field: "valorMaximo", kind: "text" } },
  },
  {
    id: "moneda", sheet: "c_Moneda", codePattern: /^[A-Z]{3}$/,
    validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia",
    extras: {
      "Decimales": { field: "decimales", kind: "int" },
      "Porcentaje variación": { field: "porcentajeVariacion", kind: "number" },
    },
  },
  {
    id: "clave-prod-serv", sheet: "c_ClaveProdServ", codePattern: /^\d{8}$/,
    validFrom: "FechaInicioVigencia", validTo: "FechaFinVigencia",
    extras: {
      "Incluir IVA trasladado": { field: "incluirIva", kind: "text" },
      "Incluir IEPS trasladado": { field: "incluirIeps", kind: "text" },
      "Complemento que debe incluir": { field: "complemento", kind: "optionalText" },
      "Estímulo Franja Fronteriza": { field: "estimuloFranjaFronteriza", kind: "int" },
      "Palabras similares": { field: "palabrasSimilares", kind: "optionalText" },
    },
  },
];

type ExtraValue = string | number | boolean | string[] | null;

export interface CfdiEntry {
  code: string;
  description: string;
  validFrom: string | null;
  validTo: string | null;
  extras: Record<string, ExtraValue>;
  /** 1-based line in the CSV (the header is line 1). */
  row: number;
}

function catalogSpec(id: CatalogId): CatalogSpec {
  const spec = CATALOGS.find((c) => c.id === id);
  if (!spec) throw new Error(`unknown catalog ${id}`);
  return spec;
}

function readCell(kind: FieldKind, value: string, header: string, file: string, row: number): ExtraValue {
  switch (kind) {
    case "siNo":
      if (value === "Sí") return true;
      if (value === "No") return false;
      throw new ParseError(file, `columna "${header}": se esperaba Sí o No y llegó "${value}"`, row);
    case "text":
      return value;
    case "optionalText":
      return value === "" ? null : value;
    case "int":
      if (!/^\d+$/.test(value)) throw new ParseError(file, `columna "${header}": se esperaba un entero y llegó "${value}"`, row);
      return Number(value);
    case "number":
      // XTS and XXX (test and no-currency codes) publish no tolerance: absent, not zero.
      if (value === "") return null;
      if (!/^\d+(\.\d+)?$/.test(value)) throw new ParseError(file, `columna "${header}": se esperaba un número y llegó "${value}"`, row);
      return Number(value);
    case "codeList":
      return value === "" ? [] : value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  }
}

function readDate(value: string, header: string, file: string, row: number): string | null {
  if (value === "") return null;
  if (!isValidIsoDate(value)) throw new ParseError(file, `columna "${header}": fecha inválida "${value}" (se espera AAAA-MM-DD)`, row);
  return value;
}

const CSV_ERRORS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: "un campo entre comillas no se cierra",
  CSV_INVALID_CLOSING_QUOTE: "comillas mal colocadas",
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "comillas mal colocadas",
};

/** The sheet's rows (csv-parse, RFC 4180), each with as many cells as the header. */
function csvRows(text: string, file: string): string[][] {
  if (text.trimStart().startsWith("<")) {
    throw new ParseError(file, "se esperaba CSV y llegó una página HTML (¿página de error del publicador?)");
  }
  // Rows count from 1 with the header as row 1, as in a spreadsheet; an error is in the row after the last whole one.
  let complete = 0;
  let data: string[][];
  try {
    data = parse(text, {
      bom: true, skip_empty_lines: true, relax_column_count: true,
      on_record: (record: string[], context: { records: number }) => {
        complete = context.records;
        return record;
      },
    }) as string[][];
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    throw new ParseError(file, `CSV mal formado: ${CSV_ERRORS[e.code] ?? e.message}`, complete + 1);
  }
  const width = data[0]?.length ?? 0;
  const short = data.findIndex((cells) => cells.length !== width);
  if (short >= 0) {
    throw new ParseError(file, `CSV mal formado: la fila tiene ${data[short]!.length} columnas y el encabezado ${width}`, short + 1);
  }
  return data;
}

/** Pure parser of one catalog sheet exported as CSV. */
export function parseCatalog(id: CatalogId, text: string, file: string): CfdiEntry[] {
  const spec = catalogSpec(id);
  const [header, ...body] = csvRows(text, file);
  if (!header) throw new ParseError(file, "el CSV no tiene encabezado");
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new ParseError(file, `falta la columna "${name}" en el encabezado`, 1);
    return i;
  };
  const codeCol = col(spec.sheet);
  const descCol = col("Descripción");
  const fromCol = col(spec.validFrom);
  const toCol = col(spec.validTo);
  const extraCols = Object.entries(spec.extras).map(([h, x]) => ({ header: h, ...x, index: col(h) }));
  return body.map((cells, i) => {
    const row = i + 2;
    const cell = (index: number): string => (cells[index] ?? "").trim();
    const code = cell(codeCol);
    if (!spec.codePattern.test(code)) throw new ParseError(file, `clave "${code}" con formato inválido para ${spec.sheet}`, row);
    const extras: Record<string, ExtraValue> = {};
    for (const x of extraCols) extras[x.field] = readCell(x.kind, cell(x.index), x.header, file, row);
    return {
      code,
      description: cell(descCol),
      validFrom: readDate(cell(fromCol), spec.validFrom, file, row),
      validTo: readDate(cell(toCol), spec.validTo, file, row),
      extras,
      row,
    };
  });
}

const validityOrdered: NamedCheck<CfdiEntry[]> = {
  name: "cfdi-vigencia-ordenada",
  run(rows, file) {
    const failures: CheckFailure[] = [];
    for (const r of rows) {
      if (r.validFrom !== null && r.validTo !== null && r.validTo < r.validFrom) {
        failures.push({ check: this.name, file, row: r.row, message: `fin de vigencia ${r.validTo} anterior al inicio ${r.validFrom}` });
      }
    }
    return failures;
  },
};

export function catalogSource(id: CatalogId): FeedSource<CfdiEntry[]> {
  const spec = catalogSpec(id);
  return {
    id: `cfdi-${id}`,
    publisher: "SAT (Anexo 20, catálogos CFDI 4.0)",
    officialUrl: "http://omawww.sat.gob.mx/tramitesyservicios/Paginas/anexo_20.htm",
    rawFile: `sat/catCFDI/${spec.sheet}.csv`,
    parse: (text, file) => parseCatalog(id, text, file),
    checks: [
      hasRecords(`${spec.sheet}-no-vacio`),
      noDuplicates(`${spec.sheet}-sin-claves-duplicadas`, (r) => r.code),
      noBlankText(`${spec.sheet}-descripciones`, (r) => r.description),
      validityOrdered,
    ],
  };
}

export const satCatalogs: FeedSource<CfdiEntry[]>[] = CATALOGS.map((c) => catalogSource(c.id));

/** The source of one catalog: the same object as in satCatalogs. */
export function satCatalog(id: CatalogId): FeedSource<CfdiEntry[]> {
  const source = satCatalogs[CATALOGS.findIndex((c) => c.id === id)];
  if (!source) throw new Error(`no hay catálogo ${id}`);
  return source;
}

/** The sheets' title and version rows, written beside the CSVs when they are converted from the workbook. */
export const SAT_VERSION_FILE = "sat/catCFDI/version.txt";
const SAT_RAW_FILES = [...satCatalogs.map((s) => s.rawFile), SAT_VERSION_FILE];
const ANEXO_20_PATH = "/tramitesyservicios/Paginas/anexo_20.htm";

/** The newest catCFDI_V_4_<date>.xls linked from the Anexo 20 page (absolute URL), or null. Pure. */
export function findWorkbookLink(html: string, pageUrl: string): string | null {
  const links: { url: string; stamp: string }[] = [];
  for (const m of html.matchAll(/href\s*=\s*["']([^"']*?catCFDI_V_4_([^"'/?#]*?)\.xls)(?:[?#][^"']*)?["']/gi)) {
    const href = m[1]!.replace(/&amp;/g, "&").trim();
    try {
      links.push({ url: new URL(href, pageUrl).href, stamp: m[2]!.replace(/\D/g, "") });
    } catch {
      // A malformed href is not the workbook.
    }
  }
  // Names carry the publication date (catCFDI_V_4_20250715.xls): the largest is the current one.
  links.sort((a, b) => a.stamp.length - b.stamp.length || (a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : 0));
  return links.at(-1)?.url ?? null;
}

/** Anexo 20 page → newest workbook (conditional on the last one fetched) → the seven CSVs and version.txt. */
export const satFeed: Feed = {
  id: "sat",
  publisher: "SAT (Anexo 20, catálogos CFDI 4.0)",
  rawFiles: SAT_RAW_FILES,
  async fetch(ctx) {
    const pageUrl = `${baseUrl(ctx.env, "FISCAL_SAT_URL", "http://omawww.sat.gob.mx")}${ANEXO_20_PATH}`;
    const page = await ctx.download({ url: pageUrl, publicUrl: pageUrl, kind: "html", beside: SAT_VERSION_FILE });
    if (page.status !== "downloaded") throw new FetchError(`la página del Anexo 20 no llegó (${pageUrl})`);
    const html = await readFile(page.path, "latin1");
    await rm(page.path, { force: true });
    const link = findWorkbookLink(html, pageUrl);
    if (link === null) throw new FetchError(`la página del Anexo 20 no enlaza ningún libro catCFDI_V_4_*.xls (${pageUrl})`);
    const book = await ctx.download({ url: link, publicUrl: link, kind: "xls", beside: SAT_VERSION_FILE, conditionalFor: SAT_RAW_FILES });
    if (book.status === "unchanged") return { status: "unchanged", publicUrl: link };
    // Loaded only here: the workbook reader is large and the build never needs it.
    const { workbookToCsvs, versionText } = await import("./workbook.ts");
    const sheets = workbookToCsvs(await readFile(book.path), decodeURIComponent(link.slice(link.lastIndexOf("/") + 1)));
    await rm(book.path, { force: true });
    const files: FetchedFile[] = [];
    const put = async (rawFile: string, text: string): Promise<void> => {
      const tempPath = ctx.tempPath(rawFile);
      await writeFile(tempPath, text, { flag: "wx" });
      files.push({ rawFile, tempPath, publicUrl: link, etag: book.etag, lastModified: book.lastModified });
    };
    for (const sheet of sheets) await put(`sat/catCFDI/${sheet.sheet}.csv`, sheet.csv);
    await put(SAT_VERSION_FILE, versionText(sheets, link));
    return { status: "fetched", files };
  },
};
