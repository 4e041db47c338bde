// The runtime-neutral pipeline called with web Requests: methods, CORS, parameter checks, problems, ETags, caching.
import { describe, expect, it, vi } from "vitest";
import { apiStaticFile } from "../lib/http/static.ts";
import type { StaticFile } from "../lib/http-kit/respond.ts";
import { CatalogPages } from "../lib/datasets/dump-slices.ts";
import { createApi } from "../lib/http/service.ts";
import type { Api } from "../lib/http/app.ts";

const BASE = "http://127.0.0.1/api/v1/public";
const enc = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v));

const catalog = Array.from({ length: 250 }, (_, i) => ({ code: String(10000000 + i), description: `Clave ñ ${i}`, plain: null }));
const fileBodies: Record<string, unknown> = {
  "/api/v1/public/fx/today.json": { date: "2026-11-20", rate: 18.1, source: "x" },
  "/api/v1/public/fx/history.json": [],
  "/api/v1/public/fx/history/days-7.json": [{ date: "2026-11-20", rate: 18.1, source: "x" }],
  "/api/v1/public/uma/2026.json": { year: 2026 },
  "/api/v1/public/cfdi/uso/G03.json": { code: "G03", description: "Gastos en general", plain: null },
  "/api/v1/public/cfdi/clave-prod-serv.json": catalog.slice(0, 100),
  "/api/v1/public/cfdi/clave-prod-serv/limit-100/offset-0.json": catalog.slice(0, 100),
  "/api/v1/public/cfdi/clave-prod-serv/limit-100/offset-100.json": catalog.slice(100, 200),
  "/api/v1/public/openapi.json": { openapi: "3.1.0" },
  "/api/v1/public/dumps/cfdi-clave-prod-serv.json": catalog,
};
const files = new Map<string, StaticFile>(Object.entries(fileBodies).map(([p, v]) => [p, apiStaticFile(p, enc(v)) as StaticFile]));
const pages = new CatalogPages(enc(catalog));

function api(env: Record<string, string> = {}, now = (): number => Date.parse("2026-11-21T18:00:00Z")) {
  const a = createApi({ files: { get: (p) => files.get(p) }, tree: (p) => files.get(p)?.body, env, now });
  return (path: string, init: RequestInit = {}, ip = "127.0.0.1"): Promise<Response> =>
    handleRequest(a, new Request(`${BASE}${path}`, init), ip);
}

/** The app's answer to a web Request from `ip`. */
const handleRequest = async (a: Api, req: Request, ip: string): Promise<Response> => a.app.fetch(req, { ip });

async function problemOf(res: Response): Promise<Record<string, unknown>> {
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("x-fmx-rate-limit")).toBe("60");
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["detail", "instance", "status", "title", "type"]);
  expect(body["status"]).toBe(res.status);
  return body;
}

