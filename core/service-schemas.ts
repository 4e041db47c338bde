// Shapes of the service's own documents: the content catalogs, suggestions, the status document, the dumps' index and problems.
import { Type, type Static } from "@sinclair/typebox";
import { closed, date, enumOf, nullableString, ref } from "./schema-kit.ts";

/** What every entry of /tools, /articles and /glossary has: a stable slug, a title, a short text and its page. */
const catalogEntryProperties = {
  slug: Type.String({ pattern: "^[a-z0-9]+(-[a-z0-9]+)*$", description: "Identificador estable." }),
  title: Type.String({ minLength: 1, description: "Título en español." }),
  summary: Type.String({ minLength: 1, description: "Resumen breve." }),
  url: Type.String({ description: "Ruta de la página en el sitio." }),
};

const ToolEntry = Type.Object(
  { ...catalogEntryProperties, uses: Type.Array(Type.String(), { description: "Rutas de la API que usa." }) },
  { description: "Calculadora del sitio.", ...closed },
);

const ArticleEntry = Type.Object(
  { ...catalogEntryProperties, updated: date("Última revisión del texto.") },
  { description: "Artículo o guía del sitio.", ...closed },
);

const GlossaryEntry = Type.Object(
  { ...catalogEntryProperties, expansion: nullableString({ description: "Significado de la sigla, si lo es." }) },
  { description: "Término del glosario; `title` es el término.", ...closed },
);

const SUGGESTION_TYPES = ["tool", "article", "glossary"] as const;

const Suggestion = Type.Object(
  {
    type: enumOf(SUGGESTION_TYPES, { description: "Calculadora, artículo o término del glosario." }),
    title: Type.String({ description: "Título de la página." }),
    url: Type.String({ description: "Ruta de la página en el sitio." }),
  },
  { description: "Sugerencia para una página no encontrada.", ...closed },
);

const CADENCES = ["diaria", "mensual", "anual", "por versión"] as const;

const PublicCopy = Type.Object(
  {
    repository: Type.String({ description: "Repositorio público (dueño/nombre en GitHub)." }),
    path: Type.String({ description: "Archivo o carpeta del repositorio." }),
    commit: Type.String({ pattern: "^[0-9a-f]{40}$" }),
    covers: nullableString({ description: "Qué parte de los datos dio (fechas, periodos); null si todos." }),
  },
  { description: "Copia pública de los datos del publicador de la que se tomó el archivo.", ...closed },
);

