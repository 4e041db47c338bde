// The body of /docs/: the families of operations, and what every operation shares (base URL, headers and limit, errors, downloads, discovery).
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { API_BASE, DISCOVERY, DUMP_INDEX } from "../lib/routes/routes.ts";
import { RATE_LIMIT } from "../core/service-config.ts";
import type { Example, SiteContext } from "./context.ts";
import { type Operation, schemaSection, schemasUsed } from "./docs-operation.ts";
import { fmtDate } from "./format.ts";
import { offlineDownloads } from "./downloads.ts";
import { codeBlock, esc } from "./html.ts";
import { inline, obj, refName, str, type Json } from "./openapi-text.ts";

/** A family of operations: one tag of the document, one page of the reference. */
export interface Family {
  tag: string;
  path: string;
  description: string;
  ops: Operation[];
}

/** What every page of the reference draws from: the document, its families in the document's tag order, the real examples. */
export interface Reference {
  doc: Json;
  families: Family[];
  examples: ReadonlyMap<string, Example>;
}

function familiesList(ref: Reference): string {
  const items = ref.families.map(
    (f) =>
      `<li><a href="${esc(f.path)}">${esc(f.tag)}</a> <span class="hint">(${f.ops.length} ${f.ops.length === 1 ? "operación" : "operaciones"})</span>: ` +
      `${inline(f.description)}</li>`,
  );
  return `<ul class="families">${items.join("")}</ul>`;
}

function headersSection(doc: Json): string {
  const headers = Object.entries(obj(obj(doc["components"])["headers"])).map(
    ([name, h]) => `<li><code>${esc(name)}</code>: ${inline(str(obj(h)["description"]) ?? "")}</li>`,
  );
  return (
    `<p>${inline(str(obj(doc["info"])["description"]) ?? "")}</p>` +
    `<p>Todas las operaciones son <code>GET</code> (también <code>HEAD</code>; <code>OPTIONS</code> responde la verificación previa de CORS), ` +
    `no llevan cuerpo y responden JSON. El límite es de ${RATE_LIMIT.limit} solicitudes por dirección IP en una ventana de ${RATE_LIMIT.windowSeconds} segundos ` +
    `que empieza con la primera solicitud; cada respuesta, errores incluidos, dice cuántas quedan. Cada respuesta 200 lleva un <code>ETag</code> fuerte: ` +
    `con <code>If-None-Match</code> igual se responde 304, sin cuerpo.</p>` +
    `<h3>Encabezados de las respuestas</h3><ul>${headers.join("")}</ul>`
  );
}

/** The shared responses of components, each with the status code the operations give it, and the real error examples. */
function errorsSection(ref: Reference, ops: readonly Operation[]): string {
  const code = new Map<string, string>();
  for (const o of ops) {
    for (const [status, r] of Object.entries(obj(o.op["responses"]))) {
      const ref = str(obj(r)["$ref"]);
      if (ref && !code.has(refName(ref))) code.set(refName(ref), status);
    }
  }
  const components = obj(ref.doc["components"]);
  const shared = Object.entries(obj(components["responses"])).map(
    ([name, r]) => `<li><strong>${esc(code.get(name) ?? name)}</strong> — ${inline(str(obj(r)["description"]) ?? "")}</li>`,
  );
  const block = (id: string, what: string): string => {
    const e = ref.examples.get(id);
    return e ? `<h3>${esc(what)}</h3><p><code>GET ${esc(API_BASE + e.request)}</code> → ${e.status}</p>${codeBlock(e.text)}` : "";
  };
  const schemas = obj(components["schemas"]);
  const inFamilies = new Set(schemasUsed(ops, schemas));
  const rest = Object.keys(schemas).filter((n) => !inFamilies.has(n));
  return (
    `<p>Los errores se responden con <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, ` +
    `<code>detail</code> en español e <code>instance</code> con la ruta pedida, sin caché (<code>Cache-Control: no-store</code>) y con los encabezados de CORS y del límite. ` +
    `Cada operación lista los códigos que puede dar; esto es lo que significan:</p><ul>${shared.join("")}</ul>` +
    block("error-400", "Parámetro fuera de sus límites: 400") +
    block("error-404", "Registro inexistente: 404") +
    block("error-429", `Más de ${RATE_LIMIT.limit} solicitudes en ${RATE_LIMIT.windowSeconds} segundos: 429`) +
    rest.map((n) => schemaSection(n, obj(schemas[n]))).join("")
  );
}

