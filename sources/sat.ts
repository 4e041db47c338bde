// SAT catalogs: every sheet of the CFDI 4.0 workbook (Anexo 20) and of the Nómina 1.2 workbook, one CSV per sheet.
import { CFDI_SHEETS, type CfdiCatalogId } from "./sat-cfdi.ts";
import { NOMINA_SHEETS, type NominaCatalogId } from "./sat-nomina.ts";
import { parseSheet, sheetChecks, type CatalogEntry, type Family, type SheetSpec } from "./sat-sheet.ts";
import { parseTasaOCuota, tasaOCuotaChecks, TASA_O_CUOTA_SHEET, type TasaOCuotaRule } from "./sat-tasa.ts";
import type { FeedSource } from "./types.ts";

export type { CatalogEntry, Family, SheetSpec } from "./sat-sheet.ts";
export type { TasaOCuotaRule } from "./sat-tasa.ts";

export type CatalogId = CfdiCatalogId | NominaCatalogId;
/** Kept for the modules written when every catalog was a CFDI one. */
export type CfdiEntry = CatalogEntry;

/** Every keyed sheet of both workbooks; ids are unique across the two families. */
export const CATALOGS: readonly (SheetSpec & { id: CatalogId })[] = [...CFDI_SHEETS, ...NOMINA_SHEETS];

const FAMILY_DIR: Record<Family, string> = { cfdi: "catCFDI", nomina: "catNomina" };

const PUBLISHER: Record<Family, { name: string; url: string }> = {
  cfdi: { name: "SAT (Anexo 20, catálogos CFDI 4.0)", url: "http://omawww.sat.gob.mx/tramitesyservicios/Paginas/anexo_20.htm" },
  nomina: {
    name: "SAT (complemento de Nómina 1.2, catálogos)",
    url: "http://omawww.sat.gob.mx/tramitesyservicios/Paginas/complemento_nomina.htm",
  },
};

function catalogSpec(id: CatalogId): SheetSpec & { id: CatalogId } {
  const spec = CATALOGS.find((c) => c.id === id);
  if (!spec) throw new Error(`unknown catalog ${id}`);
  return spec;
}

export const rawFileOf = (spec: { family: Family; sheet: string }): string => `sat/${FAMILY_DIR[spec.family]}/${spec.sheet}.csv`;

/** Pure parser of one catalog sheet exported as CSV. */
export function parseCatalog(id: CatalogId, text: string, file: string): CatalogEntry[] {
  return parseSheet(catalogSpec(id), text, file);
}

export function catalogSource(id: CatalogId): FeedSource<CatalogEntry[]> {
  const spec = catalogSpec(id);
  return {
    id: `${spec.family}-${id}`,
    publisher: PUBLISHER[spec.family].name,
    officialUrl: PUBLISHER[spec.family].url,
    rawFile: rawFileOf(spec),
    parse: (text, file) => parseSheet(spec, text, file),
    checks: sheetChecks(spec),
  };
}

const satCatalogs: FeedSource<CatalogEntry[]>[] = CATALOGS.map((c) => catalogSource(c.id));

/** The source of one catalog: the same object as in satCatalogs. */
export function satCatalog(id: CatalogId): FeedSource<CatalogEntry[]> {
  const source = satCatalogs[CATALOGS.findIndex((c) => c.id === id)];
  if (!source) throw new Error(`no hay catálogo ${id}`);
  return source;
}

/** c_TasaOCuota: a list of rules, not a keyed catalog. */
export const tasaOCuota: FeedSource<TasaOCuotaRule[]> = {
  id: "cfdi-tasa-o-cuota",
  publisher: PUBLISHER.cfdi.name,
  officialUrl: PUBLISHER.cfdi.url,
  rawFile: rawFileOf({ family: "cfdi", sheet: TASA_O_CUOTA_SHEET }),
  parse: parseTasaOCuota,
  checks: tasaOCuotaChecks,
};