const RawFile = Type.Object(
  {
    file: Type.String({ description: "Ruta del archivo en raw/." }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
    bytes: Type.Integer({ minimum: 0 }),
    origin: enumOf(["publicador", "copia"], {
      description:
        "publicador: descargado por `npm run fetch` del sitio del publicador; copia: tomado de copias públicas, nunca descargado.",
    }),
    fetchedAt: nullableString({ description: "Hora de la descarga del publicador; null para una copia (no hubo descarga)." }),
    url: nullableString({ description: "URL de la descarga; para una copia, la dirección oficial del publicador." }),
    copies: Type.Unsafe<Static<typeof PublicCopy>[] | null>({
      type: ["array", "null"],
      items: PublicCopy,
      description: "Las copias públicas de las que se tomó (repositorio, archivo, commit); null para una descarga.",
    }),
  },
  { ...closed },
);

const DatasetStatus = Type.Object(
  {
    id: Type.String({ description: "Identificador del conjunto de datos." }),
    title: Type.String(),
    publisher: Type.String(),
    officialUrl: Type.String(),
    cadence: enumOf(CADENCES),
    records: Type.Integer({ minimum: 0 }),
    first: nullableString({ description: "Primera fecha, periodo, año o clave." }),
    latest: nullableString({ description: "Última fecha, periodo, año o clave." }),
    stale: Type.Boolean({
      description:
        "FIX y TIIE: más de 4 días hábiles detrás de la fecha de corte; UDI: sin valor para la fecha de corte (se publica por adelantado); INPC: más de 45 días después del fin del mes siguiente al último periodo; tablas anuales: falta el año en curso pasado su mes de publicación.",
    }),
    staleReason: nullableString(),
    staleFrom: Type.Unsafe<string | null>({
      type: ["string", "null"],
      format: "date",
      description:
        "Primer día (Ciudad de México) en que el conjunto estará desactualizado si no llega un dato nuevo, según las reglas de `stale`; null para los catálogos (se publican por versión). Un programa sabe si está desactualizado comparando su fecha con esta.",
    }),
    raw: Type.Unsafe<Static<typeof RawFile> | null>({
      ...RawFile,
      type: ["object", "null"],
      description: "Archivo crudo del que se compiló (null para las tablas que se mantienen en el repositorio).",
    }),
    citation: Type.Optional(Type.String({ description: "Publicación oficial de una tabla mantenida a mano." })),
    version: Type.Optional(
      nullableString({ description: "Catálogos del SAT: versión de la hoja según raw/sat/*/version.txt; null si no la declara." }),
    ),
  },
  { description: "Frescura y procedencia de un conjunto de datos.", ...closed },
);

const Status = Type.Object(
  {
    service: Type.String({ description: "Nombre del servicio." }),
    builtAt: nullableString({
      format: "date-time",
      description:
        "Hora de la compilación (SOURCE_DATE_EPOCH, que fija la compilación nocturna); si no se fijó, la descarga más reciente de los archivos crudos; null si tampoco se conoce.",
    }),
    asOf: date("Fecha de corte de la compilación (Ciudad de México)."),
    datasets: Type.Array(ref("DatasetStatus", DatasetStatus)),
    downloads: Type.Object(
      {
        index: Type.String({ description: "Índice de descargas completas, con tamaño, SHA-256 y registros de cada archivo." }),
        sqlite: Type.String({ description: "Todos los conjuntos en una base SQLite, con búsqueda de texto completo (FTS5)." }),
        workbooks: Type.Array(Type.String(), { description: "Un libro .xlsx por familia de conjuntos, para hojas de cálculo." }),
      },
      { description: "Descargas de todos los datos para usarlos sin conexión.", ...closed },
    ),
  },
  { description: "Frescura y procedencia de los datos publicados.", ...closed },
);

const DUMP_FORMAT_NAMES = ["json", "csv", "ndjson", "sqlite", "xlsx"] as const;

const DumpFileEntry = Type.Object(
  {
    dataset: Type.String(),
    format: enumOf(DUMP_FORMAT_NAMES),
    url: Type.String(),
    contentType: Type.String(),
    rows: Type.Integer({ minimum: 0 }),
    bytes: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
    coverage: Type.Object({ first: nullableString(), last: nullableString() }, closed),
    source: Type.String(),
    // A file of many datasets (SQLite, workbooks) has no provenance of its own: each dataset's is inside it.
    origin: Type.Optional(
      enumOf(["publicador", "copia", "tabla"], {
        description:
          "publicador: archivo descargado del publicador; copia: tomado de copias públicas, nunca descargado; tabla: mantenida a mano en el repositorio. " +
          "Ausente en los archivos de varios conjuntos: cada conjunto dice la suya dentro (tabla datasets, hoja Fuentes).",
      }),
    ),
    fetchedAt: Type.Optional(nullableString({ description: "Hora de la descarga del publicador; null para una copia o una tabla." })),
    copies: Type.Optional(
      Type.Unsafe<Static<typeof PublicCopy>[] | null>({
        type: ["array", "null"],
        items: PublicCopy,
        description: "Las copias públicas de las que se tomaron los datos; null si no es una copia.",
      }),
    ),
    version: Type.Optional(
      nullableString({ description: "Catálogos del SAT: versión de la hoja según su version.txt; null en los demás casos." }),
    ),
    license: Type.String(),
    attribution: Type.String(),
    records: Type.Optional(
      Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
        description: "Archivos de varios conjuntos (SQLite, libros .xlsx): registros de cada tabla u hoja.",
      }),
    ),
  },
  closed,
);

const DumpIndex = Type.Object(
  {
    license: Type.Object({ name: Type.String(), url: Type.String() }, closed),
    attribution: Type.String(),
    files: Type.Array(DumpFileEntry),
  },
  {
    description:
      "Lista de descargas completas: cada conjunto de datos en JSON, CSV y NDJSON; todos en una base SQLite; cada familia en un libro .xlsx.",
    ...closed,
  },
);

const Problem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String({ description: "Detalle en español." }),
    instance: Type.String({ description: "La ruta solicitada." }),
  },
  { description: "Error en formato RFC 9457 (application/problem+json); `detail` en español.", ...closed },
);

export const serviceSchemas = { ToolEntry, ArticleEntry, GlossaryEntry, Suggestion, Status, DatasetStatus, DumpIndex, Problem };

export type ToolEntry = Static<typeof ToolEntry>;
export type ArticleEntry = Static<typeof ArticleEntry>;
export type GlossaryEntry = Static<typeof GlossaryEntry>;
export type Suggestion = Static<typeof Suggestion>;
export type StatusDocument = Static<typeof Status>;
export type DatasetStatus = Static<typeof DatasetStatus>;
