// The paged lists' RFC 8288 Link (first, prev, next, last) and X-Total-Count: on the local server, the pages function, the edge, dist/_headers and OpenAPI.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPagedList, pageLinks } from "../lib/http/paging.ts";
import { CATALOG_PAGES_FUNCTION_PATH } from "../lib/http/netlify.ts";
import { routeById, routes } from "../lib/routes/routes.ts";
import pages from "../functions/catalog-pages.ts";
import edge, { type EdgeContext } from "../netlify/edge-functions/api.ts";
import { builtDist, get, sharedServer } from "./http-setup.ts";

const BASE = "/api/v1/public";
const server = sharedServer();
const list = routeById("cfdiClaveProdServList");
const status = async () =>
  (JSON.parse(readFileSync(join(await builtDist(), `${BASE}/status.json`), "utf8")) as { datasets: { id: string; records: number }[] })
    .datasets;
const total = async (dataset: string): Promise<number> => (await status()).find((d) => d.id === dataset)?.records ?? -1;
const link = (path: string, rel: string): string => `<${BASE}${path}>; rel="${rel}"`;

describe("pageLinks", () => {
  it("gives first and last always, prev past the start, next while entries remain", () => {
    const at = (q: string) => `/cfdi/clave-prod-serv?${q}`;
    expect(pageLinks(list, 0, 100, 52_514)).toBe(
      [link(at("limit=100&offset=0"), "first"), link(at("limit=100&offset=100"), "next"), link(at("limit=100&offset=52500"), "last")].join(
        ", ",
      ),
    );
    // The last page: 52,500 to 52,513.
    expect(pageLinks(list, 52_500, 100, 52_514)).toBe(
      [
        link(at("limit=100&offset=0"), "first"),
        link(at("limit=100&offset=52400"), "prev"),
        link(at("limit=100&offset=52500"), "last"),
      ].join(", "),
    );
    // An offset off the grid: prev starts at 0, not below; past the end, prev is the last page.
    expect(pageLinks(list, 3, 7, 20)).toContain(link(at("limit=7&offset=0"), "prev"));
    expect(pageLinks(list, 3, 7, 20)).toContain(link(at("limit=7&offset=10"), "next"));
    expect(pageLinks(list, 3, 7, 20)).toContain(link(at("limit=7&offset=14"), "last"));
    expect(pageLinks(list, 900, 100, 250)).toContain(link(at("limit=100&offset=200"), "prev"));
    expect(pageLinks(list, 0, 100, 0)).toBe([link(at("limit=100&offset=0"), "first"), link(at("limit=100&offset=0"), "last")].join(", "));
  });

  it("are for the limit/offset lists only: the catalogs of more than 500 entries", () => {
    expect(routes.filter(isPagedList).map((r) => r.id)).toEqual([
      "cfdiClaveProdServList",
      "cfdiClaveUnidadList",
      "cfdiPatenteAduanalList",
      "cfdiMunicipioList",
      "cfdiLocalidadList",
      "cfdiNumPedimentoAduanaList",
    ]);
  });
});

describe("paged lists on the local server", () => {
  it("carry Link and X-Total-Count on the prebuilt pages and on any other limit/offset", async () => {
    const n = await total("cfdi-clave-prod-serv");
    expect(n).toBeGreaterThan(50_000);
    const first = await get(server.url, `${BASE}/cfdi/clave-prod-serv`);
    expect(first.headers["x-total-count"]).toBe(String(n));
    expect(first.headers["link"]).toBe(pageLinks(list, 0, 100, n));
    const other = await get(server.url, `${BASE}/cfdi/clave-prod-serv?limit=7&offset=3`);
    expect(other.status).toBe(200);
    expect(other.headers["x-total-count"]).toBe(String(n));
    expect(other.headers["link"]).toBe(pageLinks(list, 3, 7, n));
    const municipios = await get(server.url, `${BASE}/cfdi/municipio?offset=200`);
    expect(municipios.headers["link"]).toContain('offset=300>; rel="next"');
    expect(municipios.headers["x-total-count"]).toBe(String(await total("cfdi-municipio")));
    // The browser may read them (CORS).
    expect(first.headers["access-control-expose-headers"]).toMatch(/Link, X-Total-Count/);
    // A whole list and a filtered one are not pages.
    expect((await get(server.url, `${BASE}/cfdi/uso`)).headers["link"]).toBeUndefined();
    expect((await get(server.url, `${BASE}/cfdi/uso?regimen=601`)).headers["x-total-count"]).toBeUndefined();
  });
});

describe("paged lists on the host", () => {
  it("have X-Total-Count in dist/_headers for each list's own file and its pages", async () => {
    const text = readFileSync(join(await builtDist(), "_headers"), "utf8");
    const n = await total("cfdi-clave-prod-serv");
    for (const path of [`${BASE}/cfdi/clave-prod-serv`, `${BASE}/cfdi/clave-prod-serv.json`, `${BASE}/cfdi/clave-prod-serv/limit-100/*`])
      expect(text, path).toContain(`${path}\n  X-Total-Count: ${n}\n`);
  });

  it("get Link at the edge from the host's X-Total-Count, and both from the pages function", async () => {
    process.env["FISCAL_DIST_DIR"] ??= await builtDist();
    const host = () => new Response("[]", { headers: { "Content-Type": "application/json; charset=utf-8", "X-Total-Count": "52514" } });
    const c = { ip: "198.51.100.200", next: (async () => host()) as EdgeContext["next"] };
    const res = (await edge(new Request(`https://fiscal-mx.example${BASE}/cfdi/clave-prod-serv?offset=200`), c)) as Response;
    expect(res.headers.get("link")).toBe(pageLinks(list, 200, 100, 52_514));
    expect(res.headers.get("x-total-count")).toBe("52514");
    const fn = await pages(new Request(`https://fiscal-mx.example${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7&offset=20`), {
      ip: "198.51.100.201",
    });
    const n = await total("cfdi-clave-prod-serv");
    expect(fn.headers.get("link")).toBe(pageLinks(list, 20, 7, n));
    expect(fn.headers.get("x-total-count")).toBe(String(n));
  });

  it("are declared in OpenAPI on the paged lists' 200s", async () => {
    const doc = JSON.parse(readFileSync(join(await builtDist(), `${BASE}/openapi.json`), "utf8")) as {
      paths: Record<string, { get: { responses: { "200": { headers: Record<string, unknown> } } } }>;
      components: { headers: Record<string, { description: string }> };
    };
    expect(Object.keys(doc.paths["/cfdi/clave-prod-serv"]!.get.responses["200"].headers)).toEqual(
      expect.arrayContaining(["Link", "X-Total-Count"]),
    );
    expect(Object.keys(doc.paths["/cfdi/uso"]!.get.responses["200"].headers)).not.toContain("Link");
    expect(doc.components.headers["Link"]?.description).toContain("RFC 8288");
  });
});
