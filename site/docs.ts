// The API reference, generated from the OpenAPI document: a short index at /docs/ and one page per family (tag) of operations.
import { API_BASE } from "../lib/routes/routes.ts";
import { API_VERSION, SERVICE_NAME, attribution } from "../core/service-config.ts";
import type { SiteContext } from "./context.ts";
import { indexBody, type Family, type Reference } from "./docs-index.ts";
import { itemLookup, type Operation, operationSection, operations, schemaSection, schemasUsed } from "./docs-operation.ts";
import { DOCS_INDEX, familyPath, familySlug } from "./docs-paths.ts";
import { fmtDate } from "./format.ts";
import { esc, page } from "./html.ts";
import { inline, list, obj, str, type Json } from "./openapi-text.ts";

function families(doc: Json, ops: readonly Operation[]): Family[] {
  const described = new Map(list(doc["tags"]).map((t) => [str(obj(t)["name"]) ?? "", str(obj(t)["description"]) ?? ""]));
  const tags = [...new Set([...described.keys(), ...ops.map((o) => o.tag)])].filter((t) => ops.some((o) => o.tag === t));
  const bySlug = new Map<string, string>();
  for (const t of tags) {
    const slug = familySlug(t);
    const other = bySlug.get(slug);
    if (!slug || other !== undefined) throw new Error(`the tags "${t}" and "${other ?? ""}" give the same reference page /docs/${slug}/`);
    bySlug.set(slug, t);
  }
  return tags.map((tag) => ({ tag, path: familyPath(tag), description: described.get(tag) ?? "", ops: ops.filter((o) => o.tag === tag) }));
}

function familyBody(f: Family, ref: Reference, ctx: SiteContext): string {
  const toc = f.ops.map((o) => `<li><a href="#${esc(o.id)}">${esc(o.path)}</a></li>`).join("");
  const schemas = obj(obj(ref.doc["components"])["schemas"]);
  const used = schemasUsed(f.ops, schemas).map((n) => schemaSection(n, obj(schemas[n])));
  const others = ref.families
    .filter((o) => o !== f)
    .map((o) => `<li><a href="${esc(o.path)}">${esc(o.tag)}</a></li>`)
    .join("");
  return (
    `<p class="breadcrumb"><a href="${DOCS_INDEX}">Referencia de la API</a> › ${esc(f.tag)}</p>` +
    `<h1>${esc(f.tag)}</h1><p class="lead">${inline(f.description)}</p>` +
    `<p>Rutas relativas a la URL base <code>${esc(ctx.site + API_BASE)}</code>. El límite de solicitudes, los errores y las descargas completas se describen en el ` +
    `<a href="${DOCS_INDEX}">índice de la referencia</a>; las respuestas de ejemplo son reales, de los datos al ${esc(fmtDate(ctx.asOf))}.</p>` +
    `<nav aria-labelledby="contenido-familia"><h2 id="contenido-familia">Operaciones de ${esc(f.tag)}</h2><ul class="toc paths">${toc}` +
    `${used.length ? `<li><a href="#esquemas">Esquemas</a></li>` : ""}</ul></nav>` +
    `<section aria-labelledby="detalle"><h2 id="detalle">Detalle de cada operación</h2>` +
    f.ops.map((o) => operationSection(o, ref.examples.get(o.id), itemLookup(o, f.ops))).join("") +
    `<p class="to-top"><a href="#contenido-familia">Volver al contenido</a></p></section>` +
    (used.length ? `<section aria-labelledby="esquemas"><h2 id="esquemas">Esquemas</h2>${used.join("")}</section>` : "") +
    `<nav aria-labelledby="otras-familias"><h2 id="otras-familias">Otras familias</h2><ul class="toc">${others}</ul></nav>`
  );
}

/** Every page of the reference as [site path, HTML]: the index first, then each family in the document's tag order. */
export function* docsPages(ctx: SiteContext): Generator<[string, string]> {
  const doc = ctx.openapi as unknown as Json;
  const ref: Reference = { doc, families: families(doc, operations(doc)), examples: ctx.examples };
  const version = str(obj(doc["info"])["version"]) ?? API_VERSION;
  yield [
    DOCS_INDEX,
    page({
      path: DOCS_INDEX,
      title: `Referencia de la API · ${SERVICE_NAME}`,
      description: `Índice de la referencia de la API de ${SERVICE_NAME} (versión ${version}): familias de operaciones, URL base, límite de solicitudes, errores, descargas completas y archivos de descubrimiento.`,
      section: "docs",
      body: `${indexBody(ref, ctx)}<p>Atribución: <q>${esc(attribution(ctx.site))}</q>.</p>`,
      site: ctx.site,
    }),
  ];
  for (const f of ref.families) {
    yield [
      f.path,
      page({
        path: f.path,
        title: `${f.tag} · Referencia de la API · ${SERVICE_NAME}`,
        description: `${f.tag} en la API de ${SERVICE_NAME}: ${f.ops.length === 1 ? "su operación" : `sus ${f.ops.length} operaciones`}, con parámetros, límites, errores y una respuesta real de los datos actuales.`,
        section: "docs",
        body: familyBody(f, ref, ctx),
        site: ctx.site,
      }),
    ];
  }
}
