// The sheets of SAT's Nómina 1.2 workbook (catNomina.xls, complemento de nómina): columns, keys and code patterns.
import type { SheetSpec } from "./sat-sheet.ts";

const DATES = { validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia" } as const;

/** A sheet of a code and a description, with a vigencia where the sheet has one. */
function sheet<I extends string>(
  id: I,
  name: string,
  pattern: RegExp,
  dated: boolean,
  extras: SheetSpec["extras"] = {},
): SheetSpec & { id: I } {
  return {
    id,
    family: "nomina",
    sheet: name,
    key: [{ header: name, field: "code", pattern }],
    description: { column: "Descripción" },
    ...(dated ? DATES : {}),
    extras,
  };
}

export const NOMINA_SHEETS = [
  sheet("tipo-nomina", "c_TipoNomina", /^[A-Z]$/, false),
  sheet("tipo-percepcion", "c_TipoPercepcion", /^\d{3}$/, true),
  sheet("tipo-deduccion", "c_TipoDeduccion", /^\d{3}$/, true),
  sheet("tipo-otro-pago", "c_TipoOtroPago", /^\d{3}$/, true),
  sheet("tipo-contrato", "c_TipoContrato", /^\d{2}$/, false),
  sheet("tipo-jornada", "c_TipoJornada", /^\d{2}$/, false),
  sheet("tipo-regimen", "c_TipoRegimen", /^\d{2}$/, true),
  sheet("periodicidad-pago", "c_PeriodicidadPago", /^\d{2}$/, true),
  sheet("riesgo-puesto", "c_RiesgoPuesto", /^\d{1,2}$/, true),
  sheet("banco", "c_Banco", /^\d{3}$/, true, { "Nombre o razón social": { field: "nombreORazonSocial", kind: "text" } }),
  sheet("origen-recurso", "c_OrigenRecurso", /^[A-Z]{2}$/, false),
  sheet("tipo-incapacidad", "c_TipoIncapacidad", /^\d{2}$/, false),
  sheet("tipo-horas", "c_TipoHoras", /^\d{2}$/, false),
] as const;

export type NominaCatalogId = (typeof NOMINA_SHEETS)[number]["id"];
