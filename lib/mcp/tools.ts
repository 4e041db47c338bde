// The MCP tools, generated from the route table: one per route, its input schema from the route's parameters.
import { API_BASE, pathParams, routes, type Route } from "../routes.ts";
import { isRequiredParam, paramDescription, paramSchema } from "../param-schema.ts";

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, Record<string, unknown>>; required: string[]; additionalProperties: false };
  annotations: { readOnlyHint: true; idempotentHint: true; openWorldHint: false };
  route: Route;
}

/** When to use the tools of each family (route tag); a family without an entry gets the route's own summary. */
const WHEN: Record<string, string> = {
  "Tipo de cambio":
    "Úsala cuando pregunten cuántos pesos vale un dólar, por el tipo de cambio FIX del Banco de México o por el tipo de cambio para pagar obligaciones en dólares.",
  UDI: "Úsala cuando pregunten por el valor de las UDIS (unidades de inversión) de una fecha.",
  TIIE: "Úsala cuando pregunten por la tasa de interés interbancaria de equilibrio (TIIE).",
  "UMA y salario mínimo": "Úsala cuando pregunten por la UMA, el salario mínimo o las tasas de cuotas obrero-patronales de un año.",
  INPC: "Úsala cuando pregunten por el Índice Nacional de Precios al Consumidor o la inflación de un mes.",
  ISR: "Úsala cuando necesiten la tarifa de retención de ISR por salarios (Art. 96 LISR) de un año y periodo.",
  "CFDI 4.0": "Úsala cuando pregunten qué significa una clave de un catálogo del SAT para facturas (CFDI 4.0) o recibos de nómina.",
  "Catálogos SAT":
    "Úsala cuando pregunten qué significa una clave de un catálogo del SAT para facturas (CFDI 4.0) o recibos de nómina, o busquen una clave por texto.",
  RFC: "Úsala cuando quieran saber si un RFC tiene una estructura válida (no consulta si está inscrito en el SAT).",
  Calendario: "Úsala cuando pregunten por las próximas fechas límite de pagos y declaraciones ante el SAT, el IMSS o el INFONAVIT.",
  Cálculos: "Úsala para calcular con exactitud al centavo, con los datos oficiales y el fundamento legal, en vez de hacer la cuenta tú.",
  Contenido: "Úsala cuando pidan las calculadoras, guías o términos del glosario de Fiscal MX.",
  Estado: "Úsala cuando pregunten qué tan actualizados están los datos de Fiscal MX y de dónde vienen.",
};

/** The content search for not-found pages is for the site, not for assistants. */
const EXCLUDED = new Set(["suggest"]);

/**
 * Tool names: the route's operation id, in snake case (letters, digits and underscores only); a one-letter
 * word stays a word ("cfdiTasaOCuota" → cfdi_tasa_o_cuota, as c_TasaOCuota reads).
 */
const toolName = (route: Route): string =>
  route.id
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();

function toolOf(route: Route): Tool {
  const properties: Tool["inputSchema"]["properties"] = {};
  for (const p of route.params) properties[p.name] = { ...paramSchema(p), description: paramDescription(p) };
  const when = WHEN[route.tag] ?? `Úsala cuando necesiten: ${route.summary.toLowerCase()}.`;
  const description = [`${route.summary}.`, route.description, when, `Devuelve el mismo JSON que GET ${API_BASE}${route.path}.`]
    .filter((s) => s.length > 0)
    .join(" ");
  return {
    name: toolName(route),
    title: route.summary,
    description,
    inputSchema: {
      type: "object",
      properties,
      required: route.params.filter(isRequiredParam).map((p) => p.name),
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    route,
  };
}

export const tools: readonly Tool[] = routes.filter((r) => !EXCLUDED.has(r.id)).map(toolOf);
const byName = new Map(tools.map((t) => [t.name, t]));
export const toolByName = (name: string): Tool | undefined => byName.get(name);

/** The REST request a tool call stands for: path parameters in the path, the others in the query string. */
export function requestOf(route: Route, args: Record<string, unknown>): { path: string; query: string } {
  const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(args[name])));
  const inPath = new Set(pathParams(route).map((p) => p.name));
  const query = new URLSearchParams();
  for (const p of route.params) if (!inPath.has(p.name) && args[p.name] !== undefined) query.set(p.name, text(args[p.name]));
  return { path: `${API_BASE}${path}`, query: query.toString() };
}
