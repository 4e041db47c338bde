// Shapes of the SAT catalog section: the columns each catalog adds to its entries, the c_TasaOCuota rules and search results.
import { Type, type Static } from "@sinclair/typebox";
import { closed, enumOf, nullableNumber, nullableString } from "./schema-kit.ts";

const opt = Type.Optional;

/** The sheet columns published beside code, description and plain, by the catalogs that have them. */
export const satEntryProperties = {
  descripcion: opt(
    nullableString({
      description: "c_ClaveUnidad: la columna Descripción de la hoja (su `description` es el Nombre de la unidad); null si está vacía.",
    }),
  ),
  nota: opt(nullableString({ description: "c_ClaveUnidad: nota del SAT." })),
  simbolo: opt(nullableString({ description: "c_ClaveUnidad: símbolo de la unidad." })),
  formatoCodigoPostal: opt(nullableString({ description: "c_Pais: patrón del código postal." })),
  formatoRegistroIdentidadTributaria: opt(nullableString({ description: "c_Pais: patrón del registro de identidad tributaria." })),
  validacionRegistroIdentidadTributaria: opt(
    nullableString({ description: "c_Pais: cómo se valida el registro de identidad tributaria." }),
  ),
  agrupaciones: opt(nullableString({ description: "c_Pais: agrupaciones a las que pertenece el país (p. ej. Unión Europea)." })),
  usosPermitidos: opt(
    Type.Array(Type.String(), {
      description:
        "c_RegimenFiscal: los usos de CFDI que c_UsoCFDI permite a un receptor de este régimen (el inverso de su columna Régimen Fiscal Receptor).",
    }),
  ),
  retencion: opt(Type.Boolean({ description: "c_Impuesto: si el impuesto se retiene." })),
  traslado: opt(Type.Boolean({ description: "c_Impuesto: si el impuesto se traslada." })),
  localOFederal: opt(Type.String({ description: "c_Impuesto: Local o Federal." })),
  pais: opt(Type.String({ description: "c_Estado: país del estado (parte de la clave)." })),
  estado: opt(Type.String({ description: "c_Municipio y c_Localidad: estado (parte de la clave)." })),
  aduana: opt(Type.String({ description: "c_NumPedimentoAduana: aduana (parte de la clave)." })),
  patente: opt(Type.String({ description: "c_NumPedimentoAduana: patente (parte de la clave)." })),
  ejercicio: opt(Type.Integer({ description: "c_NumPedimentoAduana: ejercicio (parte de la clave)." })),
  cantidad: opt(Type.Integer({ minimum: 0, description: "c_NumPedimentoAduana: número de pedimentos autorizados." })),
  nombreORazonSocial: opt(Type.String({ description: "c_Banco (Nómina): nombre o razón social del banco." })),
  notasGuia: opt(
    Type.Array(
      Type.Object(
        {
          id: Type.String({ description: "Identificador de la nota." }),
          situacion: Type.String({ description: "Cuándo se usa la clave, en una frase." }),
          cita: Type.String({ description: "La frase de la guía del SAT, tal como la escribe." }),
          fuente: Type.String({ description: "Documento del SAT, página y apartado o pregunta." }),
        },
        closed,
      ),
      {
        description:
          "Las notas de la Guía de llenado del CFDI 4.0 del SAT (y de su guía del CFDI global y sus preguntas y respuestas) sobre cuándo usar esta clave, con su cita y su fuente; solo en las claves que alguna nota nombra.",
      },
    ),
  ),
};

const TasaOCuotaRule = Type.Object(
  {
    rangoOFijo: enumOf(["Fijo", "Rango"], { description: "Fijo: exactamente valorMaximo; Rango: de valorMinimo a valorMaximo." }),
    valorMinimo: nullableNumber({ minimum: 0, description: "Inicio del rango; null en los valores fijos." }),
    valorMaximo: Type.Number({ minimum: 0, description: "El valor fijo, o el fin del rango." }),
    impuesto: Type.String({ minLength: 1, description: "Impuesto, como lo escribe el SAT (IVA, IEPS, ISR, …)." }),
    factor: Type.String({ minLength: 1, description: "Tipo de factor (Tasa o Cuota)." }),
    traslado: Type.Boolean({ description: "Aplica a traslados." }),
    retencion: Type.Boolean({ description: "Aplica a retenciones." }),
    validFrom: nullableString({ format: "date", description: "Fecha de inicio de vigencia." }),
    validTo: nullableString({ format: "date", description: "Fecha de fin de vigencia; null si sigue vigente." }),
  },
  {
    description: "Regla del catálogo c_TasaOCuota: el valor fijo o el rango de tasa o cuota que admite un impuesto con un tipo de factor.",
    ...closed,
  },
);

const SearchResult = Type.Object(
  {
    catalog: Type.String({ description: "Catálogo (el id de `catalogo`, p. ej. clave-prod-serv)." }),
    code: Type.String({ description: "Clave del catálogo." }),
    description: Type.String({ description: "Descripción oficial." }),
    inForce: Type.Boolean({
      description: "false si la clave ya no estaba vigente en la fecha de corte (esas van después de las vigentes).",
    }),
    validTo: nullableString({ format: "date", description: "Fin de vigencia; null si sigue vigente." }),
    url: Type.String({ description: "Ruta de la consulta de la clave, relativa a la base de la API." }),
  },
  { description: "Una clave encontrada por /cfdi/buscar, con la ruta de su consulta.", ...closed },
);

const guideNotes = satEntryProperties.notasGuia;

const MotivoCancelacion = Type.Object(
  {
    code: Type.String({ pattern: "^0[1-4]$", description: "Clave del motivo de cancelación (01 a 04)." }),
    description: Type.String({ minLength: 1, description: "Nombre del motivo." }),
    cuandoAplica: Type.String({ minLength: 1, description: "Cuándo se usa, en una frase (paráfrasis de las fuentes)." }),
    requiereFolioSustitucion: Type.Boolean({
      description:
        "true solo en 01: la solicitud de cancelación lleva en FolioSustitucion el UUID del CFDI que sustituye al cancelado (emitido antes, con TipoRelacion 04).",
    }),
    folioSustitucion: nullableString({
      description: "Qué va en FolioSustitucion cuando se requiere; null en los motivos que no lo llevan.",
    }),
    fuente: Type.String({ minLength: 1, description: "Los textos leídos, con sus palabras citadas." }),
    notasGuia: guideNotes,
  },
  {
    description:
      "Motivo de cancelación de un CFDI con su regla: 01 (con relación) exige el folio fiscal del CFDI que lo sustituye; 02, 03 y 04 no lo llevan.",
    ...closed,
  },
);

export const satSchemas = { TasaOCuotaRule, SearchResult, MotivoCancelacion };

export type TasaOCuotaRule = Static<typeof TasaOCuotaRule>;
export type SearchResult = Static<typeof SearchResult>;
export type MotivoCancelacion = Static<typeof MotivoCancelacion>;
