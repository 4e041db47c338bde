// The contract against any base URL: read-only requests (GET, HEAD, OPTIONS), a bounded number, paced under the rate
// limit; each answer compared with the deployment's own openapi.json. What differs is returned, not thrown.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import * as addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;
const BASE = "/api/v1/public";

/** One way an answer differs from the contract. */
export interface Difference {
  check: string;
  target: string;
  /** What differs: status, content-type, header:<name>, body, instance, cache-control, etag, head-content-length… */
  aspect: string;
  expected: string;
  got: string;
}

export interface VerifyOptions {
  base: string;
  /** Requests at most (the checks stop there and say how many were left out). */
  maxRequests: number;
  /** Requests per minute at most: under the API's 60, so the checks never spend a visitor's share. */
  perMinute: number;
  log?: (line: string) => void;
}

export interface VerifyResult {
  differences: Difference[];
  requests: number;
  checks: number;
  /** Checks not run because the request budget ran out. */
  skipped: number;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

type Ref = { $ref: string };
interface Param {
  name: string;
  in: "path" | "query";
  required?: boolean;
  example?: string;
  schema: { type?: string; default?: unknown };
}
interface Resp {
  headers?: Record<string, Ref>;
  content?: Record<string, { schema: object }>;
}
interface Doc {
  /** Operations by method; only GET ones are verified (a POST-only path, like /cfdi/validar, has no `get`). */
  paths: Record<string, { get?: { parameters?: Param[]; responses: Record<string, Resp | Ref> } }>;
  components: { schemas: Record<string, object>; responses: Record<string, Resp>; headers: Record<string, object> };
}

class Budget {
  sent = 0;
  private last = 0;
  constructor(private readonly options: VerifyOptions) {}

  get left(): number {
    return this.options.maxRequests - this.sent;
  }

