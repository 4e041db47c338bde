// The filling guide's notes by the catalog entry they are about: `notasGuia` of /cfdi/{catalogo}/{code}, and words for the search.
import { GUIDE_NOTES, type GuideNote } from "../../sources/guia-llenado.ts";
import type { CatalogId } from "../../sources/sat.ts";

/** The CFDI field a note names, to the catalog its keys are of; fields of no catalog (Rfc, Nombre) carry no note. */
const FIELD_CATALOG: Readonly<Record<string, CatalogId>> = {
  FormaPago: "forma-pago",
  MetodoPago: "metodo-pago",
  TipoDeComprobante: "tipo-comprobante",
  TipoRelacion: "tipo-relacion",
  RegimenFiscalReceptor: "regimen",
  UsoCFDI: "uso",
  Exportacion: "exportacion",
  "Concepto/ObjetoImp": "objeto-imp",
  "Concepto/ClaveProdServ": "clave-prod-serv",
  "Traslado/TipoFactor": "tipo-factor",
};

/** A note as an entry publishes it. */
export interface GuideNoteRecord {
  id: string;
  situacion: string;
  cita: string;
  fuente: string;
}

/** Each (catalog, code) a note applies to: its fields paired with its keys by position, one field for several keys. */
export function noteTargets(note: GuideNote): { catalog: CatalogId; code: string }[] {
  const fields = note.campo.split(";").map((f) => f.trim());
  const keys = note.clave.split(";").map((k) => k.trim());
  return keys.flatMap((code, i) => {
    const catalog = FIELD_CATALOG[fields.length === 1 ? (fields[0] as string) : (fields[i] ?? "")];
    return catalog === undefined || code === "" || code.startsWith("(") ? [] : [{ catalog, code }];
  });
}

const byEntry = new Map<string, GuideNoteRecord[]>();
for (const note of GUIDE_NOTES) {
  for (const { catalog, code } of noteTargets(note)) {
    const key = `${catalog}/${code}`;
    byEntry.set(key, [...(byEntry.get(key) ?? []), { id: note.id, situacion: note.situacion, cita: note.cita, fuente: note.fuente }]);
  }
}

/** The notes of an entry, in the table's order; undefined when it has none. */
export const notesOf = (catalog: CatalogId, code: string): readonly GuideNoteRecord[] | undefined => byEntry.get(`${catalog}/${code}`);
