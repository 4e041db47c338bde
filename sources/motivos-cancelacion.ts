// The reasons (motivos) for cancelling a CFDI, 01–04, with when each applies and whether it needs the substituting CFDI's UUID; transcribed by hand.
import type { CheckFailure, CuratedTable, NamedCheck } from "./types.ts";

/**
 * Copied from the project's hand-kept table motivos-cancelacion.csv (sources/tables/, its notes in
 * sources/tables/README.md). 01 and the order of a substitution are SAT's own text ([guia40] Apéndice 7 pregunta
 * 42, p. 89; [pregfrec40] p. 14); that FolioSustitucion «Es requerido cuando la clave del motivo de cancelación es
 * 01» is phpcfdi/xml-cancelacion's quotation of the Anexo 20 (phpcfdi/xml-cancelacion@38315682:docs/CHANGELOG.md, v2.0.2): SAT's cancellation
 * specification itself was not read. The wording of 04 differs between copies; the table keeps the first.
 */
export interface CancelReasonRow {
  /** The reason's key, as SAT spells it (two digits). */
  clave: string;
  descripcion: string;
  /** When it applies, paraphrased. */
  cuandoAplica: string;
  /** The table's own cell: «sí (FolioSustitucion = UUID del CFDI que sustituye)» or «no». */
  requiereFolioSustitucion: string;
  /** The copies read, with their quoted words. */
  fuente: string;
  row: number;
}

const REPO =
  'repo phpcfdi/xml-cancelacion@38315682:src/Models/CancelReason.php (claves 01-04) y docs/CHANGELOG.md v2.0.2 (cita del Anexo 20: "Es requerido cuando la clave del motivo de cancelación es 01.")';

const rows: CancelReasonRow[] = [
  {
    clave: "01",
    descripcion: "Comprobante emitido con errores con relación",
    cuandoAplica:
      "El CFDI tiene errores y se sustituye: primero se emite el CFDI correcto con TipoRelacion 04 (Sustitución de los CFDI previos) y el UUID del que se cancela; luego se solicita la cancelación con motivo 01 indicando el UUID del nuevo.",
    requiereFolioSustitucion: "sí (FolioSustitucion = UUID del CFDI que sustituye)",
    fuente: `SAT [guia40] Apéndice 7 pregunta 42 p. 89 y [pregfrec40] pregunta 42 p. 14 ("Al registrar la solicitud de cancelación se debe seleccionar la opción "01" (Comprobante emitido con errores con relación) e incluir el folio fiscal del comprobante emitido en el paso 1."); ${REPO}; pages: codexmx.com, lasillarota.com (2022-01), contadormx.com`,
    row: 2,
  },
  {
    clave: "02",
    descripcion: "Comprobante emitido con errores sin relación",
    cuandoAplica: "El CFDI tiene errores y no se necesita emitir otro que lo sustituya (o no se relaciona con otro).",
    requiereFolioSustitucion: "no",
    fuente: `${REPO}; pages: codexmx.com ("Se usa cuando la factura tenía un error, pero no es necesario emitir una nueva que la sustituya."), lasillarota.com ("no se requiera relacionar con otra factura generada"), contadormx.com`,
    row: 3,
  },
  {
    clave: "03",
    descripcion: "No se llevó a cabo la operación",
    cuandoAplica: "Se facturó una operación que no se concretó.",
    requiereFolioSustitucion: "no",
    fuente: `${REPO}; pages: lasillarota.com ("Se aplica cuando se facturó una operación que no se concretó"), codexmx.com, contadormx.com`,
    row: 4,
  },
  {
    clave: "04",
    descripcion: "Operación nominativa relacionada en una factura global",
    cuandoAplica:
      "Una venta incluida en el CFDI global de operaciones con el público en general por la que después el cliente pide su CFDI nominativo (se cancela el global, se reexpide y se emite el nominativo, según lasillarota).",
    requiereFolioSustitucion: "no",
    fuente: `${REPO}; pages: codexmx.com ("04 - Operación nominativa relacionada en una factura global"), lasillarota.com ("Operación nominativa relacionada en la factura global"), contadormx.com ("04 – Operación nominativa relacionada con una factura global")`,
    row: 5,
  },
];

/** Whether a row's cell says the reason needs the substituting CFDI's UUID (the cell starts «sí» or is «no»). */
export const needsSubstitute = (r: CancelReasonRow): boolean => r.requiereFolioSustitucion.startsWith("sí");

function rowCheck(name: string, test: (r: CancelReasonRow, i: number) => string | null): NamedCheck<CancelReasonRow[]> {
  return {
    name,
    run(list, file) {
      const failures: CheckFailure[] = [];
      if (list.length === 0) failures.push({ check: name, file, message: "tabla vacía" });
      list.forEach((r, i) => {
        const message = test(r, i);
        if (message !== null) failures.push({ check: name, file, row: r.row, message: `motivo ${r.clave}: ${message}` });
      });
      return failures;
    },
  };
}

const checks: NamedCheck<CancelReasonRow[]>[] = [
  rowCheck("cfdi-motivo-cancelacion-claves-01-a-04", (r, i) =>
    r.clave === String(i + 1).padStart(2, "0") && i < 4
      ? null
      : `se esperaba la clave ${String(i + 1).padStart(2, "0")} (01 a 04, en orden)`,
  ),
  rowCheck("cfdi-motivo-cancelacion-folio-si-o-no", (r) =>
    r.requiereFolioSustitucion === "no" || /^sí \(FolioSustitucion = .+\)$/.test(r.requiereFolioSustitucion)
      ? null
      : `requiere_folio_sustitucion «${r.requiereFolioSustitucion}» no es «no» ni «sí (FolioSustitucion = …)»`,
  ),
  // The one rule SAT's text gives: only 01 (substitution) carries the new CFDI's UUID.
  rowCheck("cfdi-motivo-cancelacion-folio-solo-en-01", (r) =>
    needsSubstitute(r) === (r.clave === "01") ? null : "solo el motivo 01 lleva el folio fiscal del CFDI que sustituye",
  ),
  rowCheck("cfdi-motivo-cancelacion-con-fuente", (r) =>
    r.descripcion.length > 0 && r.cuandoAplica.length > 0 && r.fuente.includes("CancelReason.php") ? null : "sin descripción o sin fuente",
  ),
];

export const cancelReasons: CuratedTable<CancelReasonRow[]> = {
  id: "cfdi-motivo-cancelacion",
  publisher: "SAT (motivos de cancelación del CFDI; tabla del proyecto)",
  citation:
    "SAT, Anexo 20 Guía de llenado CFDI 4.0, Apéndice 7 pregunta 42 (p. 89) y Preguntas y respuestas sobre el Anexo 20 v4.0, pregunta 42 (p. 14), leídas en formasdigitales/documentacionSAT@406eba69; " +
    "claves 01 a 04 y la regla del folio de sustitución como las cita phpcfdi/xml-cancelacion@38315682 (src/Models/CancelReason.php, docs/CHANGELOG.md v2.0.2). " +
    "La especificación de cancelación del SAT no se leyó.",
  officialUrl: "http://omawww.sat.gob.mx/tramitesyservicios/Paginas/anexo_20.htm",
  file: "sources/motivos-cancelacion.ts",
  rows,
  checks,
};
