// The MCP endpoint driven by the SDK's own client over HTTP against the local server: every tool listed, results equal to REST.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE, routes } from "../lib/routes.ts";
import { get, sharedServer } from "./http-setup.ts";

const app = sharedServer();
let client: Client;
beforeAll(async () => {
  client = new Client({ name: "fiscal-mx-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`)));
});
afterAll(async () => {
  await client.close();
});

type Content = { type: string; text: string }[];

/** Calls a tool and the REST route it stands for; both bodies must be the same JSON text. */
async function sameAsRest(name: string, args: Record<string, unknown>, rest: string): Promise<{ summary: string; body: unknown }> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const [summary, body] = result.content as Content;
  const res = await get(app.url, `${API_BASE}${rest}`);
  expect(res.status).toBe(200);
  expect(body?.text).toBe(res.body.toString("utf8"));
  expect(summary?.text).toMatch(/^\S.*[.)]$/);
  expect(summary?.text).not.toContain("\n");
  return { summary: summary?.text ?? "", body: JSON.parse(body?.text ?? "null") };
}

describe("the MCP server", () => {
  it("lists a tool for every route, with Spanish descriptions and input schemas from the route table", async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBe(routes.filter((r) => r.id !== "suggest").length);
    const isr = tools.find((t) => t.name === "calc_isr");
    expect(isr?.inputSchema.required).toEqual(["ingreso", "periodo", "anio"]);
    expect(isr?.inputSchema.properties?.["periodo"]).toMatchObject({
      type: "string",
      enum: ["mensual", "anual", "quincenal", "semanal", "diaria"],
    });
    expect(isr?.description).toContain("Úsala");
    expect(isr?.annotations?.readOnlyHint).toBe(true);
    for (const t of tools) expect(t.description, t.name).toMatch(/Úsala/);
    // Snake case word by word, a one-letter word included: c_TasaOCuota's rules.
    expect(tools.map((t) => t.name)).toContain("cfdi_tasa_o_cuota");
    for (const t of tools) expect(t.name).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it("answers one tool per family with the REST response and a one-line summary", async () => {
    expect((await sameAsRest("fx_today", {}, "/fx/today")).summary).toMatch(/^FIX del \d{4}-\d{2}-\d{2}: /);
    await sameAsRest("fx_history", { days: 7 }, "/fx/history?days=7");
    expect((await sameAsRest("uma_by_year", { year: "2026" }, "/uma/2026")).summary).toContain("UMA diaria $117.31");
    await sameAsRest("inpc_by_period", { period: "2024-01" }, "/inpc/2024-01");
    await sameAsRest("isr_tariff", { year: "2026", period: "mensual" }, "/tarifa/isr/2026/mensual");
    await sameAsRest("cfdi_uso", { code: "G03" }, "/cfdi/uso/G03");
    await sameAsRest("cfdi_clave_prod_serv_list", { limit: 3, offset: 7 }, "/cfdi/clave-prod-serv?limit=3&offset=7");
    expect(
      (await sameAsRest("cfdi_tasa_o_cuota", { impuesto: "002", factor: "Tasa" }, "/cfdi/tasa-o-cuota?impuesto=002&factor=Tasa")).summary,
    ).toBe("Reglas del catálogo c_TasaOCuota: 4 registros.");
    expect((await sameAsRest("cfdi_search", { q: "laptop" }, "/cfdi/buscar?q=laptop")).summary).toBe(
      "Busca claves en los catálogos del SAT: 1 registro.",
    );
    expect((await sameAsRest("rfc_validate", { rfc: "GODE561231GR8" }, "/rfc/validar/GODE561231GR8")).body).toMatchObject({ valid: true });
    await sameAsRest("calendar_next", {}, "/calendario/proximos");
    await sameAsRest("status", {}, "/status");
  });

  it("calculates exactly as the REST routes do", async () => {
    const isr = await sameAsRest(
      "calc_isr",
      { ingreso: "20000.00", periodo: "mensual", anio: 2026 },
      "/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026",
    );
    expect(isr.summary).toBe("ISR a retener (mensual, 2026) sobre $20,000.00: $2,383.65.");
    await sameAsRest(
      "calc_factor_actualizacion",
      { desde: "2024-02", hasta: "2025-02" },
      "/calculos/factor-actualizacion?desde=2024-02&hasta=2025-02",
    );
    await sameAsRest(
      "calc_cuotas_imss",
      { sbc: "600", anio: 2026, primaRiesgo: "0.54355", dias: 30 },
      "/calculos/cuotas-imss?sbc=600&anio=2026&primaRiesgo=0.54355&dias=30",
    );
    await sameAsRest(
      "calc_aguinaldo",
      { salarioDiario: "500", dias: 15, diasTrabajados: 365, anio: 2026 },
      "/calculos/aguinaldo?salarioDiario=500&dias=15&diasTrabajados=365&anio=2026",
    );
    await sameAsRest(
      "calc_prima_vacacional",
      { salarioDiario: "500", antiguedad: 1, porcentaje: "25", anio: 2026 },
      "/calculos/prima-vacacional?salarioDiario=500&antiguedad=1&porcentaje=25&anio=2026",
    );
  });

  it("reports bad input and missing data as tool errors with the API's Spanish detail", async () => {
    const bad = await client.callTool({ name: "calc_isr", arguments: { ingreso: "1e3", periodo: "mensual", anio: 2026 } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Content)[0]?.text).toContain("ingreso");
    const missing = await client.callTool({ name: "calc_factor_actualizacion", arguments: { desde: "2024-02", hasta: "2027-03" } });
    expect(missing.isError).toBe(true);
    expect((missing.content as Content)[0]?.text).toContain("2027-02");
    const absent = await client.callTool({ name: "uma_by_year", arguments: {} });
    expect((absent.content as Content)[0]?.text).toContain("year");
  });
});
