// The API reference (/docs/), generated from the OpenAPI document with a real example response for every operation.
import { API_BASE } from "../lib/routes.ts";
import { API_VERSION, RATE_LIMIT, SERVICE_NAME, attribution } from "../lib/service-config.ts";
import type { SiteContext } from "./context.ts";
import { examples, type Example } from "./examples.ts";
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { fmtDate } from "./format.ts";
import { codeBlock, esc, page, scrollTable } from "./html.ts";
import { boundsText, inline, isObject, list, obj, refName, str, typeHtml, type Json } from "./openapi-text.ts";

interface Operation {
  path: string;
  op: Json;
  id: string;
  tag: string;
}

const PLACES: Record<string, string> = { path: "ruta", query: "consulta", header: "encabezado" };

function operations(doc: Json): Operation[] {
  return Object.entries(obj(doc["paths"])).flatMap(([path, item]) => {
    const op = obj(obj(item)["get"]);
    const id = str(op["operationId"]);
    return id ? [{ path, op, id, tag: str(list(op["tags"])[0]) ?? "Otros" }] : [];
  });
}

function parametersTable(op: Json, path: string): string {
  const params = list(op["parameters"]).map(obj);
  if (params.length === 0) return `<p>Sin parámetros.</p>`;
  const rows = params.map((p) => {
    const schema = obj(p["schema"]);
    const bounds = boundsText(schema);
    const example = p["example"] === undefined ? "" : ` Ejemplo: <code>${esc(String(p["example"]))}</code>.`;
    return (
      `<tr><th scope="row"><code>${esc(str(p["name"]) ?? "")}</code></th><td>${esc(PLACES[str(p["in"]) ?? ""] ?? "")}</td>` +
      `<td>${p["required"] === true ? "sí" : "no"}</td><td>${typeHtml(schema)}${bounds ? `<br><span class="hint">${esc(bounds)}</span>` : ""}</td>` +
      `<td>${inline(str(p["description"]) ?? "")}${example}</td></tr>`
    );
  });
  return scrollTable(
    `Parámetros de ${path}`,
    `<table><thead><tr><th scope="col">Parámetro</th><th scope="col">En</th><th scope="col">Obligatorio</th>` +
      `<th scope="col">Tipo y límites</th><th scope="col">Descripción</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
  );
}

function responsesList(op: Json, doc: Json): string {
  const shared = obj(obj(doc["components"])["responses"]);
  const items = Object.entries(obj(op["responses"])).map(([code, value]) => {
    const ref = str(obj(value)["$ref"]);
    const response = ref ? obj(shared[refName(ref)]) : obj(value);
    const content = obj(response["content"]);
    const schemas = Object.values(content)
      .map((c) => obj(obj(c)["schema"]))
      .filter((s) => Object.keys(s).length > 0);
    const body = schemas.length && code.startsWith("2") ? ` Cuerpo: ${schemas.map(typeHtml).join(", ")}.` : "";
    const problem = Number(code) >= 400 ? ` Cuerpo: <a href="#errores">problem+json</a>.` : "";
    return `<li><strong>${esc(code)}</strong> — ${inline(str(response["description"]) ?? "")}${body}${problem}</li>`;
  });
  return `<ul>${items.join("")}</ul>`;
}

function exampleBlock(ex: Example | undefined): string {
  if (!ex) return `<p>Sin ejemplo.</p>`;
  const note = ex.cut ? ` <span class="hint">(las listas largas se recortan a sus primeros elementos)</span>` : "";
  return `<p>Ejemplo: <code>GET ${esc(API_BASE + ex.request)}</code> → ${ex.status}${note}</p>${codeBlock(ex.text)}`;
}

function operationSection(o: Operation, doc: Json, ex: Map<string, Example>): string {
  const description = str(o.op["description"]);
  return (
    `<section class="op" id="${esc(o.id)}" aria-labelledby="${esc(o.id)}-h"><h3 id="${esc(o.id)}-h"><span class="badge">GET</span><code>${esc(o.path)}</code></h3>` +
    `<p><strong>${inline(str(o.op["summary"]) ?? "")}</strong></p>${description ? `<p>${inline(description)}</p>` : ""}` +
    `<h4>Parámetros</h4>${parametersTable(o.op, o.path)}<h4>Respuestas</h4>${responsesList(o.op, doc)}<h4>Respuesta real</h4>${exampleBlock(ex.get(o.id))}</section>`
  );
}

function schemaSection(name: string, schema: Json): string {
  const props = obj(schema["properties"]);
  const required = new Set(list(schema["required"]).map(String));
  const rows = Object.entries(props).map(([field, value]) => {
    const s = obj(value);
    const bounds = boundsText(s);
    return (
      `<tr><th scope="row"><code>${esc(field)}</code></th><td>${typeHtml(s)}${bounds ? `<br><span class="hint">${esc(bounds)}</span>` : ""}</td>` +
      `<td>${required.has(field) ? "sí" : "no"}</td><td>${inline(str(s["description"]) ?? "")}</td></tr>`
    );
  });
  const table = rows.length
    ? scrollTable(
        `Campos de ${name}`,
        `<table><thead><tr><th scope="col">Campo</th><th scope="col">Tipo</th><th scope="col">Siempre presente</th>` +
          `<th scope="col">Descripción</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
      )
    : `<p>Tipo: ${typeHtml(schema)}.</p>`;
  const description = str(schema["description"]);
  return (
    `<section id="esquema-${esc(name)}" aria-labelledby="esquema-${esc(name)}-h"><h3 id="esquema-${esc(name)}-h">${esc(name)}</h3>` +
    `${description ? `<p>${inline(description)}</p>` : ""}${table}</section>`
  );
}

