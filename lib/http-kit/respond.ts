// One way to make a Response: status, headers as a flat list, body; cheap on Node, where Hono's adapter writes it as is.

/** Headers as a flat list (name, value, name, value, …), in the order they are sent. */
export type HeaderList = string[];

/**
 * The response. Headers go in as a plain record in the list's order and spelling (Hono's Node adapter writes such a
 * record as is, where a Headers object would come out lower-cased and sorted); a repeated name keeps every value.
 * Bodies are never SharedArrayBuffer views; the DOM typings only accept ArrayBuffer-backed ones.
 */
export function respond(status: number, list: HeaderList, body: Uint8Array | null): Response {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i] as string;
    const had = headers[name];
    headers[name] = had === undefined ? (list[i + 1] as string) : `${had}, ${list[i + 1]}`;
  }
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
}
