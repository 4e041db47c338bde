// The MCP endpoint (Streamable HTTP, stateless): one message a POST, checked here and answered here, every message in Spanish.
import { ErrorCode, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { API_VERSION, SERVICE_NAME } from "../../core/service-config.ts";
import { respond } from "../http-kit/respond.ts";
import { HttpError, printable, problem } from "../http-kit/errors.ts";
import { readAtMost } from "../http-kit/body.ts";
import { MCP_MAX_BODY, MCP_PATH, MCP_SERVER_NAME, MCP_TOO_LARGE } from "./endpoint.ts";
import { checkMessage, type RpcRefusal } from "./jsonrpc.ts";
import { callTool, type ApiCall } from "./call-tool.ts";
import { publishedTools } from "./tools.ts";

export type { ApiCall } from "./call-tool.ts";

export interface McpOptions {
  call: ApiCall;
}

const INSTRUCTIONS =
  "Datos fiscales oficiales de México (tipo de cambio FIX y del Art. 20 CFF, UDI, TIIE, UMA, salario mínimo, INPC, tarifas de ISR, catálogos del SAT, RFC, calendario) " +
  "y cálculos exactos al centavo. Cada resultado trae el mismo JSON que la API REST (structuredContent.resultado) y un texto con fecha, fuente y fundamento; " +
  "cita «Según Fiscal MX» al usarlo. Nunca estima: un dato no publicado es un error que lo dice.";

const LIST = { tools: publishedTools };
/** The tools/list result, serialised once: it is the same for every request. */
const LIST_JSON = JSON.stringify(LIST);

const CORS = ["Access-Control-Allow-Origin", "*", "Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, Retry-After"];

/** What the server says of itself in its answer to initialize. */
const SERVER_INFO = { name: MCP_SERVER_NAME, title: SERVICE_NAME, version: API_VERSION };

const json = (status: number, body: unknown, headers: string[] = []): Response =>
  new Response(JSON.stringify(body), { status, headers: [["Content-Type", "application/json"], ...pairs([...CORS, ...headers])] });

function pairs(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
}

const refusal = (r: RpcRefusal, headers: string[] = []): Response => json(r.status, r.body, headers);
const rpcError = (status: number, message: string, headers: string[] = []): Response =>
  refusal({ status, body: { jsonrpc: "2.0", id: null, error: { code: -32000, message } } }, headers);

/** The 413 of a message past the bound, which is never read. */
export const mcpTooLarge = (): Response => rpcError(413, MCP_TOO_LARGE);

/** The body as text, reading no more than `max` bytes; undefined past it (the rest is never read). */
async function readBounded(req: Request, max: number): Promise<string | undefined> {
  const bytes = await readAtMost(req, max);
  return bytes === undefined ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

function preflight(): Response {
  const headers = [
    ...CORS,
    "Access-Control-Allow-Methods",
    "POST, OPTIONS",
    "Access-Control-Max-Age",
    "86400",
    "Access-Control-Allow-Headers",
    "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
  ];
  return respond(204, headers, null);
}

/** The methods this server answers; any other is a -32601 that lists them. */
const METHODS = ["initialize", "ping", "tools/list", "tools/call"];

/** The result of initialize: the client's protocol revision when this server speaks it, else the latest it does. */
function initializeResult(params: { protocolVersion?: unknown } | undefined): unknown {
  const asked = params?.protocolVersion;
  const protocolVersion = typeof asked === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
  return { protocolVersion, capabilities: { tools: {} }, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
}

/**
 * The JSON text of the answer to one request, already checked by checkMessage. Every method is answered here:
 * a server and transport of the SDK per request cost more than the call itself, and answer their own errors in English.
 */
async function answer(call: ApiCall, m: { id: string | number; method: string; params?: Record<string, unknown> }): Promise<string> {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},`;
  const error = (code: number, message: string): string => `${head}"error":${JSON.stringify({ code, message })}}`;
  switch (m.method) {
    case "tools/list":
      return `${head}"result":${LIST_JSON}}`;
    case "initialize":
      return `${head}"result":${JSON.stringify(initializeResult(m.params))}}`;
    case "ping":
      return `${head}"result":{}}`;
    case "tools/call":
      break;
    default:
      return error(
        ErrorCode.MethodNotFound,
        `No existe el método ${printable(m.method)}; este servidor MCP responde ${METHODS.join(", ")}.`,
      );
  }
  const params = m.params as { name: string; arguments?: Record<string, unknown> };
  try {
    return `${head}"result":${JSON.stringify(await callTool(call, params.name, params.arguments ?? {}))}}`;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "number") throw e;
    return error(code, (e as Error).message);
  }
}

/**
 * The 405 of every method but POST and OPTIONS, a problem+json like the API's: stateless, the endpoint has no
 * stream to offer on GET and no session to end on DELETE (the protocol's answer is 405). Sent before any body is read.
 */
function mcpMethodNotAllowed(method: string): Response {
  const detail = `El método ${printable(method)} no está permitido en ${MCP_PATH}: este servidor MCP sin sesión solo acepta POST (y OPTIONS para CORS).`;
  return problem(new HttpError(405, detail, ["Allow", "POST, OPTIONS"]), MCP_PATH, []);
}

export type McpEndpoint = (req: Request, ip: string) => Promise<Response>;

/** The endpoint: preflight, POST only, one bounded and checked message, then a stateless server for it. */
export function mcpHandler(options: McpOptions): McpEndpoint {
  return async (req, _ip) => {
    if (req.method === "OPTIONS") return preflight();
    // Stateless: no stream to offer on GET and no session to end on DELETE (the protocol's answer is 405).
    if (req.method !== "POST") return mcpMethodNotAllowed(req.method);
    // The rate limit is the caller's: the local server counts /mcp with the API's limiter, the platform in front of the function.
    const rate: string[] = [];
    if (Number(req.headers.get("content-length") ?? 0) > MCP_MAX_BODY) return rpcError(413, MCP_TOO_LARGE, rate);
    const text = await readBounded(req, MCP_MAX_BODY);
    if (text === undefined) return rpcError(413, MCP_TOO_LARGE, rate);
    const checked = checkMessage(text);
    if ("status" in checked) return refusal(checked, rate);
    const message = checked.message as { id?: string | number; method?: string; params?: Record<string, unknown> };
    // A notification (no id) or a response from the client: accepted, and nothing is done for it (no answer is due).
    if (message.id === undefined || message.method === undefined) return respond(202, [...CORS, ...rate], null);
    const body = await answer(options.call, { ...message, id: message.id, method: message.method });
    return new Response(body, { status: 200, headers: [["Content-Type", "application/json"], ...pairs([...CORS, ...rate])] });
  };
}
