// Which route a tool call stands for (by its selector and the arguments given) and the REST request it makes.
import { API_BASE, pathParams, type Route } from "../routes/routes.ts";
import { isRequiredParam } from "../route-shape/param-schema.ts";
import { CONCEPTS_ARGUMENT, XML_ARGUMENT, type Tool } from "./tools.ts";

type Args = Readonly<Record<string, unknown>>;

const names = (list: readonly string[]): string => list.join(", ");

/** "(date)", "(from, to, days)" or "sin más argumentos": how a route is asked for. */
const form = (route: Route): string => (route.params.length === 0 ? "sin más argumentos" : `con ${names(route.params.map((p) => p.name))}`);

/** What a JSON body takes beside its list (CalcFacturaSolicitud: preset applies to the concepts without their own). */
const POST_FIELDS: ReadonlySet<string> = new Set(["preset"]);

/**
 * The route of the tool's selector value that takes every argument given and is given all it requires;
 * among several, the one given the most of its parameters (then the one with fewest). A Spanish message
 * when none fits (the arguments already match the tool's input schema).
 */
export function routeFor(tool: Tool, args: Args): Route | string {
  const value = tool.selector === undefined ? undefined : String(args[tool.selector]);
  const candidates = tool.routes.filter((r) => value === undefined || (r.mcp !== undefined && "tool" in r.mcp && r.mcp.as === value));
  const given = Object.keys(args).filter((k) => k !== tool.selector && args[k] !== undefined);
  const fits = candidates.filter((r) => {
    // Many concepts go as the JSON body of the route's POST: then only the body's other field (preset) may come with them.
    if (r.post?.media === "json" && given.includes(CONCEPTS_ARGUMENT))
      return given.every((g) => g === CONCEPTS_ARGUMENT || POST_FIELDS.has(g));
    const own = new Set(r.params.map((p) => p.name));
    const xml = r.post?.media === "xml";
    if (xml) own.add(XML_ARGUMENT);
    return (
      given.every((g) => own.has(g)) &&
      r.params.filter(isRequiredParam).every((p) => given.includes(p.name)) &&
      (!xml || given.includes(XML_ARGUMENT))
    );
  });
  const score = (r: Route): number => given.length * 100 - r.params.length;
  const best = fits.sort((a, b) => score(b) - score(a))[0];
  if (best !== undefined) return best;
  const what = value === undefined ? tool.name : `${tool.selector}=${value}`;
  const ways = [...new Set(candidates.map(form))].join("; o ");
  return `Con ${what} ${given.length === 0 ? "faltan argumentos" : `no se admite esta combinación (${names(given)})`}: se pide ${ways}.`;
}

/** A JSON value as the query text the API reads: strings as given, numbers and booleans spelled out. */
const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");

/** A body a call carries to a route that takes one by POST: the XML of a CFDI, or the JSON of many concepts. */
export interface CallBody {
  type: string;
  text: string;
}

/** The REST request a call stands for: path parameters in the path, the others in the query string; the XML or the concepts as a POST's body. */
export function requestOf(route: Route, args: Args): { path: string; query: string; body?: CallBody } {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(args[name])));
  if (route.post?.media === "xml")
    return { path: `${API_BASE}${path}`, query: "", body: { type: "application/xml", text: text(args[XML_ARGUMENT]) } };
  if (route.post?.media === "json" && args[CONCEPTS_ARGUMENT] !== undefined) {
    const fields = Object.fromEntries([...POST_FIELDS].filter((f) => args[f] !== undefined).map((f) => [f, args[f]]));
    const json = JSON.stringify({ ...fields, [CONCEPTS_ARGUMENT]: args[CONCEPTS_ARGUMENT] });
    return { path: `${API_BASE}${path}`, query: "", body: { type: "application/json", text: json } };
  }
  const inPath = new Set(pathParams(route).map((p) => p.name));
  const query = new URLSearchParams();
  for (const p of route.params) if (!inPath.has(p.name) && args[p.name] !== undefined) query.set(p.name, text(args[p.name]));
  return { path: `${API_BASE}${path}`, query: query.toString() };
}
