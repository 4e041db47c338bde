// POST bodies of function routes (lib/http-kit/body.ts, lib/http/app.ts): Content-Type, size, parsing, method lists, preflight, no-store, OpenAPI.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../lib/http/app.ts";
import { jsonBytes, type Handler } from "../lib/http-kit/handler.ts";
import { routeById, type PostBody, type Route } from "../lib/routes.ts";
import { openApiDocument } from "../build/openapi.ts";
import { nodeHandler } from "../server/node-adapter.ts";

const BASE = "http://127.0.0.1/api/v1/public";
const PATH = "/api/v1/public/calendario/proximos";
const json: PostBody = {
  media: "json",
  maxBytes: 1024,
  summary: "Eco",
  description: "Devuelve el cuerpo.",
  example: '{"a":1}',
};
/** A function route of the table given a POST for these tests; its handler echoes what it is given. */
const withPost = (post: PostBody): Route => ({ ...routeById("calendarNext"), post });
const echo: Handler = ({ body, query }) => ({ body: jsonBytes(body ?? { get: true, query }) });
const apiWith = (post: PostBody): Api => new Api({ routes: [withPost(post), routeById("rfcValidate")], handlers: { calendarNext: echo } });
const call = (api: Api, init: RequestInit & { path?: string } = {}): Promise<Response> =>
  Promise.resolve(api.app.fetch(new Request(`${BASE}${init.path ?? "/calendario/proximos"}`, init), { ip: "192.0.2.7" }));
const postJson = (api: Api, body: BodyInit, type = "application/json"): Promise<Response> =>
  call(api, { method: "POST", headers: { "Content-Type": type }, body });
const detail = async (res: Response): Promise<string> => ((await res.json()) as { detail: string }).detail;

