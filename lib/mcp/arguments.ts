// A tool call's arguments checked against the tool's input schema (Ajv), with a short Spanish message for the first mistake.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { scaledDecimal } from "../http-kit/query.ts";
import type { Route } from "../routes.ts";
import type { Tool } from "./tools.ts";

// Formats are not checked here (the patterns are; a date that does not exist is the API's 400, with its message).
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();

const JSON_TYPES: Record<string, string> = {
  string: "texto",
  integer: "un número entero",
  number: "un número",
  object: "un objeto",
  array: "una lista",
  boolean: "verdadero o falso",
  null: "null",
};

const kindOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" && Number.isInteger(v) ? "integer" : typeof v;

const typeWords = (t: unknown): string =>
  [t]
    .flat()
    .map((x) => JSON_TYPES[String(x)] ?? String(x))
    .join(" o ");

/** One Ajv error as a Spanish sentence that names the argument. */
function sentence(e: ErrorObject, args: Readonly<Record<string, unknown>>, tool: Tool): string {
  const name = e.instancePath.replace(/^\//, "").split("/")[0] ?? "";
  const given = args[name];
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `Falta el argumento ${String(p["missingProperty"])}, que es obligatorio.`;
    case "additionalProperties":
      return `${tool.name} no tiene el argumento ${String(p["additionalProperty"])}; los suyos son: ${Object.keys(tool.inputSchema.properties).join(", ")}.`;
    case "type":
      return `${name} debe ser ${typeWords(p["type"])}, no ${JSON_TYPES[kindOf(given)] ?? kindOf(given)}.`;
    case "enum": {
      const values = (p["allowedValues"] as unknown[]).map(String);
      return `${name} debe ser uno de: ${values.length > 12 ? `${values.slice(0, 12).join(", ")}…` : values.join(", ")}.`;
    }
    case "pattern":
      return `${name} no tiene la forma esperada (${tool.inputSchema.properties[name]?.["description"] ?? String(p["pattern"])})`;
    case "minimum":
    case "maximum":
      return `${name} debe ser ${e.keyword === "minimum" ? "al menos" : "a lo más"} ${String(p["limit"])}.`;
    case "not":
      return `${name} no puede ser «${String(given)}»: es una clave, no una parte de la ruta.`;
    case "minLength":
    case "maxLength":
      if (e.keyword === "minLength" && p["limit"] === 1) return `${name} no puede estar vacío.`;
      return `${name} debe tener ${e.keyword === "minLength" ? "al menos" : "a lo más"} ${String(p["limit"])} caracteres.`;
    default:
      return `El argumento ${name || "arguments"} no es válido para ${tool.name}.`;
  }
}

/** The Spanish message of the first mistake, or undefined when the arguments match the tool's input schema. */
export function argumentError(tool: Tool, args: Readonly<Record<string, unknown>>): string | undefined {
  let validate = compiled.get(tool.name);
  if (validate === undefined) {
    validate = ajv.compile(tool.inputSchema);
    compiled.set(tool.name, validate);
  }
  if (validate(args)) return undefined;
  const first = validate.errors?.[0];
  return first === undefined ? `Los argumentos no son válidos para ${tool.name}.` : sentence(first, args, tool);
}

/**
 * Doubles are exact to the amount's decimals while a step of the last of them is a hundred doubles or more apart:
 * below this, a number with one decimal more cannot round to one that looks like an amount (99999999999999.995 did).
 */
const EXACT_BELOW = 2 ** 52 / 10;

/** Why an amount given as a JSON number cannot be read exactly at `decimals`, or undefined when it can. */
function inexactAmount(name: string, value: number, decimals: number): string | undefined {
  const text = String(value);
  const asString = `envíelo como texto, p. ej. "${/e/i.test(text) ? "1234.56" : text}"`;
  if (value < 0 || /e/i.test(text)) return `${name} (${text}) no es un monto escrito con dígitos y punto; ${asString}.`;
  if (scaledDecimal(text, decimals) === null) {
    return `${name} (${text}) tiene más de ${decimals} decimales o no es exacto como número JSON; envíelo como texto con a lo más ${decimals} decimales, p. ej. "${value.toFixed(decimals)}".`;
  }
  if (value * 10 ** decimals >= EXACT_BELOW) {
    return `${name} (${text}) es demasiado grande para leerse exacto como número JSON (un doble no distingue sus centavos); ${asString}.`;
  }
  return undefined;
}

/** Arguments of a path segment that would not name one: empty, "." or ".." (the request would become the whole list). */
const NOT_A_SEGMENT = new Set(["", ".", ".."]);

/**
 * The Spanish message of what the arguments of `route` cannot be beyond the tool's schema, or undefined: a path
 * argument that is no segment, an amount given as a JSON number that is not exact at the route's decimals.
 */
export function routeArgumentError(route: Route, args: Readonly<Record<string, unknown>>): string | undefined {
  for (const p of route.params) {
    const value = args[p.name];
    if (p.in === "path" && typeof value === "string" && NOT_A_SEGMENT.has(value)) {
      return `${p.name} no puede ser ${value === "" ? "vacío" : `«${value}»`}: es una clave, no una parte de la ruta.`;
    }
    if (p.in === "query" && p.type === "decimal" && typeof value === "number") {
      const inexact = inexactAmount(p.name, value, p.decimals);
      if (inexact !== undefined) return inexact;
    }
  }
  return undefined;
}
