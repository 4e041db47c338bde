// The Netlify shells called as the platform calls them: default export with a web Request and a minimal context.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EDGE_PATHS, rewrites } from "../build/netlify.ts";
import { variantPath } from "../lib/routes/routes.ts";
import { CATALOG_PAGES_FUNCTION_PATH, routerPath } from "../lib/http/netlify.ts";
import { PLATFORM_RATE_LIMIT } from "../build/host-manifests.ts";
import { CLAVE_PROD_SERV_DUMP, dumpPath, queryParams, routes } from "../lib/routes/routes.ts";
import rfc, { config as rfcConfig } from "../functions/rfc-validar.ts";
import calendar, { config as calendarConfig } from "../functions/calendario-proximos.ts";
import suggest, { config as suggestConfig } from "../functions/suggest.ts";
import pages, { config as pagesConfig } from "../functions/catalog-pages.ts";
import pedimento, { config as pedimentoConfig } from "../functions/cfdi-num-pedimento-aduana.ts";
import tasa, { config as tasaConfig } from "../functions/cfdi-tasa-o-cuota.ts";
import buscar, { config as buscarConfig } from "../functions/cfdi-buscar.ts";
import calculos, { config as calculosConfig } from "../functions/calculos.ts";
import validar, { config as validarConfig } from "../functions/cfdi-validar.ts";
import mcp, { config as mcpConfig } from "../functions/mcp.ts";
import { MCP_PATH } from "../lib/mcp/endpoint.ts";
import edge, { config as edgeConfig, type EdgeContext } from "../netlify/edge-functions/api.ts";

import { builtDist } from "./http-setup.ts";

const ORIGIN = "https://fiscal-mx.example";
const BASE = `${ORIGIN}/api/v1/public`;
let client = 0;
/** A fresh client address per call site, so module-level limiters of the shells never interfere. */
const ctx = (): { ip: string } => ({ ip: `198.51.100.${++client}` });

afterEach(() => vi.unstubAllGlobals());

/** The built tree the functions read their packed files from (FISCAL_DIST_DIR, as under `npm run test:netlify`). */
async function packedTree(): Promise<string> {
  process.env["FISCAL_DIST_DIR"] ??= await builtDist();
  return process.env["FISCAL_DIST_DIR"];
}
const dumpOf = (dist: string, path: string): unknown[] => JSON.parse(readFileSync(join(dist, path), "utf8")) as unknown[];
/** Fails the test if a function requests anything: each reads its packed files from disk. */
function forbidFetch(): void {
  vi.stubGlobal("fetch", async (url: URL) => {
    throw new Error(`a function requested ${String(url)}`);
  });
}

