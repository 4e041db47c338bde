// The site content from its Markdown folders: tools, articles and glossary as records, every file and cross-reference checked.
import { join } from "node:path";
import { type Entry, ContentError, readCollection } from "./collection.ts";
import type { Block } from "./markdown.ts";
import { braceLine, placeholderProblems } from "./placeholders.ts";
import { ArticleMatter, GlossaryMatter, ToolMatter } from "./schema.ts";
import type { Article, GlossaryTerm, Tool } from "./types.ts";

export interface SiteContent {
  tools: Tool[];
  articles: Article[];
  glossary: GlossaryTerm[];
}

const paragraphsOf = (blocks: Block[]): string[] => blocks.map((b) => b.text);

/** A guide's or a calculator's body: each `## ` heading opens a section that holds the paragraphs after it. */
function sections(e: Entry<unknown>, problems: string[], empty: string): Article["sections"] {
  const out: Article["sections"] = [];
  for (const b of e.blocks) {
    if (b.kind === "heading") out.push({ heading: b.text, paragraphs: [] });
    else if (out.length === 0) problems.push(`${e.file}: línea ${b.line}: un párrafo antes del primer encabezado "## "`);
    else out.at(-1)?.paragraphs.push(b.text);
  }
  for (const s of out) if (s.paragraphs.length === 0) problems.push(`${e.file}: la sección "${s.heading}" no tiene párrafos`);
  if (out.length === 0) problems.push(`${e.file}: ${empty}`);
  return out;
}

/** A body of paragraphs only (a glossary definition); a heading there is a mistake. */
function definition(e: Entry<GlossaryMatter>, problems: string[]): string[] {
  for (const b of e.blocks) if (b.kind === "heading") problems.push(`${e.file}: línea ${b.line}: la definición no lleva encabezados`);
  if (e.blocks.length === 0) problems.push(`${e.file}: el cuerpo (la definición) está vacío`);
  return paragraphsOf(e.blocks.filter((b) => b.kind === "paragraph"));
}

/** A calculator: its page's explanation is the body, the only content whose text may quote the data through placeholders. */
function tool(e: Entry<ToolMatter>, problems: string[]): Tool {
  for (const b of e.blocks) problems.push(...placeholderProblems(b.raw, b.line).map((p) => `${e.file}: ${p}`));
  const { title, summary, uses, keywords } = e.matter;
  const body = sections(e, problems, 'falta el cuerpo: la explicación de la página ("## Cómo se calcula" y sus párrafos)');
  return { slug: e.slug, title, summary, url: `/herramientas/${e.slug}/`, uses, keywords, sections: body };
}

function article(e: Entry<ArticleMatter>, problems: string[]): Article {
  const { title, summary, updated, keywords, related } = e.matter;
  return {
    slug: e.slug,
    title,
    summary,
    url: `/articulos/${e.slug}/`,
    updated,
    keywords,
    sections: sections(e, problems, 'el cuerpo no tiene secciones "## "'),
    related,
  };
}

function term(e: Entry<GlossaryMatter>, problems: string[]): GlossaryTerm {
  const { term, expansion, summary, related, reference } = e.matter;
  const url = `/glosario/${e.slug}/`;
  return {
    slug: e.slug,
    term,
    expansion: expansion ?? null,
    summary,
    url,
    definition: definition(e, problems),
    related,
    reference: reference ?? null,
  };
}

/** Placeholders are filled on calculator pages only; elsewhere `{{…}}` would reach the page as typed. */
function refusePlaceholders(e: Entry<unknown>, problems: string[]): void {
  for (const b of e.blocks) {
    const line = braceLine(b.raw, b.line);
    if (line !== undefined)
      problems.push(`${e.file}: línea ${line}: los marcadores {{…}} solo se llenan en las calculadoras (content/tools)`);
  }
}

/** Related slugs that name no glossary term, or the entry itself. */
function checkRelated(file: string, slug: string, related: string[], terms: Set<string>, problems: string[]): void {
  for (const r of related) {
    if (!terms.has(r)) problems.push(`${file}: front matter, "related" nombra "${r}", que no está en el glosario`);
    if (r === slug) problems.push(`${file}: front matter, "related" se nombra a sí mismo`);
  }
}

/** Reads content/tools, content/articles and content/glossary under `root`; throws one ContentError listing every problem. */
export function loadContent(root: string): SiteContent {
  const problems: string[] = [];
  const toolEntries = readCollection(join(root, "tools"), ToolMatter, problems).entries;
  const articleEntries = readCollection(join(root, "articles"), ArticleMatter, problems).entries;
  const { entries: termEntries, slugs: terms } = readCollection(join(root, "glossary"), GlossaryMatter, problems);
  const content: SiteContent = {
    tools: toolEntries.map((e) => tool(e, problems)),
    articles: articleEntries.map((e) => article(e, problems)),
    glossary: termEntries.map((e) => term(e, problems)),
  };
  for (const e of [...articleEntries, ...termEntries]) refusePlaceholders(e, problems);
  for (const e of articleEntries) checkRelated(e.file, "", e.matter.related, terms, problems);
  for (const e of termEntries) checkRelated(e.file, e.slug, e.matter.related, terms, problems);
  if (problems.length > 0) throw new ContentError(problems);
  return content;
}
