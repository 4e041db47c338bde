// A POST's body, read within its route's bounds: Content-Type (415), size (413, Hono's body limit), UTF-8 and JSON (400).
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { PostBody } from "../route-shape/route-types.ts";
import { badRequest, HttpError } from "./errors.ts";

/** The body as the handler gets it: JSON parsed, XML as its text (the handler parses it with its own safe parser). */
export type RequestBody = { media: "json"; value: unknown } | { media: "xml"; text: string };

/** The media types each kind of body may be sent as. */
const MEDIA_TYPES: Record<PostBody["media"], readonly string[]> = {
  json: ["application/json"],
  xml: ["application/xml", "text/xml"],
};

const tooLarge = (post: PostBody): HttpError =>
  new HttpError(413, `El cuerpo de la solicitud no puede pasar de ${sizeText(post.maxBytes)}.`);

const sizeText = (bytes: number): string => (bytes % 1024 === 0 ? `${bytes / 1024} KB (${bytes} bytes)` : `${bytes} bytes`);

/**
 * Checks the Content-Type: one of the route's media types, with at most a charset parameter that says UTF-8.
 * Refused with a 415 that names what is accepted (and says it in Accept-Post, RFC 9110 §15.5.16).
 */
function checkContentType(post: PostBody, contentType: string | undefined): void {
  const accepted = MEDIA_TYPES[post.media];
  const [type = "", ...params] = (contentType ?? "").split(";").map((p) => p.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/^"|"$/g, "");
  if (accepted.includes(type) && (charset === undefined || charset === "utf-8")) return;
  const sent = contentType === undefined ? "ninguno" : `«${contentType.slice(0, 60)}»`;
  throw new HttpError(415, `El cuerpo debe enviarse con Content-Type: ${accepted.join(" o ")} (UTF-8); se recibió ${sent}.`, [
    "Accept-Post",
    accepted.join(", "),
  ]);
}

/** A body's bytes, reading no more than `max` of them; undefined past it (the rest is never read, the stream cancelled). */
export async function readAtMost(req: Request, max: number): Promise<Uint8Array | undefined> {
  if (req.body === null) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of the body: valid UTF-8 (a byte-order mark is dropped) and not blank. */
function bodyText(bytes: Uint8Array, post: PostBody): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest("El cuerpo de la solicitud no es texto UTF-8 válido.");
  }
  if (text.trim().length === 0) {
    throw badRequest(`El cuerpo de la solicitud está vacío; envíe ${post.media === "json" ? "un documento JSON" : "el XML"}.`);
  }
  return text;
}

/** Where JSON.parse stopped, as V8 says it ("… at position 12"), in the message's words; nothing when it does not say. */
function positionOf(error: unknown): string {
  const at = /position (\d+)/.exec(error instanceof Error ? error.message : "");
  return at === null ? "" : ` (error cerca del carácter ${Number(at[1]) + 1})`;
}

/**
 * Reads and checks a POST's body for its route: the 415, then the 413 of Hono's body-limit middleware (a larger
 * Content-Length refused before anything is read, a streamed body no further than the bound), then the 400s.
 */
export async function readBody(c: Context, post: PostBody, header: (name: string) => string | undefined): Promise<RequestBody> {
  checkContentType(post, header("content-type"));
  // Before the middleware, which opens the body's stream first: under the Node adapter an opened stream left unread
  // ends the connection with the answer, and the client's next request on it fails. Unopened, Node skips the rest.
  const length = header("content-length");
  if (Number(length ?? 0) > post.maxBytes) throw tooLarge(post);
  let bytes = new Uint8Array();
  const read = async (): Promise<void> => {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  };
  // A body of announced length within the bound is read at once: the HTTP parser delivers no more than Content-Length
  // bytes, and the middleware would first make a web stream of it (under the Node adapter, a tenth of a POST's cost).
  // A chunked body (no length) is counted by the middleware as it streams.
  if (length !== undefined && header("transfer-encoding") === undefined) await read();
  else await bodyLimit({ maxSize: post.maxBytes, onError: () => Promise.reject(tooLarge(post)) })(c, read);
  const text = bodyText(bytes, post);
  if (post.media === "xml") return { media: "xml", text };
  try {
    return { media: "json", value: JSON.parse(text) as unknown };
  } catch (e) {
    throw badRequest(`El cuerpo de la solicitud no es JSON válido${positionOf(e)}.`);
  }
}
