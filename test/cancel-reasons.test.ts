// The reasons for cancelling a CFDI (01–04): the table as kept, its named checks, and the catalog served, searched, dumped, in /status and in MCP.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelReasonRecord } from "../lib/datasets/cancel-reasons.ts";
import { SQLITE_DUMP } from "../lib/routes/routes.ts";
import { cancelReasons, type CancelReasonRow } from "../sources/motivos-cancelacion.ts";
import { runChecks } from "../sources/types.ts";
import { builtDist, get, sharedServer } from "./http-setup.ts";
import { sqliteQuery } from "./helpers/sqlite-cli.ts";

const BASE = "/api/v1/public";
const server = sharedServer();
const call = async (path: string) => {
  const r = await get(server.url, `${BASE}${path}`);
  return { status: r.status, body: r.json() as Record<string, unknown> & Record<string, unknown>[] };
};
const failing = (rows: CancelReasonRow[]) => runChecks(rows, cancelReasons.file, cancelReasons.checks).map((f) => [f.check, f.row]);

describe("the cancellation reasons as kept in the repository", () => {
  it("are sources/tables/motivos-cancelacion.csv, row for row and column for column", () => {
    const csv = parse(readFileSync("sources/tables/motivos-cancelacion.csv", "utf8"), { columns: true }) as Record<string, string>[];
    expect(cancelReasons.rows.map(({ row: _row, ...r }) => Object.values(r))).toEqual(csv.map((r) => Object.values(r)));
    expect(cancelReasons.rows.map((r) => r.row)).toEqual(csv.map((_r, i) => i + 2));
  });

  it("pass every named check, and a broken row fails the check it breaks, naming the row", () => {
    expect(failing(cancelReasons.rows)).toEqual([]);
    const rows = structuredClone(cancelReasons.rows);
    rows[1] = { ...rows[1]!, requiereFolioSustitucion: "sí (FolioSustitucion = UUID)" };
    rows[2] = { ...rows[2]!, clave: "05" };
    rows[3] = { ...rows[3]!, requiereFolioSustitucion: "a veces" };
    expect(failing(rows)).toEqual([
      ["cfdi-motivo-cancelacion-claves-01-a-04", 4],
      ["cfdi-motivo-cancelacion-folio-si-o-no", 5],
      ["cfdi-motivo-cancelacion-folio-solo-en-01", 3],
    ]);
  });

  it("say as data that only 01 needs the substituting CFDI's UUID, and 01 carries the guide's question 42", () => {
    const records = cancelReasons.rows.map(cancelReasonRecord);
    expect(records.map((r) => [r.code, r.requiereFolioSustitucion])).toEqual([
      ["01", true],
      ["02", false],
      ["03", false],
      ["04", false],
    ]);
    expect(records[0]?.folioSustitucion).toContain("TipoRelacion 04");
    expect(records[1]?.folioSustitucion).toBeNull();
    expect(records[0]?.notasGuia?.map((n) => [n.id, n.fuente.includes("pregunta 42")])).toEqual([
      ["tr-04", true],
      ["usocfdi-erroneo", false],
    ]);
  });
});

describe("the cancellation reasons served", () => {
  it("as a list and by key, a key that does not exist a 404 naming the keys", async () => {
    const list = await call("/cfdi/motivo-cancelacion");
    expect(list.status).toBe(200);
    expect(list.body.map((r) => r["code"])).toEqual(["01", "02", "03", "04"]);
    const one = await call("/cfdi/motivo-cancelacion/01");
    expect(one.body).toEqual(list.body[0]);
    expect(one.body["description"]).toBe("Comprobante emitido con errores con relación");
    const missing = await call("/cfdi/motivo-cancelacion/1");
    expect(missing.status).toBe(404);
    expect(missing.body["detail"]).toContain("01, 02, 03 y 04");
  });

  it("found by /cfdi/buscar, by its words and by the guide's note on it", async () => {
    const codes = async (q: string) =>
      ((await call(`/cfdi/buscar?q=${encodeURIComponent(q)}&catalogo=motivo-cancelacion`)).body as unknown as { code: string }[]).map(
        (r) => r.code,
      );
    expect((await codes("operación no se concretó"))[0]).toBe("03");
    expect((await codes("factura global nominativa"))[0]).toBe("04");
    expect((await codes("sustitución UUID"))[0]).toBe("01");
    const all = (await call(`/cfdi/buscar?q=${encodeURIComponent("motivo cancelación errores con relación")}`)).body as unknown as {
      catalog: string;
      code: string;
      url: string;
    }[];
    expect(all.find((r) => r.catalog === "motivo-cancelacion")).toMatchObject({ code: "01", url: "/cfdi/motivo-cancelacion/01" });
  });

  it("in the dumps (JSON, CSV, SQLite, the CFDI workbook) and in /status", async () => {
    const dist = await builtDist();
    const index = JSON.parse(readFileSync(`${dist}${BASE}/dumps/index.json`, "utf8")) as {
      files: { dataset: string; format: string; url: string; records?: Record<string, number> }[];
    };
    const formats = index.files.filter((f) => f.dataset === "cfdi-motivo-cancelacion").map((f) => f.format);
    expect(formats).toEqual(["json", "csv", "ndjson"]);
    const bundle = (url: string) => index.files.find((f) => f.url === `${BASE}/dumps/${url}`)?.records ?? {};
    expect(bundle("fiscal-mx.sqlite")["cfdi_motivo_cancelacion"]).toBe(4);
    expect(bundle("catalogos-cfdi.xlsx")["cfdi-motivo-cancelacion"]).toBe(4);
    const json = JSON.parse(readFileSync(`${dist}${BASE}/dumps/cfdi-motivo-cancelacion.json`, "utf8")) as unknown;
    expect(json).toEqual((await call("/cfdi/motivo-cancelacion")).body);
    const csv = readFileSync(`${dist}${BASE}/dumps/cfdi-motivo-cancelacion.csv`, "utf8");
    expect(csv.split("\n")[0]).toContain("requiereFolioSustitucion");
    const rows = sqliteQuery<{ code: string; requiereFolioSustitucion: number }>(
      `${dist}${SQLITE_DUMP}`,
      "SELECT code, requiereFolioSustitucion FROM cfdi_motivo_cancelacion ORDER BY code",
    );
    expect(rows).toEqual([
      { code: "01", requiereFolioSustitucion: 1 },
      { code: "02", requiereFolioSustitucion: 0 },
      { code: "03", requiereFolioSustitucion: 0 },
      { code: "04", requiereFolioSustitucion: 0 },
    ]);
    const status = (await call("/status")).body as unknown as { datasets: { id: string; records: number; stale: boolean }[] };
    expect(status.datasets.find((d) => d.id === "cfdi-motivo-cancelacion")).toMatchObject({ records: 4, stale: false });
  });
});

describe("the cancellation reasons through MCP", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "fiscal-mx-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });
  afterAll(async () => {
    await client.close();
  });
  const result = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    return (r.structuredContent as { resultado: unknown }).resultado;
  };

  it("catalogo_sat gives a reason and the list; buscar_clave_sat finds them", async () => {
    expect(await result("catalogo_sat", { catalogo: "motivo-cancelacion", code: "01" })).toMatchObject({
      code: "01",
      requiereFolioSustitucion: true,
    });
    expect(await result("catalogo_sat", { catalogo: "motivo-cancelacion" })).toHaveLength(4);
    const found = (await result("buscar_clave_sat", { q: "cancelar operación que no se concretó", catalogo: "motivo-cancelacion" })) as {
      code: string;
    }[];
    expect(found[0]?.code).toBe("03");
  });
});
