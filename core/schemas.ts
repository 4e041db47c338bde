// Every response shape, defined once with TypeBox: the TypeScript type (Static) and the published JSON Schema (2020-12) come from it.
// TypeBox builds plain JSON Schema objects that ajv compiles as they are and that OpenAPI 3.1 publishes unchanged,
// so the schema that validates the build's files, the one in openapi.json and the type the code uses cannot drift.
import { Type, type Static } from "@sinclair/typebox";
import { closed, date, enumOf, money, nullableNumber, nullableString, ref, type JsonSchema } from "./schema-kit.ts";
import { satEntryProperties, satSchemas } from "./sat-schemas.ts";
import { calcSchemas } from "./calc-schemas.ts";
import { payrollSchemas } from "./payroll-schemas.ts";
import { lateSchemas } from "./late-schemas.ts";
import { checkSchemas } from "./check-schemas.ts";
import { calendarSchemas } from "./calendar-schemas.ts";
import { serviceSchemas } from "./service-schemas.ts";
import { PERIOD_PATTERN } from "./dates.ts";
import { ISR_PERIODS } from "./isr-periods.ts";

export type { ArticleEntry, DatasetStatus, GlossaryEntry, StatusDocument, Suggestion, ToolEntry } from "./service-schemas.ts";

const FxRate = Type.Object(
  {
    date: date("Fecha de determinación del FIX."),
    rate: Type.Number({ exclusiveMinimum: 0, description: "Pesos mexicanos por dólar de EUA, con 4 decimales." }),
    source: Type.String({ description: "Publicador y serie." }),
  },
  { description: "Tipo de cambio FIX (pesos por dólar) determinado por el Banco de México.", ...closed },
);

const FxDofRate = Type.Object(
  {
    date: date("Fecha en que se causa la obligación."),
    rate: Type.Number({ exclusiveMinimum: 0, description: "Pesos mexicanos por dólar de EUA, con 4 decimales, tal como se publicó." }),
    fixDate: date("Fecha de determinación del FIX publicado."),
    dofDate: date("Fecha de la publicación en el DOF que aplica (la última en o antes del día anterior a `date`)."),
    source: Type.String({ description: "Publicador, serie y regla." }),
  },
  {
    description:
      "Tipo de cambio aplicable a una obligación en moneda extranjera según el Art. 20 del CFF: el FIX publicado en el DOF el día anterior (o el último publicado antes).",
    ...closed,
  },
);

const UdiValue = Type.Object(
  {
    date: date("Día al que corresponde el valor."),
    value: Type.Number({ exclusiveMinimum: 0, description: "Pesos por UDI, 6 decimales (1.000000 el 1995-04-04)." }),
    source: Type.String({ description: "Publicador y serie." }),
  },
  {
    description:
      "Valor de la Unidad de Inversión (UDI) de un día natural, en pesos por UDI, con los 6 decimales que publica el Banco de México, sin redondear.",
    ...closed,
  },
);

const TiieRate = Type.Object(
  {
    date: date("Día hábil bancario de la determinación."),
    rate: Type.Number({ minimum: 0, description: "Por ciento anual, 4 decimales (4.4805 significa 4.4805 % anual)." }),
    term: Type.Literal(28, { type: "integer", description: "Plazo en días." }),
    source: Type.String({ description: "Publicador y serie." }),
  },
  {
    description:
      "Tasa de Interés Interbancaria de Equilibrio (TIIE) de un día hábil bancario, en por ciento anual como la publica el Banco de México, con 4 decimales, sin redondear.",
    ...closed,
  },
);

const TiieFondeoRate = Type.Object(
  {
    date: date("Día hábil bancario de la determinación."),
    rate: Type.Number({ minimum: 0, description: "Por ciento anual, 2 decimales (4.25 significa 4.25 % anual)." }),
    source: Type.String({ description: "Publicador y serie." }),
  },
  {
    description:
      "TIIE de fondeo a un día hábil bancario (mediana ponderada por volumen de las operaciones de un día), en por ciento anual como la publica el Banco de México, sin redondear.",
    ...closed,
  },
);

/** The record shapes of Banxico series that no other series shares, by name. */
export const seriesOwnSchemas = { TiieFondeoRate };