function downloadsAndDiscovery(ref: Reference, ctx: SiteContext): string {
  const downloads = ref.families.find((f) => f.ops.some((o) => `${API_BASE}${o.path}` === DUMP_INDEX));
  return (
    `<section aria-labelledby="descargas"><h2 id="descargas">Descargas completas</h2>` +
    `<p>Cada conjunto de datos completo en JSON, CSV y NDJSON, para cargarlo de una vez en lugar de recorrer la API: el índice ` +
    `<a href="${DUMP_INDEX}"><code>${DUMP_INDEX}</code></a> lista cada archivo con sus filas, su tamaño, su huella SHA-256 y las fechas que cubre` +
    `${downloads ? `; sus operaciones están en <a href="${esc(downloads.path)}">${esc(downloads.tag)}</a>` : ""}.</p>${offlineDownloads(ctx)}</section>` +
    `<section aria-labelledby="descubrimiento"><h2 id="descubrimiento">Descubrimiento</h2><ul>` +
    `<li><a href="${API_BASE}/openapi.json"><code>${API_BASE}/openapi.json</code></a>: el documento OpenAPI 3.1 del que sale esta referencia.</li>` +
    `<li><a href="${DISCOVERY.llms}"><code>${DISCOVERY.llms}</code></a>: guía de la API en Markdown para modelos de lenguaje.</li>` +
    `<li><a href="${DISCOVERY.aiPlugin}"><code>${DISCOVERY.aiPlugin}</code></a>: manifiesto de complemento con la dirección del documento OpenAPI.</li>` +
    `<li><a href="${DISCOVERY.mcp}"><code>${DISCOVERY.mcp}</code></a>: descripción del servidor MCP para clientes; ` +
    `<a href="${MCP_GUIDE_PATH}">cómo conectar un asistente</a>, con herramientas por tarea que llegan a todas las operaciones.</li></ul></section>`
  );
}

export function indexBody(ref: Reference, ctx: SiteContext): string {
  const info = obj(ref.doc["info"]);
  const ops = ref.families.flatMap((f) => f.ops);
  return (
    `<h1>Referencia de la API</h1>` +
    `<p class="lead">${inline(str(info["summary"]) ?? "")}</p>` +
    `<p>Versión ${esc(str(info["version"]) ?? "")}. URL base: <code>${esc(ctx.site + API_BASE)}</code> (o <code>${API_BASE}</code> desde este mismo sitio). ` +
    `La referencia se genera del <a href="${API_BASE}/openapi.json">documento OpenAPI 3.1</a>, una página por familia de operaciones; ` +
    `las respuestas de ejemplo son reales, de los datos al ${esc(fmtDate(ctx.asOf))}.</p>` +
    `<nav aria-labelledby="contenido-docs"><h2 id="contenido-docs">Familias de operaciones</h2>${familiesList(ref)}` +
    `<p>También en esta página: <a href="#uso">uso y límite de solicitudes</a> · <a href="#errores">errores</a> · ` +
    `<a href="#descargas">descargas completas</a> · <a href="#descubrimiento">descubrimiento</a>.</p></nav>` +
    `<section aria-labelledby="uso"><h2 id="uso">Uso y límite de solicitudes</h2>${headersSection(ref.doc)}</section>` +
    `<section aria-labelledby="errores"><h2 id="errores">Errores</h2>${errorsSection(ref, ops)}</section>` +
    downloadsAndDiscovery(ref, ctx)
  );
}
