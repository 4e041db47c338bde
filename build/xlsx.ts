// One .xlsx workbook per dataset family, for spreadsheets: codes stay text, dates are dates, SAT's own headers.
import { originWords, revisionWords } from "../lib/datasets/provenance-words.ts";
import * as XLSX from "@e965/xlsx";
import { CATALOGS, type SheetSpec } from "../sources/sat.ts";
import { LICENSE, attribution } from "../core/service-config.ts";
import { familyOf, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/route-paths.ts";
import type { DatasetStatus, StatusDocument } from "../core/schemas.ts";
import type { DumpFile } from "./dumps.ts";
import type { BundleDataset } from "./bundle-types.ts";
import { excelSerialDay, isValidIsoDate } from "../core/dates.ts";

const SPECS = new Map<string, SheetSpec>(CATALOGS.map((c) => [`${c.family}-${c.id}`, c]));

/** c_TasaOCuota's headers in SAT's sheet (it has no key, so no SheetSpec). */
const TASA_O_CUOTA_HEADERS: Record<string, string> = {
  rangoOFijo: "Rango o Fijo",
  valorMinimo: "Valor mínimo",
  valorMaximo: "Valor máximo",
  impuesto: "Impuesto",
  factor: "Factor",
  traslado: "Traslado",
  retencion: "Retención",
  validFrom: "Fecha inicio de vigencia",
  validTo: "Fecha fin de vigencia",
};

/** Our own column beside SAT's: the plain-language explanation. */
const PLAIN_HEADER = "Explicación (Fiscal MX)";

/** A catalog's header per API field: the column SAT's sheet names it by. */
function satHeaders(spec: SheetSpec): Record<string, string> {
  const headers: Record<string, string> = { plain: PLAIN_HEADER };
  for (const k of spec.key) headers[k.field] = k.header;
  // A description made of words (c_NumPedimentoAduana's) is ours, not a column of SAT's.
  if ("column" in spec.description) headers["description"] = spec.description.column;
  if (spec.validFrom) headers["validFrom"] = spec.validFrom;
  if (spec.validTo) headers["validTo"] = spec.validTo;
  for (const [header, x] of Object.entries(spec.extras)) headers[x.field] = header;
  return headers;
}

/**
 * The sheet's name and headers. A SAT catalog has SAT's columns only (and our explanation): a field the sheet
 * has no column for (the vigencia of an undated sheet) is left out. Other datasets keep the API's field names.
 */
function sheetLayout(ds: BundleDataset): { name: string; headers: Record<string, string>; onlyHeaded: boolean } {
  const spec = SPECS.get(ds.id);
  if (spec) return { name: spec.sheet, headers: satHeaders(spec), onlyHeaded: true };
  if (ds.id === "cfdi-tasa-o-cuota") return { name: "c_TasaOCuota", headers: TASA_O_CUOTA_HEADERS, onlyHeaded: true };
  return { name: ds.id, headers: {}, onlyHeaded: false };
}

/** A date cell: Excel's serial day, shown as AAAA-MM-DD. */
const DATE_FORMAT = "yyyy-mm-dd";
const dateCell = (iso: string): XLSX.CellObject => ({ t: "n", v: excelSerialDay(iso), z: DATE_FORMAT });
/**
 * The workbook's number formats: the date one at the first custom id. SheetJS otherwise copies its global
 * format table, which every workbook it has read in the same process extends, and the ids would follow.
 */
const FORMATS = { 164: DATE_FORMAT };

type Cell = XLSX.CellObject | string | number | boolean | null;

/** A value as a cell: every string is a text cell (so 01 stays 01), lists are joined as SAT writes them. */
function cellOf(value: unknown, isDate: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (isDate && typeof value === "string") return dateCell(value);
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
}

/** Every field of any row, first-seen order; a field is a date column when all its values are ISO dates. */
function fieldsOf(rows: readonly object[]): { field: string; isDate: boolean }[] {
  const dates = new Map<string, boolean>();
  for (const r of rows) {
    for (const [field, v] of Object.entries(r)) {
      // Once a value is not a date, the column is not a date column: no need to parse the others.
      if (dates.get(field) === false) continue;
      dates.set(field, v === null || v === undefined || (typeof v === "string" && isValidIsoDate(v)));
    }
  }
  return Array.from(dates, ([field, isDate]) => ({ field, isDate }));
}

function datasetSheet(ds: BundleDataset): { name: string; sheet: XLSX.WorkSheet } {
  const { name, headers, onlyHeaded } = sheetLayout(ds);
  const rows = ds.rows();
  const fields = fieldsOf(rows).filter((f) => !onlyHeaded || f.field in headers);
  const aoa: Cell[][] = [fields.map((f) => headers[f.field] ?? f.field)];
  for (const r of rows) {
    const record = r as Record<string, unknown>;
    aoa.push(fields.map((f) => cellOf(record[f.field], f.isDate)));
  }
  // Dense sheets (rows of cells, not one object keyed by A1 address): same bytes, a third of the time and memory.
  return { name, sheet: XLSX.utils.aoa_to_sheet(aoa, { dense: true }) };
}

const SOURCES_HEADER = [
  "Hoja",
  "Conjunto de datos",
  "Título",
  "Fuente",
  "URL oficial",
  "Archivo crudo",
  "SHA-256 del archivo crudo",
  "Qué es el archivo",
  "Revisión de la hoja",
  "Registros",
  "Primero",
  "Último",
  "Licencia",
];

/** The first sheet: who publishes each dataset, which raw file it was built from and what that file is, and the licence. */
function sourcesSheet(datasets: BundleDataset[], status: StatusDocument, site: string): XLSX.WorkSheet {
  const byId = new Map<string, DatasetStatus>(status.datasets.map((s) => [s.id, s]));
  const rows = datasets.map((ds) => {
    const s = byId.get(ds.id);
    return [
      sheetLayout(ds).name,
      ds.id,
      s?.title ?? null,
      ds.source,
      s?.officialUrl ?? null,
      s?.raw?.file ?? null,
      s?.raw?.sha256 ?? null,
      s === undefined ? null : originWords(s),
      s === undefined ? null : revisionWords(s),
      ds.records,
      ds.coverage.first,
      ds.coverage.last,
      LICENSE.name,
    ];
  });
  return XLSX.utils.aoa_to_sheet(
    [
      [status.service, attribution(site)],
      ["Fecha de corte", dateCell(status.asOf)],
      ["Licencia", LICENSE.name, LICENSE.url],
      [],
      SOURCES_HEADER,
      ...rows,
    ],
    { dense: true },
  );
}

/**
 * The workbooks. SheetJS writes no time into them (zip entries carry no date, docProps no creation time),
 * so the same records give the same bytes.
 */
export function workbookFiles(datasets: BundleDataset[], status: StatusDocument, site: string): DumpFile[] {
  return WORKBOOK_FAMILIES.map((family) => {
    const members = datasets.filter((ds) => familyOf(ds.id) === family);
    const wb = XLSX.utils.book_new();
    Object.assign(wb, { SSF: { ...FORMATS } });
    XLSX.utils.book_append_sheet(wb, sourcesSheet(members, status, site), "Fuentes");
    for (const ds of members) {
      const { name, sheet } = datasetSheet(ds);
      XLSX.utils.book_append_sheet(wb, sheet, name);
    }
    const data = XLSX.write(wb, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
    return { path: workbookPath(family), data };
  });
}
