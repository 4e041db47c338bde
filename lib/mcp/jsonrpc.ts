// The JSON-RPC message of an MCP request, checked before the SDK sees it: one message (no batches), well-formed params, Spanish errors.
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** A JSON-RPC error answer: the HTTP status and the body. */
export interface RpcRefusal {
  status: number;
  body: { jsonrpc: "2.0"; id: string | number | null; error: { code: number; message: string } };
}

const refuse = (status: number, id: string | number | null, code: number, message: string): RpcRefusal => ({
  status,
  body: { jsonrpc: "2.0", id, error: { code, message } },
});

/** The methods whose params the SDK parses: a malformed one is our -32602, not its "internal error" with a validation dump. */
const PARAMS = new Map<string, { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
]);

const idOf = (m: Record<string, unknown>): string | number | null =>
  typeof m["id"] === "string" || typeof m["id"] === "number" ? (m["id"] as string | number) : null;

/** The one message of the body, or the refusal to answer. */
export function checkMessage(text: string): { message: unknown } | RpcRefusal {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse(400, null, -32700, "El cuerpo no es JSON válido.");
  }
  // The protocol revision 2025-06-18 removed batches; one request a message keeps each call's work bounded and counted.
  if (Array.isArray(parsed)) return refuse(400, null, -32600, "No se admiten lotes (batch) de JSON-RPC: envía un mensaje por solicitud.");
  const envelope = parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  const { params: _params, ...bare } = envelope;
  if (!JSONRPCMessageSchema.safeParse(bare).success) {
    return refuse(400, idOf(envelope), -32600, "No es un mensaje JSON-RPC 2.0 válido (jsonrpc, method e id).");
  }
  const message = envelope;
  // A well-formed envelope whose params are not an object: the request's params are wrong, not the message.
  if (!JSONRPCMessageSchema.safeParse(message).success) {
    return refuse(200, idOf(message), -32602, `Parámetros inválidos para ${String(message["method"])}: params debe ser un objeto.`);
  }
  const schema = typeof message["method"] === "string" && "id" in message ? PARAMS.get(message["method"]) : undefined;
  const check = schema?.safeParse(message);
  if (check !== undefined && !check.success) {
    const where = check.error?.issues[0]?.path.map(String).join(".") || "params";
    return refuse(200, idOf(message), -32602, `Parámetros inválidos para ${String(message["method"])}: revisa ${where}.`);
  }
  return { message };
}
