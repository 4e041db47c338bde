// The built site without a browser: a page for every catalog entry, markup rules, links that resolve, real examples, size.
import { PROBLEM_KINDS, PROBLEMS_PATH, problemPagePath } from "../content/problem-kinds.ts";
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { beforeAll, describe, expect, it } from "vitest";
import { articles, glossary, tools } from "../content/index.ts";
import { claveProdServList } from "../lib/bodies/bodies.ts";
import { openApiDocument } from "../build/openapi.ts";
import { statusDocument } from "../build/status.ts";
import { API_BASE, exampleRequest, filePath, routes, SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/routes.ts";
import { SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { siteUrl } from "../core/service-config.ts";
import type { SiteContext } from "../site/context.ts";
import { examples, readByExamples, shownJson } from "../site/examples.ts";
import { catalogPages } from "../site/catalogs.ts";
import { DOCS_INDEX, familyPath, operationHref } from "../site/docs-paths.ts";
import { pageFile, siteFiles } from "../site/index.ts";
import { toolForms } from "../site/tool-forms.ts";
import { get, sharedServer } from "./http-setup.ts";
import { AS_OF } from "./helpers/tree.ts";
import { builtDist } from "./http-setup.ts";
import { snapshotDatasets } from "./helpers/snapshot-data.ts";

let dist: string;
const app = sharedServer();
let pages: string[];
const read = (path: string): string => readFileSync(join(dist, path), "utf8");

interface OpenApiPaths {
  paths: Record<string, { get: { operationId: string; tags: string[] } }>;
}
/** The built OpenAPI document's operations: path, operationId and family (first tag). */
const documented = (): { path: string; id: string; tag: string }[] =>
  // The site documents GET operations; a POST-only path (POST /cfdi/validar) has none.
  Object.entries((JSON.parse(read("/api/v1/public/openapi.json")) as OpenApiPaths).paths)
    .filter(([, item]) => item.get !== undefined)
    .map(([path, item]) => ({
      path,
      id: item.get.operationId,
      tag: item.get.tags[0]!,
    }));

beforeAll(async () => {
  dist = await builtDist();
  pages = fg
    .sync("**/*.html", { cwd: dist })
    .map((p) => `/${p}`)
    .sort();
});

describe("pages", () => {
  it("exist for every catalog url, the indexes, the reference, the landing page and 404", () => {
    const urls = [
      ...tools.map((t) => t.url),
      ...articles.map((a) => a.url),
      ...glossary.map((g) => g.url),
      ...catalogPages().map((c) => c.url),
      "/",
      DOCS_INDEX,
      ...new Set(documented().map((o) => familyPath(o.tag))),
      MCP_GUIDE_PATH,
      "/herramientas/",
      "/articulos/",
      "/glosario/",
      "/catalogos/",
      "/estado/",
      "/calendario/",
      PROBLEMS_PATH,
      ...PROBLEM_KINDS.map(problemPagePath),
    ];
    for (const url of urls) expect(pages, url).toContain(pageFile(url));
    expect(pages).toContain("/404.html");
    expect(pages.length).toBe(urls.length + 1);
  });

  it("show the year's calendar with its moved dates and the subscribe links of every feed", () => {
    const html = read(pageFile("/calendario/"));
    expect(html).toContain("<h1>Calendario fiscal 2026</h1>");
    // Saturday 2026-01-17 → Monday 01-19 (CFF art. 12), on the row the feeds' URLs point to.
    expect(html).toMatch(/<tr id="sat-isr-pp-pm:2025-12"><td>2026-01-19<br><span class="hint">recorrida desde el 2026-01-17/);
    for (const feed of ["todos", "personas-fisicas", "personas-morales", "patrones"]) {
      expect(html).toContain(`href="webcal://`);
      expect(html).toContain(`/api/v1/public/ical/${feed}.ics"`);
    }
    expect(html).toContain("LIVA art. 32, fr. VIII");
    expect(html).toContain("RMF 2026 regla 4.5.1");
  });

  it("give every tool in the catalog a working form and script", () => {
    for (const t of tools) {
      expect(toolForms[t.slug], t.slug).toBeDefined();
      const html = read(pageFile(t.url));
      expect(html, t.slug).toContain('<form id="calc"');
      expect(html, t.slug).toContain(`<script type="module" src="/assets/calc/${t.slug}.js"></script>`);
      expect(fg.sync(`assets/calc/${t.slug}.js`, { cwd: dist }), t.slug).toHaveLength(1);
    }
  });

  it("are Spanish, have one h1, labelled controls and load nothing from other origins", () => {
    for (const p of pages) {
      const html = read(p);
      expect(html.startsWith('<!doctype html>\n<html lang="es">'), p).toBe(true);
      expect(html.match(/<h1[\s>]/g), p).toHaveLength(1);
      expect(html, p).toContain('<meta name="viewport"');
      expect(html, p).toContain("Content-Security-Policy");
      for (const [, id] of html.matchAll(/<(?:input|select|textarea)[^>]*\sid="([^"]+)"/g)) {
        expect(html, `${p}: label for ${id}`).toContain(`<label for="${id}"`);
      }
      // Resources a browser fetches by itself: scripts, style sheets, icons, images.
      for (const [, url] of html.matchAll(/<(?:script|img|link)[^>]*\s(?:src|href)="([^"]+)"/g)) {
        if (html.includes(`<link rel="canonical" href="${url}"`)) continue;
        expect(url!.startsWith("/") && !url!.startsWith("//"), `${p}: ${url}`).toBe(true);
      }
      expect(html, p).not.toMatch(/\sstyle="/);
      expect(html, p).not.toMatch(/<script(?![^>]*(\ssrc=|type="application\/json"))[^>]*>/);
    }
  });

  it("have unique titles and descriptions", () => {
    const seen = new Map<string, string>();
    const dupes: string[] = [];
    for (const p of pages) {
      const html = read(p);
      for (const [, text] of [/<title>([^<]+)<\/title>/.exec(html), /<meta name="description" content="([^"]+)"/.exec(html)].map(
        (m) => m ?? [],
      )) {
        expect(text, p).toBeDefined();
        if (seen.has(text!)) dupes.push(`${p} and ${seen.get(text!)}: ${text}`);
        seen.set(text!, p);
      }
    }
    expect(dupes).toEqual([]);
  });

  it("give the catalog browser a page for every catalog of the route table, with its list and a search box", () => {
    const catalogs = catalogPages();
    const served = new Set(routes.flatMap((r) => /^\/(cfdi|nomina)\/([a-z0-9-]+)/.exec(r.path)?.slice(1, 3).join("/") ?? []));
    served.delete("cfdi/buscar");
    served.delete("cfdi/validar");
    expect(new Set(catalogs.map((c) => `${c.family}/${c.slug}`))).toEqual(served);
    const index = read("/catalogos/index.html");
    for (const c of catalogs) {
      expect(index, c.url).toContain(`href="${c.url}"`);
      const html = read(pageFile(c.url));
      expect(html, c.url).toMatch(/data-list="\//);
      // A search box wherever the API can answer one: its search route, or the lookup by code.
      expect(html.includes('role="search"'), c.url).toBe(c.search !== null || c.lookup !== null);
    }
  });

  it("link only to pages and API paths that answer 200", async () => {
    const links = new Set<string>();
    for (const p of pages) {
      for (const [, href] of read(p).matchAll(/\shref="(\/[^"#]*)/g)) if (!href!.startsWith("//")) links.add(href!);
    }
    expect(links.size).toBeGreaterThan(100);
    const broken: string[] = [];
    for (const link of links) if ((await get(app.url, link, { method: "HEAD" })).status !== 200) broken.push(link);
    expect(broken).toEqual([]);
  });

  it("are the same bytes on every build", async () => {
    const again = new Map<string, Buffer>();
    const ctx = await context();
    for (const f of siteFiles(ctx)) again.set(f.path, Buffer.from(f.data));
    for (const [path, bytes] of again) expect(bytes.equals(readFileSync(join(dist, path))), path).toBe(true);
  });
});

let ctxPromise: Promise<SiteContext> | undefined;
/** The generator's inputs rebuilt from the snapshot (no dumps: only the two download examples need them). */
function context(): Promise<SiteContext> {
  ctxPromise ??= snapshotDatasets().then(async (data) => {
    const site = siteUrl({});
    // The dumps and the search index, which the SAT catalog functions read.
    const dumps = fg
      .sync(["api/v1/public/dumps/*", SEARCH_INDEX_PATH.slice(1)], { cwd: dist })
      .map((p) => ({ path: `/${p}`, data: readFileSync(join(dist, p)) }));
    const downloadSizes = new Map(dumps.map((f) => [f.path, f.data.length]));
    const inputs = {
      data,
      asOf: AS_OF,
      site,
      openapi: openApiDocument(routes, site),
      status: statusDocument(data, AS_OF, {}),
      dumps: dumps.filter((f) => readByExamples(f.path)),
      downloadSizes,
      claveProdServ: claveProdServList(data.catalogs["clave-prod-serv"]),
    };
    return { ...inputs, examples: await examples(inputs) };
  });
  return ctxPromise;
}

describe("the API reference", () => {
  it("shows, for every route, the response the API really gives", async () => {
    const ex = (await context()).examples;
    for (const route of routes) {
      const e = ex.get(route.id);
      expect(e, route.id).toBeDefined();
      if (route.id === "calendarNext") continue; // the live one is for today, the page's for the build date
      const { path, values, query: example } = exampleRequest(route);
      // The pre-checks read codes on today's date unless told one; the page's example is on the build's date.
      const query = route.id.startsWith("cfdiCheck") ? `${example}&fecha=${AS_OF}` : example;
      const reply = await get(app.url, `${API_BASE}${path}${query ? `?${query}` : ""}`);
      expect(reply.status, route.id).toBe(e!.status);
      expect(e!.text, route.id).toBe(shownJson(reply.json()).text);
      if (route.kind === "file" && route.params.every((p) => p.in === "path")) {
        expect(reply.body.equals(readFileSync(join(dist, filePath(route, values)))), route.id).toBe(true);
      }
    }
    for (const id of ["dumpIndex", "dumpFile", "error-400", "error-404", "error-429"]) expect(ex.get(id), id).toBeDefined();
  });

  it("documents every operation of openapi.json on its family's page, with parameters, responses and an example", () => {
    const index = read(pageFile(DOCS_INDEX));
    for (const { path, id, tag } of documented()) {
      expect(index, tag).toContain(`<a href="${familyPath(tag)}">`);
      const html = read(pageFile(familyPath(tag)));
      expect(html, id).toContain(`<li><a href="#${id}">`);
      const start = html.indexOf(`<section class="op" id="${id}"`);
      expect(start, id).toBeGreaterThan(0);
      const section = html.slice(start, html.indexOf("</section>", start));
      expect(section, id).toContain(`<h3>${path}</h3>`);
      expect(section, id).toContain("<dt>Parámetros</dt>");
      expect(section, id).toContain("<dt>Respuestas</dt>");
      expect(section, id).toMatch(/<dt>Respuesta real<\/dt><dd><code>GET [^<]+<\/code> → \d{3}/);
      // Every schema it links to is on the same page.
      for (const [, name] of section.matchAll(/href="#esquema-([^"]+)"/g)) expect(html, `${id}: ${name}`).toContain(`id="esquema-${name}"`);
    }
    expect(read(pageFile(familyPath("Tipo de cambio")))).toContain("de 1 a 365; por omisión 30");
    expect(index).toContain('"status": 429');
    expect(index).toContain("límite de 60 solicitudes por cada 60 segundos");
  });

  it("offers the SQLite file and each workbook with the size of the file the build wrote", () => {
    const html = readFileSync(join(dist, DOCS_INDEX.slice(1), "index.html"), "utf8");
    for (const path of [SQLITE_DUMP, ...WORKBOOK_FAMILIES.map(workbookPath)]) {
      const mb = (statSync(join(dist, path)).size / 1e6).toFixed(1);
      const item = html.split("<li>").find((li) => li.startsWith(`<a href="${path}" download>`));
      expect(item, path).toContain(`<span class="hint">(${mb} MB)</span></li>`);
    }
  });

  it("keeps every page of the reference small: under 1,500 elements and 80 KiB of HTML", () => {
    const sizes = pages
      .filter((p) => p.startsWith(DOCS_INDEX))
      .map((p) => {
        const html = read(p);
        return { p, bytes: Buffer.byteLength(html), elements: html.match(/<[a-z][a-z0-9]*[\s>]/g)?.length ?? 0 };
      })
      .sort((a, b) => b.bytes - a.bytes);
    console.log(`reference pages: ${sizes.map((x) => `${x.p} ${(x.bytes / 1024).toFixed(1)} KiB, ${x.elements} elements`).join("; ")}`);
    expect(sizes.length).toBeGreaterThan(10);
    for (const x of sizes) {
      expect(x.elements, x.p).toBeLessThan(1500);
      expect(x.bytes, x.p).toBeLessThan(80 * 1024);
    }
  });
});

describe("the landing page", () => {
  it("weighs under 150 KB with everything it loads", () => {
    const html = read("/index.html");
    const assets = [...html.matchAll(/<(?:script|img|link)[^>]*\s(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    const bytes = Buffer.byteLength(html) + assets.reduce((n, a) => n + readFileSync(join(dist, a)).length, 0);
    console.log(
      `landing page: ${(bytes / 1024).toFixed(1)} KB (HTML ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB + ${assets.join(", ")})`,
    );
    expect(bytes).toBeLessThan(150 * 1024);
  });

  it("shows the values the API serves, and the inflation of the latest INPC", async () => {
    const html = read("/index.html");
    const fx = (await get(app.url, `${API_BASE}/fx/today`)).json() as { rate: number };
    const uma = (await get(app.url, `${API_BASE}/uma`)).json() as { uma: number; salarioMinimo: number };
    const inpc = (await get(app.url, `${API_BASE}/inpc?limit=13`)).json() as { value: number }[];
    const value = (id: string): number => Number(new RegExp(`id="${id}"[^]*?<data value="([^"]+)"`).exec(html)?.[1]);
    expect(value("hoy-fix")).toBe(fx.rate);
    expect(value("hoy-uma")).toBe(uma.uma);
    expect(value("hoy-salario-minimo")).toBe(uma.salarioMinimo);
    expect(value("hoy-inpc")).toBe(inpc.at(-1)!.value);
    const inflation = [...html.matchAll(/id="hoy-inpc"[\s\S]*?<data value="[^"]+"[\s\S]*?<data value="([^"]+)"/g)][0]?.[1];
    expect(Number(inflation)).toBeCloseTo(inpc.at(-1)!.value / inpc[0]!.value - 1, 12);
    for (const id of ["grafica-fix", "grafica-tiie", "grafica-inflacion"]) {
      expect(html).toContain(`<svg class="chart chart-wide" id="${id}"`);
      expect(html).toContain(`<svg class="chart chart-phone" id="${id}-telefono"`);
    }
    expect(html).toContain("Según Fiscal MX (https://fiscal-mx.netlify.app)");
    for (const r of routes) expect(html, r.id).toContain(`href="${operationHref(r)}"`);
  });
});
