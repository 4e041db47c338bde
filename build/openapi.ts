// Generates the OpenAPI 3.1 document from the route table and the component schemas.
import type { OpenAPIV3_1 } from "openapi-types";
import {
  API_BASE,
  TAGS,
  DUMP_DATASETS,
  DUMP_FORMATS,
  type CachePolicy,
  type DumpFormat,
  type Param,
  type PostBody,
  type Route,
} from "../lib/routes/routes.ts";
import { bodyJsonSchema } from "../core/schemas.ts";
import { schemas } from "../lib/datasets/published-schemas.ts";
import { MAX_TARGET_BYTES } from "../lib/http/app.ts";
import { DATA_DATE_HEADER, DATA_STALE_FROM_HEADER, DATA_STALE_HEADER, DATASETS_HEADER } from "../lib/http-kit/headers.ts";
import { isPagedList, LINK_HEADER, TOTAL_COUNT_HEADER } from "../lib/http/paging.ts";
import { isRequiredParam, paramDescription, paramSchema } from "../lib/route-shape/param-schema.ts";
import { knownBehind } from "../sources/sat-revisions.ts";
import { API_VERSION, HEADER_PREFIX, LICENSE, RATE_LIMIT, SERVICE_NAME, attribution } from "../core/service-config.ts";

type Doc = OpenAPIV3_1.Document;
// openapi-types declares parts of 3.1 (parameters, operations) with 3.0 schema types, so the pieces are
// built as plain JSON objects and the finished document is typed once at the end.
type Json = Record<string, unknown>;

const rateLimitHeaders: Record<string, OpenAPIV3_1.HeaderObject> = {
  [`${HEADER_PREFIX}-rate-limit`]: {
    description: `Solicitudes permitidas por ventana (${RATE_LIMIT.limit}).`,
    schema: { type: "integer" },
  },
  [`${HEADER_PREFIX}-rate-limit-remaining`]: {
    description: "Solicitudes que quedan en la ventana actual.",
    schema: { type: "integer", minimum: 0 },
  },
  [`${HEADER_PREFIX}-rate-limit-reset`]: {
    description: "Segundos enteros hasta que termina la ventana actual.",
    schema: { type: "integer", minimum: 0 },
  },
};

/** The x-fmx-data-* headers of an answer that rests on datasets of /status (decision 0039). */
const dataHeaders: Record<string, OpenAPIV3_1.HeaderObject> = {
  [DATASETS_HEADER]: {
    description: "Identificadores en `/status` de los conjuntos de datos en que se basa la respuesta, separados por comas.",
    schema: { type: "string" },
  },
  [DATA_DATE_HEADER]: {
    description: "El dato más reciente (`latest` en `/status`: fecha, mes o año) de cada conjunto, en el mismo orden.",
    schema: { type: "string" },
  },
  [DATA_STALE_FROM_HEADER]: {
    description:
      "El `staleFrom` más temprano (en un catálogo del SAT, solo si se sabe que el SAT publicó revisiones más recientes que la hoja servida) de esos conjuntos: desde ese día (Ciudad de México) la respuesta se basa en datos desactualizados para su periodicidad.",
    schema: { type: "string", format: "date" },
  },
  [DATA_STALE_HEADER]: {
    description:
      "Si el día de la solicitud (Ciudad de México) ya alcanzó esa fecha: `true` es una respuesta basada en datos desactualizados (archivos y respuestas calculadas).",
    schema: { type: "string", enum: ["true", "false"] },
  },
};

/** The headers of a paged list's pages (RFC 8288 links; decision new-paging-links). */
const pagingHeaderObjects: Record<string, OpenAPIV3_1.HeaderObject> = {
  [LINK_HEADER]: {
    description:
      'Enlaces RFC 8288 a las páginas de la lista con el mismo `limit`: `first`, `prev` (salvo en la primera), `next` (mientras quedan entradas) y `last` (la página de la última entrada), p. ej. `</api/v1/public/cfdi/clave-prod-serv?limit=100&offset=100>; rel="next"`.',
    schema: { type: "string" },
  },
  [TOTAL_COUNT_HEADER]: {
    description: "Número de entradas de la lista completa (el mismo en todas sus páginas).",
    schema: { type: "integer", minimum: 0 },
  },
};

