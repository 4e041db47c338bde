// raw/manifest.json's shape: per raw file, either a download from its publisher or a public copy of its data.
import { Type, type Static } from "@sinclair/typebox";
import { Value, ValueErrorType, type ValueError } from "@sinclair/typebox/value";
import { closed } from "./schema-kit.ts";

/** A union rather than schema-kit's `type: [..., "null"]`, which TypeBox's own checker does not read. */
const nullableString = () => Type.Union([Type.String(), Type.Null()]);

/** What every entry says of the bytes, whatever their origin (tools/fetch-guards.ts computes it). */
const summary = {
  sha256: Type.String({ pattern: "^[0-9a-f]{64}$" }),
  bytes: Type.Integer({ minimum: 0 }),
  rows: Type.Integer({ minimum: 0 }),
  /** First and last date or period of a series; lowest and highest code of a catalog. */
  first: nullableString(),
  last: nullableString(),
};

const source = Type.String({ description: "The feed the data belongs to: banxico, inegi or sat." });

/** Written by `npm run fetch`: the bytes came from the publisher's own endpoint at fetchedAt. */
const PublisherEntry = Type.Object(
  {
    kind: Type.Literal("publisher"),
    source,
    url: Type.String({ description: "Where it was downloaded, without secrets (INEGI's token is left out)." }),
    fetchedAt: Type.String({ description: "ISO time of the last download, or of the last 304 that confirmed it." }),
    etag: nullableString(),
    lastModified: nullableString(),
    ...summary,
  },
  closed,
);

/** A public repository's file the data was taken or reassembled from, as raw/README.md tells it. */
const PublicCopy = Type.Object(
  {
    repository: Type.String({ pattern: "^[^/\\s]+/[^/\\s]+$", description: "owner/name on GitHub." }),
    path: Type.String({ minLength: 1 }),
    commit: Type.String({ pattern: "^[0-9a-f]{40}$" }),
    /** The part of the file it gave ("1991-11-12 … 2025-11-25"), or null when it gave all of it. */
    covers: nullableString(),
  },
  closed,
);

/** Not downloaded from the publisher: assembled from public copies (raw/README.md says how), never fetched. */
const CopyEntry = Type.Object(
  {
    kind: Type.Literal("copy"),
    source,
    url: Type.String({ description: "The publisher's official endpoint or page for this data (not where it was taken from)." }),
    copies: Type.Array(PublicCopy, { minItems: 1 }),
    ...summary,
  },
  closed,
);

const ManifestEntrySchema = Type.Union([PublisherEntry, CopyEntry]);
const ManifestSchema = Type.Object({ files: Type.Record(Type.String(), ManifestEntrySchema) }, closed);

export type PublisherEntry = Static<typeof PublisherEntry>;
export type CopyEntry = Static<typeof CopyEntry>;
export type PublicCopy = Static<typeof PublicCopy>;
export type ManifestEntry = Static<typeof ManifestEntrySchema>;
export type Manifest = Static<typeof ManifestSchema>;

/** What a field must be, in Spanish, by the kind of the first error found in it. */
function expected(error: ValueError): string {
  const schema = error.schema as { pattern?: string; minimum?: number; minItems?: number; const?: unknown };
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "falta, y es obligatorio";
    case ValueErrorType.ObjectAdditionalProperties:
      return "no es un campo del manifiesto";
    case ValueErrorType.String:
      return "debe ser texto";
    case ValueErrorType.Union:
      return "debe ser texto o null";
    case ValueErrorType.Integer:
      return "debe ser un número entero";
    case ValueErrorType.IntegerMinimum:
      return `debe ser un entero mayor o igual que ${schema.minimum}`;
    case ValueErrorType.StringPattern:
      return `no tiene la forma esperada (${schema.pattern})`;
    case ValueErrorType.StringMinLength:
      return "no puede estar vacío";
    case ValueErrorType.Array:
      return "debe ser una lista";
    case ValueErrorType.ArrayMinItems:
      return `debe tener al menos ${schema.minItems} elemento`;
    case ValueErrorType.Object:
      return "debe ser un objeto";
    case ValueErrorType.Literal:
      return `debe ser ${JSON.stringify(schema.const)}`;
    default:
      return "no es válido";
  }
}

/** A JSON pointer's segments as a field name people read: "copies.0.commit" (no "~1" escapes). */
const fieldOf = (pointer: string): string =>
  pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");

/** A value as a message quotes it: short, on one line. */
const quoted = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/**
 * The first mistake of a manifest, in Spanish, naming the raw file's entry and the field ("la entrada de
 * banxico/SF43718.json, campo sha256: debe ser texto (se leyó 12)"); null for a valid manifest. Each entry
 * is checked against the schema of its own kind, so the message names the field, not "a union".
 */
export function manifestError(value: unknown): string | null {
  const files = typeof value === "object" && value !== null ? (value as { files?: unknown }).files : undefined;
  if (typeof files !== "object" || files === null || Array.isArray(files)) return "falta el objeto files";
  const extra = Object.keys(value as object).find((k) => k !== "files");
  if (extra !== undefined) return `el campo ${extra} no es parte del manifiesto (solo files)`;
  for (const [file, entry] of Object.entries(files as Record<string, unknown>)) {
    const where = `la entrada de ${file}`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return `${where} debe ser un objeto, no ${quoted(entry)}`;
    const kind = (entry as { kind?: unknown }).kind;
    const schema = kind === "publisher" ? PublisherEntry : kind === "copy" ? CopyEntry : undefined;
    if (schema === undefined) return `${where}, campo kind: debe ser "publisher" o "copy" (se leyó ${quoted(kind)})`;
    const first = Value.Errors(schema, entry).First();
    if (first === undefined) continue;
    const field = fieldOf(first.path);
    const read = first.type === ValueErrorType.ObjectRequiredProperty ? "" : ` (se leyó ${quoted(first.value)})`;
    return `${where}, campo ${field || "(la entrada)"}: ${expected(first)}${read}`;
  }
  return null;
}
