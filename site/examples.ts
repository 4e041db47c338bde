// Real example responses for the API reference: file routes from the build's own records, the rest from the live pipeline.
import { API_BASE, DUMP_INDEX, exampleRequest, routes, type Route } from "../lib/routes.ts";
import { createApi } from "../lib/http/service.ts";
import { recordsFrom } from "../lib/calc/records.ts";
import { Router } from "../lib/http/router.ts";
import { RATE_LIMIT } from "../lib/site.ts";
import type { HttpRequest } from "../lib/http/types.ts";
import { CATALOGS, catalogSpec, type CatalogId } from "../sources/sat.ts";
import { listRouteId, lookupRouteId } from "../lib/sat-routes.ts";
import { keyValues } from "../build/emit.ts";
import {
  catalogList, currentYear, fxRate, inpcLatest, inpcRecord, isrTariff, isrYears, tiieRate, udiValue, umaRecord, umaYears,
} from "../build/records.ts";
import { dofRate } from "../lib/fx-dof.ts";
import { Series } from "../lib/series.ts";
import type { SieObservation } from "../sources/banxico.ts";
import { contentFiles } from "../build/content.ts";
import type { SiteContext } from "./context.ts";

export interface Example {
  /** The request, relative to the API base ("/fx/history"). */
  request: string;
  status: number;
  /** The body as shown: indented JSON with long arrays cut, or the first lines of a text file. */
  text: string;
  /** Set when `text` leaves part of the body out. */
  cut: boolean;
}

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

/** The catalog of each SAT lookup and list route, and which of the two the route is. */
const CATALOG_ROUTES = new Map<string, { id: CatalogId; list: boolean }>(
  CATALOGS.flatMap((c): [string, { id: CatalogId; list: boolean }][] => [[lookupRouteId(c.family, c.id), { id: c.id, list: false }], [listRouteId(c.family, c.id), { id: c.id, list: true }]]),
);

/** The today, history (default days) and by-date bodies of a Banxico series route, from the build's record functions. */
function seriesBody(ctx: SiteContext, id: string, date: string | undefined): unknown {
  const d = ctx.data;
  const series: Record<string, [SieObservation[], (o: SieObservation) => object]> = { fx: [d.fx, fxRate], udi: [d.udi, udiValue], tiie28: [d.tiie28, tiieRate] };
  if (id === "fxDof") {
    const found = dofRate(new Series(d.fx), date ?? "");
    return found.found ? found.record : undefined;
  }
  const m = /^(fx|udi|tiie28)(Today|History|ByDate)$/.exec(id);
  const entry = m ? series[m[1]!] : undefined;
  if (!m || !entry) return undefined;
  const [observations, record] = entry;
  const s = new Series(observations);
  const o = m[2] === "Today" ? s.last : m[2] === "ByDate" ? s.at(date ?? "") : undefined;
  if (m[2] === "History") return s.lastDays(30).map(record);
  return o ? record(o) : undefined;
}

/** The body a file route answers for its example request, from the same record functions as the build. */
function fileBody(ctx: SiteContext, route: Route, v: Record<string, string>): unknown {
  const d = ctx.data;
  const series = seriesBody(ctx, route.id, v["date"]);
  if (series !== undefined) return series;
  switch (route.id) {
    case "umaCurrent": {
      const y = currentYear(umaYears(d), ctx.asOf);
      return y === undefined ? undefined : umaRecord(d, y);
    }
    case "umaByYear": return umaRecord(d, Number(v["year"]));
    case "inpcList": return inpcLatest(d.inpc, 24);
    case "inpcByPeriod": {
      const o = d.inpc.find((x) => x.period === v["period"]);
      return o ? inpcRecord(o) : undefined;
    }
    case "isrCurrentMonthly": {
      const y = currentYear(isrYears(d.isr), ctx.asOf);
      return y === undefined ? undefined : isrTariff(d.isr, y, "mensual");
    }
    case "isrTariff": return isrTariff(d.isr, Number(v["year"]), v["period"] as "mensual");
    case "toolsCatalog":
    case "articlesCatalog":
    case "glossaryCatalog":
      return [...contentFiles()].find((f) => f.route.id === route.id)?.body;
    case "status": return ctx.status;
  }
  const catalog = CATALOG_ROUTES.get(route.id);
  if (catalog !== undefined) {
    const spec = catalogSpec(catalog.id);
    const list = catalog.id === "clave-prod-serv" ? [...ctx.claveProdServ] : catalogList(catalog.id, d.catalogs[catalog.id]);
    if (catalog.list) return route.prebuilt === "default-limit-pages" ? list.slice(0, 100) : list;
    return list.find((e) => Object.entries(keyValues(spec, e)).every(([k, x]) => v[k] === x));
  }
  return undefined;
}