describe("successful responses", () => {
  it("serves a file route with JSON, CORS, cache, ETag and rate-limit headers", async () => {
    const res = await api()("/fx/today");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toBe(
      "x-fmx-rate-limit, x-fmx-rate-limit-remaining, x-fmx-rate-limit-reset, x-fmx-datasets, x-fmx-data-date, x-fmx-data-stale-from, x-fmx-data-stale, ETag, Retry-After, Link, X-Total-Count",
    );
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    expect(res.headers.get("x-fmx-rate-limit-reset")).toBe("60");
    expect(await res.json()).toEqual(fileBodies["/api/v1/public/fx/today.json"]);
  });

  it("maps query forms onto the variant files and ignores unknown parameters", async () => {
    const get = api();
    expect(await (await get("/fx/history?days=7&utm_source=x")).json()).toEqual(fileBodies["/api/v1/public/fx/history/days-7.json"]);
    expect(await (await get("/fx/history?")).json()).toEqual([]);
    expect(await (await get("/fx/history/")).json()).toEqual([]);
    expect((await (await get("/cfdi/clave-prod-serv?offset=100")).json()) as unknown[]).toHaveLength(100);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = api();
    const full = await get("/uma/2026");
    const head = await get("/uma/2026", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const h of ["content-type", "content-length", "etag", "cache-control"]) expect(head.headers.get(h)).toBe(full.headers.get(h));
  });

  it("answers If-None-Match with 304 and the rate-limit headers, for files and handlers", async () => {
    const get = api();
    for (const path of ["/cfdi/uso/G03", "/rfc/validar/GODE561231GR8", "/calendario/proximos", "/cfdi/clave-prod-serv?limit=3"]) {
      const etag = (await get(path)).headers.get("etag") as string;
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
        const res = await get(path, { headers: { "If-None-Match": inm } });
        expect(res.status, `${path} ${inm}`).toBe(304);
        expect(res.headers.get("etag")).toBe(etag);
        expect(res.headers.get("x-fmx-rate-limit-remaining")).not.toBeNull();
        expect(await res.text()).toBe("");
      }
      expect((await get(path, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    }
  });

  it("answers the CORS preflight with 204", async () => {
    const res = await api()("/fx/today", {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-headers")).toBe("if-none-match");
    expect(res.headers.get("x-fmx-rate-limit")).toBe("60");
  });

  it("serves documents and dumps at their own paths", async () => {
    const get = api();
    expect(await (await get("/openapi.json")).json()).toEqual({ openapi: "3.1.0" });
    const dump = await get("/dumps/cfdi-clave-prod-serv.json");
    expect(dump.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await dump.json()) as unknown[]).toHaveLength(250);
  });
});

describe("function handlers", () => {
  it("validates an RFC, always 200, echoing the decoded input", async () => {
    const get = api();
    const ok = await get("/rfc/validar/GODE561231GR8");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await ok.json()).toMatchObject({ rfc: "GODE561231GR8", valid: true, type: "fisica" });
    expect(await (await get("/rfc/validar/gode561231gr8")).json()).toMatchObject({ rfc: "gode561231gr8", valid: true });
    expect(await (await get("/rfc/validar/%20GODE561231GR8%20")).json()).toMatchObject({ rfc: " GODE561231GR8 ", valid: true });
    expect(await (await get("/rfc/validar/%C3%91%26A010101AB1")).json()).toMatchObject({ rfc: "Ñ&A010101AB1" });
    const short = await get("/rfc/validar/ABC");
    expect(short.status).toBe(200);
    expect(await short.json()).toMatchObject({ valid: false, type: null, message: expect.stringMatching(/Longitud inválida/) });
    expect(await (await get(`/rfc/validar/${"A".repeat(500)}`)).json()).toMatchObject({ valid: false });
  });

  it("checks an RFC with tabs and line breaks around it like the bare RFC; anything else decodable is a 200", async () => {
    const get = api();
    const padded = await get("/rfc/validar/%09%20gode561231gr8%0D%0A");
    expect(padded.status).toBe(200);
    expect(await padded.json()).toMatchObject({ rfc: "\t gode561231gr8\r\n", valid: true, type: "fisica" });
    for (const raw of ["%00ABC", "GODE%0A561231GR8", "..%2F..%2Fetc%2Fpasswd", "%F0%9F%98%80", `${"%20".repeat(600)}GODE561231GR8`]) {
      const res = await get(`/rfc/validar/${raw}`);
      expect(res.status, raw).toBe(200);
      const body = (await res.json()) as { valid: boolean; rfc: string };
      expect(body.rfc, raw).toBe(decodeURIComponent(raw));
      expect(body.valid, raw).toBe(raw.endsWith("GODE561231GR8"));
    }
    // Only what cannot be decoded is refused, and a target over 2 KB.
    expect((await get("/rfc/validar/%zz")).status).toBe(400);
    expect((await get(`/rfc/validar/${"%20".repeat(700)}GODE561231GR8`)).status).toBe(414);
  });

  it("gives the next deadlines, cached until midnight in Mexico City", async () => {
    // 18:00 UTC on 2026-11-21 is 12:00 in Mexico City: 12 hours to midnight.
    const res = await api()("/calendario/proximos");
    expect(res.headers.get("cache-control")).toBe("public, max-age=43200");
    const events = (await res.json()) as { date: string }[];
    expect(events).toHaveLength(10);
    expect(events[0]!.date >= "2026-11-21").toBe(true);
    const late = await api({}, () => Date.parse("2026-11-22T05:59:59.500Z"))("/calendario/proximos");
    expect(late.headers.get("cache-control")).toBe("public, max-age=1");
  });

  it("suggests from the catalogs and refuses a missing, blank or long q", async () => {
    const get = api();
    const found = (await (await get("/suggest?q=aguinaldp")).json()) as { url: string }[];
    expect(found[0]?.url).toMatch(/aguinaldo/);
    expect((await get("/suggest?q=caf%C3%A9+ISR")).status).toBe(200);
    for (const q of ["", "?q=", "?q=%20%20", "?q=+", `?q=${"a".repeat(101)}`, "?q=a&q=b", "?x=1"]) {
      const res = await get(`/suggest${q}`);
      expect(res.status, q).toBe(400);
      expect((await problemOf(res))["detail"]).toMatch(/parámetro q/);
    }
    expect((await get(`/suggest?q=${"ñ".repeat(100)}`)).status).toBe(200);
  });

  it("slices arbitrary clave-prod-serv pages, identical to what a page file would hold", async () => {
    const get = api();
    const res = await get("/cfdi/clave-prod-serv?limit=3&offset=98");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes).toEqual(enc(catalog.slice(98, 101)));
    const file = await get("/cfdi/clave-prod-serv?limit=100&offset=100");
    const sliced = pages.page(100, 100);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(sliced);
    expect(await (await get("/cfdi/clave-prod-serv?offset=240&limit=500")).json()).toEqual(catalog.slice(240));
    expect(await (await get("/cfdi/clave-prod-serv?offset=250")).json()).toEqual([]);
    expect(await (await get("/cfdi/clave-prod-serv?offset=999999999999999")).json()).toEqual([]);
  });
});

describe("catalog pages", () => {
  it("slice a compact dump by bytes, strings with brackets, commas and escapes included", async () => {
    const tricky = [
      { code: "1", description: 'a, "b" ] } [ {', plain: null },
      { code: "2", description: "ñ\\", plain: "x,y" },
      { code: "3", description: "z", plain: null },
    ];
    const p = new CatalogPages(enc(tricky));
    expect(p.size).toBe(3);
    expect(p.page(1, 2)).toEqual(enc(tricky.slice(1, 3)));
    expect(p.page(0, 1)).toEqual(enc(tricky.slice(0, 1)));
    expect(p.page(3, 1)).toEqual(enc([]));
  });

  it("re-encode a reformatted dump, and refuse one that is not an array", async () => {
    const pretty = new CatalogPages(new TextEncoder().encode(JSON.stringify(catalog, null, 2)));
    expect(pretty.page(3, 2)).toEqual(enc(catalog.slice(3, 5)));
    expect(new CatalogPages(enc([])).page(0, 10)).toEqual(enc([]));
    expect(() => new CatalogPages(enc({ a: 1 }))).toThrow();
  });
});

describe("errors", () => {
  it("rejects malformed query values with 400 and a Spanish detail", async () => {
    const get = api();
    for (const q of [
      "days=0",
      "days=366",
      "days=abc",
      "days=1.5",
      "days=-1",
      "days=",
      "days",
      "days=1&days=2",
      "days=%201",
      "days=1e2",
      "days=0x10",
      "days=%EF%BC%91",
      "days=9999999999999999999",
    ]) {
      const res = await get(`/fx/history?${q}`);
      expect(res.status, q).toBe(400);
      const body = await problemOf(res);
      expect(body["title"]).toBe("Solicitud incorrecta");
      expect(body["instance"]).toBe("/api/v1/public/fx/history");
      expect(body["detail"]).toMatch(/days/);
    }
    expect((await get("/inpc?limit=121")).status).toBe(400);
    expect((await get("/cfdi/clave-prod-serv?limit=501")).status).toBe(400);
    expect((await get("/cfdi/clave-prod-serv?offset=-1")).status).toBe(400);
    expect((await get("/fx/history?days=365")).status).not.toBe(400);
  });

  it("rejects malformed path parameters with 400 and absent well-formed ones with 404", async () => {
    const get = api();
    for (const p of [
      "/uma/26",
      "/uma/20266",
      "/uma/abcd",
      "/inpc/2024-13",
      "/inpc/2024-00",
      "/inpc/2024-1",
      "/inpc/202401",
      "/tarifa/isr/2026/mensuales",
      "/tarifa/isr/26/mensual",
    ]) {
      expect((await get(p)).status, p).toBe(400);
    }
    for (const p of [
      "/uma/1900",
      "/inpc/1900-01",
      "/tarifa/isr/1900/mensual",
      "/cfdi/uso/g03",
      "/cfdi/uso/G3",
      "/cfdi/uso/G03%20",
      "/cfdi/moneda/XXX",
    ]) {
      expect((await get(p)).status, p).toBe(404);
    }
  });

  it("says in a 404 what is missing and where to see what exists", async () => {
    const get = api();
    const detail = async (p: string): Promise<unknown> => (await problemOf(await get(p)))["detail"];
    const hint = "Las claves van tal como las escribe el SAT (mayúsculas, ceros a la izquierda); el catálogo está en";
    expect(await detail("/cfdi/uso/g03")).toBe(`No existe la clave «g03» en el catálogo c_UsoCFDI. ${hint} /api/v1/public/cfdi/uso.`);
    expect(await detail("/cfdi/municipio/JAL/999")).toBe(
      `No existe la clave «999» con c_Estado «JAL» en el catálogo c_Municipio. ${hint} /api/v1/public/cfdi/municipio.`,
    );
    expect(await detail("/nomina/tipo-percepcion/1")).toBe(
      `No existe la clave «1» en el catálogo c_TipoPercepcion. ${hint} /api/v1/public/nomina/tipo-percepcion.`,
    );
    expect(await detail("/uma/1900")).toBe(
      "No hay UMA ni salario mínimo publicados para 1900; los años publicados están en /api/v1/public/dumps/uma.json.",
    );
    expect(await detail("/inpc/1900-01")).toBe(
      "No hay INPC publicado del mes 1900-01; los meses publicados están en /api/v1/public/dumps/inpc.json.",
    );
    expect(await detail("/tarifa/isr/1900/mensual")).toBe(
      "No hay tarifa de ISR publicada para 1900; los años publicados están en /api/v1/public/dumps/isr.json.",
    );
  });

  it("answers unknown paths under the API with a 404 problem", async () => {
    const res = await api()("/nada/por/aqui");
    expect(res.status).toBe(404);
    expect((await problemOf(res))["instance"]).toBe("/api/v1/public/nada/por/aqui");
  });

  it("allows only GET, HEAD and OPTIONS", async () => {
    const get = api();
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await get("/fx/today", { method, ...(method !== "DELETE" && { body: "x" }) });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect((await problemOf(res))["detail"]).toMatch(new RegExp(method));
    }
  });

  it("refuses hostile paths with a 4xx and never reaches outside the files", async () => {
    const get = api();
    for (const p of [
      "/%zz",
      "/cfdi/uso/%",
      "/cfdi/uso/%00",
      "/cfdi/uso/%E0%A4%A",
      `/cfdi/uso/${"x".repeat(3000)}`,
      `/fx/history?days=${"9".repeat(3000)}`,
    ]) {
      const status = (await get(p)).status;
      expect(status, p).toBeGreaterThanOrEqual(400);
      expect(status, p).toBeLessThan(500);
    }
    expect((await get("/cfdi/uso/..%2F..%2Fopenapi")).status).toBe(404);
    expect((await get("/cfdi/uso/%2e%2e%2f%2e%2e%2fdumps%2fcfdi-clave-prod-serv")).status).toBe(404);
  });
});

