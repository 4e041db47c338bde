// No answer depends on what another client sent: every memoised route is asked first with a control character in
// each string parameter (the "%01 stands for absent" poisoning of issue 44), then as a careful client would; the
// careful client must get what a fresh process answers, and the poisoned request a Spanish 400.
import { describe, expect, it } from "vitest";
import { createApp } from "../server/app.ts";
import { queryKey } from "../lib/http-kit/handler.ts";
import { API_BASE, exampleRequest, filterParams, routes, type Route } from "../lib/routes.ts";
import { isRequiredParam } from "../lib/route-shape/param-schema.ts";
import { builtDist, builtFiles } from "./http-setup.ts";

/** The routes whose answers a process keeps by a key of their input: the checks, the calculations, the filtered lists and the search. */
const MEMOISED = routes.filter(
  (r) => r.id.startsWith("cfdiCheck") || r.id.startsWith("calc") || r.id === "cfdiSearch" || filterParams(r).length > 0,
);

const POISONS = ["\u0001", "\u0000", "a\u0000b", "\u001f", "\u007f"];

interface Answer {
  status: number;
  etag: string | null;
  body: string;
}

async function app(): Promise<(path: string) => Promise<Answer>> {
  const { api } = createApp(await builtDist(), { FISCAL_RATE_LIMIT: "1000000" }, await builtFiles());
  return async (path) => {
    const res = await api.app.fetch(new Request(`http://127.0.0.1${path}`), { ip: "192.0.2.44" });
    return { status: res.status, etag: res.headers.get("etag"), body: await res.text() };
  };
}

/** The route's example request with `extra` added to its query. */
function requestOf(route: Route, extra: Record<string, string> = {}): string {
  const { path, query } = exampleRequest(route);
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return `${API_BASE}${path}${text.length > 0 ? `?${text}` : ""}`;
}

describe("memo keys", () => {
  it("are JSON of the parsed values: a value that holds a marker is not an absent parameter", () => {
    expect(queryKey(["a", "b"], {})).not.toBe(queryKey(["a", "b"], { a: "\u0001" }));
    expect(queryKey(["a", "b"], { a: "x\u0000y" })).not.toBe(queryKey(["a", "b"], { a: "x", b: "y" }));
    expect(queryKey(["a"], { a: "2026-01-01" }, "2026-01-01")).not.toBe(queryKey(["a"], {}, "2026-01-01", "2026-01-01"));
    expect(queryKey(["a"], { a: 1 })).not.toBe(queryKey(["a"], { a: "1" }));
  });
});

describe("a poisoned request to each memoised route", () => {
  it("covers the checks, the calculations, the filtered lists and the search", () => {
    const ids = MEMOISED.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(["cfdiCheckComprobante", "cfdiCheckReceptor", "cfdiCheckConcepto", "cfdiSearch"]));
    expect(ids.some((id) => id.startsWith("calc"))).toBe(true);
    expect(MEMOISED.some((r) => filterParams(r).length > 0)).toBe(true);
  });

  for (const route of MEMOISED) {
    const strings = route.params.filter((p) => p.in === "query" && p.type === "string");
    if (strings.length === 0) continue;
    it(`${route.id}: is a 400 naming the control character, and leaves the next client's answer as a fresh process gives it`, async () => {
      const poisoned = await app();
      const fresh = await app();
      for (const p of strings) {
        for (const poison of POISONS) {
          const bad = await poisoned(requestOf(route, { [p.name]: poison }));
          expect(bad.status, `${p.name}=${JSON.stringify(poison)}`).toBe(400);
          expect(JSON.parse(bad.body).detail).toMatch(/carácter de control \(U\+00(01|00|1F|7F)/);
        }
        // The careful client: the same request without the parameter (an optional one) or with its example (a required one).
        const clean = requestOf(route, isRequiredParam(p) ? { [p.name]: p.example } : {});
        const expected = await fresh(clean);
        expect(await poisoned(clean), clean).toEqual(expected);
      }
    });
  }

  it("the issue's reproduction: a valid invoice still passes after the poisoning request", async () => {
    const ask = await app();
    const base = `${API_BASE}/cfdi/validar/comprobante?tipo=T&moneda=MXN&exportacion=01&fecha=2026-03-16`;
    expect((await ask(`${base}&metodoPago=%01`)).status).toBe(400);
    const after = await ask(base);
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body).passed).toBe(true);
  });
});

describe("path segments", () => {
  it("refuse control characters too (a 400, not a lookup of a code that cannot exist)", async () => {
    const ask = await app();
    const res = await ask(`${API_BASE}/cfdi/uso/G0%001`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).detail).toMatch(/carácter de control/);
  });
});
