// The sheets of SAT's Nómina 1.2 workbook (catNomina.xls, complemento de nómina): columns, keys and code patterns.
import type { SheetSpec } from "./sat-sheet.ts";

const DATES = { validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia" } as const;

/** A sheet of a code and a description, with a vigencia where the sheet has one. */
function sheet<I extends string>(
  id: I,
  name: string,
  pattern: RegExp,
  dated: boolean,
  example: string,
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
    example: [example],
    // The largest, c_TipoPercepcion, has a few dozen entries.
    paged: false,
  };
}

export const NOMINA_SHEETS = [
  sheet("tipo-nomina", "c_TipoNomina", /^[A-Z]$/, false, "O"),
  sheet("tipo-percepcion", "c_TipoPercepcion", /^\d{3}$/, true, "001"),
  sheet("tipo-deduccion", "c_TipoDeduccion", /^\d{3}$/, true, "002"),
  sheet("tipo-otro-pago", "c_TipoOtroPago", /^\d{3}$/, true, "002"),
  sheet("tipo-contrato", "c_TipoContrato", /^\d{2}$/, false, "01"),
  sheet("tipo-jornada", "c_TipoJornada", /^\d{2}$/, false, "01"),
  sheet("tipo-regimen", "c_TipoRegimen", /^\d{2}$/, true, "02"),
  sheet("periodicidad-pago", "c_PeriodicidadPago", /^\d{2}$/, true, "04"),
  sheet("riesgo-puesto", "c_RiesgoPuesto", /^\d{1,2}$/, true, "1"),
  sheet("banco", "c_Banco", /^\d{3}$/, true, "002", { "Nombre o razón social": { field: "nombreORazonSocial", kind: "text" } }),
  sheet("origen-recurso", "c_OrigenRecurso", /^[A-Z]{2}$/, false, "IP"),
  sheet("tipo-incapacidad", "c_TipoIncapacidad", /^\d{2}$/, false, "01"),
  sheet("tipo-horas", "c_TipoHoras", /^\d{2}$/, false, "01"),
] as const;

export type NominaCatalogId = (typeof NOMINA_SHEETS)[number]["id"];