  /** One paced request; a 429 is waited out once (its Retry-After, at most 61 s) and asked again. */
  async request(path: string, method = "GET", headers: Record<string, string> = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const gap = 60_000 / this.options.perMinute - (Date.now() - this.last);
      if (gap > 0) await new Promise((r) => setTimeout(r, gap));
      this.last = Date.now();
      this.sent++;
      const res = await fetch(new URL(path, this.options.base), { method, headers, redirect: "manual" });
      const body = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 429 || attempt > 0 || this.left <= 0) return { status: res.status, headers: res.headers, body };
      const wait = Math.min(61, Math.max(1, Number(res.headers.get("retry-after") ?? "5")));
      this.options.log?.(`429 en ${path}: espera ${wait} s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
  }
}

const decoder = new TextDecoder();

/**
 * The example queries of the operations whose required parameters alone are a 400: a rule across parameters the
 * spec's `required` cannot say (/calculos/isr needs anio, fecha or mes; /calculos/factura a tax or a preset).
 */
const EXAMPLE_QUERIES: Readonly<Record<string, string>> = {
  "/calculos/isr": "?ingreso=20000.00&periodo=mensual&anio=2026",
  "/calculos/factura": "?valorUnitario=10000&preset=honorarios-pf-a-pm",
};

/** Runs the checks against `options.base` and returns what differs. */
export async function verify(options: VerifyOptions): Promise<VerifyResult> {
  const budget = new Budget(options);
  const differences: Difference[] = [];
  let checks = 0;
  let skipped = 0;
  const differ = (d: Difference): void => {
    differences.push(d);
  };

  const specAnswer = await budget.request(`${BASE}/openapi.json`);
  checks++;
  if (specAnswer.status !== 200) {
    differ({ check: "openapi", target: `${BASE}/openapi.json`, aspect: "status", expected: "200", got: String(specAnswer.status) });
    return { differences, requests: budget.sent, checks, skipped };
  }
  const doc = JSON.parse(decoder.decode(specAnswer.body)) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: "openapi.json", components: doc.components });
  const validators = new Map<string, ValidateFunction>();
  const validate = (schema: object, body: unknown): string | null => {
    const key = JSON.stringify(schema);
    let v = validators.get(key);
    if (v === undefined) {
      v = ajv.compile(JSON.parse(key.replaceAll('"#/components', '"openapi.json#/components')) as object);
      validators.set(key, v);
    }
    return v(body) ? null : ajv.errorsText(v.errors);
  };
  const response = (template: string, status: number): Resp | undefined => {
    const r = doc.paths[template]?.get?.responses[String(status)];
    if (r === undefined) return undefined;
    return "$ref" in r ? doc.components.responses[r.$ref.split("/").pop() as string] : r;
  };

  /** The answer is one the operation documents for `status`; each way it is not, a difference. */
  const documented = (check: string, template: string, target: string, a: Answer, status: number): void => {
    const d = (aspect: string, expected: string, got: string): void => differ({ check, target, aspect, expected, got });
    if (a.status !== status) {
      d("status", String(status), String(a.status));
      return;
    }
    if (a.headers.get("access-control-allow-origin") !== "*")
      d("header:access-control-allow-origin", "*", String(a.headers.get("access-control-allow-origin")));
    const resp = response(template, status) ?? doc.components.responses[status === 404 ? "NotFound" : "BadRequest"];
    for (const name of Object.keys(resp?.headers ?? {}))
      if (a.headers.get(name) === null) d(name.toLowerCase() === "etag" ? "etag" : `header:${name.toLowerCase()}`, "presente", "ausente");
    if (a.headers.get("x-fmx-data-stale-from") !== null && a.headers.get("x-fmx-data-stale") === null)
      d("header:x-fmx-data-stale", "presente junto a x-fmx-data-stale-from", "ausente");
    if (status === 304) return;
    const type = a.headers.get("content-type") ?? "";
    // The media type by its name (a charset spelled differently is a difference of its own; the body is still checked).
    const media = Object.entries(resp?.content ?? {}).find(([t]) => type.toLowerCase() === `${t}; charset=utf-8`)?.[1];
    if (media !== undefined && !Object.keys(resp?.content ?? {}).some((t) => type === `${t}; charset=utf-8`))
      d("content-type", Object.keys(resp?.content ?? {}).join(" | "), type);
    if (media === undefined) {
      d("content-type", Object.keys(resp?.content ?? {}).join(" | "), type);
      return;
    }
    if (!type.includes("json") || type.includes("ndjson")) return;
    let body: unknown;
    try {
      body = JSON.parse(decoder.decode(a.body));
    } catch {
      d("body", "JSON", "no es JSON");
      return;
    }
    const wrong = validate(media.schema, body);
    if (wrong !== null) d("body", "el esquema de openapi.json", wrong.slice(0, 300));
    if (status >= 400) {
      if (a.headers.get("cache-control") !== "no-store") d("cache-control", "no-store", String(a.headers.get("cache-control")));
      const instance = (body as { instance?: string }).instance;
      if (instance !== target.split("?")[0]) d("instance", target.split("?")[0] as string, JSON.stringify(instance));
    }
  };

  const params = (template: string): Param[] => doc.paths[template]?.get?.parameters ?? [];
  const examplePath = (template: string): string =>
    `${BASE}${template.replace(/\{(\w+)\}/g, (_, name: string) => params(template).find((p) => p.name === name)?.example ?? "x")}`;
  const exampleQuery = (template: string): string => {
    const given = EXAMPLE_QUERIES[template];
    if (given !== undefined) return given;
    const required = params(template).filter((p) => p.in === "query" && p.required === true);
    return required.length === 0 ? "" : `?${required.map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? ""))}`).join("&")}`;
  };

  // Read-only: only the paths with a GET operation (POST-only ones are never sent).
  const readable = Object.keys(doc.paths).filter((template) => doc.paths[template]?.get !== undefined);
  // Each check with the requests it needs; past the budget the rest are counted as skipped.
  const plan: { need: number; run: () => Promise<void> }[] = [];
  for (const template of readable) {
    const target = `${examplePath(template)}${exampleQuery(template)}`;
    plan.push({
      need: 1,
      run: async () => documented("ejemplo", template, target, await budget.request(target), 200),
    });
  }
  for (const template of readable) {
    const target = `${examplePath(template)}${exampleQuery(template)}`;
    plan.push({
      need: 3,
      run: async () => {
        const full = await budget.request(target);
        const head = await budget.request(target, "HEAD");
        if (head.status !== 200) differ({ check: "HEAD", target, aspect: "status", expected: "200", got: String(head.status) });
        else if (head.headers.get("content-length") !== full.headers.get("content-length"))
          differ({
            check: "HEAD",
            target,
            aspect: "head-content-length",
            expected: String(full.headers.get("content-length")),
            got: String(head.headers.get("content-length")),
          });
        const etag = full.headers.get("etag");
        if (etag === null) return;
        documented("If-None-Match", template, target, await budget.request(target, "GET", { "If-None-Match": etag }), 304);
      },
    });
  }
  const absent: [string, string, number][] = [
    ["/uma/{year}", `${BASE}/uma/1900`, 404],
    ["/inpc/{period}", `${BASE}/inpc/1900-01`, 404],
    ["/uma/{year}", `${BASE}/uma/26`, 400],
    ["/fx/history", `${BASE}/fx/history?days=0`, 400],
    ["/uma", `${BASE}/nada`, 404],
  ];
  for (const [template, target, status] of absent)
    plan.push({ need: 1, run: async () => documented("error", template, target, await budget.request(target), status) });
  plan.push({
    need: 1,
    run: async () => {
      const target = `${BASE}/uma?x=${"a".repeat(2100)}`;
      const a = await budget.request(target);
      if (a.status !== 414) differ({ check: "414", target: `${BASE}/uma?x=…`, aspect: "status", expected: "414", got: String(a.status) });
    },
  });
  plan.push({
    need: 1,
    run: async () => {
      const target = `${BASE}/uma`;
      const a = await budget.request(target, "OPTIONS", { Origin: "https://example.org", "Access-Control-Request-Method": "GET" });
      if (a.status !== 204) differ({ check: "preflight", target, aspect: "status", expected: "204", got: String(a.status) });
    },
  });

  for (const step of plan) {
    if (budget.left < step.need) {
      skipped++;
      continue;
    }
    checks++;
    try {
      await step.run();
    } catch (e) {
      differ({ check: "red", target: "", aspect: "request", expected: "una respuesta", got: (e as Error).message });
    }
  }
  return { differences, requests: budget.sent, checks, skipped };
}