/**
 * The data headers every answer of a route carries: none without datasets; staleFrom and the day's stale flag where
 * a dataset can be stale (files get the flag from the local server or the edge, computed answers from the app).
 */
function routeDataHeaders(route: Route): string[] {
  const datasets = route.datasets ?? [];
  if (datasets.length === 0) return [];
  // A SAT sheet has a staleFrom only when it is known to be behind SAT's revisions; the other datasets always have one.
  const staleFrom = datasets.some((id) => !/^(cfdi|nomina)-/.test(id) || knownBehind(id));
  // A SAT sheet's `latest` is its last key, not a date: an answer on one has no data date (lib/http/freshness.ts).
  const dated = datasets.every((id) => !/^(cfdi|nomina)-/.test(id));
  return [DATASETS_HEADER, ...(dated ? [DATA_DATE_HEADER] : []), ...(staleFrom ? [DATA_STALE_FROM_HEADER, DATA_STALE_HEADER] : [])];
}

const headerRefs = (names: string[]): Record<string, OpenAPIV3_1.ReferenceObject> =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

function cacheDescription(cache: CachePolicy): string {
  return cache === "until-midnight-mexico-city"
    ? "`public, max-age=` los segundos que faltan para la siguiente medianoche en la Ciudad de México."
    : `\`public, max-age=${cache.maxAge}\`.`;
}

function parameter(p: Param): Json {
  const param: Json = { name: p.name, in: p.in, required: isRequiredParam(p), description: paramDescription(p), schema: paramSchema(p) };
  // A whole number's example is written as text in the table (like every query value) and published as the number it is.
  if (p.in === "path" || p.type !== "integer") param.example = p.in === "query" && p.type === "whole" ? Number(p.example) : p.example;
  return param;
}

function operation(route: Route): Json {
  const responses: OpenAPIV3_1.ResponsesObject = {
    "200": {
      description: `Éxito. Cache-Control: ${cacheDescription(route.cache)}`,
      headers: headerRefs([
        "Cache-Control",
        "ETag",
        ...routeDataHeaders(route),
        ...(isPagedList(route) ? [LINK_HEADER, TOTAL_COUNT_HEADER] : []),
        ...Object.keys(rateLimitHeaders),
      ]),
      content: { "application/json": { schema: bodyJsonSchema(route.body) } },
    },
    "304": {
      description: "No modificado (If-None-Match coincide con el ETag).",
      headers: headerRefs(["ETag", ...Object.keys(rateLimitHeaders)]),
    },
  };
  if (route.params.length > 0) responses["400"] = { $ref: "#/components/responses/BadRequest" };
  if (route.notFound) responses["404"] = { $ref: "#/components/responses/NotFound" };
  responses["405"] = { $ref: "#/components/responses/MethodNotAllowed" };
  responses["414"] = { $ref: "#/components/responses/UriTooLong" };
  responses["429"] = { $ref: "#/components/responses/TooManyRequests" };
  return {
    operationId: route.id,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    parameters: route.params.map(parameter),
    responses,
  };
}

