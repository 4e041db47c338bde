// The content catalog responses (/tools, /articles, /glossary) from the content kept in content/.
import { articles } from "../content/articles.ts";
import { glossary } from "../content/glossary.ts";
import { tools } from "../content/tools.ts";
import { filePath, routeById } from "../lib/routes.ts";
import type { ApiFile } from "./emit.ts";

export function* contentFiles(): Generator<ApiFile> {
  const catalogs: [string, unknown[]][] = [
    ["toolsCatalog", tools.map((t) => ({ slug: t.slug, title: t.title, summary: t.summary, url: t.url, uses: t.uses }))],
    ["articlesCatalog", articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, url: a.url, updated: a.updated }))],
    ["glossaryCatalog", glossary.map((g) => ({ slug: g.slug, title: g.term, expansion: g.expansion, summary: g.summary, url: g.url }))],
  ];
  for (const [id, body] of catalogs) {
    const route = routeById(id);
    yield { path: filePath(route), route, body };
  }
}
