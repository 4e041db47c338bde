// Article and glossary pages, and the index pages of calculators, guides and glossary terms.
import { articles, glossary, tools } from "../content/index.ts";
import type { Article, GlossaryTerm } from "../content/types.ts";
import { routes } from "../lib/routes/routes.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import { fmtDate } from "./format.ts";
import { esc, page } from "./html.ts";
import { operationHref } from "./docs-paths.ts";

const siteUrls = new Map<string, string>([
  ...tools.map((t): [string, string] => [t.url, t.title]),
  ...articles.map((a): [string, string] => [a.url, a.title]),
  ...glossary.map((g): [string, string] => [g.url, g.term]),
  ["/docs/", "Referencia de la API"],
]);
const apiPaths = new Map(routes.map((r) => [r.path, r]));
const termBySlug = new Map(glossary.map((g) => [g.slug, g]));

// A path in running text: after a space or an opening mark, ending before punctuation that closes a sentence.
const PATH_IN_TEXT = /(^|[\s(«“"])(\/[A-Za-z0-9\-_{}/.]*[A-Za-z0-9\-_{}/])/g;

/** Escaped paragraph text where site pages become links and API paths become links to their reference entry. */
function linkify(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(PATH_IN_TEXT)) {
    const [whole, lead = "", path = ""] = m;
    const start = (m.index ?? 0) + lead.length;
    out += esc(text.slice(last, start));
    const title = siteUrls.get(path);
    const route = apiPaths.get(path);
    if (title !== undefined) out += `<a href="${esc(path)}">${esc(path)}</a>`;
    else if (route !== undefined) out += `<a href="${esc(operationHref(route))}"><code>${esc(path)}</code></a>`;
    else out += esc(path);
    last = (m.index ?? 0) + whole.length;
  }
  return out + esc(text.slice(last));
}

const paragraphs = (ps: string[]): string => ps.map((p) => `<p>${linkify(p)}</p>`).join("");

function termLinks(slugs: string[]): string {
  const items = slugs.flatMap((s) => {
    const g = termBySlug.get(s);
    return g
      ? [`<li><a href="${esc(g.url)}">${esc(g.term)}</a>${g.expansion ? ` <span class="hint">(${esc(g.expansion)})</span>` : ""}</li>`]
      : [];
  });
  return items.length ? `<ul class="columns">${items.join("")}</ul>` : "";
}

const articleText = (a: Article): string => a.sections.flatMap((s) => s.paragraphs).join(" ");

export function articlePage(a: Article, site: string): string {
  const sections = a.sections.map((s) => `<section><h2>${esc(s.heading)}</h2>${paragraphs(s.paragraphs)}</section>`).join("");
  const text = articleText(a);
  const usedTools = tools.filter((t) => text.includes(t.url));
  const toolList = usedTools.length
    ? `<h2>Calculadoras</h2><ul>${usedTools.map((t) => `<li><a href="${esc(t.url)}">${esc(t.title)}</a></li>`).join("")}</ul>`
    : "";
  const body =
    `<article><h1>${esc(a.title)}</h1><p class="lead">${esc(a.summary)}</p>` +
    `<p class="meta">Actualizado el <time datetime="${esc(a.updated)}">${esc(fmtDate(a.updated))}</time></p>${sections}` +
    `${toolList}${a.related.length ? `<h2>Términos del glosario</h2>${termLinks(a.related)}` : ""}</article>` +
    `<p><a href="/articulos/">Todas las guías</a></p>`;
  return page({ path: a.url, title: `${a.title} · ${SERVICE_NAME}`, description: a.summary, section: "articulos", body, site });
}

export function glossaryPage(g: GlossaryTerm, site: string): string {
  const citing = articles.filter((a) => a.related.includes(g.slug));
  const body =
    `<article><h1>${esc(g.term)}</h1>${g.expansion ? `<p class="term-expansion">${esc(g.expansion)}</p>` : ""}` +
    `<p class="lead">${esc(g.summary)}</p>${paragraphs(g.definition)}` +
    (g.reference ? `<p class="meta">Fundamento: ${esc(g.reference)}</p>` : "") +
    (g.related.length ? `<h2>Términos relacionados</h2>${termLinks(g.related)}` : "") +
    (citing.length
      ? `<h2>Guías que lo explican</h2><ul>${citing.map((a) => `<li><a href="${esc(a.url)}">${esc(a.title)}</a></li>`).join("")}</ul>`
      : "") +
    `</article><p><a href="/glosario/">Todo el glosario</a></p>`;
  const title = g.expansion ? `${g.term} (${g.expansion})` : g.term;
  return page({ path: g.url, title: `${title} · Glosario · ${SERVICE_NAME}`, description: g.summary, section: "glosario", body, site });
}

export function toolsIndexPage(site: string): string {
  const items = tools.map((t) => `<li><a href="${esc(t.url)}">${esc(t.title)}</a><p>${esc(t.summary)}</p></li>`).join("");
  const body =
    `<h1>Calculadoras</h1><p class="lead">Corren en tu navegador con los datos de la API de ${SERVICE_NAME} y muestran cada paso del cálculo.</p>` +
    `<ul class="catalog">${items}</ul>`;
  return page({
    path: "/herramientas/",
    title: `Calculadoras · ${SERVICE_NAME}`,
    description:
      "Calculadoras fiscales de México: ISR, UMA, salario mínimo, tipo de cambio, factor de actualización, aguinaldo, RFC y más.",
    section: "herramientas",
    body,
    site,
  });
}

export function articlesIndexPage(site: string): string {
  const items = articles.map((a) => `<li><a href="${esc(a.url)}">${esc(a.title)}</a><p>${esc(a.summary)}</p></li>`).join("");
  const body = `<h1>Guías</h1><p class="lead">Explicaciones de impuestos y nómina en México, con ejemplos y enlaces a las calculadoras.</p><ul class="catalog">${items}</ul>`;
  return page({
    path: "/articulos/",
    title: `Guías · ${SERVICE_NAME}`,
    description: "Guías de impuestos y nómina en México: ISR, UMA, FIX, INPC, CFDI 4.0, RFC, aguinaldo, IMSS y más.",
    section: "articulos",
    body,
    site,
  });
}

/** First letter for the alphabetical index, without accents ("Índice" goes under I). */
const initial = (term: string): string => term.normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toUpperCase();

export function glossaryIndexPage(site: string): string {
  const sorted = [...glossary].sort((a, b) => a.term.localeCompare(b.term, "es", { sensitivity: "base" }));
  const letters = [...new Set(sorted.map((g) => initial(g.term)))];
  const groups = letters.map(
    (l) =>
      `<section aria-labelledby="letra-${esc(l)}"><h2 id="letra-${esc(l)}">${esc(l)}</h2><ul class="catalog">` +
      sorted
        .filter((g) => initial(g.term) === l)
        .map(
          (g) =>
            `<li><a href="${esc(g.url)}">${esc(g.term)}</a>` +
            `${g.expansion ? ` <span class="hint">(${esc(g.expansion)})</span>` : ""}<p>${esc(g.summary)}</p></li>`,
        )
        .join("") +
      `</ul></section>`,
  );
  const body =
    `<h1>Glosario</h1><p class="lead">${glossary.length} términos de impuestos, facturación y nómina en México.</p>` +
    `<nav aria-label="Letras"><ul class="letters">${letters.map((l) => `<li><a href="#letra-${esc(l)}">${esc(l)}</a></li>`).join("")}</ul></nav>${groups.join("")}`;
  return page({
    path: "/glosario/",
    title: `Glosario · ${SERVICE_NAME}`,
    description: "Glosario de términos fiscales de México: RFC, CFDI, UMA, INPC, ISR, IVA, SBC y más.",
    section: "glosario",
    body,
    site,
  });
}