describe("a POST with a JSON body", () => {
  const api = apiWith(json);

  it("reaches the handler parsed, and its answer is never stored", async () => {
    const res = await postJson(api, '{"conceptos":[{"cantidad":"1"}]}', "application/json; charset=UTF-8");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ media: "json", value: { conceptos: [{ cantidad: "1" }] } });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-fmx-rate-limit-remaining")).toBe("59");
  });

  it("leaves the route's GET as it was: cached, with its ETag and 304", async () => {
    const res = await call(api);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ get: true, query: {} });
    const etag = res.headers.get("etag") as string;
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    expect((await call(api, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("refuses another Content-Type, or a charset other than UTF-8, with a 415 that says what it takes", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/xml"]) {
      const res = await postJson(api, "{}", type);
      expect(res.status, type).toBe(415);
      expect(res.headers.get("accept-post")).toBe("application/json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await detail(res)).toMatch(/Content-Type: application\/json/);
    }
    const none = await call(api, { method: "POST", body: new Uint8Array([123, 125]) });
    expect(none.status).toBe(415);
    expect(await detail(none)).toMatch(/se recibió ninguno/);
  });

  it("answers a body past the route's size with a 413, announced or not", async () => {
    const big = `{"a":"${"x".repeat(2000)}"}`;
    const announced = await postJson(api, big);
    expect(announced.status).toBe(413);
    expect(await detail(announced)).toBe("El cuerpo de la solicitud no puede pasar de 1 KB (1024 bytes).");
    // A stream without Content-Length is counted as it is read, and stops being read past the bound.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode("x".repeat(600)));
        if (pulled > 100) controller.close();
      },
    });
    const streamed = await call(api, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    // Exactly the bound is read.
    const fits = await postJson(api, `"${"x".repeat(1022)}"`);
    expect(fits.status).toBe(200);
  });

  it("answers malformed, empty or non-UTF-8 bodies, and a POST with a query, with a 400 in Spanish", async () => {
    const bad = await postJson(api, '{"a": 1,,}');
    expect(bad.status).toBe(400);
    expect(await detail(bad)).toMatch(/^El cuerpo de la solicitud no es JSON válido/);
    expect(await detail(await postJson(api, "  "))).toBe("El cuerpo de la solicitud está vacío; envíe un documento JSON.");
    expect(await detail(await postJson(api, new Uint8Array([0x22, 0xff, 0x22])))).toBe(
      "El cuerpo de la solicitud no es texto UTF-8 válido.",
    );
    const query = await call(api, {
      path: "/calendario/proximos?x=1",
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(query.status).toBe(400);
    expect(await detail(query)).toMatch(/quite los parámetros de la dirección/);
  });

  it("lists POST in Allow and in the preflight of its path only", async () => {
    const put = await call(api, { method: "PUT", body: "{}" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(await detail(put)).toBe("El método PUT no está permitido; use GET, HEAD, POST u OPTIONS.");
    const preflight = await call(api, {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    // A route without a POST is as before.
    const other = await call(api, { path: "/rfc/validar/X", method: "POST", body: "{}" });
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const otherPreflight = await call(api, { path: "/rfc/validar/X", method: "OPTIONS" });
    expect(otherPreflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("a POST-only route with an XML body", () => {
  const api = apiWith({ ...json, media: "xml", only: true, example: "<a/>" });

  it("gives the handler the text, under application/xml or text/xml", async () => {
    for (const type of ["application/xml", "text/xml; charset=utf-8"]) {
      const res = await postJson(api, '<?xml version="1.0"?><a/>', type);
      expect(res.status, type).toBe(200);
      expect(await res.json()).toEqual({ media: "xml", text: '<?xml version="1.0"?><a/>' });
    }
    const wrong = await postJson(api, "<a/>", "application/json");
    expect(wrong.status).toBe(415);
    expect(wrong.headers.get("accept-post")).toBe("application/xml, text/xml");
  });

  it("answers GET and HEAD with a 405 whose Allow says POST", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await call(api, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });
});

describe("the route table's POST", () => {
  it("is refused on a file route when the app is built", () => {
    expect(() => new Api({ routes: [{ ...routeById("status"), post: json }] })).toThrow(/only a function route/);
  });

  it("is published in OpenAPI beside the GET, with its body, size and problems", () => {
    const doc = openApiDocument([withPost(json)], "https://example.org") as unknown as {
      paths: Record<string, { get?: { operationId: string }; post?: Record<string, unknown> }>;
      components: { responses: Record<string, unknown> };
    };
    const item = doc.paths["/calendario/proximos"];
    expect(item?.get?.operationId).toBe("calendarNext");
    expect(item?.post).toMatchObject({
      operationId: "calendarNextPost",
      requestBody: { required: true, content: { "application/json": { example: { a: 1 } } } },
    });
    expect(Object.keys(item?.post?.["responses"] as object)).toEqual(["200", "400", "405", "413", "414", "415", "429"]);
    for (const name of ["BadBody", "ContentTooLarge", "UnsupportedMediaType"]) expect(doc.components.responses[name]).toBeDefined();
    const only = openApiDocument([withPost({ ...json, only: true })], "https://example.org") as unknown as typeof doc;
    expect(Object.keys(only.paths["/calendario/proximos"] ?? {})).toEqual(["post"]);
  });
});

describe("through the local server's Node adapter", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer(nodeHandler(apiWith(json)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A POST of `size` bytes (announced, or chunked), resolved with the status the client read. */
  const send = (size: number, chunked: boolean): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "Content-Type": "application/json", ...(!chunked && { "Content-Length": String(size) }) };
      const req = request({ host: "127.0.0.1", port, path: PATH, method: "POST", headers, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let left = size;
      const write = (): void => {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(left, chunk.length));
          left -= part.length;
          if (!req.write(part)) return void req.once("drain", write);
        }
        req.end();
      };
      req.on("error", () => undefined);
      write();
    });

  it("answers 200 to a body within the bound and 413 to a larger one, which the client reads", async () => {
    const ok = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path: PATH, method: "POST", headers: { "Content-Type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end('{"a":1}');
    });
    expect(ok).toBe(200);
    for (const chunked of [false, true]) {
      const res = await send(2 * 1024 * 1024, chunked);
      expect(res.status, chunked ? "chunked" : "announced").toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ status: 413, title: "Contenido demasiado grande" });
    }
  });
});
