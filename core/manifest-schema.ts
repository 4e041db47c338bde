// raw/manifest.json's shape: per raw file, either a download from its publisher or a public copy of its data.
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
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

/** The first entry that breaks the schema, as "file: /path message"; null for a valid manifest. */
export function manifestError(value: unknown): string | null {
  const first = Value.Errors(ManifestSchema, value).First();
  return first === undefined ? null : `${first.path || "/"}: ${first.message}`;
}
