// The reasons for cancelling a CFDI (01–04) as a small catalog: its API records with their rule, its routes; its registry entry (lib/datasets/tables.ts) carries them.
import type { MotivoCancelacion } from "../../core/sat-schemas.ts";
import { needsSubstitute, type CancelReasonRow } from "../../sources/motivos-cancelacion.ts";
import { notesOf } from "./guide-notes.ts";
import { API_BASE } from "./dump-paths.ts";
import { CACHE } from "../route-shape/route-types.ts";

/** The catalog's id, as `catalogo` of the search and the MCP tool name it, and the folder of its routes. */
export const CANCEL_REASONS = "motivo-cancelacion";

/** What goes in FolioSustitucion for 01, from SAT's answer to question 42 and the Anexo 20 as quoted (sources/motivos-cancelacion.ts). */
const SUBSTITUTE_FOLIO =
  "El UUID (folio fiscal) del CFDI que sustituye al cancelado: ese CFDI se emite antes, con TipoRelacion 04 y el UUID del que se cancela en sus CfdiRelacionados.";

export function cancelReasonRecord(r: CancelReasonRow): MotivoCancelacion {
  const notes = notesOf(CANCEL_REASONS, r.clave);
  const record: MotivoCancelacion = {
    code: r.clave,
    description: r.descripcion,
    cuandoAplica: r.cuandoAplica,
    requiereFolioSustitucion: needsSubstitute(r),
    folioSustitucion: needsSubstitute(r) ? SUBSTITUTE_FOLIO : null,
    fuente: r.fuente,
  };
  return notes === undefined ? record : { ...record, notasGuia: [...notes] };
}

const codeParam = {
  in: "path",
  name: "code",
  maxLength: 64,
  example: "01",
  description: "Clave del motivo (01 a 04, con el cero).",
} as const;

export const cancelReasonRoutes = [
  {
    id: "cfdiMotivoCancelacionList",
    path: `/cfdi/${CANCEL_REASONS}`,
    tag: "CFDI 4.0",
    summary: "Motivos de cancelación de un CFDI (01 a 04), con su regla",
    description:
      "Los cuatro motivos de cancelación con cuándo se usa cada uno y si la solicitud lleva el folio fiscal del CFDI que sustituye al cancelado " +
      "(`requiereFolioSustitucion`: solo 01, que se usa después de emitir el CFDI correcto con TipoRelacion 04). No es una hoja del libro de catálogos del SAT: " +
      "es una tabla del proyecto con las fuentes que se leyeron en cada motivo (`fuente`).",
    params: [],
    body: { arrayOf: "MotivoCancelacion" },
    cache: CACHE.day,
    kind: "file",
    notFound: false,
    mcp: { tool: "catalogo_sat", as: CANCEL_REASONS },
    datasets: ["cfdi-motivo-cancelacion"],
  },
  {
    id: "cfdiMotivoCancelacion",
    path: `/cfdi/${CANCEL_REASONS}/{code}`,
    tag: "CFDI 4.0",
    summary: "Un motivo de cancelación de CFDI, con su regla",
    description:
      "El motivo con su clave exacta: cuándo se usa, si requiere el folio fiscal del CFDI que lo sustituye (solo 01) y sus fuentes; " +
      "con las notas de la guía de llenado del SAT que lo mencionan. Una clave que no existe es 404.",
    params: [codeParam],
    body: { ref: "MotivoCancelacion" },
    cache: CACHE.day,
    kind: "file",
    notFound: true,
    missing: (v: Readonly<Record<string, string>>) =>
      `No existe el motivo de cancelación «${v["code"] ?? ""}»: son 01, 02, 03 y 04 (con el cero); la lista está en ${API_BASE}/cfdi/${CANCEL_REASONS}.`,
    mcp: { tool: "catalogo_sat", as: CANCEL_REASONS },
    datasets: ["cfdi-motivo-cancelacion"],
  },
] as const;
