// The MCP endpoint (Streamable HTTP, stateless): one message a POST, checked here, then a server and transport of the SDK for it.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { API_VERSION, SERVICE_NAME } from "../../core/service-config.ts";
import { withHeaders } from "../http/netlify.ts";
import { respond } from "../http/respond.ts";
import { HttpError, printable, problem } from "../http/errors.ts";
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

/**
 * Without one, every Server makes its own Ajv instance (for elicitation, which these tools never use): a
 * fifth of the CPU of a tools/call. One, made on first use, serves every request of the process.
 */
let validator: AjvJsonSchemaValidator | undefined;

function mcpServer(call: ApiCall): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: MCP_SERVER_NAME, title: SERVICE_NAME, version: API_VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => LIST);
  server.setRequestHandler(CallToolRequestSchema, (req) => callTool(call, req.params.name, req.params.arguments ?? {}));
  return server;
}

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

/** The body as text, reading no more than `max` bytes; undefined past it (the rest is never read). */
async function readBounded(req: Request, max: number): Promise<string | undefined> {
  if (req.body === null) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      void reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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

/**
 * tools/list and tools/call, already checked by checkMessage, answered here: a server and transport of the SDK
 * per request cost more than the call itself (and re-validate a 15 KB list each time). Initialization,
 * notifications and anything else go through the SDK.
 */
async function answerDirectly(call: ApiCall, message: unknown): Promise<string | undefined> {
  const m = message as { id?: string | number; method?: string; params?: { name?: string; arguments?: Record<string, unknown> } };
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(m.id)},`;
  if (m.method === "tools/list") return `${head}"result":${LIST_JSON}}`;
  if (m.method !== "tools/call" || m.params?.name === undefined) return undefined;
  try {
    return `${head}"result":${JSON.stringify(await callTool(call, m.params.name, m.params.arguments ?? {}))}}`;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "number") throw e;
    return `${head}"error":${JSON.stringify({ code, message: (e as Error).message })}}`;
  }
}

/**
 * The 405 of every method but POST and OPTIONS, a problem+json like the API's: stateless, the endpoint has no
 * stream to offer on GET and no session to end on DELETE (the protocol's answer is 405). Sent before any body is read.
 */
export function mcpMethodNotAllowed(method: string): Response {
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
    const direct = await answerDirectly(options.call, checked.message);
    if (direct !== undefined)
      return new Response(direct, { status: 200, headers: [["Content-Type", "application/json"], ...pairs([...CORS, ...rate])] });
    const server = mcpServer(options.call);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const res = await transport.handleRequest(req, { parsedBody: checked.message });
    void server.close();
    return withHeaders(res, CORS);
  };
}
