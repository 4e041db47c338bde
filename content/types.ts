// Shapes of the site content catalogs (/tools, /articles, /glossary) kept in the repo.

/** A calculator that runs in the browser against the API of the same origin. */
export interface Tool {
  /** Stable identifier, lower-case kebab-case ASCII; never changes once published. */
  slug: string;
  /** Spanish title as shown on the site. */
  title: string;
  /** One or two Spanish sentences saying what it computes. */
  summary: string;
  /** Site path of its page: `/herramientas/<slug>/`. */
  url: string;
  /** API paths (relative to /api/v1/public) the calculator reads. */
  uses: string[];
  /** Search words (Spanish, lower-case) that help suggestions find it. */
  keywords: string[];
  /**
   * What the page explains after the form ("Cómo se calcula"): sections of plain text, which may hold
   * `{{placeholder}}`s (content/placeholders.ts) that the site fills from the data. Not part of /tools.
   */
  sections: Section[];
}

/** A guide: a real article in Spanish, written as a list of sections. */
export interface Article {
  slug: string;
  title: string;
  summary: string;
  /** Site path of its page: `/articulos/<slug>/`. */
  url: string;
  /** Last revision date of the text, YYYY-MM-DD. */
  updated: string;
  /** Search words (Spanish, lower-case). */
  keywords: string[];
  /** The body: each section a heading and paragraphs of plain text (no HTML). */
  sections: Section[];
  /** Slugs of glossary terms the article relies on. */
  related: string[];
}

/** A `## ` heading of a content file and the paragraphs under it. */
interface Section {
  heading: string;
  paragraphs: string[];
}

/** A glossary term of Mexican taxation and payroll. */
export interface GlossaryTerm {
  slug: string;
  /** The term as written (e.g. "UMA"). */
  term: string;
  /** Expansion of an acronym, or null (e.g. "Unidad de Medida y Actualización"). */
  expansion: string | null;
  /** One-sentence Spanish definition for the catalog. */
  summary: string;
  /** Site path of its page: `/glosario/<slug>/`. */
  url: string;
  /** Longer definition: Spanish paragraphs of plain text. */
  definition: string[];
  /** Slugs of related glossary terms (each must exist). */
  related: string[];
  /** Legal or official reference, e.g. "Art. 17-A CFF", or null. */
  reference: string | null;
}