describe("functions", () => {
  it("declare their route as literals matching the route table, and no rate limit: the edge's is the one", () => {
    const shells = [rfcConfig, suggestConfig, pedimentoConfig, tasaConfig, buscarConfig];
    expect([...shells.map((c) => c.path), ...calendarConfig.path, ...calculosConfig.path, ...validarConfig.path].sort()).toEqual(
      routes
        .filter((r) => r.kind === "function")
        .map(routerPath)
        .sort(),
    );
    for (const c of [...shells, calendarConfig, pagesConfig, calculosConfig, validarConfig, mcpConfig])
      expect(c).not.toHaveProperty("rateLimit");
    expect(edgeConfig.rateLimit).toEqual(PLATFORM_RATE_LIMIT);
    expect(mcpConfig.path).toBe(MCP_PATH);
    expect(pagesConfig.path).toBe(`${CATALOG_PAGES_FUNCTION_PATH}/:list`);
  });

  it("calculate from the build's files bundled beside them (FISCAL_DIST_DIR in tests)", async () => {
    await packedTree();
    const res = await calculos(new Request(`${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026`), ctx());
    expect(res.status).toBe(200);
    // Not counted here: the edge in front counts the request and adds the headers.
    expect(res.headers.get("x-fmx-rate-limit")).toBeNull();
    expect(await res.json()).toMatchObject({ isr: 2383.65 });
    const bad = await calculos(new Request(`${BASE}/calculos/aguinaldo?salarioDiario=1e3&dias=15&diasTrabajados=365&anio=2026`), ctx());
    expect(bad.status).toBe(400);
  });

  it("serve MCP with the build's API tree bundled beside the function", async () => {
    const dist = await packedTree();
    const rpc = (id: number, method: string, params: unknown): Request =>
      new Request(`${ORIGIN}/mcp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      });
    type Reply = { result: { content: { text: string }[] } };
    const uma = (await (
      await mcp(rpc(1, "tools/call", { name: "uma_salario_minimo", arguments: { year: "2026" } }), ctx())
    ).json()) as Reply;
    expect(uma.result.content[1]?.text).toBe(readFileSync(join(dist, "api/v1/public/uma/2026.json"), "utf8"));
    const page = (await (
      await mcp(rpc(2, "tools/call", { name: "catalogo_sat", arguments: { catalogo: "clave-prod-serv", limit: 2, offset: 5 } }), ctx())
    ).json()) as Reply;
    expect((JSON.parse(page.result.content[1]?.text ?? "[]") as unknown[]).length).toBe(2);
    const isr = await mcp(
      rpc(3, "tools/call", { name: "calcular", arguments: { calculo: "isr", ingreso: "20000.00", periodo: "mensual", anio: 2026 } }),
      ctx(),
    );
    expect(JSON.parse(((await isr.json()) as Reply).result.content[1]?.text ?? "{}")).toMatchObject({ isr: 2383.65 });
  });

  it("validate an RFC", async () => {
    const res = await rfc(new Request(`${BASE}/rfc/validar/GODE561231GR8`), ctx());
    expect(res.status).toBe(200);
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBeNull();
    expect(await res.json()).toMatchObject({ rfc: "GODE561231GR8", valid: true, type: "fisica" });
    const post = await rfc(new Request(`${BASE}/rfc/validar/GODE561231GR8`, { method: "POST" }), ctx());
    expect(post.status).toBe(405);
  });

  it("list the next deadlines with a cache lifetime up to midnight", async () => {
    const res = await calendar(new Request(`${BASE}/calendario/proximos`), ctx());
    expect(res.status).toBe(200);
    expect(Number(/max-age=(\d+)/.exec(res.headers.get("cache-control") ?? "")?.[1])).toBeLessThanOrEqual(86_400);
    expect((await res.json()) as unknown[]).toHaveLength(10);
  });

  it("suggest, and refuse a blank q", async () => {
    expect((await suggest(new Request(`${BASE}/suggest?q=agiunaldo`), ctx())).status).toBe(200);
    const blank = await suggest(new Request(`${BASE}/suggest?q=%20`), ctx());
    expect(blank.status).toBe(400);
    expect(blank.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  });

  it("slice arbitrary catalog pages from the dump packed with them, answering as the list route, requesting nothing", async () => {
    const catalog = dumpOf(await packedTree(), CLAVE_PROD_SERV_DUMP);
    forbidFetch();
    const res = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7&offset=20`), ctx());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.json()).toEqual(catalog.slice(20, 27));
    const bad = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=0`), ctx());
    expect(((await bad.json()) as { instance: string }).instance).toBe("/api/v1/public/cfdi/clave-prod-serv");
  });

  it("find their files from FISCAL_DIST_DIR or, without it, in the first folder up from the module that holds dist/", async () => {
    const { packedDistDir } = await import("../lib/http/disk-files.ts");
    expect(packedDistDir({ FISCAL_DIST_DIR: "some/tree" })).toBe(join(process.cwd(), "some/tree"));
    // A function's root as the host unpacks it: dist/ beside functions/, the module's folder.
    const root = mkdtempSync(join(tmpdir(), "fmx-packed-"));
    mkdirSync(join(root, "dist"));
    mkdirSync(join(root, "functions", "nested"), { recursive: true });
    expect(packedDistDir({}, pathToFileURL(join(root, "functions", "nested", "x.mjs")).href)).toBe(join(root, "dist"));
    rmSync(root, { recursive: true });
  });
});

describe("filtered lists and the pre-checks", () => {
  it("filter a list from its dump packed with them, answering as the list route", async () => {
    const usos = dumpOf(await packedTree(), dumpPath("cfdi-uso", "json")) as { personaFisica: boolean; regimenesReceptor: string[] }[];
    forbidFetch();
    const res = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiUsoList?regimen=605&persona=fisica`), ctx());
    expect(res.status).toBe(200);
    const listed = (await res.json()) as { code: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(usos.length);
    for (const u of listed as unknown as typeof usos) expect(u.personaFisica && u.regimenesReceptor.includes("605")).toBe(true);
  });

  it("check a receptor from the catalog dumps packed with them", async () => {
    await packedTree();
    forbidFetch();
    const res = await validar(new Request(`${BASE}/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03&fecha=2026-03-15`), ctx());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { passed: boolean }).passed).toBe(true);
  });
});

