// The filling guide's notes by the catalog entry they are about: `notasGuia` of /cfdi/{catalogo}/{code}, and words for the search.
import { GUIDE_NOTES, type GuideNote } from "../../sources/guia-llenado.ts";
import type { CatalogId } from "../../sources/sat.ts";

/** The catalogs a note can land on: the SAT sheets and the cancellation reasons (sources/motivos-cancelacion.ts). */
export type NoteCatalog = CatalogId | "motivo-cancelacion";

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

/**
 * Entries a note is about that its campo and clave do not name, each because the note's own text names it. Notes
 * about no key at all (the form of payment «de mayor monto», the six decimals of TasaOCuota, Receptor/Rfc) land on
 * no entry (test/guide-notes.test.ts lists them).
 */
const ALSO_ABOUT: Readonly<Record<string, readonly { catalog: NoteCatalog; code: string }[]>> = {
  // Question 42: the substituting CFDI with TipoRelacion 04, then the cancellation with reason «01».
  "tr-04": [{ catalog: "motivo-cancelacion", code: "01" }],
  // Question 1: «se debe cancelar y sustituir», the cancellation with a substitute, which is reason 01.
  "usocfdi-erroneo": [{ catalog: "motivo-cancelacion", code: "01" }],
  // «Cuando el tipo de comprobante sea “E” (Egreso)»: the note is the rule of FormaPago in an egreso.
  "fp-egreso": [{ catalog: "tipo-comprobante", code: "E" }],
  // Apéndice 6's definition of an anticipo, which comes before the keys it gives an anticipo's CFDI (notes fp-30 and tr-07).
  "anticipo-definicion": [
    { catalog: "forma-pago", code: "30" },
    { catalog: "tipo-relacion", code: "07" },
  ],
};

/** A note as an entry publishes it. */
export interface GuideNoteRecord {
  id: string;
  situacion: string;
  cita: string;
  fuente: string;
}

/** Each (catalog, code) a note applies to: its fields paired with its keys by position, one field for several keys. */
export function noteTargets(note: GuideNote): { catalog: NoteCatalog; code: string }[] {
  const fields = note.campo.split(";").map((f) => f.trim());
  const keys = note.clave.split(";").map((k) => k.trim());
  const named = keys.flatMap((code, i) => {
    const catalog = FIELD_CATALOG[fields.length === 1 ? (fields[0] as string) : (fields[i] ?? "")];
    return catalog === undefined || code === "" || code.startsWith("(") ? [] : [{ catalog, code }];
  });
  return [...named, ...(ALSO_ABOUT[note.id] ?? [])];
}

const byEntry = new Map<string, GuideNoteRecord[]>();
for (const note of GUIDE_NOTES) {
  for (const { catalog, code } of noteTargets(note)) {
    const key = `${catalog}/${code}`;
    byEntry.set(key, [...(byEntry.get(key) ?? []), { id: note.id, situacion: note.situacion, cita: note.cita, fuente: note.fuente }]);
  }
}

/** The notes of an entry, in the table's order; undefined when it has none. */
export const notesOf = (catalog: NoteCatalog, code: string): readonly GuideNoteRecord[] | undefined => byEntry.get(`${catalog}/${code}`);
