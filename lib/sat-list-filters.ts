// The filters of the catalog lists whose entries say what they allow: c_UsoCFDI by régimen, c_RegimenFiscal by uso, both by person type.
import type { StringQueryParam } from "./route-shape/route-types.ts";

const persona: StringQueryParam = {
  in: "query",
  name: "persona",
  type: "string",
  required: false,
  enum: ["fisica", "moral"],
  maxLength: 6,
  example: "fisica",
  description: "Solo las claves que aplican a este tipo de persona (columnas Física y Moral).",
};

/**
 * The filters of the lists whose entries say what they allow: string query parameters of a list route.
 * A filtered list has no file; it is answered from the catalog's dump (lib/handlers/catalog-filters.ts).
 */
export const LIST_FILTERS: Readonly<Record<string, readonly StringQueryParam[]>> = {
  uso: [
    {
      in: "query",
      name: "regimen",
      type: "string",
      required: false,
      pattern: "^\\d{3}$",
      maxLength: 3,
      example: "605",
      description: "Solo los usos que la columna Régimen Fiscal Receptor permite a este régimen (clave de c_RegimenFiscal, tres dígitos).",
    },
    persona,
  ],
  regimen: [
    {
      in: "query",
      name: "uso",
      type: "string",
      required: false,
      pattern: "^[A-Z]{1,2}\\d{2}$",
      maxLength: 4,
      example: "G03",
      description: "Solo los regímenes con los que c_UsoCFDI permite este uso (clave de c_UsoCFDI).",
    },
    persona,
  ],
};