describe("SAT catalog functions", () => {
  it("answer pedimentos, c_TasaOCuota and search from files packed with them", async () => {
    const dist = await packedTree();
    const rules = dumpOf(dist, dumpPath("cfdi-tasa-o-cuota", "json")) as { factor: string; impuesto: string }[];
    const pedimentos = dumpOf(dist, dumpPath("cfdi-num-pedimento-aduana", "json")) as {
      aduana: string;
      patente: string;
      ejercicio: number;
    }[];
    forbidFetch();
    const tasas = (await (await tasa(new Request(`${BASE}/cfdi/tasa-o-cuota?factor=Tasa`), ctx())).json()) as unknown[];
    expect(tasas).toEqual(rules.filter((r) => r.factor === "Tasa"));
    const first = pedimentos[0]!;
    const one = await pedimento(
      new Request(`${BASE}/cfdi/num-pedimento-aduana/${first.aduana}/${first.patente}/${first.ejercicio}`),
      ctx(),
    );
    expect(await one.json()).toEqual(first);
    const found = await buscar(new Request(`${BASE}/cfdi/buscar?q=kilogrmo&catalogo=clave-unidad`), ctx());
    expect(((await found.json()) as { code: string }[]).map((r) => r.code)).toContain("KGM");
  });
});

describe("edge function", () => {
  const fileResponse = (): Response =>
    new Response('{"year":2026}', {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Access-Control-Allow-Origin": "*",
        "Cache-Control": "public, max-age=3600",
      },
    });
  function edgeCtx(next: () => Response = fileResponse): EdgeContext & { calls: number; conditional: boolean[]; handedOn: string[] } {
    const c = {
      ...ctx(),
      calls: 0,
      conditional: [] as boolean[],
      handedOn: [] as string[],
      next: (async (first?: Request | { sendConditionalRequest?: boolean }) => {
        if (first instanceof Request) {
          c.handedOn.push(first.url);
          return new Response("[]", { headers: { "Content-Type": "application/json; charset=utf-8" } });
        }
        c.calls++;
        c.conditional.push(first?.sendConditionalRequest === true);
        return next();
      }) as EdgeContext["next"],
    };
    return c;
  }

  it("asks the host with the client's conditional headers and passes its 304 on with the rate-limit headers", async () => {
    const c = edgeCtx(() => new Response(null, { status: 304, headers: { ETag: '"abc"', "Cache-Control": "public, max-age=3600" } }));
    const res = (await edge(new Request(`${BASE}/uma/2026`, { headers: { "If-None-Match": '"abc"' } }), c)) as Response;
    expect(c.conditional).toEqual([true]);
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe('"abc"');
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
  });

  it("stands in front of the dumps too, in every format, as the local server does", async () => {
    for (const path of ["/dumps/fx.csv", "/dumps/inpc.ndjson", "/dumps/cfdi-clave-prod-serv.json", "/dumps/index.json"]) {
      const c = edgeCtx(() => new Response("a,b\n", { headers: { "Content-Type": "text/csv; charset=utf-8" } }));
      const res = (await edge(new Request(`${BASE}${path}`), c)) as Response;
      expect(c.calls, path).toBe(1);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-fmx-rate-limit"), path).toBe("60");
    }
    const absent = (await edge(
      new Request(`${BASE}/dumps/nada.csv`),
      edgeCtx(() => new Response("", { status: 404 })),
    )) as Response;
    expect(absent.status).toBe(404);
    expect(absent.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  });

  it("adds the rate-limit headers to the file the host serves", async () => {
    const c = edgeCtx();
    const res = (await edge(new Request(`${BASE}/uma/2026`), c)) as Response;
    expect(c.calls).toBe(1);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-fmx-rate-limit")).toBe("60");
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.json()).toEqual({ year: 2026 });
  });

  it("answers malformed parameters, other methods and preflights itself", async () => {
    const c = edgeCtx();
    const cases: [string, RequestInit, number][] = [
      ["/fx/history?days=0", {}, 400],
      ["/uma/26", {}, 400],
      ["/inpc?limit=1&limit=2", {}, 400],
      ["/nada", {}, 404],
      ["/fx/today", { method: "DELETE" }, 405],
      ["/fx/today", { method: "OPTIONS" }, 204],
    ];
    for (const [path, init, status] of cases) {
      const res = (await edge(new Request(`${BASE}${path}`, init), c)) as Response;
      expect(res.status, path).toBe(status);
      expect(res.headers.get("x-fmx-rate-limit"), path).toBe("60");
    }
    expect(c.calls).toBe(0);
  });

  it("turns the host's 404 into a problem, and a catalog page past the end into []", async () => {
    const absent = (await edge(
      new Request(`${BASE}/uma/1900`),
      edgeCtx(() => new Response("Not found", { status: 404 })),
    )) as Response;
    expect(absent.status).toBe(404);
    expect(absent.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    // The same words as the local server: the route table's.
    expect(((await absent.json()) as { detail: string }).detail).toBe(
      "No hay UMA ni salario mínimo publicados para 1900; los años publicados están en /api/v1/public/dumps/uma.json.",
    );
    const past = (await edge(
      new Request(`${BASE}/cfdi/clave-prod-serv?offset=99900`),
      edgeCtx(() => new Response("", { status: 404 })),
    )) as Response;
    expect(past.status).toBe(200);
    expect(past.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await past.text()).toBe("[]");
  });

  it("hands a limit/offset pair without a file on to the page function, which the platform does not run it again for", async () => {
    const c = edgeCtx();
    const res = (await edge(new Request(`${BASE}/cfdi/clave-prod-serv?limit=7&offset=3`), c)) as Response;
    expect(c.handedOn).toEqual([`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7&offset=3`]);
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    await edge(new Request(`${BASE}/cfdi/clave-prod-serv?offset=300`), c);
    expect(c.calls).toBe(1);
  });

  it("hands a filtered list on to the page function", async () => {
    const c = edgeCtx();
    await edge(new Request(`${BASE}/cfdi/uso?regimen=605&persona=fisica`), c);
    expect(c.handedOn).toEqual([`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiUsoList?regimen=605&persona=fisica`]);
  });

  it("counts function routes and /mcp in the same window as the files, and refuses the functions' own paths", async () => {
    const c = edgeCtx(() => new Response('{"valid":true}', { headers: { "Content-Type": "application/json; charset=utf-8" } }));
    const rfcRes = (await edge(new Request(`${BASE}/rfc/validar/GODE561231GR8`), c)) as Response;
    expect(rfcRes.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    const mcpRes = (await edge(new Request(`${ORIGIN}/mcp`, { method: "POST", body: "{}" }), c)) as Response;
    expect(mcpRes.headers.get("x-fmx-rate-limit-remaining")).toBe("58");
    const file = (await edge(new Request(`${BASE}/uma/2026`), c)) as Response;
    expect(file.headers.get("x-fmx-rate-limit-remaining")).toBe("57");
    expect(c.calls).toBe(3);
    const direct = (await edge(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7`), c)) as Response;
    expect(direct.status).toBe(404);
    expect(c.calls).toBe(3);
    expect(c.handedOn).toEqual([]);
  });

  it("says whether the file's data is stale today, from the staleFrom the host's header rules give it", async () => {
    const stale = edgeCtx(() => new Response("{}", { headers: { "x-fmx-data-stale-from": "2000-01-01" } }));
    expect(((await edge(new Request(`${BASE}/fx/today`), stale)) as Response).headers.get("x-fmx-data-stale")).toBe("true");
    const fresh = edgeCtx(() => new Response("{}", { headers: { "x-fmx-data-stale-from": "2999-01-01" } }));
    expect(((await edge(new Request(`${BASE}/fx/today`), fresh)) as Response).headers.get("x-fmx-data-stale")).toBe("false");
    expect(((await edge(new Request(`${BASE}/uma/2026`), edgeCtx())) as Response).headers.get("x-fmx-data-stale")).toBeNull();
  });

  it("is declared in netlify.toml in front of every API path, /mcp and the functions' paths, with no exclusion", () => {
    const toml = readFileSync(new URL("../netlify.toml", import.meta.url), "utf8");
    expect(toml).toContain('[functions]\n  directory = "functions"');
    for (const path of EDGE_PATHS) expect(toml).toContain(`function = "api"\n  path = "${path}"`);
    expect(toml).not.toContain("excludedPath");
    expect(toml).toContain('[functions.calculos]\n  included_files = [\n    "dist/api/v1/public/uma/**",');
    expect(toml).toContain('[functions.mcp]\n  included_files = [\n    "dist/api/v1/public/**",');
  });

  it("relies on host rewrites that map each query form to the file the pipeline would serve", () => {
    for (const route of routes.filter((r) => r.kind === "file" && queryParams(r).length > 0)) {
      const samples = [{ limit: 100, offset: 300 }, { limit: 7 }, { offset: 200 }, { days: 9 }, { limit: 12 }];
      for (const sample of samples) {
        const query = Object.fromEntries(Object.entries(sample).filter(([k]) => queryParams(route).some((p) => p.name === k)));
        if (Object.keys(query).length === 0) continue;
        // The most specific rule whose query names are all given wins (rules come largest first).
        const rule = rewrites(route).find((rw) => rw.query !== undefined && Object.keys(rw.query).every((k) => k in query));
        const target = rule!.to.replace(/:(\w+)/g, (_, name: string) => String(query[name]));
        expect(target, `${route.id} ${JSON.stringify(query)}`).toBe(variantPath(route, {}, query));
      }
    }
  });
});
