// One SAT catalog sheet exported as CSV (workbook headers): the sheet spec, its pure parser and its named checks.
import { CsvError, parse } from "csv-parse/sync";
import { hasRecords, noBlankText, noDuplicates } from "./checks.ts";
import { isValidIsoDate } from "../core/dates.ts";
import { ParseError, type CheckFailure, type NamedCheck } from "./types.ts";

export type FieldKind = "siNo" | "text" | "optionalText" | "int" | "number" | "codeList";
export type Family = "cfdi" | "nomina";

/** A column of the key. The one named `code` is the entry's code; the others are published beside it. */
export interface KeyColumn {
  header: string;
  field: string;
  /** What a value of this column looks like; anything else is a malformed row. */
  pattern: RegExp;
  /** Published as an integer (c_NumPedimentoAduana's Ejercicio); the key and the path keep the text. */
  integer?: boolean;
}

/** Where an entry's `description` comes from: a column, or words built from the row where the sheet has none. */
type DescriptionSource = { column: string } | { words: (fields: Record<string, ExtraValue>, code: string) => string };

export interface SheetSpec {
  id: string;
  family: Family;
  /** The sheet's name in SAT's workbook, also the CSV's file name. */
  sheet: string;
  /** The key columns in the order the lookup path names them (scope first, code last). */
  key: readonly KeyColumn[];
  description: DescriptionSource;
  validFrom?: string;
  validTo?: string;
  /** Extra columns published as extra fields: header → field name and how to read it. */
  extras: Record<string, { field: string; kind: FieldKind }>;
  /** The lookup's example key, one value per key column in path order: a real entry of the snapshot. */
  example: readonly string[];
  /** Listed in pages (limit/offset) rather than as one file: it holds more than lib/routes/sat-routes.ts WHOLE_LIST_MAX entries. */
  paged: boolean;
}

export type ExtraValue = string | number | boolean | string[] | null;

export interface CatalogEntry {
  code: string;
  /** The key columns' values joined by "/", in path order (just the code for one-column keys). */
  key: string;
  description: string;
  validFrom: string | null;
  validTo: string | null;
  /** Key columns other than the code, then the sheet's extra columns. */
  extras: Record<string, ExtraValue>;
  /** 1-based line in the CSV (the header is line 1). */
  row: number;
}

export function readCell(kind: FieldKind, value: string, header: string, file: string, row: number): ExtraValue {
  switch (kind) {
    case "siNo":
      // c_Impuesto writes "Si" without the accent; it is the same answer.
      if (value === "Sí" || value === "Si") return true;
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
      // SAT writes these lists by hand ("625,626", "614, 607, 615"): split, trimmed, deduplicated, in code order.
      return [
        ...new Set(
          value
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        ),
      ].sort();
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
export function csvRows(text: string, file: string): string[][] {
  if (text.trimStart().startsWith("<")) {
    throw new ParseError(file, "se esperaba CSV y llegó una página HTML (¿página de error del publicador?)");
  }
  let data: string[][];
  try {
    data = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    // Rows count from 1 with the header as row 1, as in a spreadsheet; an error is in the row after the last
    // whole one, which the error's context counts (an on_record callback to count them cost 40 % of the parse).
    const complete = typeof e["records"] === "number" ? e["records"] : 0;
    throw new ParseError(file, `CSV mal formado: ${CSV_ERRORS[e.code] ?? e.message}`, complete + 1);
  }
  const width = data[0]?.length ?? 0;
  const short = data.findIndex((cells) => cells.length !== width);
  if (short >= 0) {
    throw new ParseError(file, `CSV mal formado: la fila tiene ${data[short]!.length} columnas y el encabezado ${width}`, short + 1);
  }
  return data;
}

/** The header's column finder: a missing column is a ParseError on row 1. */
export function columnFinder(header: string[], file: string): (name: string) => number {
  return (name) => {
    const i = header.indexOf(name);
    if (i < 0) throw new ParseError(file, `falta la columna "${name}" en el encabezado`, 1);
    return i;
  };
}

/** Pure parser of one keyed catalog sheet exported as CSV. */
export function parseSheet(spec: SheetSpec, text: string, file: string): CatalogEntry[] {
  const [header, ...body] = csvRows(text, file);
  if (!header) throw new ParseError(file, "el CSV no tiene encabezado");
  const col = columnFinder(header, file);
  const keyCols = spec.key.map((k) => ({ ...k, index: col(k.header) }));
  const descCol = "column" in spec.description ? col(spec.description.column) : -1;
  const fromCol = spec.validFrom === undefined ? -1 : col(spec.validFrom);
  const toCol = spec.validTo === undefined ? -1 : col(spec.validTo);
  const extraCols = Object.entries(spec.extras).map(([h, x]) => ({ header: h, ...x, index: col(h) }));
  return body.map((cells, i) => {
    const row = i + 2;
    const cell = (index: number): string => (index < 0 ? "" : (cells[index] ?? "").trim());
    const extras: Record<string, ExtraValue> = {};
    const keyValues: string[] = [];
    let code: string | undefined;
    for (const k of keyCols) {
      const value = cell(k.index);
      if (!k.pattern.test(value)) {
        const what = k.field === "code" ? `clave "${value}"` : `valor "${value}" de la columna ${k.header}`;
        throw new ParseError(file, `${what} con formato inválido para ${spec.sheet}`, row);
      }
      keyValues.push(value);
      if (k.field === "code") code = value;
      else extras[k.field] = k.integer ? Number(value) : value;
    }
    for (const x of extraCols) extras[x.field] = readCell(x.kind, cell(x.index), x.header, file, row);
    const key = keyValues.join("/");
    const entryCode = code ?? key;
    const description = "column" in spec.description ? cell(descCol) : spec.description.words(extras, entryCode);
    return {
      code: entryCode,
      key,
      description,
      validFrom: fromCol < 0 ? null : readDate(cell(fromCol), spec.validFrom!, file, row),
      validTo: toCol < 0 ? null : readDate(cell(toCol), spec.validTo!, file, row),
      extras,
      row,
    };
  });
}

interface Dated {
  row: number;
  validFrom: string | null;
  validTo: string | null;
}

/** A row's vigencia never ends before it starts. */
export function validityOrdered<R extends Dated>(name: string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      for (const r of rows) {
        if (r.validFrom !== null && r.validTo !== null && r.validTo < r.validFrom) {
          failures.push({ check: name, file, row: r.row, message: `fin de vigencia ${r.validTo} anterior al inicio ${r.validFrom}` });
        }
      }
      return failures;
    },
  };
}

/**
 * The named checks of a keyed sheet: not empty, no duplicate key, descriptions where the sheet has them, vigencias in
 * order; named by the sheet's dataset id (`cfdi-uso-no-vacio`).
 */
export function sheetChecks(spec: SheetSpec & { id: string }): NamedCheck<CatalogEntry[]>[] {
  const id = `${spec.family}-${spec.id}`;
  return [
    hasRecords(`${id}-no-vacio`),
    noDuplicates(`${id}-sin-claves-duplicadas`, (r) => r.key),
    noBlankText(`${id}-descripciones`, (r) => r.description),
    validityOrdered(`${id}-vigencia-ordenada`),
  ];
}
