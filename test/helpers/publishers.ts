// Fake Banxico, INEGI and SAT on 127.0.0.1: the real URL paths and formats, from raw/, plus fault modes.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { basename, join } from "node:path";
import { sieSources } from "../../sources/banxico.ts";
import { buildNominaWorkbook, buildWorkbook } from "./sat-workbook.ts";
import { RAW_DIR } from "./tree.ts";

export const BANXICO_TOKEN = "banxico-token-de-prueba";
export const INEGI_TOKEN = "inegi-token-de-prueba";
const WORKBOOK_NAME = "catCFDI_V_4_20250715.xls";
const NOMINA_WORKBOOK_NAME = "catNomina.xls";

/** What the next request to a publisher gets; "ok" serves the data. */
export type Behaviour =
  | "ok"
  | { status: number; retryAfter?: string }
  | "hang" // accepts the request and never answers
  | "cut" // sends the headers and half the body, then drops the connection
  | "stall" // sends the headers and half the body, then neither sends more nor closes
  | "maintenance"; // an HTML maintenance page with status 200

export type Publisher = "banxico" | "inegi" | "sat-page" | "sat-book" | "sat-nomina-page" | "sat-nomina-book";

export interface RecordedRequest {
  publisher: Publisher | "other";
  path: string;
  headers: IncomingMessage["headers"];
}

const SIE_PATH = /^\/SieAPIRest\/service\/v1\/series\/([A-Z0-9]+(?:,[A-Z0-9]+)*)\/datos\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/;
const INEGI_PATH = /^\/app\/api\/indicadores\/desarrolladores\/jsonxml\/INDICATOR\/628194\/es\/00\/false\/BIE\/2\.0\/([^/?]+)$/;
const PAGE_PATH = "/tramitesyservicios/Paginas/anexo_20.htm";
const NOMINA_PAGE_PATH = "/tramitesyservicios/Paginas/complemento_nomina.htm";
const BOOK_DIR = "/tramitesyservicios/Paginas/documentos/";

const MAINTENANCE =
  "<!DOCTYPE html><html><head><title>Sitio en mantenimiento</title></head><body><h1>Estamos en mantenimiento</h1></body></html>";

interface Body {
  data: Buffer;
  type: string;
  etag?: string;
  lastModified?: string;
  ranges?: boolean;
}

/** The snapshot's answers of every other published series (the TIIE de fondeo), by SIE id, served as they are. */
const OTHER_SERIES: Record<string, string> = Object.fromEntries(
  sieSources.map((s) => [basename(s.rawFile, ".json"), readFileSync(join(RAW_DIR, s.rawFile), "utf8")]),
);

export class FakePublishers {
  readonly requests: RecordedRequest[] = [];
  /** Behaviours queued per publisher; an empty queue serves the data. */
  readonly queues = new Map<Publisher, Behaviour[]>();
  /** The SIE's FIX answer (the snapshot unless a test replaces it). */
  banxicoJson = readFileSync(join(RAW_DIR, "banxico/SF43718.json"), "utf8");
  /** The SIE's UDI and TIIE 28 answers. */
  udiJson = readFileSync(join(RAW_DIR, "banxico/SP68257.json"), "utf8");
  tiieJson = readFileSync(join(RAW_DIR, "banxico/SF43783.json"), "utf8");
  inegiJson = readFileSync(join(RAW_DIR, "inegi/inpc-628194.json"), "utf8");
  workbook: Buffer;
  workbookLastModified = "Tue, 15 Jul 2025 18:00:00 GMT";
  nominaWorkbook: Buffer = buildNominaWorkbook();
  readonly #sockets = new Set<Socket>();
  readonly #server = createServer((req, res) => this.#handle(req, res));
  url = "";

  /** `workbook` is the snapshot's (buildWorkbook()) unless given; the tests give the run's copy of it (snapshotWorkbook()). */
  constructor(workbook: Buffer = buildWorkbook()) {
    this.workbook = workbook;
    this.#server.on("connection", (s) => {
      this.#sockets.add(s);
      s.on("close", () => this.#sockets.delete(s));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The environment that points the fetch command here, with valid tokens. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      FISCAL_BANXICO_URL: this.url,
      FISCAL_INEGI_URL: this.url,
      FISCAL_SAT_URL: this.url,
      BANXICO_TOKEN,
      INEGI_TOKEN,
      FISCAL_SITE_URL: "https://fiscal-mx.example",
      ...extra,
    };
  }

