// The MCP endpoint as an assistant uses it: the SDK's own client over Streamable HTTP against the local server.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { get, sharedServer } from "./http-setup.ts";

/**
 * The run's local server on the real tree (test/global-setup.ts): this suite only speaks HTTP to it, so it does not
 * start a server process of its own, which loaded the tree's 107,000 files again (about 2 s of CPU). What only a
 * process shows (memory caps, signals, exit codes) is in test/mcp-hardening.test.ts and test/server.test.ts.
 */
const server = sharedServer();
let client: Client;
/** Tool calls made by the test in progress: each question must be answered in at most two. */
let calls = 0;

beforeAll(async () => {
  client = new Client({ name: "fiscal-mx-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  // Listing first is what an assistant does; it also makes the client check each result against its tool's outputSchema.
  await client.listTools();
});
afterAll(async () => {
  await client.close();
});

type Content = { type: string; text: string }[];
interface Answer {
  text: string;
  ruta: string;
  resultado: unknown;
}

/** One successful tool call: the Spanish text, and the structured result, which is the REST route's own body. */
async function ask(name: string, args: Record<string, unknown>): Promise<Answer> {
  calls++;
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Content;
  expect(result.isError, content[0]?.text).toBeFalsy();
  const { ruta, resultado } = result.structuredContent as { ruta: string; resultado: unknown };
  const rest = await get(server.url, ruta);
  expect(rest.status).toBe(200);
  expect(resultado).toEqual(rest.json());
  expect(content[1]?.text).toBe(rest.body.toString("utf8"));
  const text = content[0]?.text ?? "";
  expect(text).not.toContain("\n");
  return { text, ruta, resultado };
}

async function question(run: () => Promise<void>): Promise<void> {
  calls = 0;
  await run();
  expect(calls).toBeLessThanOrEqual(2);
}

describe("tools/list", () => {
  it("offers at most 15 tools in under 20 KB, each saying in Spanish when to use it", async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    // 16 KB until the invoice's ten arguments joined calcular (docs/decisions/0061-invoice-totals-mcp-budget.md).
    expect(bytes.length).toBeLessThan(20 * 1024);
    const { tools } = await client.listTools();
    expect(tools.length).toBeLessThanOrEqual(15);
    for (const t of tools) {
      expect(t.description, t.name).toMatch(/^Úsala /);
      expect(t.outputSchema?.type).toBe("object");
      expect(t.annotations?.readOnlyHint).toBe(true);
    }
    const fix = tools.find((t) => t.name === "serie_banxico");
    const art20 = tools.find((t) => t.name === "tipo_cambio_art20");
    expect(fix?.description).toContain("FIX");
    expect(art20?.description).toContain("Art. 20 CFF");
    expect(fix?.description).not.toBe(art20?.description);
    // Enums from the route table: catalogs, series, calculations.
    expect(fix?.inputSchema.properties?.["serie"]).toMatchObject({ enum: ["fix", "udi", "tiie-28", "tiie-fondeo"] });
    const calc = tools.find((t) => t.name === "calcular");
    expect(calc?.inputSchema.properties?.["calculo"]).toMatchObject({ enum: expect.arrayContaining(["isr", "conversion"]) });
  });
});

describe("an assistant's questions, at most two calls each", () => {
  it("a year as a number or as text, and the data's state with the build's date", () =>
    question(async () => {
      const asNumber = await ask("uma_salario_minimo", { year: 2026 });
      const asText = await ask("uma_salario_minimo", { year: "2026" });
      expect(asNumber.text).toBe(asText.text);
      calls = 0;
      const state = await ask("estado_datos", {});
      expect(state.text).toMatch(/^Datos compilados (al|el) \d{4}-\d{2}-\d{2}/);
      expect(state.text).not.toContain("null");
    }));

  it("the FIX of 2024-03-15", () =>
    question(async () => {
      const a = await ask("serie_banxico", { serie: "fix", date: "2024-03-15" });
      // The FIX of the tree is stale (its last value is older than four banking days): the answer says so in words.
      expect(a.text).toMatch(
        /^FIX determinado el 2024-03-15: 16\.71 pesos por dólar\. Fuente: Banco de México, SIE, serie SF43718 \(tipo de cambio FIX\)\. Atención: datos desactualizados \(fx: último dato \d{4}-\d{2}-\d{2}\); estado_datos da el detalle\.$/,
      );
    }));

  it("the exchange rate Art. 20 CFF applies to an invoice of 2022-02-09", () =>
    question(async () => {
      const a = await ask("tipo_cambio_art20", { date: "2022-02-09" });
      expect(a.resultado).toMatchObject({ rate: 20.7325, fixDate: "2022-02-04", dofDate: "2022-02-08" });
      expect(a.text).toMatch(
        /^Tipo de cambio aplicable el 2022-02-09 según el Art\. 20 CFF: 20\.7325 pesos por dólar, el FIX determinado el 2022-02-04 y publicado en el DOF el 2022-02-08\./,
      );
    }));

  it("the ClaveProdServ for a laptop", () =>
    question(async () => {
      const a = await ask("buscar_clave_sat", { q: "laptop", catalogo: "clave-prod-serv" });
      // Practitioners' guides answer a laptop with the class 43211500 (Computadores): first the commodity whose SAT
      // palabras similares say laptop (Computadores personales), then «Computadores notebook», reached through a synonym.
      expect((a.resultado as { code: string }[]).slice(0, 2).map((r) => r.code)).toEqual(["43211508", "43211503"]);
      expect(a.text).toContain("43211508 «Computadores personales»");
    }));

  it("the ISR withheld on a monthly salary of 12,000 in 2026", () =>
    question(async () => {
      const a = await ask("calcular", { calculo: "isr", ingreso: 12000, periodo: "mensual", anio: 2026, mes: "2026-03" });
      expect(a.resultado).toMatchObject({ isr: 946.62, isrARetener: 946.62, subsidio: { monto: 0, aplica: false } });
      expect(a.text).toContain(
        "ISR de la tarifa (mensual, 2026) sobre $12,000.00: $946.62; subsidio para el empleo del periodo $0.00; ISR a retener $946.62",
      );
      expect(a.text).toContain("Art. 96 de la Ley del ISR");
    }));

  it("the recargos of March 2026's IVA paid three months late, and the SBC of a first-year worker", () =>
    question(async () => {
      const a = await ask("calcular", { calculo: "recargos", monto: "10000.00", fechaLimite: "2026-04-17", fecha: "2026-07-17" });
      expect(a.resultado).toMatchObject({ meses: 3, tasaRecargos: 6.21, recargos: 621, total: 10621 });
      expect(a.text).toContain("recargos $621.00 (3 meses, 6.21 %), total $10,621.00");
      expect(a.text).toContain("Arts. 17-A y 21 del Código Fiscal de la Federación");
      const b = await ask("calcular", { calculo: "sbc", salarioDiario: "200.00", anioServicio: 1, anio: 2026 });
      expect(b.text).toContain("SBC diario $209.86 (2026): $200.00 × factor 1.0493 = $209.86");
    }));

  it("which UsoCFDI a receptor in régimen 605 may use", () =>
    question(async () => {
      const a = await ask("catalogo_sat", { catalogo: "uso", regimen: "605", persona: "fisica" });
      const usos = a.resultado as { code: string; regimenesReceptor: string[] }[];
      expect(usos.map((u) => u.code)).toContain("CN01");
      expect(usos.every((u) => u.regimenesReceptor.includes("605"))).toBe(true);
      expect(a.text).toContain("c_UsoCFDI");
    }));

  it("whether RFC XAXX010101000 is valid", () =>
    question(async () => {
      const a = await ask("validar", { que: "rfc", rfc: "XAXX010101000" });
      expect(a.resultado).toMatchObject({ valid: true });
      expect(a.text).toContain("RFC genérico válido");
    }));

  it("whether a whole CFDI 4.0 adds up (the XML as the xml argument, sent as POST /cfdi/validar)", () =>
    question(async () => {
      calls++;
      const xml = readFileSync(join(import.meta.dirname, "fixtures", "cfdi", "phpcfdi-cfdi40-real.xml"), "utf8");
      const result = await client.callTool({
        name: "validar",
        arguments: { que: "cfdi-xml", xml: xml.replace('SubTotal="862.07"', 'SubTotal="862.08"') },
      });
      const content = result.content as Content;
      expect(result.isError, content[0]?.text).toBeFalsy();
      const { ruta, resultado } = result.structuredContent as {
        ruta: string;
        resultado: { passed: boolean; findings: { satCode: string }[] };
      };
      expect(ruta).toBe("/api/v1/public/cfdi/validar");
      expect(resultado.passed).toBe(false);
      expect(resultado.findings.map((f) => f.satCode)).toEqual(["CFDI40108", "CFDI40119"]);
      expect(content[0]?.text).toMatch(/^2 reglas fallan y \d+ se cumplen al 2025-01-24: SubTotal \(CFDI40108\)/);
      const malformed = await client.callTool({ name: "validar", arguments: { que: "cfdi-xml", xml: "<cfdi:Comprobante" } });
      expect(malformed.isError).toBe(true);
      expect((malformed.content as Content)[0]?.text).toMatch(/mal formado/);
    }));

  it("the UMA of 2025", () =>
    question(async () => {
      const a = await ask("uma_salario_minimo", { year: "2025" });
      expect(a.text).toMatch(/^2025: UMA diaria \$113\.14 \(desde el 2025-02-01\)/);
    }));

  it("the next SAT deadline", () =>
    question(async () => {
      const a = await ask("calendario_fiscal", {});
      const first = (a.resultado as { category: string; date: string; title: string }[]).find((e) => e.category === "SAT");
      expect(a.text).toContain(`${first?.title}, el ${first?.date}`);
    }));
});

describe("what the results say", () => {
  it("names the FIX and the DOF date of a conversion at the Art. 20 CFF rate, not the obligation's date", async () => {
    const a = await ask("calcular", { calculo: "conversion", monto: "100", moneda: "USD", fecha: "2022-02-09", regla: "dof" });
    expect(a.text).toContain("FIX del 2022-02-04 publicado en el DOF el 2022-02-08");
    expect(a.text).not.toContain("FIX del 2022-02-09");
  });

  it("reaches a composite catalog key and a page of a long catalog", async () => {
    expect((await ask("catalogo_sat", { catalogo: "estado", pais: "MEX", code: "JAL" })).text).toContain("c_Estado JAL: Jalisco");
    expect((await ask("catalogo_sat", { catalogo: "clave-prod-serv", limit: 3, offset: 7 })).ruta).toBe(
      "/api/v1/public/cfdi/clave-prod-serv?limit=3&offset=7",
    );
  });
});

describe("mistakes", () => {
  const rpcError = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const error = await client.callTool({ name, arguments: args }).then(
      () => "",
      (e: Error & { code?: number }) => `${e.code}: ${e.message}`,
    );
    return error;
  };

  it("an argument of the wrong type is -32602 with a Spanish message, never an empty string", async () => {
    expect(await rpcError("uma_salario_minimo", { year: {} })).toContain(
      "-32602: MCP error -32602: year debe ser texto o un número entero, no un objeto.",
    );
    expect(await rpcError("serie_banxico", { serie: "fix", date: ["2024-03-15"] })).toContain("date debe ser texto, no una lista.");
    expect(await rpcError("serie_banxico", { serie: "fix", date: null })).toContain("date debe ser texto, no null.");
    expect(await rpcError("serie_banxico", { serie: "euro" })).toContain("serie debe ser uno de: fix, udi, tiie-28, tiie-fondeo.");
    expect(await rpcError("no_existe", {})).toContain("No existe la herramienta no_existe");
  });

  it("what the API refuses or lacks is a tool error with the API's Spanish detail", async () => {
    const res = await client.callTool({ name: "serie_banxico", arguments: { serie: "fix", date: "2024-03-16" } });
    expect(res.isError).toBe(true);
    const detail = ((await get(server.url, "/api/v1/public/fx/2024-03-16")).json() as { detail: string }).detail;
    expect((res.content as Content)[0]?.text).toBe(detail);
    const partial = await client.callTool({ name: "calcular", arguments: { calculo: "isr", ingreso: "12000" } });
    expect(partial.isError).toBe(true);
    expect((partial.content as Content)[0]?.text).toBe(
      "Con calculo=isr no se admite esta combinación (ingreso): se pide con ingreso, periodo, anio, fecha, mes.",
    );
  });

  it("a result past its size bound says how to ask for less", async () => {
    const res = await client.callTool({ name: "serie_banxico", arguments: { serie: "udi", to: "2030-01-01" } });
    expect(res.isError).toBe(true);
    // The API bounds a range (2,000 observations): its Spanish 400 names a range that fits and the dump.
    const detail = ((await get(server.url, "/api/v1/public/udi/history?to=2030-01-01")).json() as { detail: string }).detail;
    expect((res.content as Content)[0]?.text).toBe(detail);
    expect(detail).toMatch(/from=.*to=.*dumps\/udi\.json/);
  });
});