const Uma = Type.Object(
  {
    year: Type.Integer(),
    uma: money("UMA diaria."),
    umaMensual: money("UMA mensual (diaria × 30.4)."),
    umaAnual: money("UMA anual (mensual × 12)."),
    umaVigenteDesde: date("Fecha desde la que rigen los valores de la UMA del año."),
    salarioMinimo: money("Salario mínimo general diario."),
    salarioMinimoZonaFrontera: nullableNumber({
      minimum: 0,
      description: "Salario mínimo diario de la Zona Libre de la Frontera Norte (desde 2019); null antes.",
    }),
    salarioMinimoVigenteDesde: date("Fecha desde la que rige el salario mínimo del año."),
    employeeRate: Type.Number({ minimum: 0, maximum: 1, description: "Tasa del trabajador sobre el SBC, como fracción." }),
    employerRate: Type.Number({
      minimum: 0,
      maximum: 1,
      description: "Tasa patronal sobre el SBC, como fracción (ver descripción del esquema).",
    }),
    source: Type.String({ description: "Publicaciones oficiales de los valores." }),
  },
  {
    description:
      "UMA y salario mínimo de un año con las tasas de cuotas obrero-patronales sobre el SBC. " +
      "`uma` es la UMA diaria (vigente desde el 1 de febrero; la de 2016 desde el 28 de enero) y `salarioMinimo` el salario mínimo general diario. " +
      "`employeeRate` = 0.02375: cuotas del trabajador al IMSS sobre el SBC (0.25 % prestaciones en dinero + 0.375 % gastos médicos de pensionados + 0.625 % invalidez y vida + 1.125 % cesantía y vejez). " +
      "`employerRate` = 0.115 + la cuota patronal de cesantía y vejez de la banda superior (más de 4 UMA) de ese año: cuotas patronales al IMSS y al INFONAVIT sobre el SBC " +
      "(1.05 % gastos médicos de pensionados, 0.70 % prestaciones en dinero, 1.75 % invalidez y vida, 2.00 % retiro, 1.00 % guarderías, 5.00 % INFONAVIT), " +
      "sin riesgo de trabajo, sin la cuota fija sobre 1 UMA y sin el 1.10 % sobre el excedente de 3 UMA.",
    ...closed,
  },
);

const InpcRecord = Type.Object(
  {
    period: Type.String({ pattern: PERIOD_PATTERN, description: "Mes, AAAA-MM." }),
    value: Type.Number({ exclusiveMinimum: 0, description: "Valor del índice general." }),
  },
  { description: "Índice Nacional de Precios al Consumidor, índice general (base segunda quincena de julio de 2018 = 100).", ...closed },
);

const TariffRow = Type.Object(
  {
    lowerLimit: money("Límite inferior del renglón, en pesos."),
    upperLimit: nullableNumber({ minimum: 0, description: 'null en el último renglón ("en adelante").' }),
    fixedQuota: money("Cuota fija del renglón, en pesos."),
    marginalRate: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1,
      description: "Porcentaje sobre el excedente del límite inferior, como fracción (1.92 % → 0.0192).",
    }),
  },
  { description: "Un renglón de la tarifa.", ...closed },
);

const IsrTariff = Type.Object(
  {
    year: Type.Integer(),
    period: enumOf(ISR_PERIODS),
    rows: Type.Array(ref("TariffRow", TariffRow), { minItems: 1 }),
    source: Type.String({ description: "Publicación oficial de la tarifa." }),
  },
  {
    description: "Tarifa para la retención de ISR por salarios (Art. 96 LISR, Anexo 8 de la RMF), renglones en orden ascendente.",
    ...closed,
  },
);

const CfdiCatalogEntry = Type.Object(
  {
    code: Type.String({ description: "Clave del catálogo, como texto (conserva ceros a la izquierda)." }),
    description: Type.String({ minLength: 1, description: "Descripción oficial del SAT." }),
    plain: nullableString({ description: "Explicación en lenguaje llano escrita por Fiscal MX; null si no hay." }),
    validFrom: nullableString({ format: "date", description: "Fecha de inicio de vigencia." }),
    validTo: nullableString({ format: "date", description: "Fecha de fin de vigencia; null si sigue vigente." }),
    personaFisica: Type.Optional(Type.Boolean({ description: "Aplica a personas físicas." })),
    personaMoral: Type.Optional(Type.Boolean({ description: "Aplica a personas morales." })),
    regimenesReceptor: Type.Optional(
      Type.Array(Type.String(), { description: "Regímenes fiscales del receptor con los que se permite el uso." }),
    ),
    bancarizado: Type.Optional(Type.String({ description: "Si la forma de pago es bancarizada (Sí, No u Opcional)." })),
    valorMaximo: Type.Optional(Type.String({ description: "Valor máximo del comprobante, como texto decimal." })),
    decimales: Type.Optional(Type.Integer({ minimum: 0, description: "Decimales de la moneda." })),
    porcentajeVariacion: Type.Optional(
      nullableNumber({ description: "Porcentaje de variación admitido del tipo de cambio; null si no aplica." }),
    ),
    incluirIva: Type.Optional(Type.String({ description: "Si se debe incluir IVA trasladado (Sí, No u Opcional)." })),
    incluirIeps: Type.Optional(Type.String({ description: "Si se debe incluir IEPS trasladado (Sí, No u Opcional)." })),
    complemento: Type.Optional(nullableString({ description: "Complemento que debe incluirse; null si ninguno." })),
    estimuloFranjaFronteriza: Type.Optional(
      enumOf([0, 1], { type: "integer", description: "1 si aplica el estímulo de la franja fronteriza." }),
    ),
    palabrasSimilares: Type.Optional(nullableString({ description: "Palabras similares publicadas por el SAT." })),
    ...satEntryProperties,
  },
  {
    description:
      "Clave de un catálogo del SAT (CFDI 4.0, Anexo 20, o complemento de Nómina 1.2). Además de los campos descritos, cada catálogo publica sus columnas propias: " +
      "uso (personaFisica, personaMoral, regimenesReceptor), forma de pago (bancarizado), régimen (personaFisica, personaMoral, usosPermitidos), " +
      "tipo de comprobante (valorMaximo), moneda (decimales, porcentajeVariacion), clave de producto o servicio " +
      "(incluirIva, incluirIeps, complemento, estimuloFranjaFronteriza, palabrasSimilares), y las de los demás catálogos descritas abajo. " +
      "Donde la hoja no tiene columna de descripción, `description` lo dice con palabras: «Tipo de factor Tasa», «Patente aduanal 3173», " +
      "«Aduana 01, patente 3173, ejercicio 2007: hasta 999999 pedimentos»; en c_ClaveUnidad es el Nombre de la unidad.",
    ...closed,
  },
);

