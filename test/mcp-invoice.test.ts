// MCP `calcular` with many concepts: the list goes as the JSON body of POST /calculos/factura through the in-process app, and answers as the REST POST does.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeFor } from "../lib/mcp/dispatch.ts";
import { CONCEPTS_ARGUMENT, toolByName } from "../lib/mcp/tools.ts";
import { routeById } from "../lib/routes/routes.ts";
import { sharedServer } from "./http-setup.ts";

const server = sharedServer();
let client: Client;
beforeAll(async () => {
  client = new Client({ name: "fiscal-mx-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  await client.listTools();
});
afterAll(async () => {
  await client.close();
});

// The worked invoice of test/invoice-totals.test.ts ("POST /calculos/factura: many concepts"), computed there by hand.
const INVOICE = {
  preset: "honorarios-pf-a-pm",
  conceptos: [
    { valorUnitario: "10000" },
    { cantidad: 2, valorUnitario: "1500.50", descuento: "1" },
    { valorUnitario: 500, iva: "exento", preset: "publico-general" },
    { valorUnitario: "1000", iva: "8", preset: "publico-general" },
  ],
};

describe("calcular with conceptos", () => {
  it("takes the concepts of an invoice and answers what POST /calculos/factura answers", async () => {
    const r = await client.callTool({ name: "calcular", arguments: { calculo: "factura", ...INVOICE } });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    const { ruta, resultado } = r.structuredContent as { ruta: string; resultado: Record<string, unknown> };
    expect(ruta).toBe("/api/v1/public/calculos/factura");
    expect(resultado).toMatchObject({ subtotal: 14501, descuento: 1, totalImpuestosRetenidos: 2686.67, total: 13973.33 });
    const rest = await fetch(`${server.url}${ruta}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(INVOICE),
    });
    expect(resultado).toEqual(await rest.json());
  });

  it("names the concept's field the API refuses, and refuses a GET field beside the list", async () => {
    const bad = await client.callTool({
      name: "calcular",
      arguments: { calculo: "factura", conceptos: [{ valorUnitario: "10000" }, { valorUnitario: "abc" }] },
    });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain("conceptos[1]: El campo valorUnitario");
    const tool = toolByName("calcular")!;
    expect(routeFor(tool, { calculo: "factura", conceptos: [{ valorUnitario: "1" }], preset: "fletes-a-pm" })).toBe(
      routeById("calcFactura"),
    );
    expect(routeFor(tool, { calculo: "factura", conceptos: [{ valorUnitario: "1" }], valorUnitario: "5" })).toEqual(
      expect.stringContaining("no se admite esta combinación"),
    );
    expect(tool.inputSchema.properties[CONCEPTS_ARGUMENT]).toMatchObject({ type: "array", minItems: 1 });
  });
});
