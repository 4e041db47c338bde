// The TIIE de fondeo (SF331451), served from its definition alone: its raw copy, routes, 404s, dump, status, SQLite, workbook, MCP and site.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { SIE_SERIES } from "../lib/datasets/series.ts";
import { API_BASE, dumpPath, SQLITE_DUMP } from "../lib/routes/routes.ts";
import { callTool } from "../lib/mcp/call-tool.ts";
import { toolByName } from "../lib/mcp/tools.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness } from "../lib/datasets/staleness.ts";
import { MCP_INCLUDED_FILES } from "../build/netlify.ts";
import { SIE_SOURCES } from "../sources/banxico.ts";
import { runChecks } from "../sources/types.ts";
import { rawCommitMessage } from "../tools/raw-commit-message.ts";
import type { Manifest } from "../lib/datasets/records.ts";
import { get, sharedServer } from "./http-setup.ts";
import { AS_OF, RAW_DIR, treeReader } from "./helpers/tree.ts";
import { rawEntry } from "./helpers/raw-facts.ts";
import { sqliteQuery } from "./helpers/sqlite-cli.ts";

const fondeo = SIE_SERIES["tiie-fondeo"];
const source = SIE_SOURCES["tiie-fondeo"];
const SOURCE = "Banco de México, SIE, serie SF331451 (TIIE de fondeo a un día hábil bancario)";
const tree = treeReader(() => inject("distDir"));
type Problem = { status: number; detail: string };

const fetchJson = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const reply = await get(sharedServer().url, `${API_BASE}${path}`);
  return { status: reply.status, body: reply.json() as T };
};

describe("raw/banxico/SF331451.json", () => {
  it("is a public copy, not a download, with the series' range, and passes the series' checks", () => {
    const entry = rawEntry(source.rawFile);
    expect(entry).toMatchObject({ kind: "copy", rows: 5222, first: "2006-01-02", last: "2026-10-08" });
    expect(entry.kind === "copy" && entry.copies.map((c) => c.repository)).toEqual([
      "maximiliano281293/carteras-institucionales",
      "ALUMORA/NEWKAIZEN",
    ]);
    expect(entry).not.toHaveProperty("fetchedAt");
    const rows = source.parse(readFileSync(join(RAW_DIR, source.rawFile), "utf8"), source.rawFile);
    expect(runChecks(rows, source.rawFile, source.checks)).toEqual([]);
    expect([rows[0], rows.at(-1)]).toEqual([
      { date: "2006-01-02", value: 8.27, decimals: 2, row: 1 },
      { date: "2026-10-08", value: 6.51, decimals: 2, row: 5222 },
    ]);
    expect(fondeo.firstDate).toBe(rows[0]?.date);
  });

  it("is labelled by its series' definition in the nightly's commit message", () => {
    const after: Manifest = { files: { [source.rawFile]: rawEntry(source.rawFile) } };
    expect(rawCommitMessage({ files: {} }, after)?.split("\n")[0]).toBe("TIIE de fondeo hasta 2026-10-08");
  });
});

describe("the TIIE de fondeo over HTTP, like the TIIE 28", () => {
  it("answers today, a date and an interval with the published values", async () => {
    expect((await fetchJson("/tiie/fondeo/today")).body).toEqual({ date: "2026-10-08", rate: 6.51, source: SOURCE });
    expect((await fetchJson("/tiie/fondeo/2006-01-02")).body).toEqual({ date: "2006-01-02", rate: 8.27, source: SOURCE });
    // raw/README.md: 28/09 … 02/10/2020 = 4.25, 4.30, 4.28, 4.24, 4.24, as an independent recorded SIE answer.
    const week = await fetchJson<{ date: string; rate: number }[]>("/tiie/fondeo/history?from=2020-09-28&to=2020-10-02");
    expect(week.body.map((o) => o.rate)).toEqual([4.25, 4.3, 4.28, 4.24, 4.24]);
    const days = await fetchJson<{ date: string }[]>("/tiie/fondeo/history?days=7");
    expect(days.body.map((o) => o.date)).toEqual(["2026-10-02", "2026-10-05", "2026-10-06", "2026-10-07", "2026-10-08"]);
  });

  it("is a 404 naming the nearest earlier date for a day without a value, and before its first day", async () => {
    const sunday = await fetchJson<Problem>("/tiie/fondeo/2020-09-27");
    expect(sunday.status).toBe(404);
    expect(sunday.body.detail).toContain("2020-09-25");
    expect(sunday.body.detail).toContain("TIIE de fondeo");
    expect((await fetchJson<Problem>("/tiie/fondeo/2005-12-30")).body.detail).toContain("empieza el 2006-01-02");
    expect((await fetchJson<Problem>("/tiie/fondeo/2026-10-09")).body.detail).toContain("2026-10-08");
  });

  it("is in openapi.json and the site's reference", () => {
    const openapi = tree.bytes(`${API_BASE.slice(1)}/openapi.json`).toString("utf8");
    for (const path of ["/tiie/fondeo/today", "/tiie/fondeo/history", "/tiie/fondeo/{date}"]) expect(openapi).toContain(`"${path}"`);
    expect(openapi).toContain('"TiieFondeoRate"');
    const landing = tree.bytes("index.html").toString("utf8");
    expect(landing).toContain(`${API_BASE}/tiie/fondeo/today`);
  });
});

