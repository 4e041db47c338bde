// The shape of the route table: parameters with their bounds, cache lifetimes, OpenAPI tags and the Route record.
import type { BodySchema, SchemaName } from "../../core/schemas.ts";

/** Cache lifetimes (docs/decisions/0007-cache-lifetimes.md), in seconds; the calendar is cached only until the next midnight in Mexico City. */
export type CachePolicy = { maxAge: number } | "until-midnight-mexico-city";
export const CACHE = {
  live: { maxAge: 300 }, // Banxico series and INPC
  hour: { maxAge: 3600 }, // UMA, ISR, openapi, discovery, content catalogs, suggest (yearly data, checked hourly)
  day: { maxAge: 86400 }, // SAT catalogs and RFC validation
  calendar: "until-midnight-mexico-city",
} as const satisfies Record<string, CachePolicy>;

/** The OpenAPI document's tags, each with its description; every route names one. */
export const TAGS = {
  "Tipo de cambio":
    "Tipo de cambio FIX del peso frente al dólar de EUA que determina el Banco de México, por fecha, y el aplicable según el Art. 20 del CFF.",
  UDI: "Valor diario de la Unidad de Inversión que publica el Banco de México.",
  TIIE: "Tasas de Interés Interbancarias de Equilibrio que publica el Banco de México: a 28 días y de fondeo a un día hábil bancario.",
  "UMA y salario mínimo":
    "Unidad de Medida y Actualización, salario mínimo general y tasas de cuotas obrero-patronales por año; factores de integración del salario base de cotización.",
  INPC: "Índice Nacional de Precios al Consumidor que publica el INEGI.",
  ISR: "Tarifas de retención de ISR por salarios (Anexo 8 de la RMF), reglas del subsidio para el empleo y tasas del RESICO de personas físicas.",
  "CFDI 4.0": "Catálogos del CFDI 4.0 del SAT (Anexo 20), reglas de tasa o cuota y búsqueda de claves.",
  "Nómina 1.2": "Catálogos del complemento de Nómina 1.2 del SAT.",
  "Revisión previa CFDI":
    "Revisión de los campos de catálogo de un CFDI 4.0 antes de timbrarlo (receptor, concepto y comprobante), con la regla, la columna del catálogo y el código de error del SAT.",
  RFC: "Validación de la estructura de un RFC.",
  Recargos:
    "Tasas mensuales de recargos por mora (Art. 21 CFF), de prórroga y de pago a plazos (Ley de Ingresos de la Federación de cada año).",
  Calendario: "Vencimientos fiscales del SAT, el IMSS y el INFONAVIT.",
  Contenido: "Catálogos de calculadoras, artículos y glosario del sitio, y sugerencias de búsqueda.",
  Estado: "Frescura y procedencia de los datos publicados.",
  Cálculos: "Cálculos sobre los registros de la API con la aritmética de las calculadoras del sitio.",
  Descargas: "Conjuntos de datos completos en JSON, CSV y NDJSON.",
} as const;
export type Tag = keyof typeof TAGS;

export interface IntegerQueryParam {
  in: "query";
  name: string;
  type: "integer";
  minimum: number;
  maximum?: number;
  default: number;
  description: string;
}

export interface StringQueryParam {
  in: "query";
  name: string;
  type: "string";
  required: boolean;
  maxLength: number;
  /** Well-formed values match this (months, dates); others are a 400. */
  pattern?: string;
  /** The accepted values; others are a 400. */
  enum?: readonly string[];
  description: string;
  example: string;
}

/**
 * An amount as text: digits, optionally a point and at most `decimals` digits; no sign, exponent or
 * separators; between `minimum` and `maximum` (decimal texts). The handler reads it exactly (BigInt).
 */
export interface DecimalQueryParam {
  in: "query";
  name: string;
  type: "decimal";
  required: boolean;
  decimals: number;
  minimum: string;
  maximum: string;
  description: string;
  example: string;
}

/** A whole number with no default: required, within bounds (the inputs of the calculations). */
export interface WholeQueryParam {
  in: "query";
  name: string;
  type: "whole";
  /** False where the handler can do without it (the ISR's year, taken from the payment date); required otherwise. */
  required?: false;
  minimum: number;
  maximum: number;
  description: string;
  example: string;
}

/** A calendar date (YYYY-MM-DD) in the query; malformed or not a real date → 400. */
export interface DateQueryParam {
  in: "query";
  name: string;
  type: "date";
  required: boolean;
  description: string;
  example: string;
}