const request = (path: string, query = ""): HttpRequest => ({ method: "GET", path, query, header: () => undefined, ip: "192.0.2.1" });

function textOf(body: Uint8Array | null): unknown {
  return body === null ? null : JSON.parse(new TextDecoder().decode(body)) as unknown;
}

/** Noon of the as-of date in Mexico City (UTC−6), so the calendar example is that day's. */
const noonOf = (asOf: string): number => Date.parse(`${asOf}T18:00:00Z`);

/** Every operation's example by operationId, plus the shared error examples under "error-400", "error-404", "error-429". */
export function examples(ctx: SiteContext): Map<string, Example> {
  const out = new Map<string, Example>();
  // The SAT catalog functions read the dumps and the search index the build just wrote.
  const tree = (path: string): Uint8Array | undefined => ctx.dumps.find((f) => f.path === path)?.data;
  // The calculations read the same records the build writes as files (before any file exists).
  const router = new Router();
  const records = recordsFrom((file) => {
    const dump = ctx.dumps.find((f) => f.path === file);
    if (dump !== undefined) return JSON.parse(new TextDecoder().decode(dump.data)) as unknown;
    const match = router.match(file.replace(/\.json$/, ""));
    return match === null ? undefined : fileBody(ctx, match.route, match.pathValues);
  });
  const api = createApi({ rateLimit: false, now: () => noonOf(ctx.asOf), tree, records: () => records });
  const show = (id: string, req: string, status: number, body: unknown): void => {
    const { text, cut } = shownJson(body);
    out.set(id, { request: req, status, text, cut });
  };
  for (const route of routes) {
    const { path, values, query } = exampleRequest(route);
    const req = query ? `${path}?${query}` : path;
    if (route.kind === "file") {
      const body = fileBody(ctx, route, values);
      if (body !== undefined) show(route.id, req, 200, body);
      continue;
    }
    const result = api.handle(request(`${API_BASE}${path}`, query));
    if (result !== null) show(route.id, req, result.status, textOf(result.body));
  }
  const index = ctx.dumps.find((f) => f.path === DUMP_INDEX);
  if (index) show("dumpIndex", "/dumps/index.json", 200, textOf(index.data));
  const csv = ctx.dumps.find((f) => f.path === `${API_BASE}/dumps/fx.csv`);
  if (csv) {
    const lines = new TextDecoder().decode(csv.data.subarray(0, 400)).split("\n").slice(0, 4);
    out.set("dumpFile", { request: "/dumps/fx.csv", status: 200, text: `${lines.join("\n")}\n…`, cut: true });
  }
  // Errors exactly as the pipeline writes them; the request after the limit is the 429.
  const errors: [string, string, string][] = [["error-400", "/fx/history", "days=0"], ["error-404", "/uma/1990", ""]];
  for (const [id, path, query] of errors) {
    const r = api.handle(request(`${API_BASE}${path}`, query))!;
    show(id, query ? `${path}?${query}` : path, r.status, textOf(r.body));
  }
  const limited = createApi({ now: () => noonOf(ctx.asOf) });
  let r = limited.handle(request(`${API_BASE}/uma`))!;
  for (let i = 0; i < RATE_LIMIT.limit && r.status !== 429; i++) r = limited.handle(request(`${API_BASE}/uma`))!;
  show("error-429", "/uma", r.status, textOf(r.body));
  return out;
}
