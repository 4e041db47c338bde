// The site for people: every page (landing, reference, calculators, catalogs, guides, glossary, status, 404), the sitemap and the static assets, as output files.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import { articles, glossary, tools } from "../content/index.ts";
import { articlePage, articlesIndexPage, glossaryIndexPage, glossaryPage, toolsIndexPage } from "./content-pages.ts";
import type { SiteContext, SiteFile } from "./context.ts";
import { CALC_BUNDLE, calcBundle } from "./calc-bundle.ts";
import { catalogSitePages } from "./catalogs.ts";
import { docsPages } from "./docs.ts";
import { STATUS_PAGE, statusPage } from "./freshness.ts";
import { landingPage } from "./landing.ts";
import { mcpGuidePage } from "./mcp-page.ts";
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { notFoundPage } from "./not-found.ts";
import { problemPages } from "./problem-pages.ts";
import { robots, SITEMAP, sitemap } from "./sitemap.ts";
import { toolPage } from "./tool-pages.ts";
import { CALENDAR_PAGE, calendarPage } from "./calendar-page.ts";

export type { SiteContext } from "./context.ts";

const ASSETS_DIR = fileURLToPath(new URL("./assets/", import.meta.url));

/** The file that serves a page's pretty URL: "/glosario/uma/" → "/glosario/uma/index.html". */
export const pageFile = (url: string): string => (url.endsWith("/") ? `${url}index.html` : `${url}/index.html`);

const html = (path: string, text: string): SiteFile => ({ path, data: Buffer.from(text) });

/** Every file below site/assets/ except type declarations, at /assets/<same path>, and the calculators' bundle of core/. */
function assetFiles(): SiteFile[] {
  const files = fg
    .sync("**", { cwd: ASSETS_DIR, ignore: ["**/*.d.ts"] })
    .map((name) => ({ path: `/assets/${name}`, data: readFileSync(join(ASSETS_DIR, name)) }));
  if (files.some((f) => f.path === CALC_BUNDLE))
    throw new Error(`site/assets no debe tener ${CALC_BUNDLE}: lo genera el build desde core/`);
  return [...files, calcBundle()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Every page of the site as [site path, HTML], the 404 page last. */
function* pages(ctx: SiteContext): Generator<[string, string]> {
  yield ["/", landingPage(ctx)];
  yield* docsPages(ctx);
  yield [MCP_GUIDE_PATH, mcpGuidePage(ctx)];
  yield ["/herramientas/", toolsIndexPage(ctx.site)];
  for (const t of tools) yield [t.url, toolPage(t, ctx)];
  yield* catalogSitePages(ctx);
  yield ["/articulos/", articlesIndexPage(ctx.site)];
  for (const a of articles) yield [a.url, articlePage(a, ctx.site)];
  yield ["/glosario/", glossaryIndexPage(ctx.site)];
  for (const g of glossary) yield [g.url, glossaryPage(g, ctx.site)];
  yield [STATUS_PAGE, statusPage(ctx)];
  yield [CALENDAR_PAGE, calendarPage(ctx)];
  yield* problemPages(ctx.site);
}

export function* siteFiles(ctx: SiteContext): Generator<SiteFile> {
  const paths: string[] = [];
  for (const [path, text] of pages(ctx)) {
    paths.push(path);
    yield html(pageFile(path), text);
  }
  yield html("/404.html", notFoundPage(ctx.site));
  yield html(SITEMAP, sitemap(ctx.site, paths));
  yield html("/robots.txt", robots(ctx.site));
  yield* assetFiles();
}
