// The keyed sheets of SAT's CFDI 4.0 workbook (Anexo 20, catCFDI_V_4_*.xls): columns, keys and code patterns.
import type { KeyColumn, SheetSpec } from "./sat-sheet.ts";

const DATES = { validFrom: "Fecha inicio de vigencia", validTo: "Fecha fin de vigencia" } as const;
const DATES_DE = { validFrom: "Fecha de inicio de vigencia", validTo: "Fecha de fin de vigencia" } as const;
const DESCRIPTION = { column: "Descripción" } as const;

/** The sheet's own code column as the key. */
const code = (header: string, pattern: RegExp): KeyColumn[] => [{ header, field: "code", pattern }];
const estado: KeyColumn = { header: "c_Estado", field: "estado", pattern: /^[A-Z]{2,3}$/ };

/** A sheet whose rows are a code, a description and a vigencia (a few dozen: one list file). */
function simple<I extends string>(id: I, sheet: string, pattern: RegExp, example: string): SheetSpec & { id: I } {
  return {
    id,
    family: "cfdi",
    sheet,
    key: code(sheet, pattern),
    description: DESCRIPTION,
    ...DATES,
    extras: {},
    example: [example],
    paged: false,
  };
}

export const CFDI_SHEETS = [
  {
    id: "uso",
    family: "cfdi",
    example: ["G03"],
    paged: false,
    sheet: "c_UsoCFDI",
    key: code("c_UsoCFDI", /^[A-Z]{1,2}\d{2}$/),
    description: DESCRIPTION,
    ...DATES,
    extras: {
      Física: { field: "personaFisica", kind: "siNo" },
      Moral: { field: "personaMoral", kind: "siNo" },
      "Régimen Fiscal Receptor": { field: "regimenesReceptor", kind: "codeList" },
    },
  },
  {
    id: "forma-pago",
    family: "cfdi",
    example: ["03"],
    paged: false,
    sheet: "c_FormaPago",
    key: code("c_FormaPago", /^\d{2}$/),
    description: DESCRIPTION,
    ...DATES,
    extras: { Bancarizado: { field: "bancarizado", kind: "text" } },
  },
  simple("metodo-pago", "c_MetodoPago", /^[A-Z]{3}$/, "PUE"),
  {
    id: "regimen",
    family: "cfdi",
    example: ["601"],
    paged: false,
    sheet: "c_RegimenFiscal",
    key: code("c_RegimenFiscal", /^\d{3}$/),
    description: DESCRIPTION,
    ...DATES_DE,
    extras: {
      Física: { field: "personaFisica", kind: "siNo" },
      Moral: { field: "personaMoral", kind: "siNo" },
    },
  },
  {
    id: "tipo-comprobante",
    family: "cfdi",
    example: ["I"],
    paged: false,
    sheet: "c_TipoDeComprobante",
    key: code("c_TipoDeComprobante", /^[A-Z]$/),
    description: DESCRIPTION,
    ...DATES,
    // Kept as text: 999999999999999999.999999 does not survive as a JSON number.
    extras: { "Valor máximo": { field: "valorMaximo", kind: "text" } },
  },
  {
    id: "moneda",
    family: "cfdi",
    example: ["USD"],
    paged: false,
    sheet: "c_Moneda",
    key: code("c_Moneda", /^[A-Z]{3}$/),
    description: DESCRIPTION,
    ...DATES,
    extras: {
      Decimales: { field: "decimales", kind: "int" },
      "Porcentaje variación": { field: "porcentajeVariacion", kind: "number" },
    },
  },
  {
    id: "clave-prod-serv",
    family: "cfdi",
    example: ["01010101"],
    paged: true,
    sheet: "c_ClaveProdServ",
    key: code("c_ClaveProdServ", /^\d{8}$/),
    description: DESCRIPTION,
    validFrom: "FechaInicioVigencia",
    validTo: "FechaFinVigencia",
    extras: {
      "Incluir IVA trasladado": { field: "incluirIva", kind: "text" },
      "Incluir IEPS trasladado": { field: "incluirIeps", kind: "text" },
      "Complemento que debe incluir": { field: "complemento", kind: "optionalText" },
      "Estímulo Franja Fronteriza": { field: "estimuloFranjaFronteriza", kind: "int" },
      "Palabras similares": { field: "palabrasSimilares", kind: "optionalText" },
    },
  },
  {
    // The unit's name is its description; the sheet's own Descripción is empty in most rows.
    id: "clave-unidad",
    family: "cfdi",
    example: ["H87"],
    paged: true,
    sheet: "c_ClaveUnidad",
    key: code("c_ClaveUnidad", /^[A-Za-z0-9]{2,3}$/),
    description: { column: "Nombre" },
    ...DATES_DE,
    extras: {
      Descripción: { field: "descripcion", kind: "optionalText" },
      Nota: { field: "nota", kind: "optionalText" },
      Símbolo: { field: "simbolo", kind: "optionalText" },
    },
  },
  {
    id: "pais",
    family: "cfdi",
    example: ["MEX"],
    paged: false,
    sheet: "c_Pais",
    key: code("c_Pais", /^[A-Z]{3}$/),
    description: DESCRIPTION,
    extras: {
      "Formato de código postal": { field: "formatoCodigoPostal", kind: "optionalText" },
      "Formato de Registro de Identidad Tributaria": { field: "formatoRegistroIdentidadTributaria", kind: "optionalText" },
      "Validación del Registro de Identidad Tributaria": { field: "validacionRegistroIdentidadTributaria", kind: "optionalText" },
      Agrupaciones: { field: "agrupaciones", kind: "optionalText" },
    },
  },
  {
    id: "impuesto",
    family: "cfdi",
    example: ["002"],
    paged: false,
    sheet: "c_Impuesto",
    key: code("c_Impuesto", /^\d{3}$/),
    description: DESCRIPTION,
    ...DATES,
    extras: {
      Retención: { field: "retencion", kind: "siNo" },
      Traslado: { field: "traslado", kind: "siNo" },
      "Local o federal": { field: "localOFederal", kind: "text" },
    },
  },
  simple("objeto-imp", "c_ObjetoImp", /^\d{2}$/, "02"),
  simple("exportacion", "c_Exportacion", /^\d{2}$/, "01"),
  simple("periodicidad", "c_Periodicidad", /^\d{2}$/, "04"),
  simple("meses", "c_Meses", /^\d{2}$/, "01"),
  simple("tipo-relacion", "c_TipoRelacion", /^\d{2}$/, "04"),
  {
    // The sheet has only the factor's name (Tasa, Cuota, Exento) and its vigencia.
    id: "tipo-factor",
    family: "cfdi",
    example: ["Tasa"],
    paged: false,
    sheet: "c_TipoFactor",
    key: code("c_TipoFactor", /^[A-Z][a-z]+$/),
    description: { words: (_, c) => `Tipo de factor ${c}` },
    ...DATES,
    extras: {},
  },
  simple("aduana", "c_Aduana", /^\d{2}$/, "24"),
  {
    // The sheet has only the patent number and its vigencia.
    id: "patente-aduanal",
    family: "cfdi",
    example: ["3173"],
    paged: true,
    sheet: "c_PatenteAduanal",
    key: code("C_PatenteAduanal", /^\d{4}$/),
    description: { words: (_, c) => `Patente aduanal ${c}` },
    validFrom: "Inicio de vigencia de la patente",
    validTo: "Fin de vigencia de la patente",
    extras: {},
  },
  {
    id: "estado",
    family: "cfdi",
    example: ["MEX", "JAL"],
    paged: false,
    sheet: "c_Estado",
    description: { column: "Nombre del estado" },
    ...DATES,
    extras: {},
    key: [
      { header: "c_Pais", field: "pais", pattern: /^[A-Z]{3}$/ },
      { header: "c_Estado", field: "code", pattern: /^[A-Z]{2,3}$/ },
    ],
  },
  {
    id: "municipio",
    family: "cfdi",
    example: ["JAL", "039"],
    paged: true,
    sheet: "c_Municipio",
    description: DESCRIPTION,
    ...DATES_DE,
    extras: {},
    key: [estado, { header: "c_Municipio", field: "code", pattern: /^\d{3}$/ }],
  },
  {
    id: "localidad",
    family: "cfdi",
    example: ["JAL", "03"],
    paged: true,
    sheet: "c_Localidad",
    description: DESCRIPTION,
    ...DATES_DE,
    extras: {},
    key: [estado, { header: "c_Localidad", field: "code", pattern: /^\d{2}$/ }],
  },
  {
    // No code column: the code is aduana/patente/ejercicio, and the entry says what it is in words.
    id: "num-pedimento-aduana",
    family: "cfdi",
    example: ["01", "3173", "2007"],
    paged: true,
    sheet: "c_NumPedimentoAduana",
    ...DATES,
    key: [
      { header: "c_Aduana", field: "aduana", pattern: /^\d{2}$/ },
      { header: "Patente", field: "patente", pattern: /^\d{4}$/ },
      { header: "Ejercicio", field: "ejercicio", pattern: /^\d{4}$/, integer: true },
    ],
    description: {
      words: (f) => `Aduana ${f["aduana"]}, patente ${f["patente"]}, ejercicio ${f["ejercicio"]}: hasta ${f["cantidad"]} pedimentos`,
    },
    extras: { Cantidad: { field: "cantidad", kind: "int" } },
  },
] as const satisfies readonly SheetSpec[];

export type CfdiCatalogId = (typeof CFDI_SHEETS)[number]["id"];
