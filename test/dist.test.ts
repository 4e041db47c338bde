// The published tree (the run's build, or FISCAL_DIST_DIR): every file against openapi.json, the dumps
// against the API files, the discovery files. No value of a particular snapshot is assumed here, so the
// nightly job runs this suite on the tree it is about to deploy (npm run test:dist).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse as parseCsv } from "csv-parse/sync";
import fg from "fast-glob";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGS } from "../sources/sat.ts";
import { API_BASE, DISCOVERY, DUMP_DATASETS, filePath, ISR_API_PERIODS, routeById, WORKBOOK_FAMILIES } from "../lib/routes/routes.ts";
import { lookupRouteId } from "../lib/routes/sat-routes.ts";
import { keyValues } from "../lib/bodies/bodies.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";
import { builtDist } from "./http-setup.ts";
import { OpenApiContract, type OpenApiDoc } from "./helpers/openapi.ts";
import { treeReader } from "./helpers/tree.ts";

let dist: string;
const { bytes, json, api, dump } = treeReader(() => dist);

beforeAll(async () => {
  dist = await builtDist();
});

interface IndexEntry {
  dataset: string;
  format: string;
  url: string;
  rows: number;
  bytes: number;
  sha256: string;
  coverage: { first: string; last: string };
  license: string;
  attribution: string;
  records?: Record<string, number>;
}