  queue(publisher: Publisher, ...behaviours: Behaviour[]): void {
    this.queues.set(publisher, [...(this.queues.get(publisher) ?? []), ...behaviours]);
  }

  /** Back to serving the snapshot with no faults queued. */
  reset(workbook?: Buffer): void {
    this.queues.clear();
    this.requests.length = 0;
    this.banxicoJson = readFileSync(join(RAW_DIR, "banxico/SF43718.json"), "utf8");
    this.udiJson = readFileSync(join(RAW_DIR, "banxico/SP68257.json"), "utf8");
    this.tiieJson = readFileSync(join(RAW_DIR, "banxico/SF43783.json"), "utf8");
    this.inegiJson = readFileSync(join(RAW_DIR, "inegi/inpc-628194.json"), "utf8");
    if (workbook) this.workbook = workbook;
  }

  #route(req: IncomingMessage): { publisher: Publisher; body: () => Body | number } | null {
    const url = new URL(req.url ?? "/", "http://fake");
    const sie = SIE_PATH.exec(url.pathname);
    if (sie) {
      return {
        publisher: "banxico",
        body: () =>
          req.headers["bmx-token"] === BANXICO_TOKEN
            ? { data: Buffer.from(this.#sieAnswer(sie[1]!.split(","), sie[2]!, sie[3]!)), type: "application/json;charset=UTF-8" }
            : 401,
      };
    }
    const inegi = INEGI_PATH.exec(url.pathname);
    if (inegi && url.searchParams.get("type") === "json") {
      return {
        publisher: "inegi",
        body: () =>
          decodeURIComponent(inegi[1]!) === INEGI_TOKEN
            ? { data: Buffer.from(this.inegiJson), type: "application/json; charset=utf-8" }
            : 401,
      };
    }
    if (url.pathname === PAGE_PATH)
      return { publisher: "sat-page", body: () => ({ data: Buffer.from(anexo20Page()), type: "text/html; charset=utf-8" }) };
    if (url.pathname === NOMINA_PAGE_PATH)
      return { publisher: "sat-nomina-page", body: () => ({ data: Buffer.from(nominaPage()), type: "text/html; charset=utf-8" }) };
    if (url.pathname === `${BOOK_DIR}${WORKBOOK_NAME}`) return { publisher: "sat-book", body: () => this.#book(this.workbook) };
    if (url.pathname === `${BOOK_DIR}${NOMINA_WORKBOOK_NAME}`)
      return { publisher: "sat-nomina-book", body: () => this.#book(this.nominaWorkbook) };
    return null;
  }

  #book(data: Buffer): Body {
    return {
      data,
      type: "application/vnd.ms-excel",
      ranges: true,
      lastModified: this.workbookLastModified,
      etag: `"${createHash("sha256").update(data).digest("hex").slice(0, 16)}"`,
    };
  }

  /**
   * The SIE answers every requested series (comma-separated ids, in the order asked) in one `bmx.series`
   * array, each with only the observations within the requested dates; an unknown id is left out.
   */
  #sieAnswer(ids: string[], start: string, end: string): string {
    type Serie = { idSerie: string; datos?: { fecha: string }[] };
    const texts: Record<string, string> = { ...OTHER_SERIES, SF43718: this.banxicoJson, SP68257: this.udiJson, SF43783: this.tiieJson };
    const iso = (f: string): string => f.split("/").reverse().join("-");
    const series = ids.flatMap((id) => {
      const text = texts[id];
      if (text === undefined) return [];
      return (JSON.parse(text) as { bmx: { series: Serie[] } }).bmx.series.map((s) => {
        if (s.datos) s.datos = s.datos.filter((d) => iso(d.fecha) >= start && iso(d.fecha) <= end);
        return s;
      });
    });
    return JSON.stringify({ bmx: { series } });
  }

  #handle(req: IncomingMessage, res: ServerResponse): void {
    const route = this.#route(req);
    const path = (req.url ?? "").replace(INEGI_TOKEN, "<token>");
    this.requests.push({ publisher: route?.publisher ?? "other", path, headers: req.headers });
    if (route === null) {
      res.writeHead(404, { "content-type": "text/html" }).end("<html><body>No encontrado</body></html>");
      return;
    }
    const behaviour = this.queues.get(route.publisher)?.shift() ?? "ok";
    if (behaviour === "hang") return;
    if (behaviour === "maintenance") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(MAINTENANCE);
      return;
    }
    if (typeof behaviour === "object") {
      const headers: Record<string, string> = { "content-type": "text/plain" };
      if (behaviour.retryAfter !== undefined) headers["retry-after"] = behaviour.retryAfter;
      res.writeHead(behaviour.status, headers).end(`HTTP ${behaviour.status}`);
      return;
    }
    const body = route.body();
    if (typeof body === "number") {
      res.writeHead(body, { "content-type": "application/json" }).end(JSON.stringify({ error: { mensaje: "Token inválido" } }));
      return;
    }
    serve(req, res, body, behaviour === "cut" || behaviour === "stall" ? behaviour : null);
  }
}