function errorsSection(ex: Map<string, Example>): string {
  const block = (id: string, what: string): string => {
    const e = ex.get(id);
    return e ? `<h3>${esc(what)}</h3><p><code>GET ${esc(API_BASE + e.request)}</code> → ${e.status}</p>${codeBlock(e.text)}` : "";
  };
  return (
    `<p>Los errores se responden con <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, ` +
    `<code>detail</code> en español e <code>instance</code> con la ruta pedida, sin caché (<code>Cache-Control: no-store</code>) y con los encabezados de CORS y del límite.</p>` +
    block("error-400", "Parámetro fuera de sus límites: 400") +
    block("error-404", "Registro inexistente: 404") +
    block("error-429", `Más de ${RATE_LIMIT.limit} solicitudes en ${RATE_LIMIT.windowSeconds} segundos: 429`)
  );
}

export function docsPage(ctx: SiteContext): string {
  const doc = ctx.openapi as unknown as Json;
  const ex = examples(ctx);
  const ops = operations(doc);
  const tags = [...new Set(ops.map((o) => o.tag))];
  const anchor = (t: string): string =>
    `familia-${t
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`;
  // The contents list every family and every operation in it: any operation is one click from the top of the page.
  const toc = tags.map(
    (t) =>
      `<li><a href="#${anchor(t)}">${esc(t)}</a><ul>` +
      ops
        .filter((o) => o.tag === t)
        .map((o) => `<li><a href="#${esc(o.id)}"><code>${esc(o.path)}</code></a></li>`)
        .join("") +
      `</ul></li>`,
  );
  const sections = tags.map(
    (t) =>
      `<section aria-labelledby="${anchor(t)}"><h2 id="${anchor(t)}">${esc(t)}</h2>` +
      ops
        .filter((o) => o.tag === t)
        .map((o) => operationSection(o, doc, ex))
        .join("") +
      `<p class="to-top"><a href="#contenido-docs">Volver al contenido</a></p></section>`,
  );
  const schemas = Object.entries(obj(obj(doc["components"])["schemas"]))
    .filter(([, s]) => isObject(s))
    .map(([n, s]) => schemaSection(n, obj(s)));
  const info = obj(doc["info"]);
  const body =
    `<h1>Referencia de la API</h1>` +
    `<p class="lead">${inline(str(info["summary"]) ?? "")}</p>` +
    `<p>Versión ${esc(str(info["version"]) ?? API_VERSION)}. URL base: <code>${esc(ctx.site + API_BASE)}</code> (o <code>${API_BASE}</code> desde este mismo sitio). ` +
    `Esta página se genera del <a href="${API_BASE}/openapi.json">documento OpenAPI 3.1</a>; las respuestas de ejemplo son reales, de los datos al ${esc(fmtDate(ctx.asOf))}.</p>` +
    `<p>${inline(str(info["description"]) ?? "")}</p>` +
    `<p>Las mismas rutas, cálculos incluidos, están disponibles como herramientas de un <a href="${MCP_GUIDE_PATH}">servidor MCP</a> para asistentes.</p>` +
    `<nav aria-labelledby="contenido-docs"><h2 id="contenido-docs">Contenido por familia</h2><ul class="toc">${toc.join("")}<li><a href="#errores">Errores</a></li><li><a href="#esquemas">Esquemas</a></li></ul></nav>` +
    sections.join("") +
    `<section aria-labelledby="errores"><h2 id="errores">Errores</h2>${errorsSection(ex)}</section>` +
    `<section aria-labelledby="esquemas"><h2 id="esquemas">Esquemas</h2>${schemas.join("")}</section>` +
    `<p>Atribución: <q>${esc(attribution(ctx.site))}</q>.</p>`;
  return page({
    path: "/docs/",
    title: `Referencia de la API · ${SERVICE_NAME}`,
    description: "Cada endpoint de la API de Fiscal MX con sus parámetros, límites, errores y una respuesta real de los datos actuales.",
    section: "docs",
    body,
    site: ctx.site,
  });
}
