// HTML building blocks: escaping, the page shell (head, navigation, footer) shared by every page of the site.
import { API_BASE } from "../lib/routes/routes.ts";
import { LICENSE, SERVICE_NAME, attribution } from "../core/service-config.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text or attribute value made safe to place in HTML. */
export const esc = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Only same-origin resources: the pages load nothing from anywhere else, and the policy makes the
 * browser enforce it (no inline scripts or style attributes either).
 */
const CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'";

type Section = "inicio" | "docs" | "herramientas" | "catalogos" | "articulos" | "glosario" | "estado" | "calendario" | "none";

const NAV: { section: Section; href: string; label: string }[] = [
  { section: "docs", href: "/docs/", label: "API" },
  { section: "herramientas", href: "/herramientas/", label: "Calculadoras" },
  { section: "catalogos", href: "/catalogos/", label: "Catálogos" },
  { section: "articulos", href: "/articulos/", label: "Guías" },
  { section: "glosario", href: "/glosario/", label: "Glosario" },
  { section: "calendario", href: "/calendario/", label: "Calendario" },
];

export interface PageOptions {
  /** Site path of the page ("/", "/docs/", …); the canonical address is the site URL plus it. */
  path: string;
  title: string;
  description: string;
  section: Section;
  body: string;
  /** Module scripts (site paths) the page loads. */
  scripts?: string[];
  site: string;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
}

function header(section: Section): string {
  const items = NAV.map(
    (n) => `<li><a href="${n.href}"${n.section === section ? ' aria-current="page"' : ""}>${esc(n.label)}</a></li>`,
  ).join("");
  return (
    `<header class="site-header"><nav aria-label="Principal">` +
    `<a class="brand" href="/"${section === "inicio" ? ' aria-current="page"' : ""}>${esc(SERVICE_NAME)}</a>` +
    `<ul>${items}</ul></nav></header>`
  );
}

function footer(site: string): string {
  return (
    `<footer class="site-footer"><p>Datos con licencia <a href="${esc(LICENSE.url)}" rel="license">${esc(LICENSE.name)}</a>. ` +
    `Al usarlos, cita la fuente: <q>${esc(attribution(site))}</q>.</p>` +
    `<p><a href="${API_BASE}/openapi.json">Documento OpenAPI</a> · <a href="/estado/">Estado de los datos</a> · ` +
    `<a href="${API_BASE}/dumps/index.json">Descargas completas</a></p></footer>`
  );
}

/** A whole HTML document. */
export function page(o: PageOptions): string {
  const scripts = (o.scripts ?? []).map((s) => `<script type="module" src="${esc(s)}"></script>`).join("");
  return (
    `<!doctype html>\n<html lang="es"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<title>${esc(o.title)}</title><meta name="description" content="${esc(o.description)}">` +
    (o.noindex ? `<meta name="robots" content="noindex">` : `<link rel="canonical" href="${esc(o.site + o.path)}">`) +
    `<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/assets/site.css">${scripts}</head>` +
    `<body><a class="skip" href="#contenido">Saltar al contenido</a>${header(o.section)}` +
    `<main id="contenido">${o.body}</main>${footer(o.site)}</body></html>\n`
  );
}

/** A wide table inside a region that scrolls sideways on a phone and can be scrolled with the keyboard. */
export const scrollTable = (label: string, table: string): string =>
  `<div class="table-wrap" role="region" aria-label="${esc(label)}" tabindex="0">${table}</div>`;

/** Text placed between tags: only `&`, `<` and `>` need escaping there (quotes stay as they are, which keeps JSON readable and small). */
const escText = (text: string): string => text.replace(/[&<>]/g, (c) => ESCAPES[c] ?? c);

/** Preformatted code that may scroll sideways: focusable, so the keyboard can scroll it too. */
export const codeBlock = (text: string): string => `<pre tabindex="0"><code>${escText(text)}</code></pre>`;