/** The POST of a route that takes a body: path parameters only, the body, and an answer that is never stored. */
function postOperation(route: Route, post: PostBody): Json {
  const media = post.media === "json" ? "application/json" : "application/xml";
  const schema = post.schema !== undefined ? { $ref: `#/components/schemas/${post.schema}` } : { type: "string" };
  const responses: Json = {
    "200": {
      description: "Éxito. Cache-Control: `no-store` (la respuesta a un POST no se guarda).",
      headers: headerRefs(["Cache-Control", ...routeDataHeaders(route), ...Object.keys(rateLimitHeaders)]),
      content: { "application/json": { schema: bodyJsonSchema(route.body) } },
    },
    "400": { $ref: "#/components/responses/BadBody" },
    ...(route.notFound && { "404": { $ref: "#/components/responses/NotFound" } }),
    "405": { $ref: "#/components/responses/MethodNotAllowed" },
    "413": { $ref: "#/components/responses/ContentTooLarge" },
    "414": { $ref: "#/components/responses/UriTooLong" },
    "415": { $ref: "#/components/responses/UnsupportedMediaType" },
    "429": { $ref: "#/components/responses/TooManyRequests" },
  };
  return {
    operationId: `${route.id}Post`,
    tags: [route.tag],
    summary: post.summary,
    description: `${post.description} Cuerpo de hasta ${post.maxBytes} bytes.`,
    parameters: route.params.filter((p) => p.in === "path").map(parameter),
    requestBody: {
      required: true,
      content: { [media]: { schema, example: post.media === "json" ? JSON.parse(post.example) : post.example } },
    },
    responses,
  };
}

/** The problems only a POST has (published where some route takes one). */
function postProblems(): Record<string, OpenAPIV3_1.ResponseObject> {
  return {
    BadBody: problemResponse(
      "Cuerpo inválido (no es UTF-8, está vacío, no se puede leer, o un campo falta o está fuera de límites; el detalle nombra el campo), o la dirección lleva parámetros.",
    ),
    ContentTooLarge: problemResponse("El cuerpo pasa del tamaño máximo de la ruta; no se lee el resto."),
    UnsupportedMediaType: problemResponse("El Content-Type no es el que admite la ruta (Accept-Post lo dice).", ["Accept-Post"]),
  };
}

/** A route's path item: its GET, and its POST where it takes a body (alone where it answers only POST). */
function pathItem(route: Route): Json {
  if (route.post === undefined) return { get: operation(route) };
  const post = postOperation(route, route.post);
  return route.post.only === true ? { post } : { get: operation(route), post };
}

function problemResponse(description: string, extraHeaders: string[] = [], counted = true): OpenAPIV3_1.ResponseObject {
  return {
    description,
    headers: headerRefs(["Cache-Control", ...extraHeaders, ...(counted ? Object.keys(rateLimitHeaders) : [])]),
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };
}

/** The bulk downloads are files, not route-table operations; they are described here by hand from DUMP_DATASETS. */
function dumpOperations(): Record<string, { get: Json }> {
  const names = DUMP_DATASETS.flatMap((d) => (Object.keys(DUMP_FORMATS) as DumpFormat[]).map((f) => `${d.id}.${f}`));
  const ok = (description: string, content: Json): Json => ({
    description,
    headers: headerRefs(["Cache-Control", "ETag", ...Object.keys(rateLimitHeaders)]),
    content,
  });
  const errors = {
    "404": { $ref: "#/components/responses/NotFound" },
    "414": { $ref: "#/components/responses/UriTooLong" },
    "429": { $ref: "#/components/responses/TooManyRequests" },
  };
  return {
    "/dumps/index.json": {
      get: {
        operationId: "dumpIndex",
        tags: ["Descargas"],
        summary: "Índice de las descargas completas",
        description:
          "Cada archivo con su número de registros, bytes, sha256, cobertura, fuente, licencia y atribución. Cache-Control: `public, max-age=300`.",
        parameters: [],
        responses: {
          "200": ok("Índice.", { "application/json": { schema: { $ref: "#/components/schemas/DumpIndex" } } }),
          "414": errors["414"],
          "429": errors["429"],
        },
      },
    },
    "/dumps/{file}": {
      get: {
        operationId: "dumpFile",
        tags: ["Descargas"],
        summary: "Un conjunto de datos completo en JSON, CSV o NDJSON",
        description:
          "JSON: un arreglo con los mismos registros que la API; NDJSON: un registro por línea; CSV (RFC 4180, UTF-8, `\n`): una columna por campo, " +
          'listas unidas con ", " y null como celda vacía. Las tarifas de ISR se publican como un renglón por tramo (year, period, …) e incluyen la tarifa decenal. ' +
          "Cache-Control: el del conjunto de datos (300 s FIX e INPC, 3600 s UMA e ISR, 86400 s CFDI).",
        parameters: [{ name: "file", in: "path", required: true, schema: { type: "string", enum: names }, example: "fx.csv" }],
        responses: {
          "200": ok("El archivo completo.", {
            "application/json": { schema: { type: "array", items: { type: "object" } } },
            "text/csv": { schema: { type: "string" } },
            "application/x-ndjson": { schema: { type: "string" } },
          }),
          ...errors,
        },
      },
    },
  };
}

