// The SAT catalog section of the route table: a lookup and a list per catalog (CFDI 4.0 and Nómina 1.2), and search.
import { CFDI_SHEETS } from "../../sources/sat-cfdi.ts";
import { NOMINA_SHEETS } from "../../sources/sat-nomina.ts";
import type { CatalogId } from "../../sources/sat.ts";
import type { KeyColumn, SheetSpec } from "../../sources/sat-sheet.ts";
import type { CachePolicy, IntegerQueryParam, PathParam, Route } from "../route-shape/route-types.ts";
import { API_BASE } from "../datasets/dump-paths.ts";
import { listRouteId, lookupRouteId, type SatListId, type SatLookupId } from "../datasets/sheet-route-ids.ts";

export { listRouteId, lookupRouteId };
import { LIST_FILTERS } from "./sat-list-filters.ts";
import {
  CANDIDATE_BUDGET,
  MAX_COMPLETIONS,
  MAX_QUERY_CHARS,
  MAX_QUERY_WORDS,
  MAX_TYPO_CHARS,
  MIN_TYPO_CHARS,
  POSTINGS_BUDGET,
} from "../search/search-limits.ts";

/** Catalogs with more entries than this are listed in pages; the others as one file. */
export const WHOLE_LIST_MAX = 500;

/** The catalogs whose list is paged (limit/offset) because they hold more than WHOLE_LIST_MAX entries (their specs say so). */
export const PAGED_CATALOGS: ReadonlySet<string> = new Set([...CFDI_SHEETS, ...NOMINA_SHEETS].filter((s) => s.paged).map((s) => s.id));

const FAMILY_TAG = { cfdi: "CFDI 4.0", nomina: "Nómina 1.2" } as const;

/** The lookup answered by a function instead of a file per key: 58,853 pedimento keys would be most of the tree. */
type FunctionLookupId = "cfdiNumPedimentoAduana";
export type SatFileRouteId = Exclude<SatLookupId, FunctionLookupId> | SatListId;
type SatFunctionRouteId = FunctionLookupId | "cfdiSearch";
type SatRoute = (Route & { id: SatFileRouteId; kind: "file" }) | (Route & { id: SatFunctionRouteId; kind: "function" });

/** A key column as a path parameter: the code is free (absent → 404); scope columns are checked (malformed → 400). */
function keyParam(k: KeyColumn, example: string): PathParam {
  if (k.field === "code") {
    return {
      in: "path",
      name: "code",
      maxLength: 64,
      example,
      description: "Clave exacta del catálogo (se distinguen mayúsculas y ceros a la izquierda).",
    };
  }
  return {
    in: "path",
    name: k.field,
    pattern: k.pattern.source,
    maxLength: 8,
    example,
    description: `Valor de la columna ${k.header} del catálogo.`,
  };
}

export interface SatRouteDeps {
  cache: CachePolicy;
  pageLimit: IntegerQueryParam;
  pageOffset: IntegerQueryParam;
}

/** The 404 detail of a lookup by code (and scope): the code, its scope and the catalog, with the list to look in. */
const missingCode =
  (spec: SheetSpec & { id: CatalogId }) =>
  (v: Readonly<Record<string, string>>): string => {
    const scope = spec.key.filter((k) => k.field !== "code").map((k) => `${k.header} «${v[k.field] ?? ""}»`);
    return (
      `No existe la clave «${v["code"] ?? ""}»${scope.length > 0 ? ` con ${scope.join(" y ")}` : ""} en el catálogo ${spec.sheet}. ` +
      `Las claves van tal como las escribe el SAT (mayúsculas, ceros a la izquierda); el catálogo está en ${API_BASE}/${spec.family}/${spec.id}.`
    );
  };