const RFC_INVALID_REASONS = ["length", "characters", "format", "date", "inconvenient-word", "check-digit"] as const;

const RfcValidation = Type.Object(
  {
    rfc: Type.String({ description: "El RFC tal como se envió." }),
    valid: Type.Boolean({ description: "Si la estructura del RFC es válida." }),
    type: enumOf(["fisica", "moral", null], { description: "null cuando el RFC no es válido." }),
    message: Type.String({ description: "Resultado en español." }),
    reason: Type.Optional(enumOf(RFC_INVALID_REASONS, { description: "Motivo de invalidez (solo cuando valid es false)." })),
  },
  {
    description:
      "Resultado de validar la estructura de un RFC (longitud, caracteres, fecha, palabra inconveniente y dígito verificador); no consulta listas del SAT.",
    ...closed,
  },
);

const INSTITUTIONS = ["SAT", "IMSS", "INFONAVIT", "STPS/LFT"] as const;

const CalendarEvent = Type.Object(
  {
    id: Type.Integer({
      description: "Estable para el mismo vencimiento: clase (código de la obligación) × 1 000 000 + año × 100 + periodo.",
    }),
    title: Type.String({ description: "Nombre del vencimiento." }),
    date: date("Fecha límite."),
    category: enumOf(INSTITUTIONS, { description: "Institución ante la que se cumple." }),
    summary: Type.String({ description: "Qué se presenta o se paga." }),
  },
  { description: "Vencimiento fiscal ya recorrido al siguiente día hábil cuando corresponde.", ...closed },
);

/** Every record shape, by name; the OpenAPI components are these less the unpublished series' (lib/datasets/published-schemas.ts). */
export const allSchemas = {
  FxRate,
  FxDofRate,
  UdiValue,
  TiieRate,
  ...seriesOwnSchemas,
  Uma,
  InpcRecord,
  TariffRow,
  IsrTariff,
  CfdiCatalogEntry,
  RfcValidation,
  CalendarEvent,
  ...serviceSchemas,
  ...satSchemas,
  ...calcSchemas,
  ...payrollSchemas,
  ...lateSchemas,
  ...checkSchemas,
  ...calendarSchemas,
};

export type SchemaName = keyof typeof allSchemas;

export type { JsonSchema };
export type FxRate = Static<typeof FxRate>;
export type FxDofRate = Static<typeof FxDofRate>;
export type UdiValue = Static<typeof UdiValue>;
export type TiieRate = Static<typeof TiieRate>;
export type UmaRecord = Static<typeof Uma>;
export type InpcRecord = Static<typeof InpcRecord>;
export type TariffRow = Static<typeof TariffRow>;
export type IsrTariff = Static<typeof IsrTariff>;
export type CfdiCatalogEntry = Static<typeof CfdiCatalogEntry>;
export type RfcValidation = Static<typeof RfcValidation>;
export type RfcInvalidReason = (typeof RFC_INVALID_REASONS)[number];
export type CalendarEvent = Static<typeof CalendarEvent>;
export type Institution = (typeof INSTITUTIONS)[number];

/**
 * A response body: one component, or an array of it; `maxItems` bounds an array built on demand (past it the
 * request is a 400 that says how to ask for less).
 */
export type BodySchema = { ref: SchemaName } | { arrayOf: SchemaName; maxItems?: number };

export function bodyJsonSchema(body: BodySchema): JsonSchema {
  if ("ref" in body) return { $ref: `#/components/schemas/${body.ref}` };
  const items = { $ref: `#/components/schemas/${body.arrayOf}` };
  return body.maxItems === undefined ? { type: "array", items } : { type: "array", items, maxItems: body.maxItems };
}
