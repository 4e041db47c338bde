// The Netlify shells called as the platform calls them: default export with a web Request and a minimal context.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { edgeExcludedPaths, rewrites } from "../build/netlify.ts";
import { variantPath } from "../lib/routes.ts";
import { CATALOG_PAGES_FUNCTION_PATH, functionRoutePaths, PLATFORM_RATE_LIMIT } from "../lib/http/netlify.ts";
import { CLAVE_PROD_SERV_DUMP, dumpPath, queryParams, routes } from "../lib/routes.ts";
import { SEARCH_INDEX_PATH, serializeIndex } from "../lib/sat-search.ts";
import rfc, { config as rfcConfig } from "../functions/rfc-validar.ts";
import calendar, { config as calendarConfig } from "../functions/calendario-proximos.ts";
import suggest, { config as suggestConfig } from "../functions/suggest.ts";
import pages, { config as pagesConfig } from "../functions/catalog-pages.ts";
import pedimento, { config as pedimentoConfig } from "../functions/cfdi-num-pedimento-aduana.ts";
import tasa, { config as tasaConfig } from "../functions/cfdi-tasa-o-cuota.ts";
import buscar, { config as buscarConfig } from "../functions/cfdi-buscar.ts";
import calculos, { config as calculosConfig } from "../functions/calculos.ts";
import validar, { config as validarConfig } from "../functions/cfdi-validar.ts";
import { CHECK_DUMPS } from "../lib/handlers/check.ts";
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

describe("functions", () => {
  it("declare their route and the platform rate limit as literals matching the route table", () => {
    const shells = [rfcConfig, suggestConfig, pedimentoConfig, tasaConfig, buscarConfig];
    expect([...shells.map((c) => c.path), ...calendarConfig.path, ...calculosConfig.path, ...validarConfig.path].sort()).toEqual(
      functionRoutePaths().sort(),
    );
    for (const c of [...shells, calendarConfig, pagesConfig, calculosConfig, validarConfig, mcpConfig, edgeConfig])
      expect(c.rateLimit).toEqual(PLATFORM_RATE_LIMIT);
    expect(mcpConfig.path).toBe(MCP_PATH);
    expect(pagesConfig.path).toBe(`${CATALOG_PAGES_FUNCTION_PATH}/:list`);
  });

  it("calculate from the build's files bundled beside them (FISCAL_DIST_DIR in tests)", async () => {
    process.env["FISCAL_DIST_DIR"] ??= await builtDist();
    const res = await calculos(new Request(`${BASE}/calculos/isr?ingreso=20000.00&periodo=mensual&anio=2026`), ctx());
    expect(res.status).toBe(200);
    expect(res.headers.get("x-fmx-rate-limit")).toBe("60");
    expect(await res.json()).toMatchObject({ isr: 2383.65 });
    const bad = await calculos(new Request(`${BASE}/calculos/aguinaldo?salarioDiario=1e3&dias=15&diasTrabajados=365&anio=2026`), ctx());
    expect(bad.status).toBe(400);
  });

  it("serve MCP with the build's API tree bundled beside the function", async () => {
    process.env["FISCAL_DIST_DIR"] ??= await builtDist();
    const dist = process.env["FISCAL_DIST_DIR"];
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
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
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

  it("slice arbitrary catalog pages from the dump fetched from the deploy, answering as the list route", async () => {
    const catalog = Array.from({ length: 30 }, (_, i) => ({ code: String(10101500 + i), description: `Clave ${i}`, plain: null }));
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      fetched.push(url.pathname);
      return new Response(JSON.stringify(catalog));
    });
    const res = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7&offset=20`), ctx());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toBe(JSON.stringify(catalog.slice(20, 27)));
    const bad = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=0`), ctx());
    expect(((await bad.json()) as { instance: string }).instance).toBe("/api/v1/public/cfdi/clave-prod-serv");
    expect(fetched).toEqual([CLAVE_PROD_SERV_DUMP]);
  });
});