export interface PathParam {
  in: "path";
  name: string;
  description: string;
  /** Well-formed values match this; others are a 400 (docs/decisions/0006-bad-input-400-absent-404.md), unless `anyValue` (then absent → 404). */
  pattern?: string;
  /** A calendar date: besides the pattern, a day that does not exist (2026-02-30) is a 400. */
  format?: "date";
  enum?: readonly string[];
  maxLength: number;
  example: string;
  /**
   * Any text is an answer (the RFC validator trims it and says what is wrong in a 200): control characters are
   * not refused with a 400, as they are in every other path segment and string parameter.
   */
  anyText?: true;
}

export type QueryParam = IntegerQueryParam | StringQueryParam | DecimalQueryParam | WholeQueryParam | DateQueryParam;
export type Param = QueryParam | PathParam;

/**
 * The MCP tools: each route belongs to one (lib/mcp/families.ts says when to use it), so a new route is
 * reachable by naming its tool and, for tools that take a selector, the value that picks it.
 */
export type McpToolName =
  | "serie_banxico"
  | "tipo_cambio_art20"
  | "uma_salario_minimo"
  | "inpc"
  | "tabla_fiscal"
  | "catalogo_sat"
  | "buscar_clave_sat"
  | "validar"
  | "calendario_fiscal"
  | "calcular"
  | "contenido_sitio"
  | "estado_datos";

/**
 * A request body a function route takes by POST (its GET form, if any, stays as it is): JSON or XML in UTF-8, at
 * most `maxBytes`. Past the size it is a 413, another Content-Type a 415, a body that does not parse a 400; the
 * answer is never cached (no-store). The query string of a POST must be empty: the body carries everything.
 */
export interface PostBody {
  /** `json`: application/json; `xml`: application/xml or text/xml. */
  media: "json" | "xml";
  /** Largest body read, in bytes. */
  maxBytes: number;
  /** The body's JSON shape, as published in OpenAPI (JSON bodies); an XML body is described in `description`. */
  schema?: SchemaName;
  summary: string;
  /** What the POST takes and answers, and when it is a 400. */
  description: string;
  /** The route answers POST alone: a GET or HEAD is a 405 whose Allow says POST. */
  only?: boolean;
  /** A body that answers 200, published in OpenAPI and tried by the contract tests. */
  example: string;
}

/** The tool a route is reached by (`as`: its selector value), or why no tool reaches it. */
type McpBinding = { tool: McpToolName; as?: string } | { none: string };

export interface Route {
  /** OpenAPI operationId. */
  id: string;
  /** Path relative to API_BASE, with {name} for path parameters. */
  path: string;
  tag: Tag;
  summary: string;
  /** What the operation returns and when it is a 404 or a 400 (every OpenAPI operation has one). */
  description: string;
  params: readonly Param[];
  body: BodySchema;
  cache: CachePolicy;
  /** `file`: every response is a prebuilt file; `function`: computed per request. */
  kind: "file" | "function";
  /** Whether a well-formed request can name something absent (404). */
  notFound: boolean;
  /** The 404's detail for such a request, from its path values: what is missing and where to see what exists. */
  missing?: (values: Readonly<Record<string, string>>) => string;
  /**
   * Which query forms have a prebuilt file: `every-value` (each accepted value, e.g. days 1–365), or
   * `default-limit-pages` (the default limit at offsets that are multiples of it, up to the last page);
   * other accepted forms are answered by a function from the same data.
   */
  prebuilt?: "every-value" | "default-limit-pages";
  /**
   * The function that answers what has no file: query forms without one (date ranges) and the 404 of a
   * well-formed date without an observation (its detail names the nearest earlier date). The local server
   * runs it in process; on Netlify the edge hands those requests to it.
   */
  fallbackFunction?: string;
  /** The query of its example request where the required parameters alone do not make one that answers 200. */
  exampleQuery?: string;
  /** A body it also takes by POST (function routes only). */
  post?: PostBody;
  /** The MCP tool that reaches this route; a route without one fails test/mcp-tools.test.ts. */
  mcp?: McpBinding;
  /**
   * The /status datasets (ids) the answer rests on: its responses carry their latest date and staleFrom
   * in the x-fmx-data-* headers (lib/http/freshness.ts).
   */
  datasets?: readonly string[];
  /**
   * A query parameter the route does not define is a 400 that names it (the checks: an ignored parameter
   * would read as a rule that passed); elsewhere unknown parameters are ignored (docs/decisions/0006-bad-input-400-absent-404.md).
   */
  strictQuery?: true;
}
