// The route table binds every route to what answers it: file routes to a body producer, function routes to a handler.
import { describe, expect, it } from "vitest";
import { FILE_BODIES, FILE_ROUTE_IDS } from "../lib/bodies/bodies.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { createApi } from "../lib/http/service.ts";
import type { Host } from "../lib/http/app.ts";
import { exampleRequest, isPrebuilt, prebuiltQueries, queryDefaults, routeById, routes } from "../lib/routes/routes.ts";

describe("route bindings", () => {
  it("gives every file route a producer and no producer to anything else", () => {
    expect([...FILE_ROUTE_IDS].sort()).toEqual(
      routes
        .filter((r) => r.kind === "file")
        .map((r) => r.id)
        .sort(),
    );
  });

  it("does not compile a binding with a route missing or a producer without a route", () => {
    const { fxToday: _omitted, ...rest } = FILE_BODIES;
    // @ts-expect-error: fxToday, a file route, has no producer
    const missing: typeof FILE_BODIES = rest;
    // @ts-expect-error: fxTomorrow is not a route
    const extra: typeof FILE_BODIES = { ...FILE_BODIES, fxTomorrow: FILE_BODIES.fxToday };
    expect(Object.keys(missing).length + 2).toBe(Object.keys(extra).length);
  });

  it("answers every function route locally with its handler", async () => {
    // No records behind the calculations: answering only needs their handlers to be bound.
    const bound = new Map<string, boolean>();
    const host: Host = (_c, step) => {
      if (step.route?.kind !== "function") return new Response(null, { status: 500 });
      bound.set(step.route.id, step.compute !== undefined);
      return new Response(null, { status: 204 });
    };
    const { app } = createApi({ rateLimit: false, records: () => recordsFrom(() => undefined), host });
    for (const route of routes.filter((r) => r.kind === "function")) {
      const example = exampleRequest(route);
      // A POST-only route (POST /cfdi/validar) is asked with its documented body.
      const init =
        route.post?.only === true
          ? { method: "POST", headers: { "content-type": POST_TYPES[route.post.media] }, body: route.post.example }
          : undefined;
      const res = await app.request(`/api/v1/public${example.path}${example.query ? `?${example.query}` : ""}`, init);
      expect(res.status, route.id).toBe(204);
      expect(bound.get(route.id), route.id).toBe(true);
    }
  });
});

const POST_TYPES = { json: "application/json", xml: "application/xml" } as const;

describe("prebuilt forms", () => {
  it("are every accepted value of an every-value route, plus its own file", () => {
    const history = routeById("fxHistory");
    const forms = prebuiltQueries(history);
    expect(forms).toHaveLength(366);
    expect(forms[0]).toEqual({});
    expect(forms.at(-1)).toEqual({ days: 365 });
    expect(queryDefaults(history)).toEqual({ days: 30 });
    expect(isPrebuilt(history, { days: 7 })).toBe(true);
  });

  it("are the default-limit pages of a paged route, and only those", () => {
    const list = routeById("cfdiClaveProdServList");
    expect(queryDefaults(list)).toEqual({ limit: 100, offset: 0 });
    expect(prebuiltQueries(list, 250)).toEqual([{}, { limit: 100, offset: 0 }, { limit: 100, offset: 100 }, { limit: 100, offset: 200 }]);
    expect(isPrebuilt(list, {})).toBe(true);
    expect(isPrebuilt(list, { offset: 300 })).toBe(true);
    expect(isPrebuilt(list, { offset: 50 })).toBe(false);
    expect(isPrebuilt(list, { limit: 10 })).toBe(false);
  });
});
