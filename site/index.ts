// The site for people: every page (landing, reference, calculators, guides, glossary, 404) and the static assets, as output files.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { articles } from "../content/articles.ts";
import { glossary } from "../content/glossary.ts";
import { tools } from "../content/tools.ts";
import type { OutputFile } from "../build/write.ts";
import { articlePage, articlesIndexPage, glossaryIndexPage, glossaryPage, toolsIndexPage } from "./content-pages.ts";
import type { SiteContext } from "./context.ts";
import { docsPage } from "./docs.ts";
import { landingPage } from "./landing.ts";
import { mcpGuidePage } from "./mcp-page.ts";
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { notFoundPage } from "./not-found.ts";
import { toolPage } from "./tool-pages.ts";

export type { SiteContext } from "./context.ts";

const ASSETS_DIR = fileURLToPath(new URL("./assets/", import.meta.url));

/** The file that serves a page's pretty URL: "/glosario/uma/" → "/glosario/uma/index.html". */
export const pageFile = (url: string): string => (url.endsWith("/") ? `${url}index.html` : `${url}/index.html`);

const html = (path: string, text: string): OutputFile => ({ path, data: Buffer.from(text) });

/** Every file below site/assets/ except type declarations, at /assets/<same path>. */
export function assetFiles(): OutputFile[] {
  return readdirSync(ASSETS_DIR, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith(".d.ts"))
    .map((e) => {
      const full = join(e.parentPath, e.name);
      return { path: `/assets/${relative(ASSETS_DIR, full).split(sep).join("/")}`, data: readFileSync(full) };
    })
    .sort((a, b) => (a.path < b.path ? -1 : 1));
}

export function* siteFiles(ctx: SiteContext): Generator<OutputFile> {
  yield html("/index.html", landingPage(ctx));
  yield html("/docs/index.html", docsPage(ctx));
  yield html(pageFile(MCP_GUIDE_PATH), mcpGuidePage(ctx));
  yield html("/herramientas/index.html", toolsIndexPage(ctx.site));
  for (const t of tools) yield html(pageFile(t.url), toolPage(t, ctx));
  yield html("/articulos/index.html", articlesIndexPage(ctx.site));
  for (const a of articles) yield html(pageFile(a.url), articlePage(a, ctx.site));
  yield html("/glosario/index.html", glossaryIndexPage(ctx.site));
  for (const g of glossary) yield html(pageFile(g.url), glossaryPage(g, ctx.site));
  yield html("/404.html", notFoundPage(ctx.site));
  yield* assetFiles();
}
