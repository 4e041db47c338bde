// Front matter of the content files in TypeBox: the fields a writer puts between the `---` lines of each Markdown file.
import { type Static, Type } from "@sinclair/typebox";

const SLUG = "^[a-z0-9]+(-[a-z0-9]+)*$";
/** One line of text without surrounding spaces. */
const line = (description: string) => Type.String({ minLength: 1, pattern: "^\\S(.*\\S)?$", description });
/** A search word: lower case, so suggestions match what readers type. */
const keywords = Type.Array(Type.String({ minLength: 1, pattern: "^[^\\p{Lu}\\s]([^\\p{Lu}\\n]*[^\\p{Lu}\\s])?$" }), {
  minItems: 1,
  description: "Search words in Spanish, lower case.",
});
const slugs = (description: string) => Type.Array(Type.String({ pattern: SLUG }), { uniqueItems: true, description });
const closed = { additionalProperties: false } as const;

/** A calculator: content/tools/<slug>.md, its body the `## ` sections its page shows after the form. */
export const ToolMatter = Type.Object(
  {
    title: line("Title as shown on the site."),
    summary: line("One or two sentences saying what it computes."),
    uses: Type.Array(Type.String({ pattern: "^/[a-z0-9/{}-]+$" }), { minItems: 1, description: "API paths the calculator reads." }),
    keywords,
  },
  closed,
);

/** A guide: content/articles/<slug>.md, its body `## ` sections of paragraphs. */
export const ArticleMatter = Type.Object(
  {
    title: line("Title as shown on the site."),
    summary: line("The lead paragraph and the catalog's summary."),
    updated: Type.String({ format: "date", description: "Last revision of the text." }),
    keywords,
    related: slugs("Glossary terms the guide relies on."),
  },
  closed,
);

/** A glossary term: content/glossary/<slug>.md, its body the paragraphs of the definition. */
export const GlossaryMatter = Type.Object(
  {
    term: line("The term as written, e.g. UMA."),
    expansion: Type.Optional(line("What the acronym stands for; absent when the term is not one.")),
    summary: line("One-sentence definition for the catalog."),
    reference: Type.Optional(line("Legal or official reference, e.g. Art. 17-A CFF.")),
    related: slugs("Related glossary terms."),
  },
  closed,
);

export type ToolMatter = Static<typeof ToolMatter>;
export type ArticleMatter = Static<typeof ArticleMatter>;
export type GlossaryMatter = Static<typeof GlossaryMatter>;