describe("filtered lists and the pre-checks", () => {
  it("filter a list from its dump fetched from the deploy, answering as the list route", async () => {
    const usos = [
      { code: "D01", personaFisica: true, personaMoral: false, regimenesReceptor: ["605", "612"] },
      { code: "G03", personaFisica: true, personaMoral: true, regimenesReceptor: ["601", "612"] },
    ];
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      fetched.push(url.pathname);
      return new Response(JSON.stringify(usos));
    });
    const res = await pages(new Request(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiUsoList?regimen=605&persona=fisica`), ctx());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([usos[0]]);
    expect(fetched).toEqual([dumpPath("cfdi-uso", "json")]);
  });

  it("check a receptor from the catalog dumps fetched once from the deploy", async () => {
    const entry = (code: string, extra: Record<string, unknown>) => ({
      code,
      description: code,
      validFrom: "2022-01-01",
      validTo: null,
      ...extra,
    });
    const dumps: Record<string, unknown[]> = {
      [dumpPath("cfdi-regimen", "json")]: [entry("612", { personaFisica: true, personaMoral: false })],
      [dumpPath("cfdi-uso", "json")]: [entry("G03", { personaFisica: true, personaMoral: true, regimenesReceptor: ["612"] })],
    };
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      fetched.push(url.pathname);
      return new Response(JSON.stringify(dumps[url.pathname] ?? []));
    });
    const res = await validar(new Request(`${BASE}/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03&fecha=2026-03-15`), ctx());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { passed: boolean }).passed).toBe(true);
    expect(new Set(fetched)).toEqual(new Set(CHECK_DUMPS));
    await validar(new Request(`${BASE}/cfdi/validar/receptor?rfc=GODE561231GR8&regimen=612&uso=G03`), ctx());
    expect(fetched).toHaveLength(CHECK_DUMPS.length);
  });
});

describe("SAT catalog functions", () => {
  it("answer pedimentos, c_TasaOCuota and search from files fetched once from the deploy", async () => {
    const rules = [
      {
        rangoOFijo: "Fijo",
        valorMinimo: null,
        valorMaximo: 0.16,
        impuesto: "IVA",
        factor: "Tasa",
        traslado: true,
        retencion: false,
        validFrom: "2022-01-01",
        validTo: null,
      },
      {
        rangoOFijo: "Rango",
        valorMinimo: 0,
        valorMaximo: 72.1605,
        impuesto: "IEPS",
        factor: "Cuota",
        traslado: true,
        retencion: true,
        validFrom: "2026-01-01",
        validTo: null,
      },
    ];
    const pedimentos = [
      {
        code: "01/3173/2007",
        description: "Aduana 01, patente 3173, ejercicio 2007: hasta 999999 pedimentos",
        plain: null,
        validFrom: "2017-01-01",
        validTo: null,
        aduana: "01",
        patente: "3173",
        ejercicio: 2007,
        cantidad: 999999,
      },
    ];
    const index = serializeIndex(
      [
        {
          id: 0,
          catalog: "clave-unidad",
          family: "cfdi",
          key: "KGM",
          code: "KGM",
          description: "Kilogramo",
          palabras: "",
          plain: "",
          context: "",
          validTo: null,
          inForce: true,
          discouraged: false,
        },
      ],
      "2026-11-21",
    );
    const taxes = [
      { code: "002", description: "IVA", plain: null, validFrom: "2022-01-01", validTo: null },
      { code: "003", description: "IEPS", plain: null, validFrom: "2022-01-01", validTo: null },
    ];
    const bodies: Record<string, string> = {
      "/api/v1/public/dumps/cfdi-tasa-o-cuota.json": JSON.stringify(rules),
      "/api/v1/public/dumps/cfdi-impuesto.json": JSON.stringify(taxes),
      "/api/v1/public/dumps/cfdi-num-pedimento-aduana.json": JSON.stringify(pedimentos),
      [SEARCH_INDEX_PATH]: index,
    };
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      fetched.push(url.pathname);
      return new Response(bodies[url.pathname] ?? "", { status: url.pathname in bodies ? 200 : 404 });
    });
    const iva = await tasa(new Request(`${BASE}/cfdi/tasa-o-cuota?factor=Tasa`), ctx());
    expect(await iva.json()).toEqual([rules[0]]);
    const ieps = await tasa(new Request(`${BASE}/cfdi/tasa-o-cuota?impuesto=003`), ctx());
    expect(await ieps.json()).toEqual([rules[1]]);
    const one = await pedimento(new Request(`${BASE}/cfdi/num-pedimento-aduana/01/3173/2007`), ctx());
    expect(await one.json()).toEqual(pedimentos[0]);
    expect((await pedimento(new Request(`${BASE}/cfdi/num-pedimento-aduana/01/3173/2008`), ctx())).status).toBe(404);
    const found = await buscar(new Request(`${BASE}/cfdi/buscar?q=kilogrmo&catalogo=clave-unidad`), ctx());
    expect(((await found.json()) as { code: string }[]).map((r) => r.code)).toEqual(["KGM"]);
    await buscar(new Request(`${BASE}/cfdi/buscar?q=kilo`), ctx());
    expect(fetched.sort()).toEqual(Object.keys(bodies).sort());
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
  function edgeCtx(next: () => Response = fileResponse): EdgeContext & { calls: number; conditional: boolean[] } {
    const c = {
      ...ctx(),
      calls: 0,
      conditional: [] as boolean[],
      next: async (options?: { sendConditionalRequest?: boolean }) => {
        c.calls++;
        c.conditional.push(options?.sendConditionalRequest === true);
        return next();
      },
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

  it("rewrites a limit/offset pair without a file to the page function", async () => {
    const c = edgeCtx();
    const rewritten = await edge(new Request(`${BASE}/cfdi/clave-prod-serv?limit=7&offset=3`), c);
    expect(rewritten).toBeInstanceOf(URL);
    expect(String(rewritten)).toBe(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiClaveProdServList?limit=7&offset=3`);
    await edge(new Request(`${BASE}/cfdi/clave-prod-serv?offset=300`), c);
    expect(c.calls).toBe(1);
  });

  it("rewrites a filtered list to the page function", async () => {
    const rewritten = await edge(new Request(`${BASE}/cfdi/uso?regimen=605&persona=fisica`), edgeCtx());
    expect(String(rewritten)).toBe(`${ORIGIN}${CATALOG_PAGES_FUNCTION_PATH}/cfdiUsoList?regimen=605&persona=fisica`);
  });

  it("is declared in netlify.toml in front of the API, minus the functions", () => {
    const toml = readFileSync(new URL("../netlify.toml", import.meta.url), "utf8");
    expect(toml).toContain('[functions]\n  directory = "functions"');
    expect(toml).toContain('function = "api"\n  path = "/api/v1/public/*"');
    expect(edgeExcludedPaths().sort()).toEqual(
      [
        "/api/v1/public/cfdi/buscar",
        "/api/v1/public/cfdi/num-pedimento-aduana/*/*/*",
        "/api/v1/public/cfdi/tasa-o-cuota",
        "/api/v1/public/rfc/validar/*",
        "/api/v1/public/suggest",
        ...calendarConfig.path,
        ...calculosConfig.path,
        ...validarConfig.path,
      ].sort(),
    );
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
