// The MCP tools, generated from the route table: one per tool family (a route's `mcp` entry), its arguments the union of its routes' parameters.
import { routes, type McpToolName, type Param, type Route } from "../routes/routes.ts";
import { isRequiredParam, paramSchema } from "../route-shape/param-schema.ts";
import { FAMILIES } from "./families.ts";
import { outputSchemaOf } from "./output.ts";
import { MAX_INVOICE_CONCEPTS } from "../routes/calc-routes.ts";

type Schema = Record<string, unknown>;

export interface Tool {
  name: McpToolName;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, Schema>; required: string[]; additionalProperties: false };
  outputSchema: { type: "object"; properties: Record<string, Schema>; required: string[] };
  annotations: { readOnlyHint: true };
  /** The argument that picks among `routes` by their `mcp.as`; absent when the tool has one kind of request. */
  selector?: string;
  routes: readonly Route[];
}

/** The tool and selector value of a route; undefined for a route the table keeps out of MCP (with its reason). */
export function bindingOf(route: Route): { tool: McpToolName; as?: string } | undefined {
  return route.mcp !== undefined && "tool" in route.mcp ? route.mcp : undefined;
}

/**
 * Up to the first full stop that ends a sentence (not "Art. 20" nor "p. ej."), without its parenthesized
 * asides when still long: the rest is in OpenAPI, and every byte here is paid by each conversation.
 */
