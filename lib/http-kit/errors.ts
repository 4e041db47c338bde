// Typed HTTP errors and the one problem+json (RFC 9457) responder; every message a user reads is Spanish.
import { ALLOWED_METHODS, CORS_HEADERS } from "./headers.ts";
import { respond, type HeaderList } from "./respond.ts";
import { siteUrl } from "../../core/service-config.ts";
import { PROBLEM_KINDS, problemPagePath } from "../../content/problem-kinds.ts";

export const PROBLEM_TYPE = "application/problem+json; charset=utf-8";
const kinds = new Map(PROBLEM_KINDS.map((k) => [k.status, { type: `${siteUrl()}${problemPagePath(k)}`, title: k.title }]));
const BLANK = { type: "about:blank", title: "Error" };

/** What a problem response says; `headers` adds to the common ones (Allow, Retry-After). */
export interface ProblemSpec {
  readonly status: number;
  readonly detail: string;
  readonly headers: HeaderList;
}

/** A ProblemSpec thrown from deep in the checks. */
export class HttpError extends Error implements ProblemSpec {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: HeaderList = [],
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string): HttpError => new HttpError(400, detail);
export const notFound = (detail: string): HttpError => new HttpError(404, detail);
export const internalError = (): HttpError => new HttpError(500, "Error interno del servidor; vuelva a intentarlo más tarde.");
export const uriTooLong = (maxBytes: number): HttpError =>
  new HttpError(414, `La dirección (ruta y parámetros) no puede pasar de ${maxBytes} bytes.`);
/** The 405 of a method the path does not answer; `allow` lists those it does. */
export const methodNotAllowed = (method: string, allow: string = ALLOWED_METHODS): HttpError =>
  new HttpError(405, `El método ${printable(method)} no está permitido; use ${spokenList(allow)}.`, ["Allow", allow]);

/** "GET, HEAD, OPTIONS" as a sentence says it: "GET, HEAD u OPTIONS". */
function spokenList(allow: string): string {
  const names = allow.split(", ");
  const last = names.pop() as string;
  if (names.length === 0) return last;
  return `${names.join(", ")} ${last.startsWith("O") ? "u" : "o"} ${last}`;
}

/** A plain object, not an Error: answering past the limit must cost no more than a 200 (no stack trace). */
export const tooManyRequests = (limit: number, windowSeconds: number, retryAfter: number): ProblemSpec => ({
  status: 429,
  detail: `Se superó el límite de ${limit} solicitudes por cada ${windowSeconds} segundos; vuelva a intentar en ${retryAfter} s.`,
  headers: ["Retry-After", String(retryAfter)],
});

/** Keeps hostile input out of messages: at most 40 characters, control characters replaced. */
export function printable(value: string): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

const encoder = new TextEncoder();

/** The problem+json response of an error at `instance` (the request path). */
export const problem = (error: ProblemSpec, instance: string, rateHeaders: HeaderList): Response =>
  problemResponse(error, problemBody(error, instance), rateHeaders);

/** The body, without `instance` for a request too malformed to have a path. */
export const problemBody = (error: ProblemSpec, instance?: string): Uint8Array =>
  encoder.encode(JSON.stringify({ ...(kinds.get(error.status) ?? BLANK), status: error.status, detail: error.detail, instance }));

/** The response around a body that may have been made before (429s). */
export const problemResponse = (error: ProblemSpec, body: Uint8Array, rateHeaders: HeaderList): Response =>
  respond(error.status, problemHeaders(error, body.length, rateHeaders), body);

/** Never cached, CORS and the rate-limit headers like every other API response, then the error's own. */
export const problemHeaders = (error: ProblemSpec, bodyLength: number, rateHeaders: HeaderList): HeaderList => [
  "Content-Type",
  PROBLEM_TYPE,
  "Content-Length",
  String(bodyLength),
  "Cache-Control",
  "no-store",
  ...CORS_HEADERS,
  ...rateHeaders,
  ...error.headers,
];
