// Contract: the local server answers every operation of its own openapi.json as documented (statuses, headers, bodies).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import * as addFormatsModule from "ajv-formats";
import { startServer, type RunningServer } from "../server/app.ts";
import { builtDist, builtFiles, get, type Reply } from "./http-setup.ts";

const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;

type Ref = { $ref: string };
interface Param {
  name: string;
  in: "path" | "query";
  required?: boolean;
  example?: string;
  schema: { type: string; format?: string; minimum?: number; maximum?: number; default?: number; maxLength?: number };
}
interface Resp {
  headers?: Record<string, Ref>;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  operationId: string;
  parameters?: Param[];
  responses: Record<string, Resp | Ref>;
  requestBody?: { content: Record<string, { example?: unknown }> };
}
interface Doc {
  /** Every path has a GET but those a POST alone answers (POST /cfdi/validar), tried by their own test. */
  paths: Record<string, { get: Operation; post?: Operation }>;
  components: { schemas: Record<string, object>; responses: Record<string, Resp>; headers: Record<string, object> };
}

const BASE = "/api/v1/public";
let app: RunningServer | undefined;
/** The server under test: the local one, or another deployment of the same tree (`npm run test:netlify`). */
let origin: string;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

// Requests come from rotating loopback addresses, 50 each, so the real limit of 60 never interferes.
let sent = 0;
const request = (path: string, method = "GET", headers: Record<string, string> = {}): Promise<Reply> =>
  get(origin, `${BASE}${path}`, { method, headers, localAddress: `127.0.1.${10 + Math.floor(sent++ / 50)}` });

const GENERIC_RESPONSES: Record<number, string> = { 400: "BadRequest", 404: "NotFound", 405: "MethodNotAllowed", 429: "TooManyRequests" };

/** The documented response of an operation; statuses every route shares fall back to the shared components. */
function response(op: string, status: number, method: "get" | "post" = "get"): Resp {
  const r = doc.paths[op]?.[method]?.responses[String(status)];
  if (r !== undefined) return "$ref" in r ? (doc.components.responses[r.$ref.split("/").pop() as string] as Resp) : r;
  const generic = GENERIC_RESPONSES[status];
  if (generic !== undefined && doc.components.responses[generic] !== undefined) return doc.components.responses[generic];
  if (status === 304) return { headers: { ETag: { $ref: "#/components/headers/ETag" } } };
  throw new Error(`${op} does not document status ${status}`);
}

function validator(schema: object): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (v === undefined) {
    v = ajv.compile(JSON.parse(key.replaceAll('"#/components', '"openapi.json#/components')) as object);
    validators.set(key, v);
  }
  return v;
}

/** The reply is one the operation documents: status, content type, body schema and every documented header. */
function expectDocumented(op: string, path: string, reply: Reply, method: "get" | "post" = "get"): void {
  const what = `${reply.status} ${path}`;
  const resp = response(op, reply.status, method);
  for (const name of Object.keys(resp.headers ?? {})) expect(reply.headers[name.toLowerCase()], `${what}: header ${name}`).toBeDefined();
  expect(reply.headers["access-control-allow-origin"], what).toBe("*");
  if (reply.status === 304) return;
  const contentType = String(reply.headers["content-type"]);
  const media = Object.entries(resp.content ?? {}).find(([type]) => contentType === `${type}; charset=utf-8`)?.[1];
  expect(media, `${what}: ${contentType} is not documented`).toBeDefined();
  if (!contentType.includes("json") || contentType.includes("ndjson")) {
    expect(reply.body.length, what).toBeGreaterThan(0);
    return;
  }
  const validate = validator(media!.schema);
  const body = reply.json();
  expect(validate(body) ? [] : validate.errors, what).toEqual([]);
  if (reply.status >= 400) {
    expect(reply.headers["cache-control"], what).toBe("no-store");
    expect((body as { instance: string }).instance, what).toBe(`${BASE}${path.split("?")[0]}`);
  }
}

