// The one HTTP client every publisher fetch shares: polite, bounded, retrying, and streaming to disk.
import { httpDateMs } from "../core/dates.ts";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Agent, interceptors, type Dispatcher, type RetryHandler } from "undici";
import { MB, type HttpConfig } from "./http-config.ts";
import { FetchError, type DownloadKind } from "./types.ts";

/** What each kind of download may weigh: the SIE history is ~0.4 MB, the workbook tens of MB. */
const KIND_MAX_BYTES: Record<DownloadKind, number> = { json: 64 * MB, html: 8 * MB, xls: 256 * MB };

const RETRY_STATUS = [429, 500, 502, 503, 504];
const RETRY_CODES = [
  "ECONNRESET",
  "ECONNREFUSED",
  "ENOTFOUND",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "EPIPE",
  "EAI_AGAIN",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
];

/** The fields undici's errors carry beyond Error's own. */
interface UndiciErrorFields {
  code?: unknown;
  statusCode?: unknown;
  headers?: unknown;
}
const fieldsOf = (err: unknown): UndiciErrorFields => (typeof err === "object" && err !== null ? (err as UndiciErrorFields) : {});

function headerValue(headers: unknown, name: string): string | null {
  if (typeof headers !== "object" || headers === null) return null;
  const value = (headers as Record<string, unknown>)[name];
  if (typeof value === "string") return value;
  return Array.isArray(value) && typeof value[0] === "string" ? value[0] : null;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = httpDateMs(value);
  return at === null ? null : Math.max(0, at - now);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries of many clients spread out. */
export function backoffMs(attempt: number, config: Pick<HttpConfig, "backoffMs" | "maxBackoffMs">, random = Math.random): number {
  const ceiling = Math.min(config.backoffMs * 2 ** Math.max(0, attempt - 1), config.maxBackoffMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Errors of the file system under the destination, which no retry or other publisher can help. */
const LOCAL_WRITE_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM"]);

function isLocalWriteError(err: unknown): boolean {
  const { code } = fieldsOf(err);
  return typeof (err as { syscall?: unknown }).syscall === "string" && typeof code === "string" && LOCAL_WRITE_CODES.has(code);
}

/** Spanish text for why a request failed, from undici's error codes. */
function describeHttpError(err: unknown, timeoutMs: number): string {
  const { code, statusCode } = fieldsOf(err);
  const message = err instanceof Error ? err.message : String(err);
  if (code === "UND_ERR_REQ_RETRY" && typeof statusCode === "number") {
    if (statusCode === 429) return "el publicador limitó las peticiones (HTTP 429) y no se recuperó";
    if (statusCode >= 500) return `error del servidor del publicador (HTTP ${statusCode})`;
    return `la respuesta se cortó y el publicador no permite reanudarla (${message})`;
  }
  switch (code) {
    case "UND_ERR_CONNECT_TIMEOUT":
      return "tiempo de espera agotado al conectar";
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
      return `tiempo de espera agotado: el publicador dejó de responder más de ${(timeoutMs / 1000).toFixed(1)} s`;
    case "UND_ERR_SOCKET":
    case "ECONNRESET":
    case "EPIPE":
      return "la conexión se cortó a media respuesta";
    case "ECONNREFUSED":
      return "el servidor rechazó la conexión";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "no se encontró el servidor (DNS)";
    case "UND_ERR_RES_EXCEEDED_MAX_SIZE":
      return "la respuesta excede el tamaño máximo permitido";
    default:
      return `error de red (${typeof code === "string" ? `${code}: ` : ""}${message})`;
  }
}

function contentTypeProblem(kind: DownloadKind, contentType: string): string | null {
  const type = contentType.toLowerCase();
  const html = type.includes("text/html") || type.includes("xhtml");
  if (kind === "json" && !type.includes("json")) {
    return html
      ? "se esperaba JSON y llegó una página HTML (¿mantenimiento o error del publicador?)"
      : `se esperaba JSON y llegó "${contentType || "sin Content-Type"}"`;
  }
  if (kind === "html" && !html) return `se esperaba una página HTML y llegó "${contentType || "sin Content-Type"}"`;
  if (kind === "xls" && (type.startsWith("text/") || type.includes("json"))) {
    return `se esperaba un libro de Excel y llegó "${contentType}"${html ? " (¿página de error o mantenimiento?)" : ""}`;
  }
  return null;
}

const OLE2_MAGIC = Buffer.from("d0cf11e0a1b11ae1", "hex");

/** Checks the first bytes (the shape) and the running size of a body on its way to disk. */
class BodyGuard extends Transform {
  #seen = 0;
  #head = Buffer.alloc(0);
  #checked = false;
  constructor(
    private readonly kind: DownloadKind,
    private readonly maxBytes: number,
  ) {
    super();
  }
  #shapeProblem(final: boolean): string | null | undefined {
    const text = this.#head.toString("latin1").trimStart();
    if (this.kind === "xls") {
      if (this.#head.length < OLE2_MAGIC.length) return final ? "el libro llegó vacío o incompleto" : undefined;
      return this.#head.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)
        ? null
        : "lo descargado no es un libro de Excel (.xls, formato binario BIFF8)";
    }
    if (text === "") return final ? "la respuesta llegó vacía" : undefined;
    if (this.kind === "json") {
      if (text.startsWith("<")) return "se esperaba JSON y llegó una página HTML (¿mantenimiento o error del publicador?)";
      return text.startsWith("{") || text.startsWith("[") ? null : "lo descargado no es JSON";
    }
    return text.startsWith("<") ? null : "lo descargado no es una página HTML";
  }
  #check(final: boolean): Error | null {
    if (this.#checked) return null;
    const problem = this.#shapeProblem(final);
    if (problem === undefined) return null;
    this.#checked = true;
    this.#head = Buffer.alloc(0);
    return problem === null ? null : new FetchError(problem);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#seen += chunk.length;
    if (this.#seen > this.maxBytes) {
      done(new FetchError(`la respuesta excede el máximo de ${this.maxBytes} bytes`));
      return;
    }
    if (!this.#checked) this.#head = Buffer.concat([this.#head, chunk.subarray(0, 64)]);
    done(this.#check(false), chunk);
  }
  override _flush(done: TransformCallback): void {
    done(this.#check(true));
  }
  get bytes(): number {
    return this.#seen;
  }
}

export interface GetRequest {
  url: string;
  /** Shown in messages instead of url (no secrets). */
  publicUrl: string;
  kind: DownloadKind;
  dest: string;
  headers?: Record<string, string>;
  etag?: string | null;
  lastModified?: string | null;
}

export type GetResult = { status: "unchanged" } | { status: "downloaded"; bytes: number; etag: string | null; lastModified: string | null };

const ACCEPT: Record<DownloadKind, string> = {
  json: "application/json",
  html: "text/html",
  xls: "application/vnd.ms-excel, application/octet-stream;q=0.9",
};

function hintForStatus(status: number): string {
  if (status === 401 || status === 403) return " (¿token inválido, vencido o sin permiso?)";
  if (status === 404) return " (¿cambió la dirección del publicador?)";
  return "";
}

/** One undici Agent with redirects and retries (undici's own interceptors); downloads go to files. */
export class HttpClient {
  readonly #agent: Agent;
  readonly #dispatcher: Dispatcher;

  constructor(readonly config: HttpConfig) {
    this.#agent = new Agent({
      connect: { timeout: config.connectTimeoutMs },
      headersTimeout: config.timeoutMs,
      bodyTimeout: config.timeoutMs,
      maxResponseSize: config.maxBytes,
    });
    this.#dispatcher = this.#agent.compose(
      interceptors.redirect({ maxRedirections: 5 }),
      interceptors.retry({ maxRetries: config.retries, statusCodes: RETRY_STATUS, errorCodes: RETRY_CODES, retry: this.#retry }),
    );
  }

  /** undici's retry handler asks this after each failure whether, and when, to try again. */
  #retry: RetryHandler.RetryCallback = (err, { state, opts }, callback) => {
    const { code, statusCode, headers } = fieldsOf(err);
    const byStatus = typeof statusCode === "number" && RETRY_STATUS.includes(statusCode);
    const byCode = typeof code === "string" && code !== "UND_ERR_REQ_RETRY" && RETRY_CODES.includes(code);
    if ((!byStatus && !byCode) || state.counter > this.config.retries || opts.method !== "GET") return callback(err);
    const asked = byStatus ? retryAfterMs(headerValue(headers, "retry-after")) : null;
    // Waiting longer than asked would be rude; waiting longer than we allow would stall the nightly job.
    if (asked !== null && asked > this.config.maxRetryAfterMs) return callback(err);
    const delay = asked ?? backoffMs(state.counter, this.config);
    // The request's signal (deadline or SIGTERM) must also end the wait, not only the next attempt.
    const given: unknown = (opts as { signal?: unknown }).signal;
    const signal = given instanceof AbortSignal ? given : undefined;
    if (signal?.aborted) return callback(err);
    const where = `${String(opts.origin ?? "")}${opts.path}`;
    const why = byStatus ? `HTTP ${statusCode}` : describeHttpError(err, this.config.timeoutMs);
    this.config.onRetry?.(
      this.config.redact(`${where}: ${why}; reintento ${state.counter} de ${this.config.retries} en ${(delay / 1000).toFixed(1)} s`),
    );
    // A referenced timer: the wait itself keeps a standalone process alive until the retry is made.
    const onAbort = (): void => {
      clearTimeout(timer);
      callback(err);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      callback(null);
    }, delay);
    signal?.addEventListener("abort", onAbort, { once: true });
  };

  /** Why a request failed: the run was interrupted, the download's deadline passed, or what undici said. */
  #why(err: unknown, deadline: AbortSignal): string {
    if (this.config.signal?.aborted) return "descarga interrumpida: se pidió terminar el proceso";
    if (deadline.aborted)
      return `se agotó el plazo total de la descarga (${(this.config.deadlineMs / 1000).toFixed(1)} s, FISCAL_HTTP_DEADLINE_MS)`;
    return err instanceof FetchError ? err.message : describeHttpError(err, this.config.timeoutMs);
  }

  /** GET url into dest, streaming; 304 means the previous copy is current. Throws FetchError (Spanish). */
  async get(req: GetRequest): Promise<GetResult> {
    const url = new URL(req.url);
    const headers: Record<string, string> = { "user-agent": this.config.userAgent, accept: ACCEPT[req.kind], ...req.headers };
    if (req.etag) headers["if-none-match"] = req.etag;
    if (req.lastModified) headers["if-modified-since"] = req.lastModified;
    const deadline = AbortSignal.timeout(this.config.deadlineMs);
    const signal = this.config.signal ? AbortSignal.any([this.config.signal, deadline]) : deadline;
    let res: Dispatcher.ResponseData;
    try {
      res = await this.#dispatcher.request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: "GET", headers, signal });
    } catch (err) {
      throw new FetchError(`${this.#why(err, deadline)} (${req.publicUrl})`);
    }
    const header = (name: string): string | null => headerValue(res.headers, name);
    if (res.statusCode === 304) {
      await res.body.dump();
      // "Not modified" only means something when we said what we have.
      if (!req.etag && !req.lastModified)
        throw new FetchError(`el publicador respondió 304 a una petición no condicional (${req.publicUrl})`);
      return { status: "unchanged" };
    }
    if (res.statusCode !== 200) {
      await res.body.dump().catch(() => undefined);
      throw new FetchError(`el publicador respondió HTTP ${res.statusCode}${hintForStatus(res.statusCode)} (${req.publicUrl})`);
    }
    const problem = contentTypeProblem(req.kind, header("content-type") ?? "");
    const maxBytes = Math.min(KIND_MAX_BYTES[req.kind], this.config.maxBytes);
    const declared = Number(header("content-length") ?? Number.NaN);
    if (problem !== null || declared > maxBytes) {
      // Dropping the body aborts the request; that abort is expected, not an error to report.
      res.body.on("error", () => undefined).destroy();
      throw new FetchError(`${problem ?? `la respuesta (${declared} bytes) excede el máximo de ${maxBytes} bytes`} (${req.publicUrl})`);
    }
    const guard = new BodyGuard(req.kind, maxBytes);
    try {
      await pipeline(res.body, guard, createWriteStream(req.dest, { flags: "wx" }));
    } catch (err) {
      await rm(req.dest, { force: true });
      // Writing the local copy failed (disk full, read-only, permissions): not the network's doing, and not a
      // publisher's failure either; it goes up as it is, for the command to name the folder and what to do.
      if (isLocalWriteError(err)) throw Object.assign(err as Error, { path: (err as { path?: string }).path ?? req.dest });
      throw new FetchError(`${this.#why(err, deadline)} (${req.publicUrl})`);
    }
    return { status: "downloaded", bytes: guard.bytes, etag: header("etag"), lastModified: header("last-modified") };
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}