function anexo20Page(): string {
  // An older workbook is linked too (and no longer served): the fetch must pick the newest.
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Anexo 20</title></head><body>
<h1>Anexo 20 de la Resolución Miscelánea Fiscal</h1>
<ul>
<li><a href="documentos/catCFDI_V_4_20231031.xls">Catálogos CFDI versión 4.0 (anterior)</a></li>
<li><a href="/tramitesyservicios/Paginas/documentos/Anexo20_2022.pdf">Anexo 20 (PDF)</a></li>
<li><a class="liga" href="${BOOK_DIR}${WORKBOOK_NAME}">Catálogos CFDI versión 4.0</a></li>
</ul></body></html>`;
}

function nominaPage(): string {
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Complemento de nómina</title></head><body>
<h1>Complemento de recibo de pago de nómina</h1>
<ul>
<li><a href="documentos/nomina12B.xsd">Esquema (XSD)</a></li>
<li><a href="${BOOK_DIR}${NOMINA_WORKBOOK_NAME}">Catálogos del complemento de nómina</a></li>
</ul></body></html>`;
}

/** 200 (or 206 for a Range), 304 for a matching conditional request; "cut" drops the socket halfway, "stall" stops there. */
function serve(req: IncomingMessage, res: ServerResponse, body: Body, fault: "cut" | "stall" | null): void {
  const validators: Record<string, string> = {};
  if (body.etag) validators["etag"] = body.etag;
  if (body.lastModified) validators["last-modified"] = body.lastModified;
  const fresh =
    (body.etag && req.headers["if-none-match"] === body.etag) ||
    (!req.headers["if-none-match"] && body.lastModified && req.headers["if-modified-since"] === body.lastModified);
  if (fresh) {
    res.writeHead(304, validators).end();
    return;
  }
  const range = body.ranges ? /^bytes=(\d+)-(\d*)$/.exec(String(req.headers["range"] ?? "")) : null;
  const ifMatch = req.headers["if-match"];
  if (range && (!ifMatch || ifMatch === body.etag)) {
    const start = Number(range[1]);
    const end = range[2] ? Number(range[2]) : body.data.length - 1;
    const slice = body.data.subarray(start, end + 1);
    res
      .writeHead(206, {
        ...validators,
        "content-type": body.type,
        "content-length": slice.length,
        "content-range": `bytes ${start}-${end}/${body.data.length}`,
      })
      .end(slice);
    return;
  }
  const headers = {
    ...validators,
    "content-type": body.type,
    "content-length": body.data.length,
    ...(body.ranges ? { "accept-ranges": "bytes" } : {}),
  };
  res.writeHead(200, headers);
  if (fault === null) {
    res.end(body.data);
    return;
  }
  res.write(body.data.subarray(0, Math.floor(body.data.length / 2)), () => (fault === "cut" ? res.socket?.destroy() : undefined));
}