beforeAll(async () => {
  const external = process.env["FISCAL_CONTRACT_URL"];
  if (external === undefined) app = await startServer({ distDir: await builtDist(), files: await builtFiles(), port: 0, env: {} });
  origin = external ?? (app as RunningServer).url;
  doc = (await request("/openapi.json")).json() as Doc;
  ajv.addSchema({ $id: "openapi.json", components: doc.components });
});
afterAll(async () => {
  // Guards against a loop that silently found nothing to request.
  expect(sent).toBeGreaterThan(150);
  await app?.close();
});

const BOUNDARY_QUERIES: Record<string, string[]> = {
  "/fx/history": ["", "?days=1", "?days=30", "?days=365"],
  "/inpc": ["", "?limit=1", "?limit=24", "?limit=120"],
  "/cfdi/clave-prod-serv": [
    "",
    "?limit=1",
    "?limit=500",
    "?offset=0",
    "?offset=52500",
    "?offset=99999",
    "?limit=1&offset=0",
    "?limit=500&offset=52500",
    "?limit=1&offset=99999",
    "?limit=100&offset=300",
    "?limit=7&offset=13",
  ],
  "/suggest": ["?q=aguinaldo", "?q=agiunaldo", "?q=zzzzzz", `?q=${"x".repeat(100)}`],
  "/cfdi/buscar": [
    "?q=computadora+portatil",
    "?q=laptop&limit=50",
    "?q=kilogramo&catalogo=clave-unidad",
    "?q=zzzzzz&limit=1",
    `?q=${"x".repeat(100)}`,
  ],
  "/cfdi/tasa-o-cuota": ["", "?impuesto=IVA", "?factor=Cuota", "?impuesto=IEPS&factor=Tasa"],
  "/cfdi/num-pedimento-aduana": ["", "?limit=500&offset=58500", "?offset=99999", "?limit=7&offset=13"],
  "/calculos/isr": [
    "?ingreso=20000.00&periodo=mensual&anio=2026",
    "?ingreso=0.01&periodo=diaria&anio=2026",
    "?ingreso=100000000.00&periodo=anual&anio=2023",
  ],
  "/calculos/factura": [
    "?valorUnitario=10000&preset=honorarios-pf-a-pm",
    "?valorUnitario=0&iva=16",
    "?cantidad=1000000&valorUnitario=1000000000&iva=exento",
    "?cantidad=0.000001&valorUnitario=0.000001&iepsTasa=0.265&iva=8&isrRetenido=0.35&ivaRetenido=0.053333",
  ],
  "/calculos/cuotas-imss": [
    "?sbc=600&anio=2026&primaRiesgo=0.54355&dias=30",
    "?sbc=0.01&anio=2026&primaRiesgo=0.5&dias=1",
    "?sbc=1000000.00&anio=2023&primaRiesgo=15&dias=31",
  ],
  "/calculos/conversion": [
    "?monto=1000.00&moneda=USD&fecha=2026-08-21",
    "?monto=1000.00&moneda=USD&fecha=2025-06-16&regla=dof",
    "?monto=0.01&moneda=MXN&fecha=2025-06-17&regla=dof",
    "?monto=1234.567891&moneda=UDI&fecha=2020-09-28",
    "?monto=1000000000.00&moneda=MXN&destino=UDI&fecha=1995-04-04",
  ],
  "/calculos/aguinaldo": [
    "?salarioDiario=500&dias=15&diasTrabajados=365&anio=2026",
    "?salarioDiario=1000000.00&dias=365&diasTrabajados=1&anio=2017",
  ],
};

