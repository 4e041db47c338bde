// One operation and one schema of the API reference, rendered compactly: parameters as a list, shared error responses by code.
import { API_BASE } from "../lib/routes/routes.ts";
import { DOCS_INDEX } from "./docs-paths.ts";
import type { Example } from "./context.ts";
import { codeBlock, esc } from "./html.ts";
import { boundsText, inline, list, obj, refName, str, typeHtml, type Json } from "./openapi-text.ts";

export interface Operation {
  path: string;
  op: Json;
  id: string;
  tag: string;
}

const PLACES: Record<string, string> = { path: "ruta", query: "consulta", header: "encabezado" };

/** The GET operations of the document, in its order, each with its first tag as its family. */
export function operations(doc: Json): Operation[] {
  return Object.entries(obj(doc["paths"])).flatMap(([path, item]) => {
    const op = obj(obj(item)["get"]);
    const id = str(op["operationId"]);
    return id ? [{ path, op, id, tag: str(list(op["tags"])[0]) ?? "Otros" }] : [];
  });
}

/** One parameter: name, where it goes, whether it is required, type and bounds, description, example. */
function parameterText(p: Json): string {
  const schema = obj(p["schema"]);
  const bounds = boundsText(schema);
  const facts = [
    `${esc(PLACES[str(p["in"]) ?? ""] ?? "")}, ${p["required"] === true ? "obligatorio" : "opcional"}`,
    typeHtml(schema),
    ...(bounds ? [esc(bounds)] : []),
  ];
  const example = p["example"] === undefined ? "" : ` Ejemplo: <code>${esc(String(p["example"]))}</code>.`;
  return `<code>${esc(str(p["name"]) ?? "")}</code> (${facts.join("; ")}): ${inline(str(p["description"]) ?? "")}${example}`;
}

/** No parameters, one in a sentence, or a list of them. */
function parametersText(op: Json): string {
  const params = list(op["parameters"]).map(obj);
  if (params.length === 0) return "Ninguno.";
  if (params.length === 1) return parameterText(params[0] ?? {});
  return `<ul class="params">${params.map((p) => `<li>${parameterText(p)}</li>`).join("")}</ul>`;
}

/** Responses of the operation itself in full; the shared error responses by code, with a link to what they mean on the index. */
function responsesText(op: Json): string {
  const lines: string[] = [];
  const shared: string[] = [];
  let notModified = false;
  for (const [code, value] of Object.entries(obj(op["responses"]))) {
    const ref = str(obj(value)["$ref"]);
    if (code === "304" && !ref) {
      notModified = true;
      continue;
    }
    if (ref) {
      shared.push(esc(code));
      continue;
    }
    const response = obj(value);
    const schemas = Object.values(obj(response["content"]))
      .map((c) => obj(obj(c)["schema"]))
      .filter((s) => Object.keys(s).length > 0);
    const body = schemas.length ? ` Cuerpo: ${schemas.map((s) => typeHtml(s)).join(", ")}.` : "";
    lines.push(`${esc(code)} — ${inline(str(response["description"]) ?? "")}${body}`);
  }
  const codes = shared.length > 1 ? `${shared.slice(0, -1).join(", ")} y ${shared.at(-1)}` : (shared[0] ?? "");
  const errors = shared.length ? `errores ${codes} (<a href="${DOCS_INDEX}#errores">problem+json</a>)` : "";
  if (notModified || errors) lines.push(`${[notModified ? "304 si no cambió" : "", errors].filter(Boolean).join("; ")}.`);
  return lines.join("<br>");
}

/** The schema of an operation's 200 response ({} when it has none). */
const okSchema = (o: Operation): Json => {
  const content = Object.values(obj(obj(obj(o.op["responses"])["200"])["content"]));
  return obj(obj(content[0])["schema"]);
};

/**
 * The lookup that a list operation is the whole of: the operation at the list's path plus one path
 * parameter whose 200 body is one item of the list's ("/cfdi/uso" and "/cfdi/uso/{code}"). A list
 * with such a lookup shows how many items it has instead of repeating their shape.
 */