export function openApiDocument(routes: readonly Route[], site: string): Doc {
  const paths: Record<string, Json> = {};
  for (const r of routes) paths[r.path] = pathItem(r);
  const posts = routes.some((r) => r.post !== undefined);
  Object.assign(paths, dumpOperations());
  return {
    openapi: "3.1.0",
    info: {
      title: `${SERVICE_NAME} API`,
      version: API_VERSION,
      summary: "Datos fiscales de México en JSON: tipo de cambio FIX, UMA, salario mínimo, INPC, tarifas de ISR y catálogos del CFDI 4.0.",
      description:
        `API pública de solo lectura. Sin autenticación; CORS abierto. Límite: ${RATE_LIMIT.limit} solicitudes por IP cada ${RATE_LIMIT.windowSeconds} segundos ` +
        `(la ventana empieza con la primera solicitud del cliente); al excederlo se responde 429 con Retry-After. ` +
        `Los errores usan application/problem+json (RFC 9457) con el detalle en español y Cache-Control: no-store. ` +
        `Atribución obligatoria: «${attribution(site)}». Licencia de los datos: ${LICENSE.name}.`,
      license: { name: LICENSE.name, identifier: LICENSE.identifier },
      contact: { name: SERVICE_NAME, url: site },
    },
    servers: [
      { url: `${site}${API_BASE}`, description: "Producción" },
      { url: API_BASE, description: "Mismo origen" },
    ],
    // Public data without authentication: no operation needs a credential.
    security: [],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: schemas as unknown as Record<string, OpenAPIV3_1.SchemaObject>,
      headers: {
        "Cache-Control": { description: "Vida en caché; `no-store` en los errores.", schema: { type: "string" } },
        ETag: { description: "Etiqueta fuerte del contenido.", schema: { type: "string" } },
        "Retry-After": {
          description: "Segundos hasta que termina la ventana del límite de solicitudes.",
          schema: { type: "integer", minimum: 1 },
        },
        Allow: {
          description: "Métodos permitidos en la ruta: GET, HEAD y OPTIONS, y POST donde la ruta recibe un cuerpo.",
          schema: { type: "string", enum: ["GET, HEAD, OPTIONS", "GET, HEAD, POST, OPTIONS", "POST, OPTIONS"] },
        },
        ...(posts && { "Accept-Post": { description: "Tipos de contenido que admite el POST de la ruta.", schema: { type: "string" } } }),
        ...rateLimitHeaders,
        ...dataHeaders,
        ...pagingHeaderObjects,
      },
      responses: {
        BadRequest: problemResponse("Parámetro inválido (no son solo dígitos, fuera de límites, repetido o con formato incorrecto)."),
        NotFound: problemResponse("El registro solicitado no existe."),
        MethodNotAllowed: problemResponse(
          "Método no permitido; Allow dice los que admite la ruta (GET, HEAD y OPTIONS, más POST donde recibe un cuerpo).",
          ["Allow"],
        ),
        ...(posts && postProblems()),
        TooManyRequests: problemResponse("Límite de solicitudes excedido.", ["Retry-After"]),
        // Checked before the rate limit: such a request is not counted and carries no rate-limit headers.
        UriTooLong: problemResponse(
          `La dirección (ruta y parámetros) pasa de ${MAX_TARGET_BYTES} bytes; no se cuenta para el límite de solicitudes.`,
          [],
          false,
        ),
      },
    },
    "x-attribution": attribution(site),
    "x-data-license": { name: LICENSE.name, url: LICENSE.url },
  } as unknown as Doc;
}
