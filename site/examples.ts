// Real example responses for the API reference: file routes from the build's own records, the rest from the live API app.
import { API_BASE, DUMP_INDEX, exampleRequest, queryDefaults, routeById, routes, type FileRouteId } from "../lib/routes/routes.ts";
import { createApi } from "../lib/http/service.ts";
import type { Api } from "../lib/http/app.ts";
import { routerPath } from "../lib/http/netlify.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { TrieRouter } from "hono/router/trie-router";
import { RATE_LIMIT } from "../core/service-config.ts";
import { FILE_BODIES, isFileRouteId } from "../lib/bodies/bodies.ts";
import type { Example, SiteInputs } from "./context.ts";
import { noonInMexicoCity } from "../core/dates.ts";

/** The CSV download whose first lines the reference shows. */
const CSV_EXAMPLE = `${API_BASE}/dumps/fx.csv`;

/** The download files examples() reads: every JSON file (the dumps, their index, the search index) and the CSV shown. */
export const readByExamples = (path: string): boolean => path.endsWith(".json") || path === CSV_EXAMPLE;

/** Arrays longer than this show their first items and say how many were left out. */
const SHOWN_ITEMS = 3;

/** Indented JSON where every array of more than SHOWN_ITEMS items is cut, with a comment saying so. */
export function shownJson(value: unknown): { text: string; cut: boolean } {
  let cut = false;
  const render = (v: unknown, indent: string): string => {
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      const items = v.slice(0, SHOWN_ITEMS).map((x) => `${inner}${render(x, inner)}`);
      if (v.length > SHOWN_ITEMS) {
        cut = true;
        const rest = v.length - SHOWN_ITEMS;
        items.push(`${inner}/* … ${rest} ${rest === 1 ? "elemento más" : "elementos más"} */`);
      }
      return `[\n${items.join(",\n")}\n${indent}]`;
    }
    if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      if (entries.length === 0) return "{}";
      return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${render(x, inner)}`).join(",\n")}\n${indent}}`;
    }
    return JSON.stringify(v);
  };
  const text = render(value, "");
  return { text, cut };
}

/** The body a file route answers for its example request: its producer's resource with those path values, at the default query. */
function fileBody(ctx: SiteInputs, id: FileRouteId, values: Record<string, string>): unknown {
  const inputs = { data: ctx.data, asOf: ctx.asOf, claveProdServ: ctx.claveProdServ, status: ctx.status };
  const names = Object.keys(values);
  for (const r of FILE_BODIES[id](inputs)) {
    if (names.every((n) => r.pathValues[n] === values[n])) return r.body(queryDefaults(routeById(id)));
  }
  return undefined;
}

/** The answer of `api` to a GET of `path` with `query`: its status and its JSON body. */
async function answer(api: Api, path: string, query = ""): Promise<{ status: number; body: unknown }> {
  const res = await api.app.request(`http://localhost${path}${query ? `?${query}` : ""}`, undefined, { ip: "192.0.2.1" });
  return { status: res.status, body: JSON.parse(await res.text()) as unknown };
}

function textOf(body: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(body)) as unknown;
}

/** The route of a file's path (without .json) and its path values, by Hono's router over the route table. */
function fileRouter(): (path: string) => { id: string; pathValues: Record<string, string> } | undefined {
  const router = new TrieRouter<string>();
  for (const r of routes) router.add("GET", routerPath(r), r.id);
  return (path) => {
    const first = router.match("GET", path)[0][0] as [string, Record<string, string>] | undefined;
    return first === undefined ? undefined : { id: first[0], pathValues: first[1] };
  };
}

/** Every operation's example by operationId, plus the shared error examples under "error-400", "error-404", "error-429". */
export async function examples(ctx: SiteInputs): Promise<Map<string, Example>> {
  const out = new Map<string, Example>();
  // The calculations read the same records the build writes as files (before any file exists).
  // The SAT catalog functions read the dumps and the search index the build just wrote.
  const tree = (path: string): Uint8Array | undefined => ctx.dumps.find((f) => f.path === path)?.data;
  const routeOf = fileRouter();
  const records = recordsFrom((file) => {
    const dump = ctx.dumps.find((f) => f.path === file);
    if (dump !== undefined) return JSON.parse(new TextDecoder().decode(dump.data)) as unknown;
    const match = routeOf(file.replace(/\.json$/, ""));
    return match === undefined || !isFileRouteId(match.id) ? undefined : fileBody(ctx, match.id, match.pathValues);
  });
  const api = createApi({ rateLimit: false, now: () => noonInMexicoCity(ctx.asOf), tree, records: () => records });
  const show = (id: string, req: string, status: number, body: unknown): void => {
    const { text, cut } = shownJson(body);
    out.set(id, { request: req, status, text, cut, ...(Array.isArray(body) && { items: body.length }) });
  };
  for (const route of routes) {
    const { path, values, query } = exampleRequest(route);
    const req = query ? `${path}?${query}` : path;
    if (isFileRouteId(route.id)) {
      const body = fileBody(ctx, route.id, values);
      if (body !== undefined) show(route.id, req, 200, body);
      continue;
    }
    const result = await answer(api, `${API_BASE}${path}`, query);
    show(route.id, req, result.status, result.body);
  }
  const index = ctx.dumps.find((f) => f.path === DUMP_INDEX);
  if (index) show("dumpIndex", "/dumps/index.json", 200, textOf(index.data));
  const csv = ctx.dumps.find((f) => f.path === CSV_EXAMPLE);
  if (csv) {
    const lines = new TextDecoder().decode(csv.data.subarray(0, 400)).split("\n").slice(0, 4);
    out.set("dumpFile", { request: "/dumps/fx.csv", status: 200, text: `${lines.join("\n")}\n…`, cut: true });
  }
  // Errors exactly as the app writes them; the request after the limit is the 429.
  const errors: [string, string, string][] = [
    ["error-400", "/fx/history", "days=0"],
    ["error-404", "/uma/1990", ""],
  ];
  for (const [id, path, query] of errors) {
    const r = await answer(api, `${API_BASE}${path}`, query);
    show(id, query ? `${path}?${query}` : path, r.status, r.body);
  }
  const limited = createApi({ now: () => noonInMexicoCity(ctx.asOf) });
  let r = await answer(limited, `${API_BASE}/uma`);
  for (let i = 0; i < RATE_LIMIT.limit && r.status !== 429; i++) r = await answer(limited, `${API_BASE}/uma`);
  show("error-429", "/uma", r.status, r.body);
  return out;
}
