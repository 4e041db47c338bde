// One tools/call: arguments checked against the tool's schema, the route they stand for asked, and its answer as a bounded tool result.
import { ErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { API_BASE } from "../routes/routes.ts";
import { argumentError, routeArgumentError } from "./arguments.ts";
import { requestOf, routeFor, type CallBody } from "./dispatch.ts";
import { summaryOf } from "./summary.ts";
import { toolByName, tools } from "./tools.ts";

/**
 * A GET of the API as the REST client would make it (a POST when `body` is given): status and body text, and, when the answer rests on stale data,
 * the datasets and their latest dates (its x-fmx-datasets and x-fmx-data-date headers).
 */
export type ApiCall = (
  path: string,
  query: string,
  body?: CallBody,
) => Promise<{ status: number; body: string; stale?: { datasets: string; dates: string } }>;

/** The answer's staleness in words, for the tool's summary text (a catalog's answer has no data date: its sheet is named alone). */
const staleWords = (stale: { datasets: string; dates: string }): string =>
  ` Atención: datos desactualizados (${stale.datasets}${stale.dates === "" ? "" : `: último dato ${stale.dates}`}); estado_datos da el detalle.`;

/** Largest response body a tool returns (it goes out twice: as text and as structuredContent). */
const MAX_RESULT_CHARS = 256 * 1024;

/** A protocol error with the message as given (McpError would prefix it with "MCP error -32602:"). */
const invalidParams = (message: string): Error => Object.assign(new Error(message), { code: ErrorCode.InvalidParams });

/** A UTF-16 surrogate without its pair: JSON can carry one ("\\ud800"), no text holds one, and a URL cannot encode it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const errorResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });

/** The API's Spanish detail of a problem response, or a sentence with its status. */
function detailOf(status: number, body: string): string {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    if (typeof detail === "string") return detail;
  } catch {
    // Not a problem document: the status says enough.
  }
  return `La API respondió ${status}.`;
}

const tooLarge = (chars: number): string =>
  `La respuesta tendría ${Math.ceil(chars / 1024)} KB, más de los ${MAX_RESULT_CHARS / 1024} KB que devuelve una herramienta. ` +
  `Pide menos (un intervalo más corto con from y to, menos days o un limit menor) o descarga el conjunto completo de ${API_BASE}/dumps/index.json.`;

export async function callTool(call: ApiCall, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = toolByName(name);
  if (tool === undefined) {
    throw invalidParams(`No existe la herramienta ${name}; son: ${tools.map((t) => t.name).join(", ")}.`);
  }
  const mistake = argumentError(tool, args);
  if (mistake !== undefined) throw invalidParams(mistake);
  const broken = Object.entries(args).find(([, v]) => typeof v === "string" && LONE_SURROGATE.test(v));
  if (broken !== undefined) {
    throw invalidParams(`${broken[0]} contiene un sustituto UTF-16 suelto (\\ud800–\\udfff sin su pareja), que no es texto: revíselo.`);
  }
  const route = routeFor(tool, args);
  if (typeof route === "string") return errorResult(route);
  const wrong = routeArgumentError(route, args);
  if (wrong !== undefined) throw invalidParams(wrong);
  const { path, query, body: sent } = requestOf(route, args);
  const res = await call(path, query, sent);
  if (res.status !== 200) return errorResult(detailOf(res.status, res.body));
  if (res.body.length > MAX_RESULT_CHARS) return errorResult(tooLarge(res.body.length));
  const body: unknown = JSON.parse(res.body);
  return {
    content: [
      { type: "text", text: `${summaryOf(route, body)}${res.stale === undefined ? "" : staleWords(res.stale)}` },
      { type: "text", text: res.body },
    ],
    structuredContent: { ruta: query.length > 0 ? `${path}?${query}` : path, resultado: body },
  };
}