describe("the TIIE de fondeo's dump, status, SQLite and workbook", () => {
  it("has a dump of every observation", () => {
    const rows = tree.json<{ date: string; rate: number }[]>(dumpPath(fondeo.id, "json").slice(1));
    expect(rows).toHaveLength(5222);
    expect(rows[0]).toEqual({ date: "2006-01-02", rate: 8.27, source: SOURCE });
    const csv = tree.bytes(dumpPath(fondeo.id, "csv").slice(1)).toString("utf8").split("\n");
    expect(csv[1]).toContain("2006-01-02");
  });

  it("has a /status entry judged by its banking-day cadence, saying it is a public copy", () => {
    const status = tree.api<{ datasets: Record<string, unknown>[] }>("/status").datasets.find((d) => d["id"] === fondeo.id);
    const { staleReason: reason, staleFrom } = staleness(DEFINITIONS.find((d) => d.id === fondeo.id)!.cadence, "2026-10-08", AS_OF);
    expect(reason).toContain("la última TIIE de fondeo (2026-10-08)");
    expect(status).toMatchObject({
      title: fondeo.title,
      records: 5222,
      first: "2006-01-02",
      latest: "2026-10-08",
      stale: true,
      staleReason: reason,
      staleFrom,
    });
    expect(JSON.stringify(status)).toContain("copia");
  });

  it("is a table of the SQLite file", () => {
    const db = join(inject("distDir"), SQLITE_DUMP);
    expect(sqliteQuery(db, "SELECT date, rate, rate_text FROM tiie_fondeo WHERE date = '2020-09-29'")).toEqual([
      { date: "2020-09-29", rate: 4.3, rate_text: "4.3" },
    ]);
    expect(sqliteQuery(db, "SELECT count(*) AS n FROM tiie_fondeo")).toEqual([{ n: 5222 }]);
  });

  it("is a sheet of the series workbook, listed in the downloads' index", () => {
    const index = tree.json<{ files: { url: string; records?: Record<string, number> }[] }>("api/v1/public/dumps/index.json");
    const book = index.files.find((f) => f.url.endsWith("/series.xlsx"));
    expect(book?.records?.[fondeo.id]).toBe(5222);
  });
});

describe("the TIIE de fondeo for assistants and the host", () => {
  const call = async (path: string, query: string) => {
    const reply = await get(sharedServer().url, `${path}${query ? `?${query}` : ""}`);
    return { status: reply.status, body: reply.body.toString("utf8") };
  };

  it("is a value of serie_banxico, with its own texts", async () => {
    expect(toolByName("serie_banxico")?.inputSchema.properties["serie"]?.["enum"]).toContain("tiie-fondeo");
    const one = await callTool(call, "serie_banxico", { serie: "tiie-fondeo", date: "2020-09-28" });
    expect(one.content[0]).toEqual({ type: "text", text: `TIIE de fondeo del 2020-09-28: 4.25 % anual. Fuente: ${SOURCE}.` });
    const week = await callTool(call, "serie_banxico", { serie: "tiie-fondeo", from: "2020-09-28", to: "2020-10-02" });
    expect(week.content[0]).toEqual({
      type: "text",
      text: "5 observaciones de la TIIE de fondeo, del 2020-09-28 al 2020-10-02. Fuente: Banco de México, serie SF331451.",
    });
    const tiie28 = await callTool(call, "serie_banxico", { serie: "tiie-28", date: "2021-01-04" });
    expect(tiie28.content[0]).toMatchObject({ text: expect.stringMatching(/^TIIE a 28 días del 2021-01-04: 4.4805 % anual/) });
  });

  it("has its dates' files left out of the MCP function, from its route prefix", () => {
    expect(MCP_INCLUDED_FILES).toContain(`!dist${API_BASE}/tiie/fondeo/[0-9]*.json`);
  });
});