function shortDescription(text: string): string {
  const first = text.split(/(?<=[A-Za-záéíóúñ0-9)]{3})\.\s+(?=[A-ZÁÉÍÓÚ¿`])/)[0]?.replace(/\.?$/, ".") ?? text;
  const bare = first.length > 80 ? first.replace(/\s*\([^()]*(\([^()]*\)[^()]*)*\)/g, "") : first;
  // Still long: its first clause, which says what the value is; the conditions after it are the API's to check.
  return bare.length > 100 ? `${bare.split(/;\s+/)[0]?.replace(/\.?$/, "")}.` : bare;
}

/**
 * A parameter as a tool argument: its own description (the schema states the bounds), amounts also as JSON
 * numbers (an assistant writes 12000, not "12000"), no length where the values are listed or a pattern bounds
 * it, and a date as a date (the API says which days do not exist).
 */
function argumentSchema(p: Param): Schema {
  const { minLength: _min, maxLength: max, ...schema }: Schema = { ...paramSchema(p), description: shortDescription(p.description) };
  if (schema["format"] === "date") return { type: "string", format: "date", description: schema["description"] };
  if (schema["enum"] === undefined && schema["pattern"] === undefined && max !== undefined) schema["maxLength"] = max;
  // A path argument names one segment: never empty, "." or ".." (which a URL would resolve to the whole list).
  if (p.in === "path" && schema["enum"] === undefined && schema["pattern"] === undefined)
    Object.assign(schema, { minLength: 1, not: { enum: [".", ".."] } });
  if (p.in === "query" && p.type === "decimal") {
    // An amount as text or number; its digits are the API's to check (a wrong one is a tool error naming them).
    schema["type"] = ["string", "number"];
    delete schema["pattern"];
  }
  // A year (a path value of four digits, or a whole number such as anio) as a number or as text: an assistant sends
  // either. The pattern binds the text form, the bounds the number form; the API checks the value.
  if (p.in === "path" && p.pattern === "^\\d{4}$") {
    Object.assign(schema, { type: ["string", "integer"], minimum: 1000, maximum: 9999 });
    schema["description"] = `${String(schema["description"])} Número o texto.`;
  }
  if (p.in === "query" && p.type === "whole") {
    Object.assign(schema, { type: ["integer", "string"], pattern: "^\\d{1,9}$" });
    schema["description"] = `${String(schema["description"])} Número o texto.`;
  }
  return schema;
}

/**
 * One schema per argument name: routes that give a name different bounds keep only its type (the API checks
 * each) and say what it is for each ("factor-actualizacion: Monto a actualizar. conversion: Monto a convertir.").
 */
function mergeArgument(a: Argument, b: Argument): Argument {
  const { description: da, ...sa } = a.schema;
  const { description: db, ...sb } = b.schema;
  if (JSON.stringify(sa) === JSON.stringify(sb)) return a;
  const types = [sa["type"], sb["type"]].flat().filter((t, i, all) => all.indexOf(t) === i);
  const first = a.merged ? String(da) : `${a.value}: ${String(da)}`;
  const description = `${first} ${b.value}: ${String(db)}`;
  return { value: a.value, merged: true, schema: { type: types.length === 1 ? types[0] : types, description } };
}

interface Argument {
  schema: Schema;
  /** The selector value of the route it came from. */
  value: string | undefined;
  merged: boolean;
}

/** What a selector value needs at most (its route with most required parameters) and that route's summary. */
function needs(group: readonly Route[]): { required: string[]; label: string | undefined } {
  const required = (r: Route): string[] => r.params.filter(isRequiredParam).map((p) => p.name);
  const most = group.reduce((a, r) => (required(r).length > required(a).length ? r : a));
  // A catalog's SAT name maps a selector value to the sheet; other values name their task and the family says what it covers.
  return { required: required(most), label: /\bc_\w+/.exec(most.summary)?.[0] };
}

/**
 * "isr(ingreso, periodo, anio): ISR a retener…": what each selector value needs and does, where values need
 * different arguments beyond a catalog's code; where all need the same, the enum and the arguments say it.
 */
function signatures(byValue: ReadonlyMap<string, readonly Route[]>): string[] {
  const all = [...byValue].map(([value, group]) => ({ value, ...needs(group) }));
  if (new Set(all.map((v) => v.required.join())).size <= 1) return [];
  return all
    .filter((v) => v.required.length > 1 || (v.required.length === 1 && v.required[0] !== "code"))
    .map((v) => `${v.value}(${v.required.join(", ")})${v.label === undefined ? "" : `: ${v.label}`}`);
}

/** The argument that carries an XML body to a route that takes one by POST (POST /cfdi/validar). */
export const XML_ARGUMENT = "xml";
const xmlArgument = (maxBytes: number): Schema => ({
  type: "string",
  maxLength: maxBytes,
  description: "El XML completo del CFDI 4.0, como texto.",
});

/**
 * The argument that carries the list of a JSON body to a route that takes one by POST (POST /calculos/factura): each
 * item an object with the fields of the route's GET parameters, which the API checks and names when one is wrong.
 */
export const CONCEPTS_ARGUMENT = "conceptos";
const conceptsArgument = (): Schema => ({
  type: "array",
  minItems: 1,
  maxItems: MAX_INVOICE_CONCEPTS,
  items: { type: "object" },
  description:
    "Varios conceptos: cada uno un objeto con los campos del GET (valorUnitario, cantidad, descuento, objetoImp, iva, isrRetenido…); con él, solo se admite además preset.",
});

function toolOf(name: McpToolName, members: readonly Route[]): Tool {
  const family = FAMILIES[name];
  const selector = family.selector;
  const args = new Map<string, Argument>();
  const byValue = new Map<string, Route[]>();
  for (const route of members) {
    const value = bindingOf(route)?.as;
    if (value !== undefined) byValue.set(value, [...(byValue.get(value) ?? []), route]);
  }
  for (const route of members) {
    for (const p of route.params) {
      const arg = { schema: argumentSchema(p), value: bindingOf(route)?.as, merged: false };
      const known = args.get(p.name);
      args.set(p.name, known === undefined ? arg : mergeArgument(known, arg));
    }
    if (route.post?.media === "xml")
      args.set(XML_ARGUMENT, { schema: xmlArgument(route.post.maxBytes), value: bindingOf(route)?.as, merged: false });
    if (route.post?.media === "json")
      args.set(CONCEPTS_ARGUMENT, { schema: conceptsArgument(), value: bindingOf(route)?.as, merged: false });
  }
  const properties: Record<string, Schema> = {};
  if (selector !== undefined) properties[selector.name] = { type: "string", enum: [...byValue.keys()], description: selector.description };
  for (const [name, arg] of args) properties[name] = arg.schema;
  // A required parameter of every route of a tool without selector is required of the tool.
  const required =
    selector !== undefined
      ? [selector.name]
      : members.reduce<string[]>((acc, r, i) => {
          const own = r.params.filter(isRequiredParam).map((p) => p.name);
          return i === 0 ? own : acc.filter((n) => own.includes(n));
        }, []);
  const values = signatures(byValue);
  const description =
    values.length === 0 ? family.when : `${family.when} ${selector?.description.replace(/\.$/, "")}: ${values.join("; ")}.`;
  return {
    name,
    title: family.title,
    description,
    inputSchema: { type: "object", properties, required, additionalProperties: false },
    outputSchema: outputSchemaOf(members),
    // idempotentHint means something only for tools that write (MCP spec): not sent.
    annotations: { readOnlyHint: true },
    ...(selector !== undefined && { selector: selector.name }),
    routes: members,
  };
}

function buildTools(): Tool[] {
  const groups = new Map<McpToolName, Route[]>();
  for (const route of routes) {
    const binding = bindingOf(route);
    if (binding !== undefined) groups.set(binding.tool, [...(groups.get(binding.tool) ?? []), route]);
  }
  return [...groups].map(([name, members]) => toolOf(name, members));
}

export const tools: readonly Tool[] = buildTools();
const byName = new Map<string, Tool>(tools.map((t) => [t.name, t]));
export const toolByName = (name: string): Tool | undefined => byName.get(name);

/** The tools as tools/list publishes them (without the routes behind each). */
export const publishedTools = tools.map(({ routes: _routes, selector: _selector, ...tool }) => tool);
