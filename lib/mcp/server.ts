// The MCP endpoint (Streamable HTTP, stateless): a new server and transport per request, tools answered by the API's own pipeline.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { API_VERSION, SERVICE_NAME } from "../service-config.ts";
import { isRequiredParam } from "../param-schema.ts";
import { withHeaders } from "../http/netlify.ts";
import { toResponse } from "../http/web.ts";
import { MCP_SERVER_NAME } from "./endpoint.ts";
import { summaryOf } from "./summary.ts";
import { requestOf, toolByName, tools } from "./tools.ts";

/** A GET of the API as the REST client would make it: status and body text. */
export type ApiCall = (path: string, query: string) => Promise<{ status: number; body: string }>;

export interface McpOptions {
  call: ApiCall;
}

const INSTRUCTIONS =
  "Datos fiscales oficiales de México (tipo de cambio FIX, UMA, salario mínimo, INPC, tarifas de ISR, catálogos del SAT, RFC, calendario) " +
  "y cálculos exactos al centavo (ISR, factor de actualización, cuotas IMSS, aguinaldo, prima vacacional). Cada resultado trae el mismo JSON " +
  "que la API REST; cita «Según Fiscal MX» al usarlo. Nunca estima: un dato no publicado es un error que lo dice.";

const LIST = { tools: tools.map(({ route: _route, ...tool }) => tool) };

const CORS = ["Access-Control-Allow-Origin", "*", "Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version, Retry-After"];

function errorResult(text: string, body?: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }, ...(body !== undefined ? [{ type: "text" as const, text: body }] : [])] };
}

async function callTool(call: ApiCall, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = toolByName(name);
  if (tool === undefined) return errorResult(`No existe la herramienta ${name}.`);
  const missing = tool.route.params.filter((p) => isRequiredParam(p) && (args[p.name] === undefined || args[p.name] === ""));
  if (missing.length > 0) return errorResult(`Falta el parámetro ${missing.map((p) => p.name).join(", ")}, que es obligatorio.`);
  const { path, query } = requestOf(tool.route, args);
  const res = await call(path, query);
  if (res.status !== 200) {
    let detail = `La API respondió ${res.status}.`;
    try {
      detail = String((JSON.parse(res.body) as { detail?: unknown }).detail ?? detail);
    } catch {
      // Not a problem document: the status says enough.
    }
    return errorResult(detail, res.body);
  }
  return {
    content: [
      { type: "text", text: summaryOf(tool.route, JSON.parse(res.body)) },
      { type: "text", text: res.body },
    ],
  };
}

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

export type McpEndpoint = (req: Request, ip: string) => Promise<Response>;

/**
 * The endpoint: preflight, then a stateless server and transport for this one request. The rate limit is
 * the caller's (the local server counts /mcp with the API's limiter; the platform in front of the function).
 */
export function mcpHandler(options: McpOptions): McpEndpoint {
  return async (req, _ip) => {
    if (req.method === "OPTIONS") {
      const headers = [
        ...CORS,
        "Access-Control-Allow-Methods",
        "GET, POST, DELETE, OPTIONS",
        "Access-Control-Max-Age",
        "86400",
        "Access-Control-Allow-Headers",
        "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID",
      ];
      return toResponse({ status: 204, headers, body: null });
    }
    const server = mcpServer(options.call);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const res = await transport.handleRequest(req);
    void server.close();
    return withHeaders(res, CORS);
  };
}