/** The required query parameters with their documented examples ("" when there are none). */
function exampleQuery(template: string): string {
  const params = (doc.paths[template]?.get.parameters ?? []).filter((p) => p.in === "query" && p.required === true);
  return params.length === 0 ? "" : `?${params.map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? ""))}`).join("&")}`;
}

function examplePath(template: string): string {
  const item = doc.paths[template];
  const params = (item?.get ?? item?.post)?.parameters ?? [];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params.find((p) => p.name === name)?.example ?? "x");
}

/** The paths with a GET operation. */
const getPaths = (): string[] => Object.keys(doc.paths).filter((t) => doc.paths[t]?.get !== undefined);

describe("every operation of openapi.json", () => {
  it("answers its example and boundary requests with documented 200s", async () => {
    for (const template of getPaths()) {
      const path = examplePath(template);
      for (const q of BOUNDARY_QUERIES[template] ?? [exampleQuery(template)]) {
        const reply = await request(`${path}${q}`);
        expect(reply.status, `${path}${q}`).toBe(200);
        expectDocumented(template, `${path}${q}`, reply);
      }
    }
  });

  it("gives offset pages as documented: within the catalog, [] past its end", async () => {
    const first = (await request("/cfdi/clave-prod-serv?limit=500&offset=0")).json() as { code: string }[];
    expect(first).toHaveLength(500);
    expect(first.map((e) => e.code)).toEqual([...first.map((e) => e.code)].sort());
    expect((await request("/cfdi/clave-prod-serv?offset=99999")).json()).toEqual([]);
    const tail = (await request("/cfdi/clave-prod-serv?limit=500&offset=52500")).json() as unknown[];
    expect(tail.length).toBeLessThan(500);
  });

  it("answers out-of-bounds and malformed parameters with documented 400s", async () => {
    for (const template of getPaths()) {
      const item = doc.paths[template] as Doc["paths"][string];
      const path = examplePath(template);
      for (const p of item.get.parameters ?? []) {
        const bad =
          p.in === "path"
            ? p.schema.type === "string" && "pattern" in p.schema
              ? ["x"]
              : "enum" in p.schema
                ? ["nope"]
                : []
            : p.schema.type === "integer"
              ? [
                  String((p.schema.minimum ?? 0) - 1),
                  ...(p.schema.maximum !== undefined ? [String(p.schema.maximum + 1)] : []),
                  "abc",
                  "1.5",
                  "",
                  `1&${p.name}=1`,
                ]
              : ["", "%20", "y".repeat((p.schema.maxLength ?? 100) + 1)];
        // A date of the right shape that does not exist.
        if (p.schema.format === "date") bad.push("2021-02-30");
        // A malformed path value is a 400 where the operation documents one; a name outside a list of files is a 404.
        const expected = p.in === "path" && item.get.responses["400"] === undefined ? 404 : 400;
        for (const value of bad) {
          const target = p.in === "path" ? path.replace(p.example ?? "", value) : `${path}?${p.name}=${value}`;
          const reply = await request(target);
          expect(reply.status, target).toBe(expected);
          expectDocumented(template, target, reply);
        }
      }
    }
  });

  it("answers absent records with documented 404s", async () => {
    const absent: Record<string, string> = {
      "/uma/{year}": "/uma/1900",
      "/inpc/{period}": "/inpc/1900-01",
      "/tarifa/isr/{year}/{period}": "/tarifa/isr/1900/anual",
    };
    for (const template of Object.keys(doc.paths).filter((t) => /^\/(cfdi|nomina)\//.test(t) && t.endsWith("{code}"))) {
      const item = doc.paths[template];
      const params = (item?.get ?? item?.post)?.parameters ?? [];
      absent[template] = template.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === "code" ? "NO-EXISTE" : (params.find((p) => p.name === name)?.example ?? "x"),
      );
    }
    absent["/cfdi/num-pedimento-aduana/{aduana}/{patente}/{ejercicio}"] = "/cfdi/num-pedimento-aduana/01/3173/1990";
    for (const [template, path] of Object.entries(absent)) {
      const reply = await request(path);
      expect(reply.status, path).toBe(404);
      expectDocumented(template, path, reply);
    }
  });

  it("answers HEAD, If-None-Match and other methods as documented", async () => {
    for (const template of getPaths()) {
      const path = `${examplePath(template)}${BOUNDARY_QUERIES[template]?.[0] ?? exampleQuery(template)}`;
      const full = await request(path);
      const head = await request(path, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(full.headers["content-length"]);
      expect(head.headers["etag"]).toBe(full.headers["etag"]);
      const cached = await request(path, "GET", { "If-None-Match": full.headers["etag"] as string });
      expect(cached.status, path).toBe(304);
      expectDocumented(template, path, cached);
      const post = await request(path, "POST");
      if (doc.paths[template]?.post !== undefined) {
        // A route that takes a body: a POST with a query string and no body is refused as its POST documents.
        expect(post.status, path).toBe(400);
        expectDocumented(template, path, post, "post");
        continue;
      }
      expect(post.status).toBe(405);
      expect(post.headers["allow"]).toBe("GET, HEAD, OPTIONS");
      expectDocumented(template, path, post);
    }
  });

  it("answers the example body of every POST with a documented 200 that is never stored", async () => {
    const posts = Object.entries(doc.paths).filter(([, item]) => item.post !== undefined);
    expect(posts.length).toBeGreaterThan(0);
    for (const [template, item] of posts) {
      const [media, { example }] = Object.entries(item.post?.requestBody?.content ?? {})[0] as [string, { example: unknown }];
      const body = typeof example === "string" ? example : JSON.stringify(example);
      const res = await fetch(`${origin}${BASE}${examplePath(template)}`, { method: "POST", headers: { "Content-Type": media }, body });
      const reply: Reply = {
        status: res.status,
        headers: Object.fromEntries(res.headers),
        body: Buffer.from(await res.arrayBuffer()),
        json(): unknown {
          return JSON.parse(this.body.toString("utf8"));
        },
      };
      expect(reply.status, `${template}: ${reply.body.toString()}`).toBe(200);
      expect(reply.headers["cache-control"]).toBe("no-store");
      expectDocumented(template, examplePath(template), reply, "post");
    }
  });

  it("answers a target over 2 KB with a documented 414, and a free path value of any shorter length as documented", async () => {
    for (const template of getPaths()) {
      const item = doc.paths[template] as Doc["paths"][string];
      const path = examplePath(template);
      const long = await request(`${path}?x=${"a".repeat(2100)}`);
      expect(long.status, template).toBe(414);
      expectDocumented(template, `${path}?x=`, long);
      for (const p of (item.get.parameters ?? []).filter(
        (q) => q.in === "path" && q.schema.maxLength === undefined && !("enum" in q.schema),
      )) {
        const target = path.replace(p.example ?? "", "Z".repeat(500));
        const reply = await request(target);
        expect([200, 404], target).toContain(reply.status);
        expect(item.get.responses[String(reply.status)], target).toBeDefined();
      }
    }
  });

  it("answers the documented body of a POST-only operation with its documented 200, and its GET with a 405", async () => {
    const posts = Object.entries(doc.paths).filter(([, item]) => item.get === undefined && item.post !== undefined);
    expect(posts.map(([t]) => t)).toContain("/cfdi/validar");
    for (const [template, item] of posts) {
      const [type, media] = Object.entries(item.post?.requestBody?.content ?? {})[0] ?? [];
      expect(media?.example, template).toBeDefined();
      const res = await fetch(`${origin}${BASE}${template}`, {
        method: "POST",
        headers: { "content-type": String(type) },
        body: media?.example as string,
      });
      expect(res.status, template).toBe(200);
      const ok = item.post?.responses["200"] as Resp;
      const schema = ok.content?.["application/json"]?.schema as object;
      const validate = validator(schema);
      expect(validate(await res.json()) ? [] : validate.errors, template).toEqual([]);
      const get = await request(template);
      expect(get.status, template).toBe(405);
      expect(String(get.headers["allow"]), template).toContain("POST");
    }
  });

  it("answers past the rate limit with a documented 429", async () => {
    const from = { localAddress: "127.0.2.1" };
    const replies = await Promise.all(Array.from({ length: 61 }, () => get(origin, `${BASE}/uma`, from)));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expectDocumented("/uma", "/uma", limited[0]!);
    expect(Number(limited[0]!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  });
});
