// The Hono app of lib/http/app.ts: mounts only the routes it is given, all from the route table, and one error responder.
import { describe, expect, it, vi } from "vitest";
import { Api } from "../lib/http/app.ts";
import { routerPath, routesAt } from "../lib/http/netlify.ts";
import { HttpError } from "../lib/http-kit/errors.ts";
import { routeById, routes } from "../lib/routes.ts";
import { config as calculosConfig } from "../functions/calculos.ts";

const BASE = "http://127.0.0.1/api/v1/public";

describe("the API app", () => {
  it("mounts exactly the routes at a function's config.path, in the table's spelling", () => {
    const mounted = routesAt(calculosConfig.path);
    expect(mounted.map((r) => r.kind)).toEqual(calculosConfig.path.map(() => "function"));
    const { app } = new Api({ routes: mounted });
    expect(app.routes.map((r) => r.path)).toEqual(calculosConfig.path);
    expect(routerPath(routeById("rfcValidate"))).toBe("/api/v1/public/rfc/validar/:rfc");
  });

  it("refuses a path that no route of the table has", () => {
    expect(() => routesAt("/api/v1/public/no-existe")).toThrow(/no route/);
    expect(routes.every((r) => routesAt(routerPath(r))[0] === r || r.path.includes("{"))).toBe(true);
  });

  it("answers a route it does not mount with the 404 of a path without a route", async () => {
    const { app } = new Api({ routes: [routeById("rfcValidate")], handlers: { suggest: () => ({ body: new Uint8Array() }) } });
    const res = await app.fetch(new Request(`${BASE}/suggest?q=isr`), { ip: "192.0.2.1" });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/no existe en la API/);
  });
});

describe("onError (the one problem+json responder)", () => {
  const throwing = (error: Error): Api =>
    new Api({
      routes: [routeById("rfcValidate")],
      handlers: {
        rfcValidate: () => {
          throw error;
        },
      },
    });

  it("answers an HttpError thrown by a handler with its status, the rate-limit headers and no-store", async () => {
    const res = await throwing(new HttpError(400, "mal")).app.fetch(new Request(`${BASE}/rfc/validar/X`), { ip: "192.0.2.1" });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
    expect(await res.json()).toMatchObject({ status: 400, detail: "mal", instance: "/api/v1/public/rfc/validar/X" });
  });

  it("answers a bug with a logged 500 that says nothing of it, and a HEAD with no body", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { app } = throwing(new Error("boom"));
    const bug = await app.fetch(new Request(`${BASE}/rfc/validar/X?a=1`), { ip: "192.0.2.1" });
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toMatch(/GET \/api\/v1\/public\/rfc\/validar\/X\?a=1/);
    expect(bug.status).toBe(500);
    const body = (await bug.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 500, instance: "/api/v1/public/rfc/validar/X" });
    expect(JSON.stringify(body)).not.toMatch(/boom/);
    const head = await app.fetch(new Request(`${BASE}/rfc/validar/X`, { method: "HEAD" }), { ip: "192.0.2.1" });
    expect(head.status).toBe(500);
    expect(await head.text()).toBe("");
    log.mockRestore();
  });
});
