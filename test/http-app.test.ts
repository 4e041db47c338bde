// The Hono app of lib/http/app.ts: mounts only the routes it is given, all from the route table, and one error responder.
import { describe, expect, it, vi } from "vitest";
import { apiApp, routesAt } from "../lib/http/app.ts";
import { routerPath } from "../lib/http/netlify.ts";
import { Api } from "../lib/http/api.ts";
import { errorResult, HttpError } from "../lib/http/errors.ts";
import { routeById, routes } from "../lib/routes.ts";
import { config as calculosConfig } from "../functions/calculos.ts";

const request = { method: "GET", path: "/api/v1/public/x", query: "", header: () => undefined, ip: "" };

describe("apiApp", () => {
  it("mounts exactly the routes at a function's config.path, in the table's spelling", () => {
    const mounted = routesAt(calculosConfig.path);
    expect(mounted.map((r) => r.kind)).toEqual(calculosConfig.path.map(() => "function"));
    const app = apiApp(new Api(), mounted);
    expect(app.routes.map((r) => r.path)).toEqual(calculosConfig.path);
    expect(routerPath(routeById("rfcValidate"))).toBe("/api/v1/public/rfc/validar/:rfc");
  });

  it("refuses a path that no route of the table has", () => {
    expect(() => routesAt("/api/v1/public/no-existe")).toThrow(/no route/);
    expect(routes.every((r) => routesAt(routerPath(r))[0] === r || r.path.includes("{"))).toBe(true);
  });
});

describe("errorResult (the one problem+json responder)", () => {
  it("answers an HttpError with its status and a bug with a logged 500", () => {
    expect(errorResult(new HttpError(400, "mal"), request, ["X-R", "1"]).status).toBe(400);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bug = errorResult(new Error("boom"), request, []);
    expect(log).toHaveBeenCalledOnce();
    expect(bug.status).toBe(500);
    expect(JSON.parse(new TextDecoder().decode(bug.body as Uint8Array))).toMatchObject({ status: 500, instance: "/api/v1/public/x" });
    expect(errorResult(new Error("boom"), { ...request, method: "HEAD" }, []).body).toBeNull();
    log.mockRestore();
  });
});