describe("every API file", () => {
  it("matches an operation of openapi.json and validates against its 200 schema", () => {
    const contract = new OpenApiContract(api("/openapi") as OpenApiDoc);
    const files = fg.sync("api/v1/public/**/*.json", { cwd: dist, ignore: ["api/v1/public/openapi.json", "api/v1/public/dumps/**"] });
    expect(files.length).toBeGreaterThan(50_000);
    const failures: string[] = [];
    for (const file of files) {
      // A prebuilt file answers the request path without `.json` and without its query-variant segments.
      const requestPath = `/${file}`.replace(/\.json$/, "").replace(/(\/(days|limit|offset)-\d+)+$/, "");
      const errors = contract.errors(requestPath, JSON.parse(bytes(file).toString("utf8")));
      if (errors.length > 0) failures.push(`${file}: ${errors.join("; ")}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  }); // every file of the tree (about 65,000 with the SAT catalogs)
});

describe("dumps", () => {
  it("index.json lists every file with its true size, digest and row count", () => {
    const index = api<{ files: IndexEntry[]; attribution: string }>("/dumps/index");
    // Three per dataset, then the SQLite file and a workbook per family (test/offline-dumps.test.ts reads those).
    expect(index.files).toHaveLength(DUMP_DATASETS.length * 3 + 1 + WORKBOOK_FAMILIES.length);
    for (const f of index.files) {
      const data = bytes(f.url.slice(1));
      expect(data.length, f.url).toBe(f.bytes);
      expect(createHash("sha256").update(data).digest("hex"), f.url).toBe(f.sha256);
      if (f.format === "sqlite" || f.format === "xlsx") {
        expect(f.rows, f.url).toBe(Object.values(f.records ?? {}).reduce((a, n) => a + n, 0));
        continue;
      }
      const text = data.toString("utf8");
      const rows =
        f.format === "json"
          ? (JSON.parse(text) as unknown[]).length
          : f.format === "ndjson"
            ? text.split("\n").filter(Boolean).length
            : (parseCsv(text) as unknown[]).length - 1;
      expect(rows, f.url).toBe(f.rows);
      expect(f.license).toBe("CC BY 4.0");
      expect(f.attribution).toMatch(/^Según Fiscal MX \(https?:\/\//);
    }
  });

  it("NDJSON and CSV carry exactly the JSON records", () => {
    for (const { id } of DUMP_DATASETS) {
      const rows = dump(`${id}.json`);
      const nd = bytes(`api/v1/public/dumps/${id}.ndjson`)
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown);
      expect(nd, id).toEqual(rows);
      const csv = parseCsv(bytes(`api/v1/public/dumps/${id}.csv`), { columns: true }) as Record<string, string>[];
      expect(csv.length, id).toBe(rows.length);
      // The rows that differ, each beside what it should be: one assertion per dataset, not one per row (tens of
      // thousands of them cost the suite about a second of CPU).
      const differ: { row: number; csv: Record<string, string>; expected: Record<string, string> }[] = [];
      csv.forEach((record, i) => {
        const expected = Object.fromEntries(
          Object.keys(record).map((k) => {
            const v = rows[i]![k];
            return [k, v === null || v === undefined ? "" : Array.isArray(v) ? v.join(", ") : String(v)];
          }),
        );
        if (!isDeepStrictEqual(record, expected)) differ.push({ row: i + 1, csv: record, expected });
      });
      expect(differ.slice(0, 5), id).toEqual([]);
    }
  });

  it("INPC, UMA and ISR rows equal the API files", () => {
    for (const r of dump<{ period: string }>("inpc.json")) expect(api(`/inpc/${r.period}`)).toEqual(r);
    for (const r of dump<{ year: number }>("uma.json")) expect(api(`/uma/${r.year}`)).toEqual(r);
    const isr = dump<{ year: number; period: string }>("isr.json");
    const years = [...new Set(isr.map((r) => r.year))];
    expect(years.length).toBeGreaterThan(0);
    for (const period of ISR_API_PERIODS) {
      for (const year of years) {
        const rows = isr.filter((r) => r.year === year && r.period === period).map(({ year: _y, period: _p, ...row }) => row);
        expect(api<{ rows: unknown[] }>(`/tarifa/isr/${year}/${period}`).rows).toEqual(rows);
      }
    }
    expect(isr.some((r) => r.period === "decenal")).toBe(true);
  });

  it("every SAT catalog entry equals its lookup file (pedimentos: a function)", () => {
    for (const c of CATALOGS) {
      const rows = dump<CfdiCatalogEntry>(`${c.family}-${c.id}.json`);
      expect(rows.length).toBeGreaterThan(0);
      const lookup = routeById(lookupRouteId(c.family, c.id));
      if (lookup.kind !== "file") continue;
      // The entries whose file differs, beside the file: one assertion per catalog, not one per entry.
      const differ: { entry: CfdiCatalogEntry; file: unknown }[] = [];
      for (const r of rows) {
        const file = json(filePath(lookup, keyValues(c, r)).slice(1));
        if (!isDeepStrictEqual(file, r)) differ.push({ entry: r, file });
      }
      expect(differ.slice(0, 5), `${c.family}-${c.id}`).toEqual([]);
    }
    // About 62,000 lookup files read and compared.
  });
});

describe("discovery files", () => {
  it("ai-plugin.json: no auth, an OpenAPI API at the published openapi.json", () => {
    const plugin = json<{ auth: { type: string }; api: { type: string; url: string } }>(DISCOVERY.aiPlugin.slice(1));
    expect(plugin.auth).toEqual({ type: "none" });
    expect(plugin.api.type).toBe("openapi");
    expect(new URL(plugin.api.url).pathname).toBe(`${API_BASE}/openapi.json`);
  });

  it("mcp.json: name, version, description, website, and only addresses that exist", () => {
    const mcp = json<Record<string, unknown>>(DISCOVERY.mcp.slice(1));
    expect(mcp).toMatchObject({
      name: "Fiscal MX",
      version: "1.0.0",
      description: expect.any(String),
      website: expect.stringMatching(/^https?:\/\//),
    });
    const site = new URL(String(mcp["website"])).origin;
    const strings = Object.values(mcp).filter((v): v is string => typeof v === "string");
    for (const value of strings.filter((v) => v.startsWith(site) && v !== mcp["website"])) {
      expect(existsSync(join(dist, new URL(value).pathname)), value).toBe(true);
    }
    // The server card: the Streamable HTTP endpoint (served by a function, not a file) and the task-shaped tools.
    expect(mcp).toMatchObject({
      transport: { type: "streamable-http", endpoint: "/mcp" },
      remotes: [{ type: "streamable-http", url: `${site}/mcp` }],
    });
    expect((mcp["tools"] as { name: string }[]).map((t) => t.name)).toContain("calcular");
  });

  it("llms.txt: title, summary, a linked list of endpoints that all exist, and the attribution rule", () => {
    const text = bytes(DISCOVERY.llms.slice(1)).toString("utf8");
    expect(text).toMatch(/^# Fiscal MX\n\n> .+/);
    expect(text).toContain("## Endpoints");
    expect(text).toMatch(/Según Fiscal MX \(https?:\/\//);
    const contract = new OpenApiContract(api("/openapi") as OpenApiDoc);
    const links = [...text.matchAll(/\]\((https?:\/\/[^)]+)\)/g)].map((m) => new URL(m[1]!));
    expect(links.length).toBeGreaterThan(20);
    for (const url of links) {
      // A POST-only operation (POST /cfdi/validar) has no file; the document lists it.
      const postOnly =
        (contract.doc.paths as Record<string, { post?: unknown }>)[url.pathname.replace(/^\/api\/v1\/public/, "")]?.post !== undefined;
      const known = contract.operationFor(url.pathname) !== undefined || postOnly || existsSync(join(dist, url.pathname));
      expect(known, url.pathname).toBe(true);
    }
  });
});
