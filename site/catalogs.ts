// The catalog browser (/catalogos/): a page per SAT catalog the route table serves, with its list and a search box.
import { API_BASE, DUMP_DATASETS, routes, type Route } from "../lib/routes/routes.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import type { SiteContext } from "./context.ts";
import { operationHref } from "./docs-paths.ts";
import { esc, page, scrollTable } from "./html.ts";

const CATALOGS_PAGE = "/catalogos/";
const CATALOG_SCRIPT = "/assets/catalogos.js";

const FAMILIES: Record<string, string> = { cfdi: "CFDI 4.0", nomina: "Complemento de Nómina 1.2" };

export interface CatalogPage {
  family: string;
  slug: string;
  /** The SAT's name of the catalog (c_UsoCFDI), or the slug when the routes do not say it. */
  name: string;
  /** Site path of the page. */
  url: string;
  /** API path (relative to API_BASE) that lists the catalog, or a dump of it; null when there is neither. */
  list: string | null;
  /** Whether the list takes limit and offset (large catalogs). */
  paged: boolean;
  /** The lookup route's path ("/cfdi/uso/{code}"), for the search by exact code. */
  lookup: string | null;
  /** The search route's path and the value of its `catalogo` parameter for this catalog, when the route table has one. */
  search: { path: string; catalogo: string } | null;
}

const CATALOG_PATH = /^\/(cfdi|nomina)\/([a-z0-9-]+)(\/\{\w+\})*$/;
const SAT_NAME = /c_[A-Za-z]+/;

/** The search route (/cfdi/buscar): a function route taking `q` and `catalogo`. */
const searchRoute = (): Route | undefined =>
  routes.find((r) => r.params.some((p) => p.name === "q") && r.params.some((p) => p.name === "catalogo"));

/** The value of the search's `catalogo` parameter for a catalog, if the parameter accepts it. */
function searchValue(route: Route, family: string, slug: string): string | null {
  const param = route.params.find((p) => p.name === "catalogo");
  const accepted = param && "enum" in param && param.enum ? param.enum : null;
  const candidates = [slug, `${family}-${slug}`, `${family}/${slug}`];
  if (accepted === null) return family === "cfdi" ? slug : null;
  return candidates.find((c) => accepted.includes(c)) ?? null;
}

/** Every catalog the route table serves under /cfdi/ and /nomina/, in the table's order. */
export function catalogPages(): CatalogPage[] {
  const search = searchRoute();
  const found = new Map<string, CatalogPage>();
  for (const r of routes) {
    const m = CATALOG_PATH.exec(r.path);
    // A POST-only route (/cfdi/validar takes a whole CFDI) is no catalog.
    if (!m || r === search || r.post?.only === true) continue;
    const [, family = "", slug = ""] = m;
    const key = `${family}/${slug}`;
    const entry = found.get(key) ?? {
      family,
      slug,
      name: slug,
      url: `${CATALOGS_PAGE}${family}/${slug}/`,
      list: null,
      paged: false,
      lookup: null,
      search: search ? ((v) => (v === null ? null : { path: search.path, catalogo: v }))(searchValue(search, family, slug)) : null,
    };
    const name = SAT_NAME.exec(r.summary)?.[0];
    if (name) entry.name = name;
    if (m[3] === undefined) {
      entry.list = r.path;
      entry.paged = r.params.some((p) => p.name === "offset");
    } else if (entry.lookup === null) entry.lookup = r.path;
    found.set(key, entry);
  }
  // Until a catalog has a list route, its bulk download is its list.
  const dumps = new Set<string>(DUMP_DATASETS.map((d) => d.id));
  for (const c of found.values()) {
    if (c.list === null && dumps.has(`${c.family}-${c.slug}`)) c.list = `/dumps/${c.family}-${c.slug}.json`;
  }
  return [...found.values()];
}

/** How to type a key for the exact lookup: one code as the catalog writes it, or the key's parts in the path's order. */
function lookupHint(lookup: string | null): string {
  const parts = routes.find((r) => r.path === lookup)?.params.filter((p) => p.in === "path") ?? [];
  if (parts.length <= 1) return "Tal como aparece en el catálogo, con ceros a la izquierda.";
  const names = parts.map((p) => p.name);
  const listed = `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)} separados por «/», con ceros a la izquierda; por ejemplo ${parts.map((p) => p.example).join("/")}.`;
}

/**
 * Queries the search box suggests, per catalog: words people use rather than the SAT's (checked to find the
 * key a user wants by test/search-relevance.test.ts); other catalogs get the general hint.
 */
export const SEARCH_HINT_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  "clave-prod-serv": ["laptop", "renta de oficina"],
  "clave-unidad": ["kilos", "pza"],
};

function searchHint(catalogo: string): string {
  const examples = SEARCH_HINT_EXAMPLES[catalogo];
  const general = "Sin distinguir acentos, mayúsculas, plural ni género; tolera un error de dedo.";
  return examples === undefined
    ? `${general} También las primeras cifras de una clave.`
    : `${general} Por ejemplo ${examples.map((e) => `«${e}»`).join(" o ")}, o las primeras cifras de una clave.`;
}

