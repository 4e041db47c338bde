// The output schema of a tool: the API path it answered and the body, whose shape is the top level of each route's response schema.
import type { BodySchema, SchemaName } from "../../core/schemas.ts";
import { schemas } from "../datasets/published-schemas.ts";
import type { Route } from "../routes/routes.ts";

type Schema = Record<string, unknown>;

/**
 * A response component's top level: an object with the fields it always has, their shapes left open. The
 * full schemas are in OpenAPI; here every byte is paid by each conversation that lists the tools.
 */
function topLevel(name: SchemaName): Schema {
  const full = schemas[name] as Schema;
  const required = (full["required"] ?? []) as string[];
  // The first fields name the answer (date and rate, code and description); the rest are in OpenAPI.
  return { type: "object", required: required.slice(0, 3) };
}

const bodyShape = (body: BodySchema): Schema => ("ref" in body ? topLevel(body.ref) : { type: "array", items: topLevel(body.arrayOf) });

/** `{ruta, resultado}`: MCP wants an object, and a list (a history, a catalog) is an array. */
export function outputSchemaOf(members: readonly Route[]): { type: "object"; properties: Record<string, Schema>; required: string[] } {
  const shapes = new Map<string, Schema>();
  for (const r of members) shapes.set(JSON.stringify(r.body), bodyShape(r.body));
  // Several shapes (a record or a list; one calculation or another) are told apart by the route the text names.
  const variants = [...shapes.values()];
  const kinds = [...new Set(variants.map((v) => v["type"] as string))];
  return {
    type: "object",
    properties: {
      ruta: { type: "string" },
      resultado: variants.length === 1 ? (variants[0] as Schema) : { type: kinds.length === 1 ? kinds[0] : kinds },
    },
    required: ["ruta", "resultado"],
  };
}
