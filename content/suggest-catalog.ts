// What /suggest needs of the content (titles, urls, search words), kept in suggest-catalog.json so the function ships neither Markdown nor a parser.
import type { SiteContent } from "./load.ts";

interface PageEntry {
  slug: string;
  title: string;
  url: string;
  keywords: string[];
}

export interface SuggestCatalog {
  tools: PageEntry[];
  articles: PageEntry[];
  glossary: { slug: string; term: string; expansion: string | null; url: string }[];
}

/** The catalog as `npm run content` writes it and the build expects to find it. */
export function suggestCatalog(c: SiteContent): SuggestCatalog {
  const page = (e: PageEntry): PageEntry => ({ slug: e.slug, title: e.title, url: e.url, keywords: e.keywords });
  return {
    tools: c.tools.map(page),
    articles: c.articles.map(page),
    glossary: c.glossary.map((g) => ({ slug: g.slug, term: g.term, expansion: g.expansion, url: g.url })),
  };
}