describe("a bug in a handler", () => {
  it("is a 500 problem for the client and its stack in the log, with the request that met it", async () => {
    const broken = createApi({
      files: { get: (p) => files.get(p) },
      series: () => {
        throw new TypeError("series store unavailable");
      },
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await handleRequest(broken, new Request(`${BASE}/fx/2020-01-02?x=1`), "127.0.0.1");
      expect(res.status).toBe(500);
      expect(await problemOf(res)).toMatchObject({ detail: "Error interno del servidor; vuelva a intentarlo más tarde." });
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]?.[0]).toBe("Error interno en GET /api/v1/public/fx/2020-01-02?x=1:");
      expect(String((log.mock.calls[0]?.[1] as Error | undefined)?.stack)).toContain("series store unavailable");
      // A refusal the pipeline meant (4xx) is the client's business, not the log's.
      await handleRequest(broken, new Request(`${BASE}/fx/2020-02-30`), "127.0.0.1");
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});

describe("rate limit", () => {
  it("allows 60 requests per window, then 429 with Retry-After; a new window starts after it ends", async () => {
    let now = Date.parse("2026-11-21T18:00:00Z");
    const get = api({}, () => now);
    for (let i = 1; i <= 60; i++) {
      const res = await get(i % 2 === 0 ? "/fx/today" : "/nada");
      expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe(String(60 - i));
      now += 500;
    }
    const over = await get("/fx/today");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("30");
    expect(over.headers.get("x-fmx-rate-limit-reset")).toBe("30");
    expect(over.headers.get("x-fmx-rate-limit-remaining")).toBe("0");
    expect((await problemOf(over))["title"]).toBe("Demasiadas solicitudes");
    expect((await get("/fx/today", {}, "127.0.0.9")).status).toBe(200);
    now += 29_999;
    expect((await get("/fx/today")).status).toBe(429);
    expect((await get("/fx/today")).headers.get("x-fmx-rate-limit-reset")).toBe("1");
    now += 1;
    const fresh = await get("/fx/today");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    expect(fresh.headers.get("x-fmx-rate-limit-reset")).toBe("60");
  });

  it("counts HEAD, OPTIONS and errors too, and answers every one past the limit with 429", async () => {
    const get = api({ FISCAL_RATE_LIMIT: "3" });
    expect((await get("/fx/today", { method: "HEAD" })).status).toBe(200);
    expect((await get("/fx/today", { method: "OPTIONS" })).status).toBe(204);
    expect((await get("/fx/today", { method: "POST" })).status).toBe(405);
    for (const method of ["GET", "HEAD", "OPTIONS", "POST"]) expect((await get("/fx/today", { method })).status).toBe(429);
  });

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const untrusted = api({ FISCAL_RATE_LIMIT: "1" });
    expect((await untrusted("/fx/today", { headers: { "X-Forwarded-For": "203.0.113.1" } })).status).toBe(200);
    expect((await untrusted("/fx/today", { headers: { "X-Forwarded-For": "203.0.113.2" } })).status).toBe(429);
    const behindProxy = api({ FISCAL_RATE_LIMIT: "1", FISCAL_TRUSTED_PROXIES: "127.0.0.1" });
    expect((await behindProxy("/fx/today", { headers: { "X-Forwarded-For": "203.0.113.1" } })).status).toBe(200);
    expect((await behindProxy("/fx/today", { headers: { "X-Forwarded-For": "203.0.113.2" } })).status).toBe(200);
    // The client cannot hide behind a forged left-hand entry: the proxy's own entry is on the right.
    expect((await behindProxy("/fx/today", { headers: { "X-Forwarded-For": "198.51.100.7, 203.0.113.2" } })).status).toBe(429);
    expect((await behindProxy("/fx/today", { headers: { "X-Forwarded-For": "203.0.113.2" } }, "127.0.0.5")).status).toBe(200);
  });

  it("answers every path past the limit with its own instance, from a cache whose size does not grow with the paths", async () => {
    const a = createApi({ files: { get: (p) => files.get(p) }, env: { FISCAL_RATE_LIMIT: "1" }, now: () => 0 });
    await handleRequest(a, new Request(`${BASE}/fx/today`), "127.0.0.1");
    for (let i = 0; i < 5000; i++) {
      const path = `/api/v1/public/cfdi/uso/${i}"ñ\\`;
      const res = await handleRequest(a, new Request(`http://127.0.0.1${encodeURI(path)}`), "127.0.0.1");
      expect(res.status).toBe(429);
      if (i % 1000 === 0)
        expect(await res.json()).toMatchObject({ status: 429, instance: encodeURI(path), detail: expect.stringMatching(/60 s/) });
    }
    expect((a as unknown as { tooManyHeads: Map<number, Uint8Array> }).tooManyHeads.size).toBe(1);
  });

  it("behind a trusted IPv6 proxy, counts clients per /64 however they are spelled", async () => {
    const get = api({ FISCAL_RATE_LIMIT: "2", FISCAL_TRUSTED_PROXIES: "::1" });
    const from = (client: string): Promise<Response> => get("/fx/today", { headers: { "X-Forwarded-For": client } }, "::1");
    expect((await from("2001:db8:1:2::1")).status).toBe(200);
    expect((await from("2001:DB8:0001:0002:ffff::9")).status).toBe(200);
    expect((await from("2001:db8:1:2:0:0:0:abcd")).status).toBe(429);
    expect((await from("2001:db8:1:3::1")).status).toBe(200);
    expect((await from("[2001:db8:1:3::2]:443")).headers.get("x-fmx-rate-limit-remaining")).toBe("0");
  });

  it("refuses a target over 2 KB before counting it", async () => {
    const get = api({ FISCAL_RATE_LIMIT: "1" });
    for (let i = 0; i < 3; i++) {
      const res = await get(`/fx/history?days=1&pad=${"x".repeat(2100)}`);
      expect(res.status).toBe(414);
      expect(res.headers.get("x-fmx-rate-limit")).toBeNull();
    }
    expect((await get("/fx/today")).headers.get("x-fmx-rate-limit-remaining")).toBe("0");
  });

  it("refuses a malformed FISCAL_RATE_LIMIT", async () => {
    expect(() => api({ FISCAL_RATE_LIMIT: "0" })).toThrow(/FISCAL_RATE_LIMIT/);
    expect(() => api({ FISCAL_RATE_LIMIT: "lots" })).toThrow(/FISCAL_RATE_LIMIT/);
  });
});

describe("an Api without its limit", () => {
  it("answers past the limit with the same handlers and data, and leaves the limited one's count alone", async () => {
    let loads = 0;
    const limited = createApi({
      files: { get: (p) => files.get(p) },
      tree: (p) => {
        if (p.endsWith("cfdi-clave-prod-serv.json")) loads += 1;
        return files.get(p)?.body;
      },
      env: { FISCAL_RATE_LIMIT: "1" },
    });
    const free = limited.withoutLimit();
    const page = "/cfdi/clave-prod-serv?limit=7&offset=3";
    expect((await handleRequest(limited, new Request(`${BASE}${page}`), "127.0.0.1")).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await handleRequest(free, new Request(`${BASE}${page}`), "127.0.0.1");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-fmx-rate-limit")).toBeNull();
    }
    // One dump read for both: the catalog pages are the same data, not a second copy.
    expect(loads).toBe(1);
    expect((await handleRequest(limited, new Request(`${BASE}${page}`), "127.0.0.1")).status).toBe(429);
  });
});
