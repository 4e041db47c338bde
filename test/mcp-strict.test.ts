// Strict, exact, spec-shaped MCP: amounts as JSON numbers only when exact, notifications 202 without work, path
// arguments that name a segment, Spanish errors for unknown methods, a lone surrogate a -32602 (issue 44, point 5).
import { describe, expect, it } from "vitest";
import { createApp } from "../server/app.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { mcpHandler } from "../lib/mcp/server.ts";
import { toolByName } from "../lib/mcp/tools.ts";
import { builtDist, builtFiles } from "./http-setup.ts";

interface Rpc {
  status: number;
  text: string;
  json?: { id?: unknown; result?: { isError?: boolean; structuredContent?: { ruta: string } }; error?: { code: number; message: string } };
}

/** An endpoint over the built tree, and how many API requests its tools have made. */
async function endpoint(): Promise<{ post: (message: unknown) => Promise<Rpc>; calls: () => number }> {
  const { api } = createApp(await builtDist(), {}, await builtFiles());
  const inner = inProcessCall(api.withoutLimit());
  let calls = 0;
  const mcp = mcpHandler({
    call: (path, query) => {
      calls++;
      return inner(path, query);
    },
  });
  const post = async (message: unknown): Promise<Rpc> => {
    const res = await mcp(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: typeof message === "string" ? message : JSON.stringify(message),
      }),
      "192.0.2.5",
    );
    const text = await res.text();
    return { status: res.status, text, ...(text.length > 0 && { json: JSON.parse(text) }) };
  };
  return { post, calls: () => calls };
}

const call = (name: string, args: Record<string, unknown>, id: number | null = 1): unknown => ({
  jsonrpc: "2.0",
  ...(id !== null && { id }),
  method: "tools/call",
  params: { name, arguments: args },
});

const COMPROBANTE = {
  que: "comprobante-cfdi",
  tipo: "I",
  metodoPago: "PUE",
  formaPago: "01",
  moneda: "MXN",
  exportacion: "01",
  fecha: "2026-03-16",
};

describe("amounts given as JSON numbers", () => {
  it("are taken when exact at the route's decimals, and refused with -32602 asking for text otherwise", async () => {
    const { post, calls } = await endpoint();
    const ok = await post(call("validar", { ...COMPROBANTE, total: 1160.5 }));
    expect(ok.json?.result?.structuredContent?.ruta).toContain("total=1160.5");
    expect(calls()).toBe(1);
    // The case, as a client writes it: a double cannot hold 99999999999999.995 (it reads 1e14 here).
    for (const total of ["99999999999999.995", "1e15", "1.0000005", "1e-7", "-1", "123456789012.5"]) {
      const body = JSON.stringify(call("validar", { ...COMPROBANTE, total: 0 })).replace('"total":0', `"total":${total}`);
      const bad = await post(body);
      expect(bad.json?.error?.code, total).toBe(-32602);
      expect(bad.json?.error?.message, total).toMatch(/envíelo como texto/);
    }
    expect(calls()).toBe(1);
    // As text the same amount is the API's to check, exactly.
    const text = await post(call("validar", { ...COMPROBANTE, total: "99999999999999.995" }));
    expect(text.json?.result?.structuredContent?.ruta).toContain("total=99999999999999.995");
    // A calculation's amount with its two decimals (ISR: ingreso).
    const isr = await post(call("calcular", { calculo: "isr", ingreso: 12345.67, periodo: "mensual", anio: 2026 }));
    expect(isr.json?.error).toBeUndefined();
    const isrBad = await post(call("calcular", { calculo: "isr", ingreso: 12345.675, periodo: "mensual", anio: 2026 }));
    expect(isrBad.json?.error?.message).toMatch(/más de 2 decimales/);
  });
});

describe("notifications", () => {
  it("get 202 with no body and do no work, whatever their method", async () => {
    const { post, calls } = await endpoint();
    for (const message of [
      call("uma_salario_minimo", {}, null),
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", method: "no-existe" },
    ]) {
      const res = await post(message);
      expect(res.status).toBe(202);
      expect(res.text).toBe("");
    }
    expect(calls()).toBe(0);
  });
});

describe("path arguments", () => {
  it("declare minLength 1 and refuse «.» and «..» in the schema the tools publish", () => {
    const code = toolByName("catalogo_sat")?.inputSchema.properties["code"];
    expect(code).toMatchObject({ type: "string", minLength: 1, not: { enum: [".", ".."] } });
  });

  it("never answer the whole catalog for an empty, «.» or «..» code", async () => {
    const { post, calls } = await endpoint();
    for (const code of ["", ".", ".."]) {
      const res = await post(call("catalogo_sat", { catalogo: "uso", code }));
      expect(res.json?.error?.code, code).toBe(-32602);
      expect(res.json?.error?.message, code).toMatch(/^code no puede/);
    }
    expect(calls()).toBe(0);
    const one = await post(call("catalogo_sat", { catalogo: "uso", code: "G03" }));
    expect(one.json?.result?.structuredContent?.ruta).toMatch(/\/G03$/);
  });

  it("with a lone surrogate are a -32602, not a 500", async () => {
    const { post } = await endpoint();
    const res = await post(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"catalogo_sat","arguments":{"catalogo":"uso","code":"\\ud800"}}}',
    );
    expect(res.status).toBe(200);
    expect(res.json?.id).toBe(7);
    expect(res.json?.error?.code).toBe(-32602);
    expect(res.json?.error?.message).toMatch(/sustituto UTF-16 suelto/);
  });
});

describe("every JSON-RPC error", () => {
  it("is Spanish: unknown methods, bad params, bad JSON, batches", async () => {
    const { post } = await endpoint();
    const unknown = await post({ jsonrpc: "2.0", id: 3, method: "resources/list" });
    expect(unknown.json?.error).toEqual({
      code: -32601,
      message: "No existe el método resources/list; este servidor MCP responde initialize, ping, tools/list, tools/call.",
    });
    const messages = await Promise.all(
      ["{", "[]", '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{}}', '{"jsonrpc":"2.0","id":5,"method":"prompts/get"}'].map(
        async (m) => (await post(m)).json?.error?.message ?? "",
      ),
    );
    for (const m of messages) expect(m).toMatch(/[áéíóúñ]|^No |^El |debe|revisa/);
    expect(messages.join(" ")).not.toMatch(/\b(Method not found|Invalid|Parse error|required)\b/);
  });

  it("initialize and ping are answered too, without the SDK's transport", async () => {
    const { post } = await endpoint();
    const init = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    expect(init.json?.result).toMatchObject({
      protocolVersion: "2025-06-18",
      capabilities: { tools: {} },
      serverInfo: { name: "fiscal-mx" },
    });
    expect((await post({ jsonrpc: "2.0", id: 2, method: "ping" })).json).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
  });
});
