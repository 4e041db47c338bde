// Requests Node's parser refuses (malformed, headers too large, too slow): a problem+json, then a close the client can read.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { HttpError, problemBody, problemHeaders } from "../lib/http-kit/errors.ts";

/** The status Node itself would send for each parser error; anything else is a 400. */
const STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

const DETAIL: Record<number, string> = {
  400: "La solicitud HTTP está mal formada y no se pudo leer.",
  408: "Los encabezados de la solicitud no terminaron de llegar a tiempo.",
  431: "Los encabezados de la solicitud son demasiado grandes.",
};

const BODY_LATE =
  "El cuerpo de la solicitud no terminó de llegar a tiempo: los encabezados llegaron, pero no todo lo que anunciaron (Content-Length o fragmentos).";

/** How long a refused client may go on sending before the connection is cut. */
const LINGER_MS = 2000;

const lingering = new WeakSet<Socket>();

/** The whole HTTP response of a refused request, as bytes for the socket. */
export function rawResponse(status: number, detail = DETAIL[status] ?? DETAIL[400]!): Buffer {
  const error = new HttpError(status, detail);
  const body = problemBody(error);
  const headers = problemHeaders(error, body.length, []);
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`];
  for (let i = 0; i + 1 < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
  lines.push("Connection: close", "", "");
  return Buffer.concat([Buffer.from(lines.join("\r\n"), "latin1"), body]);
}

/**
 * The server's `clientError` listener. Node's own answer destroys the socket at once, and a client still sending (a
 * 70 KB header) gets a reset that can discard the answer: this ends it instead, drops what still arrives and cuts it
 * after LINGER_MS. Nothing is written into a response already under way.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // The parser reports its error again for every chunk that still arrives: answered once.
  if (lingering.has(socket)) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  lingering.add(socket);
  const status = STATUS[error.code ?? ""] ?? 400;
  // Node reports both timeouts alike; a request whose headers were read has its response assigned: the body was late.
  socket.end(status === 408 && inFlight !== undefined && inFlight !== null ? rawResponse(408, BODY_LATE) : rawResponse(status));
  // What still arrives goes nowhere: not to the parser, which would only fail on it again.
  socket.removeAllListeners("data");
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
