// A tool call's arguments checked against the tool's input schema (Ajv), with a short Spanish message for the first mistake.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
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
    case "minLength":
    case "maxLength":
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