function catalogRoutes(spec: SheetSpec & { id: CatalogId }, deps: SatRouteDeps): SatRoute[] {
  const params = spec.key.map((k, i) => keyParam(k, spec.example[i] ?? ""));
  const tag = FAMILY_TAG[spec.family];
  const where = spec.family === "cfdi" ? "del Anexo 20" : "del complemento de Nómina 1.2";
  const keyWords = spec.key.length > 1 ? `la clave (${spec.key.map((k) => k.header).join(", ")})` : "la clave";
  const lookupFields = {
    path: `/${spec.family}/${spec.id}/${params.map((p) => `{${p.name}}`).join("/")}`,
    tag,
    summary: `Clave del catálogo ${spec.sheet}`,
    description: `La entrada del catálogo ${spec.sheet} ${where} con ${keyWords} exacta, con sus columnas propias; una clave que no existe es 404.`,
    params,
    body: { ref: "CfdiCatalogEntry" as const },
    cache: deps.cache,
    notFound: true,
    mcp: { tool: "catalogo_sat" as const, as: spec.id },
    // Its /status entry: the x-fmx-data-* headers say when the sheet is known to be behind SAT's revisions.
    datasets: [`${spec.family}-${spec.id}`],
  };
  const id = lookupRouteId(spec.family, spec.id);
  // The pedimento function says itself what is missing; a file lookup's 404 is the route's `missing`.
  const lookup: SatRoute =
    id === "cfdiNumPedimentoAduana"
      ? { id, ...lookupFields, kind: "function" }
      : { id, ...lookupFields, kind: "file", missing: missingCode(spec) };
  const paged = spec.paged;
  const filters = LIST_FILTERS[spec.id] ?? [];
  const filterWords =
    filters.length > 0
      ? ` Con ${filters.map((f) => `\`${f.name}\``).join(" o ")}, solo las entradas que lo permiten (las combina); un régimen o uso bien escrito que no existe da []. Las listas filtradas las responde una función con los mismos encabezados.`
      : "";
  const list: SatRoute = {
    id: listRouteId(spec.family, spec.id),
    path: `/${spec.family}/${spec.id}`,
    tag,
    summary: paged ? `Catálogo ${spec.sheet} paginado, en orden de clave` : `Catálogo ${spec.sheet} completo, en orden de clave`,
    description: paged
      ? "Las páginas con el `limit` por omisión se sirven como archivos; cualquier otra combinación de `limit` y `offset` la responde una función con el mismo contenido y encabezados."
      : `Todas las entradas del catálogo ${spec.sheet} ${where}, en orden de clave.${filterWords}`,
    params: paged ? [deps.pageLimit, deps.pageOffset] : filters,
    body: { arrayOf: "CfdiCatalogEntry" },
    cache: deps.cache,
    kind: "file",
    notFound: false,
    mcp: { tool: "catalogo_sat", as: spec.id },
    datasets: [`${spec.family}-${spec.id}`],
    ...(paged && { prebuilt: "default-limit-pages" as const }),
  };
  return [lookup, list];
}

/**
 * The catalog ids the search covers and accepts in `catalogo`: every keyed catalog of both workbooks but
 * c_NumPedimentoAduana, a grid of numbers without text (58,853 rows that would double the index), and the
 * cancellation reasons (lib/datasets/cancel-reasons.ts), a catalog of the project's own table.
 */
export const SEARCH_CATALOGS: readonly string[] = [
  ...[...CFDI_SHEETS, ...NOMINA_SHEETS].map((s) => s.id).filter((id) => id !== "num-pedimento-aduana"),
  "motivo-cancelacion",
];

export const SEARCH_LIMIT: IntegerQueryParam = {
  in: "query",
  name: "limit",
  type: "integer",
  minimum: 1,
  maximum: 50,
  default: 10,
  description: "Resultados como máximo.",
};

/** The search over the SAT catalogs. */
export function satSearchRoutes(deps: SatRouteDeps): SatRoute[] {
  return [
    {
      id: "cfdiSearch",
      path: "/cfdi/buscar",
      tag: FAMILY_TAG.cfdi,
      summary: "Busca claves en los catálogos del SAT",
      description:
        "Resultados ordenados por relevancia sobre la descripción, las palabras similares de c_ClaveProdServ y el prefijo de la clave; sin distinguir mayúsculas, acentos, plural ni género, " +
        "con sinónimos de uso común (renta, arrendamiento y alquiler; laptop, portátil y notebook…); completa la última palabra como prefijo y, solo si las palabras tal como se escribieron encuentran muy poco, " +
        `tolera un error de dedo en palabras de ${MIN_TYPO_CHARS} a ${MAX_TYPO_CHARS} letras. Primero las claves que tienen todas las palabras; luego las que la búsqueda nombra (su descripción o una de sus palabras similares es lo buscado o empieza por ello); ` +
        "las que tienen las palabras en la descripción antes que solo en las palabras similares, las palabras tal como se escribieron antes que sus terminaciones, y la clave específica antes que su clase o familia. " +
        "En c_ClaveUnidad, «unidad» seguida de lo que se factura da la unidad de servicio (E48) y la pieza (H87), primero la que corresponde según c_ClaveProdServ (servicio o bien). " +
        `Límites: se leen ${MAX_QUERY_CHARS} caracteres; las palabras repetidas y las de una sola letra se ignoran, y de las distintas se usan las ${MAX_QUERY_WORDS} primeras; ` +
        `la última palabra se completa con sus ${MAX_COMPLETIONS} terminaciones más frecuentes; se consultan en el índice las palabras más raras hasta ${POSTINGS_BUDGET} apariciones (las demás solo se comprueban en la descripción de lo encontrado) ` +
        `y se ordenan a lo más ${CANDIDATE_BUDGET} claves por consulta. ` +
        "Los motivos de cancelación (motivo-cancelacion) se buscan por su nombre, por cuándo se usan y por las notas de la guía que los mencionan. " +
        "Las unidades de c_ClaveUnidad que su nota marca como borradas del catálogo de UNECE o no recomendadas por el BIPM van después de las demás vigentes; las claves que no están vigentes en la fecha de corte van al final y lo indican (`inForce: false`). No cubre c_NumPedimentoAduana (solo números; use su consulta).",
      params: [
        {
          in: "query",
          name: "q",
          type: "string",
          required: true,
          maxLength: MAX_QUERY_CHARS,
          example: "computadora portatil",
          description: `Texto a buscar; no vacío, máximo ${MAX_QUERY_CHARS} caracteres; se usan sus ${MAX_QUERY_WORDS} primeras palabras distintas.`,
        },
        {
          in: "query",
          name: "catalogo",
          type: "string",
          required: false,
          enum: SEARCH_CATALOGS,
          maxLength: 24,
          example: "clave-prod-serv",
          description: "Solo en este catálogo; sin él, en todos los del CFDI 4.0.",
        },
        SEARCH_LIMIT,
      ],
      body: { arrayOf: "SearchResult" },
      cache: deps.cache,
      kind: "function",
      notFound: false,
      mcp: { tool: "buscar_clave_sat" },
    },
  ];
}

/** The section of the route table for every SAT catalog, in catalog order. */
export const satRoutes = (deps: SatRouteDeps): SatRoute[] =>
  [...CFDI_SHEETS, ...NOMINA_SHEETS].flatMap((spec) => catalogRoutes(spec, deps));
