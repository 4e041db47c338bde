// Reads the pieces of the OpenAPI document the reference page shows (parameters, schemas, responses) as plain text.
import { esc } from "./html.ts";

export type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const obj = (v: unknown): Json => (isObject(v) ? v : {});
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Escaped text where `backticks` become code, as the document's descriptions use them. */
export const inline = (text: string): string => esc(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** The component name of a "#/components/<kind>/<name>" reference. */
export const refName = (ref: string): string => ref.split("/").at(-1) ?? ref;

const TYPE_NAMES: Record<string, string> = {
  string: "texto",
  integer: "entero",
  number: "número",
  boolean: "booleano",
  object: "objeto",
  array: "arreglo",
  null: "null",
};

const FORMAT_NAMES: Record<string, string> = { date: "fecha AAAA-MM-DD", "date-time": "fecha y hora ISO 8601" };

/** A schema's type in a few words, with links to referenced schemas (escaped HTML). */
export function typeHtml(schema: Json): string {
  const ref = str(schema["$ref"]);
  if (ref) return `<a href="#esquema-${esc(refName(ref))}">${esc(refName(ref))}</a>`;
  if (Array.isArray(schema["enum"])) return `uno de ${schema["enum"].map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(", ")}`;
  if (schema["const"] !== undefined) return `<code>${esc(JSON.stringify(schema["const"]))}</code>`;
  const types = (Array.isArray(schema["type"]) ? schema["type"] : [schema["type"]]).filter((t): t is string => typeof t === "string");
  const words = types.map((t) => {
    if (t === "array") return `arreglo de ${typeHtml(obj(schema["items"]))}`;
    return esc(TYPE_NAMES[t] ?? t);
  });
  const format = str(schema["format"]);
  return (words.join(" o ") || "cualquiera") + (format ? ` (${esc(FORMAT_NAMES[format] ?? format)})` : "");
}

/** Bounds and defaults of a schema, in Spanish ("de 1 a 365; por omisión 30"). */
export function boundsText(schema: Json): string {
  const parts: string[] = [];
  const min = schema["minimum"];
  const max = schema["maximum"];
  if (typeof min === "number" && typeof max === "number") parts.push(`de ${min} a ${max}`);
  else if (typeof min === "number") parts.push(`mínimo ${min}`);
  else if (typeof max === "number") parts.push(`máximo ${max}`);
  if (typeof schema["exclusiveMinimum"] === "number") parts.push(`mayor que ${schema["exclusiveMinimum"]}`);
  if (typeof schema["minLength"] === "number" && schema["minLength"] > 0)
    parts.push(`al menos ${schema["minLength"]} ${schema["minLength"] === 1 ? "carácter" : "caracteres"}`);
  if (typeof schema["maxLength"] === "number") parts.push(`hasta ${schema["maxLength"]} caracteres`);
  const pattern = str(schema["pattern"]);
  if (pattern) parts.push(`patrón ${pattern}`);
  if (schema["default"] !== undefined) parts.push(`por omisión ${JSON.stringify(schema["default"])}`);
  return parts.join("; ");
}