function catalogPage(c: CatalogPage, ctx: SiteContext): string {
  const lookupOnly = c.search === null;
  const searchLabel = lookupOnly ? "Clave exacta" : "Buscar por clave o descripción";
  const hint = lookupOnly ? lookupHint(c.lookup) : searchHint(c.search?.catalogo ?? "");
  const config = [
    `data-catalog="${esc(c.name)}"`,
    c.list ? `data-list="${esc(c.list)}"` : "",
    c.paged ? `data-paged="true"` : "",
    c.lookup ? `data-lookup="${esc(c.lookup)}"` : "",
    c.search ? `data-search="${esc(c.search.path)}" data-search-catalog="${esc(c.search.catalogo)}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const apiLinks = [c.list, c.lookup]
    .filter((p): p is string => p !== null)
    .map((p) => {
      const route = routes.find((r) => r.path === p);
      const code = `<code>GET ${esc(API_BASE + p)}</code>`;
      return `<li>${route ? `<a href="${esc(operationHref(route))}">${code}</a>` : code}</li>`;
    })
    .join("");
  const body =
    `<h1>Catálogo ${esc(c.name)}</h1>` +
    `<p class="lead">Las claves del catálogo ${esc(c.name)} del ${esc(FAMILIES[c.family] ?? c.family)}, tal como las publica el SAT, consultadas en la API de ${SERVICE_NAME} en este mismo sitio.</p>` +
    `<div id="catalogo" ${config}>` +
    (c.search || c.lookup
      ? `<form id="catalogo-busqueda" class="calc" role="search"><div class="field"><label for="catalogo-q">${searchLabel}</label>` +
        `<span class="hint" id="catalogo-q-ayuda">${esc(hint)}</span>` +
        `<input id="catalogo-q" name="q" type="search" autocomplete="off" spellcheck="false" maxlength="100" aria-describedby="catalogo-q-ayuda"></div>` +
        `<button type="submit">Buscar</button></form>`
      : "") +
    `<div id="catalogo-estado" class="result" aria-live="polite"><p>Cargando el catálogo…</p></div>` +
    scrollTable(
      `Claves de ${c.name}`,
      `<table id="catalogo-tabla"><caption id="catalogo-titulo">Claves</caption><thead></thead><tbody></tbody></table>`,
    ) +
    `<nav class="pager" aria-label="Páginas del catálogo" hidden><button type="button" id="catalogo-anterior">Anteriores</button> ` +
    `<button type="button" id="catalogo-siguiente">Siguientes</button></nav>` +
    `<noscript><p>La lista y la búsqueda necesitan JavaScript para consultar la API.</p></noscript></div>` +
    `<h2>En la API</h2><ul>${apiLinks}</ul><p><a href="${CATALOGS_PAGE}">Todos los catálogos</a></p>`;
  return page({
    path: c.url,
    title: `Catálogo ${c.name} (${FAMILIES[c.family] ?? c.family}) · ${SERVICE_NAME}`,
    description: `Lista y búsqueda de las claves del catálogo ${c.name} del SAT (${FAMILIES[c.family] ?? c.family}), con su descripción y vigencia.`,
    section: "catalogos",
    body,
    site: ctx.site,
    scripts: [CATALOG_SCRIPT],
  });
}

function catalogsIndex(list: CatalogPage[], ctx: SiteContext): string {
  const families = [...new Set(list.map((c) => c.family))];
  const groups = families.map(
    (f) =>
      `<section aria-labelledby="familia-${esc(f)}"><h2 id="familia-${esc(f)}">${esc(FAMILIES[f] ?? f)}</h2><ul class="columns">` +
      list
        .filter((c) => c.family === f)
        .map((c) => `<li><a href="${esc(c.url)}">${esc(c.name)}</a></li>`)
        .join("") +
      `</ul></section>`,
  );
  const body =
    `<h1>Catálogos del SAT</h1>` +
    `<p class="lead">Los catálogos del SAT que sirve la API de ${SERVICE_NAME}: cada uno con su lista de claves y un buscador.</p>${groups.join("")}`;
  return page({
    path: CATALOGS_PAGE,
    title: `Catálogos del SAT · ${SERVICE_NAME}`,
    description: `Consulta y busca las claves de los ${list.length} catálogos del SAT que sirve la API: ${families.map((f) => FAMILIES[f] ?? f).join(" y ")}.`,
    section: "catalogos",
    body,
    site: ctx.site,
  });
}

/** The index and one page per catalog, as [site path, HTML]. */
export function* catalogSitePages(ctx: SiteContext): Generator<[string, string]> {
  const list = catalogPages();
  yield [CATALOGS_PAGE, catalogsIndex(list, ctx)];
  for (const c of list) yield [c.url, catalogPage(c, ctx)];
}