export function itemLookup(list: Operation, ops: readonly Operation[]): Operation | undefined {
  const items = str(obj(okSchema(list)["items"])["$ref"]);
  if (items === undefined || okSchema(list)["type"] !== "array") return undefined;
  return ops.find(
    (o) => /^\/\{[^/}]+\}$/.test(o.path.slice(list.path.length)) && o.path.startsWith(list.path) && str(okSchema(o)["$ref"]) === items,
  );
}

/** The example request and its status, with the body below; a list with an item lookup says how many items it has instead. */
function example(ex: Example | undefined, lookup: Operation | undefined): { line: string; body: string } {
  if (!ex) return { line: "Sin ejemplo.", body: "" };
  const request = `<code>GET ${esc(API_BASE + ex.request)}</code> → ${ex.status}`;
  if (lookup && ex.items !== undefined) {
    const items = `${ex.items} ${ex.items === 1 ? "entrada" : "entradas"}`;
    return {
      line: `${request}: un arreglo de ${items}, cada una como la respuesta de <a href="#${esc(lookup.id)}"><code>${esc(lookup.path)}</code></a>.`,
      body: "",
    };
  }
  return { line: `${request}${ex.cut ? " (listas largas recortadas)" : ""}`, body: codeBlock(ex.text) };
}

/** An operation, compactly: path, summary and description, then parameters, responses and a real example as a definition list. */
export function operationSection(o: Operation, ex: Example | undefined, lookup?: Operation): string {
  const description = str(o.op["description"]);
  const shown = example(ex, lookup);
  return (
    `<section class="op" id="${esc(o.id)}"><h3>${esc(o.path)}</h3>` +
    `<p><strong>${inline(str(o.op["summary"]) ?? "")}</strong>${description ? ` ${inline(description)}` : ""}</p>` +
    `<dl class="facts"><dt>Parámetros</dt><dd>${parametersText(o.op)}</dd><dt>Respuestas</dt><dd>${responsesText(o.op)}</dd>` +
    `<dt>Respuesta real</dt><dd>${shown.line}</dd></dl>${shown.body}</section>`
  );
}

/** A component schema: its description and one line per field (type, bounds, whether always present, description). */
export function schemaSection(name: string, schema: Json): string {
  const required = new Set(list(schema["required"]).map(String));
  const fields = Object.entries(obj(schema["properties"])).map(([field, value]) => {
    const s = obj(value);
    const bounds = boundsText(s);
    const facts = [typeHtml(s), ...(bounds ? [esc(bounds)] : []), required.has(field) ? "siempre presente" : "puede faltar"];
    return `<li><code>${esc(field)}</code> (${facts.join("; ")})${str(s["description"]) ? `: ${inline(str(s["description"]) ?? "")}` : ""}</li>`;
  });
  const description = str(schema["description"]);
  return (
    `<section id="esquema-${esc(name)}" aria-labelledby="esquema-${esc(name)}-h"><h3 id="esquema-${esc(name)}-h">${esc(name)}</h3>` +
    `${description ? `<p>${inline(description)}</p>` : ""}${fields.length ? `<ul class="fields">${fields.join("")}</ul>` : `<p>Tipo: ${typeHtml(schema)}.</p>`}</section>`
  );
}

/** Every "$ref" string anywhere inside a JSON value. */
function refsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.add(v);
      else refsIn(v, out);
    }
  }
  return out;
}

/**
 * The component schemas an operation's own parameters and responses name, and those they name in turn,
 * so that every schema link on a family's page points into that page. Shared error responses are left
 * out: their Problem schema is on the index.
 */
export function schemasUsed(ops: readonly Operation[], schemas: Json): string[] {
  const found = new Set<string>();
  const pending = ops.flatMap((o) => [
    ...refsIn(o.op["parameters"], new Set()),
    ...Object.values(obj(o.op["responses"])).flatMap((r) => (str(obj(r)["$ref"]) ? [] : [...refsIn(r, new Set())])),
  ]);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    if (!ref.startsWith("#/components/schemas/")) continue;
    const name = refName(ref);
    if (found.has(name) || schemas[name] === undefined) continue;
    found.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  return Object.keys(schemas).filter((n) => found.has(n));
}
