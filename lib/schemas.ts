// JSON Schemas (2020-12, as OpenAPI 3.1 components) of every response body; the build validates files with them.

import { satEntryProperties, satSchemas } from "./sat-schemas.ts";
import { calcSchemas } from "./calc-schemas.ts";

export type JsonSchema = { [key: string]: unknown };

const date = { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } as const;
const money = { type: "number", minimum: 0 } as const;

/** What every entry of /tools, /articles and /glossary has: a stable slug, a title, a short text and its page. */
const catalogEntryProperties = {
  slug: { type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
  title: { type: "string", minLength: 1 },
  summary: { type: "string", minLength: 1 },
  url: { type: "string", description: "Ruta de la página en el sitio." },
} as const;

export const schemas = {
  FxRate: {
    type: "object",
    description: "Tipo de cambio FIX (pesos por dólar) determinado por el Banco de México.",
    required: ["date", "rate", "source"],
    properties: {
      date: { ...date, description: "Fecha de determinación del FIX." },
      rate: { type: "number", exclusiveMinimum: 0, description: "Pesos mexicanos por dólar de EUA, con 4 decimales." },
      source: { type: "string", description: "Publicador y serie." },
    },
    additionalProperties: false,
  },
  FxDofRate: {
    type: "object",
    description: "Tipo de cambio aplicable a una obligación en moneda extranjera según el Art. 20 del CFF: el FIX publicado en el DOF el día anterior (o el último publicado antes).",
    required: ["date", "rate", "fixDate", "dofDate", "source"],
    properties: {
      date: { ...date, description: "Fecha en que se causa la obligación." },
      rate: { type: "number", exclusiveMinimum: 0, description: "Pesos mexicanos por dólar de EUA, con 4 decimales, tal como se publicó." },
      fixDate: { ...date, description: "Fecha de determinación del FIX publicado." },
      dofDate: { ...date, description: "Fecha de la publicación en el DOF que aplica (la última en o antes del día anterior a `date`)." },
      source: { type: "string", description: "Publicador, serie y regla." },
    },
    additionalProperties: false,
  },
  UdiValue: {
    type: "object",
    description: "Valor de la Unidad de Inversión (UDI) de un día natural, en pesos por UDI, con los 6 decimales que publica el Banco de México, sin redondear.",
    required: ["date", "value", "source"],
    properties: {
      date: { ...date, description: "Día al que corresponde el valor." },
      value: { type: "number", exclusiveMinimum: 0, description: "Pesos por UDI, 6 decimales (1.000000 el 1995-04-04)." },
      source: { type: "string", description: "Publicador y serie." },
    },
    additionalProperties: false,
  },
  TiieRate: {
    type: "object",
    description: "Tasa de Interés Interbancaria de Equilibrio (TIIE) de un día hábil bancario, en por ciento anual como la publica el Banco de México, con 4 decimales, sin redondear.",
    required: ["date", "rate", "term", "source"],
    properties: {
      date: { ...date, description: "Día hábil bancario de la determinación." },
      rate: { type: "number", minimum: 0, description: "Por ciento anual, 4 decimales (4.4805 significa 4.4805 % anual)." },
      term: { type: "integer", const: 28, description: "Plazo en días." },
      source: { type: "string", description: "Publicador y serie." },
    },
    additionalProperties: false,
  },
  Uma: {
    type: "object",
    description:
      "UMA y salario mínimo de un año con las tasas de cuotas obrero-patronales sobre el SBC. " +
      "`uma` es la UMA diaria (vigente desde el 1 de febrero; la de 2016 desde el 28 de enero) y `salarioMinimo` el salario mínimo general diario. " +
      "`employeeRate` = 0.02375: cuotas del trabajador al IMSS sobre el SBC (0.25 % prestaciones en dinero + 0.375 % gastos médicos de pensionados + 0.625 % invalidez y vida + 1.125 % cesantía y vejez). " +
      "`employerRate` = 0.115 + la cuota patronal de cesantía y vejez de la banda superior (más de 4 UMA) de ese año: cuotas patronales al IMSS y al INFONAVIT sobre el SBC " +
      "(1.05 % gastos médicos de pensionados, 0.70 % prestaciones en dinero, 1.75 % invalidez y vida, 2.00 % retiro, 1.00 % guarderías, 5.00 % INFONAVIT), " +
      "sin riesgo de trabajo, sin la cuota fija sobre 1 UMA y sin el 1.10 % sobre el excedente de 3 UMA.",
    properties: {
      year: { type: "integer" },
      uma: { ...money, description: "UMA diaria." },
      umaMensual: { ...money, description: "UMA mensual (diaria × 30.4)." },
      umaAnual: { ...money, description: "UMA anual (mensual × 12)." },
      umaVigenteDesde: { ...date, description: "Fecha desde la que rigen los valores de la UMA del año." },
      salarioMinimo: { ...money, description: "Salario mínimo general diario." },
      salarioMinimoZonaFrontera: { type: ["number", "null"], minimum: 0, description: "Salario mínimo diario de la Zona Libre de la Frontera Norte (desde 2019); null antes." },
      salarioMinimoVigenteDesde: { ...date, description: "Fecha desde la que rige el salario mínimo del año." },
      employeeRate: { type: "number", minimum: 0, maximum: 1, description: "Tasa del trabajador sobre el SBC, como fracción." },
      employerRate: { type: "number", minimum: 0, maximum: 1, description: "Tasa patronal sobre el SBC, como fracción (ver descripción del esquema)." },
      source: { type: "string", description: "Publicaciones oficiales de los valores." },
    },
    additionalProperties: false,
  },
  InpcRecord: {
    type: "object",
    description: "Índice Nacional de Precios al Consumidor, índice general (base segunda quincena de julio de 2018 = 100).",
    required: ["period", "value"],
    properties: {
      period: { type: "string", pattern: "^\\d{4}-\\d{2}$", description: "Mes, AAAA-MM." },
      value: { type: "number", exclusiveMinimum: 0 },
    },
    additionalProperties: false,
  },
  TariffRow: {
    type: "object",
    required: ["lowerLimit", "upperLimit", "fixedQuota", "marginalRate"],
    properties: {
      lowerLimit: money,
      upperLimit: { type: ["number", "null"], minimum: 0, description: "null en el último renglón (\"en adelante\")." },
      fixedQuota: money,
      marginalRate: { type: "number", exclusiveMinimum: 0, maximum: 1, description: "Porcentaje sobre el excedente del límite inferior, como fracción (1.92 % → 0.0192)." },
    },
    additionalProperties: false,
  },
  IsrTariff: {
    type: "object",
    description: "Tarifa para la retención de ISR por salarios (Art. 96 LISR, Anexo 8 de la RMF), renglones en orden ascendente.",
    required: ["year", "period", "rows"],
    properties: {
      year: { type: "integer" },
      period: { type: "string", enum: ["mensual", "anual", "quincenal", "semanal", "diaria"] },
      rows: { type: "array", minItems: 1, items: { $ref: "#/components/schemas/TariffRow" } },
      source: { type: "string", description: "Publicación oficial de la tarifa." },
    },
    additionalProperties: false,
  },
  CfdiCatalogEntry: {
    type: "object",
    description:
      "Clave de un catálogo del SAT (CFDI 4.0, Anexo 20, o complemento de Nómina 1.2). Además de los campos descritos, cada catálogo publica sus columnas propias: " +
      "uso (personaFisica, personaMoral, regimenesReceptor), forma de pago (bancarizado), régimen (personaFisica, personaMoral), " +
      "tipo de comprobante (valorMaximo), moneda (decimales, porcentajeVariacion), clave de producto o servicio " +
      "(incluirIva, incluirIeps, complemento, estimuloFranjaFronteriza, palabrasSimilares), y las de los demás catálogos descritas abajo. " +
      "Donde la hoja no tiene columna de descripción, `description` lo dice con palabras: «Tipo de factor Tasa», «Patente aduanal 3173», " +
      "«Aduana 01, patente 3173, ejercicio 2007: hasta 999999 pedimentos»; en c_ClaveUnidad es el Nombre de la unidad.",
    required: ["code", "description", "plain"],
    properties: {
      code: { type: "string", description: "Clave del catálogo, como texto (conserva ceros a la izquierda)." },
      description: { type: "string", minLength: 1, description: "Descripción oficial del SAT." },
      plain: { type: ["string", "null"], description: "Explicación en lenguaje llano escrita por Fiscal MX; null si no hay." },
      validFrom: { type: ["string", "null"], format: "date", description: "Fecha de inicio de vigencia." },
      validTo: { type: ["string", "null"], format: "date", description: "Fecha de fin de vigencia; null si sigue vigente." },
      personaFisica: { type: "boolean", description: "Aplica a personas físicas." },
      personaMoral: { type: "boolean", description: "Aplica a personas morales." },
      regimenesReceptor: { type: "array", items: { type: "string" }, description: "Regímenes fiscales del receptor con los que se permite el uso." },
      bancarizado: { type: "string", description: "Si la forma de pago es bancarizada (Sí, No u Opcional)." },
      valorMaximo: { type: "string", description: "Valor máximo del comprobante, como texto decimal." },
      decimales: { type: "integer", minimum: 0, description: "Decimales de la moneda." },
      porcentajeVariacion: { type: ["number", "null"], description: "Porcentaje de variación admitido del tipo de cambio; null si no aplica." },
      incluirIva: { type: "string", description: "Si se debe incluir IVA trasladado (Sí, No u Opcional)." },
      incluirIeps: { type: "string", description: "Si se debe incluir IEPS trasladado (Sí, No u Opcional)." },
      complemento: { type: ["string", "null"], description: "Complemento que debe incluirse; null si ninguno." },
      estimuloFranjaFronteriza: { type: "integer", enum: [0, 1], description: "1 si aplica el estímulo de la franja fronteriza." },
      palabrasSimilares: { type: ["string", "null"], description: "Palabras similares publicadas por el SAT." },
      ...satEntryProperties,
    },
    additionalProperties: false,
  },
  RfcValidation: {
    type: "object",
    description: "Resultado de validar la estructura de un RFC (longitud, caracteres, fecha, palabra inconveniente y dígito verificador); no consulta listas del SAT.",
    required: ["rfc", "valid", "type", "message"],
    properties: {
      rfc: { type: "string", description: "El RFC tal como se envió." },
      valid: { type: "boolean" },
      type: { enum: ["fisica", "moral", null], description: "null cuando el RFC no es válido." },
      message: { type: "string", description: "Resultado en español." },
      reason: {
        type: "string",
        enum: ["length", "characters", "format", "date", "inconvenient-word", "check-digit"],
        description: "Motivo de invalidez (solo cuando valid es false).",
      },
    },
    additionalProperties: false,
  },
  CalendarEvent: {
    type: "object",
    description: "Vencimiento fiscal ya recorrido al siguiente día hábil cuando corresponde.",
    required: ["id", "title", "date", "category", "summary"],
    properties: {
      id: { type: "integer", description: "Estable para el mismo vencimiento: clase × 1 000 000 + año × 100 + periodo." },
      title: { type: "string" },
      date: { ...date, description: "Fecha límite." },
      category: { type: "string", enum: ["SAT", "IMSS", "INFONAVIT"] },
      summary: { type: "string" },
    },
    additionalProperties: false,
  },
  ToolEntry: {
    type: "object",
    description: "Calculadora del sitio.",
    required: ["slug", "title", "summary", "url"],
    properties: {
      ...catalogEntryProperties,
      uses: { type: "array", items: { type: "string" }, description: "Rutas de la API que usa." },
    },
    additionalProperties: false,
  },
  ArticleEntry: {
    type: "object",
    description: "Artículo o guía del sitio.",
    required: ["slug", "title", "summary", "url"],
    properties: {
      ...catalogEntryProperties,
      updated: { ...date, description: "Última revisión del texto." },
    },
    additionalProperties: false,
  },
  GlossaryEntry: {
    type: "object",
    description: "Término del glosario; `title` es el término.",
    required: ["slug", "title", "summary", "url"],
    properties: {
      ...catalogEntryProperties,
      expansion: { type: ["string", "null"], description: "Significado de la sigla, si lo es." },
    },
    additionalProperties: false,
  },
  Suggestion: {
    type: "object",
    description: "Sugerencia para una página no encontrada.",
    required: ["type", "title", "url"],
    properties: {
      type: { type: "string", enum: ["tool", "article", "glossary"] },
      title: { type: "string" },
      url: { type: "string" },
    },
    additionalProperties: false,
  },
  Status: {
    type: "object",
    description: "Frescura y procedencia de los datos publicados.",
    required: ["service", "builtAt", "asOf", "datasets"],
    properties: {
      service: { type: "string" },
      builtAt: {
        type: ["string", "null"], format: "date-time",
        description: "Hora de la compilación (SOURCE_DATE_EPOCH, que fija la compilación nocturna); si no se fijó, la descarga más reciente de los archivos crudos; null si tampoco se conoce.",
      },
      asOf: { ...date, description: "Fecha de corte de la compilación (Ciudad de México)." },
      datasets: { type: "array", items: { $ref: "#/components/schemas/DatasetStatus" } },
    },
    additionalProperties: false,
  },
  DatasetStatus: {
    type: "object",
    required: ["id", "title", "publisher", "officialUrl", "cadence", "records", "first", "latest", "stale", "staleReason", "raw"],
    properties: {
      id: { type: "string" },
      title: { type: "string" },
      publisher: { type: "string" },
      officialUrl: { type: "string" },
      cadence: { type: "string", enum: ["diaria", "mensual", "anual", "por versión"] },
      records: { type: "integer", minimum: 0 },
      first: { type: ["string", "null"], description: "Primera fecha, periodo, año o clave." },
      latest: { type: ["string", "null"], description: "Última fecha, periodo, año o clave." },
      stale: { type: "boolean", description: "FIX y TIIE: más de 4 días hábiles detrás de la fecha de corte; UDI: sin valor para la fecha de corte (se publica por adelantado); INPC: más de 45 días después del fin del mes siguiente al último periodo; tablas anuales: falta el año en curso pasado su mes de publicación." },
      staleReason: { type: ["string", "null"] },
      raw: {
        type: ["object", "null"],
        description: "Archivo crudo del que se compiló (null para las tablas que se mantienen en el repositorio).",
        required: ["file", "sha256", "bytes", "fetchedAt", "url"],
        properties: {
          file: { type: "string" },
          sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
          bytes: { type: "integer", minimum: 0 },
          fetchedAt: { type: ["string", "null"], description: "Hora de descarga según raw/manifest.json; null si no hay manifiesto." },
          url: { type: ["string", "null"], description: "URL de la descarga según el manifiesto." },
        },
        additionalProperties: false,
      },
      citation: { type: "string", description: "Publicación oficial de una tabla mantenida a mano." },
    },
    additionalProperties: false,
  },
  DumpIndex: {
    type: "object",
    description: "Lista de descargas completas (JSON, CSV y NDJSON) de cada conjunto de datos.",
    required: ["license", "attribution", "files"],
    properties: {
      license: { type: "object", required: ["name", "url"], properties: { name: { type: "string" }, url: { type: "string" } } },
      attribution: { type: "string" },
      files: {
        type: "array",
        items: {
          type: "object",
          required: ["dataset", "format", "url", "contentType", "rows", "bytes", "sha256", "coverage", "source", "license", "attribution"],
          properties: {
            dataset: { type: "string" },
            format: { type: "string", enum: ["json", "csv", "ndjson"] },
            url: { type: "string" },
            contentType: { type: "string" },
            rows: { type: "integer", minimum: 0 },
            bytes: { type: "integer", minimum: 0 },
            sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
            coverage: { type: "object", required: ["first", "last"], properties: { first: { type: ["string", "null"] }, last: { type: ["string", "null"] } } },
            source: { type: "string" },
            license: { type: "string" },
            attribution: { type: "string" },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  ...satSchemas,
  Problem: {
    type: "object",
    description: "Error en formato RFC 9457 (application/problem+json); `detail` en español.",
    required: ["type", "title", "status", "detail", "instance"],
    properties: {
      type: { type: "string" },
      title: { type: "string" },
      status: { type: "integer", minimum: 400, maximum: 599 },
      detail: { type: "string" },
      instance: { type: "string" },
    },
  },
  ...calcSchemas,
} as const satisfies Record<string, JsonSchema>;

export type SchemaName = keyof typeof schemas;

/** A response body: one component, or an array of it. */
export type BodySchema = { ref: SchemaName } | { arrayOf: SchemaName };

export function bodyJsonSchema(body: BodySchema): JsonSchema {
  return "ref" in body
    ? { $ref: `#/components/schemas/${body.ref}` }
    : { type: "array", items: { $ref: `#/components/schemas/${body.arrayOf}` } };
}
