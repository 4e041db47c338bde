// A POST's body, read within its route's bounds: Content-Type (415), size (413, Hono's body limit), UTF-8 and JSON (400).
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { PostBody } from "../route-shape/route-types.ts";
import { badRequest, HttpError } from "./errors.ts";

/** The body as the handler gets it: JSON parsed, XML as its text (the handler parses it with its own safe parser). */
export type RequestBody = { media: "json"; value: unknown } | { media: "xml"; text: string };

const MEDIA_TYPES: Record<PostBody["media"], readonly string[]> = {
  json: ["application/json"],
  xml: ["application/xml", "text/xml"],
};

const tooLarge = (post: PostBody): HttpError =>
  new HttpError(413, `El cuerpo de la solicitud no puede pasar de ${sizeText(post.maxBytes)}.`);

const sizeText = (bytes: number): string => (bytes % 1024 === 0 ? `${bytes / 1024} KB (${bytes} bytes)` : `${bytes} bytes`);

/** One of the route's media types, with at most a charset that says UTF-8; else a 415 naming them (also in Accept-Post). */
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

/** Valid UTF-8 (a byte-order mark dropped) and not blank. */
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

/** Where JSON.parse stopped, as V8 says it ("… at position 12"), in the message's words. */
function positionOf(error: unknown): string {
  const at = /position (\d+)/.exec(error instanceof Error ? error.message : "");
  return at === null ? "" : ` (error cerca del carácter ${Number(at[1]) + 1})`;
}

/** A POST's body for its route: the 415, the 413 (Hono's body limit for a chunked body), then the 400s. */
export async function readBody(c: Context, post: PostBody, header: (name: string) => string | undefined): Promise<RequestBody> {
  checkContentType(post, header("content-type"));
  // Before anything opens the stream: under the Node adapter an opened stream left unread ends the connection.
  const length = header("content-length");
  if (Number(length ?? 0) > post.maxBytes) throw tooLarge(post);
  let bytes = new Uint8Array();
  const read = async (): Promise<void> => {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  };
  // A body of announced length is read at once (the parser delivers no more than that; the middleware's web stream
  // cost a tenth of a POST); a chunked one is counted by the middleware as it streams.
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
