// Arbitrary /cfdi/clave-prod-serv?limit=&offset= pages sliced from the catalog dump, byte-identical to the page files.
import { queryParams, routeById, type IntegerQueryParam } from "../../routes.ts";
import type { Handler } from "../handler.ts";
import type { QueryValues } from "../query.ts";

const listRoute = routeById("cfdiClaveProdServList");
const defaultOf = (name: string): number => (queryParams(listRoute).find((p) => p.name === name) as IntegerQueryParam).default;
const DEFAULT_LIMIT = defaultOf("limit");
const DEFAULT_OFFSET = defaultOf("offset");

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

/** UTF-8 length of a string without encoding it. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The catalog as one compact JSON array plus the byte offset of every element. A page file is
 * JSON.stringify of a slice, i.e. "[" + elements joined by "," + "]", so a page is that byte range of the
 * array between brackets: no JSON work per request, and the same bytes (hence the same ETag) as the file.
 */
export class CatalogPages {
  readonly size: number;
  private readonly bytes: Uint8Array;
  /** starts[i]: where element i begins; starts[size]: one past the last element's comma position. */
  private readonly starts: Uint32Array;

  constructor(dump: Uint8Array) {
    const list: unknown = JSON.parse(new TextDecoder().decode(dump));
    if (!Array.isArray(list)) throw new TypeError("the catalog dump is not a JSON array");
    const parts = list.map((e) => JSON.stringify(e));
    this.size = parts.length;
    this.starts = new Uint32Array(parts.length + 1);
    let at = 1;
    parts.forEach((p, i) => {
      this.starts[i] = at;
      at += utf8Length(p) + 1;
    });
    this.starts[parts.length] = at;
    // Re-encoding makes the bytes right by construction; the build writes the dump with JSON.stringify,
    // so they normally equal the dump and its buffer is shared instead of kept twice.
    const compact = new TextEncoder().encode(`[${parts.join(",")}]`);
    this.bytes = sameBytes(compact, dump) ? dump : compact;
  }

  /** The page body: elements [offset, offset + limit) as a JSON array; past the end, []. */
  page(offset: number, limit: number): Uint8Array {
    const from = Math.min(offset, this.size);
    const to = Math.min(this.size, offset + limit);
    if (to <= from) return Uint8Array.of(OPEN, CLOSE);
    const start = this.starts[from] as number;
    const end = (this.starts[to] as number) - 1; // the comma (or closing bracket) after the last element
    const body = new Uint8Array(end - start + 2);
    body[0] = OPEN;
    body.set(this.bytes.subarray(start, end), 1);
    body[body.length - 1] = CLOSE;
    return body;
  }
}

/**
 * Whether the build writes a page file for this query: the default limit at an offset that is a multiple
 * of it (build/emit.ts), or no parameters at all. Pages past the end have no file and are `[]`.
 */
export function isPrebuiltPage(query: QueryValues): boolean {
  const limit = typeof query["limit"] === "number" ? query["limit"] : DEFAULT_LIMIT;
  const offset = typeof query["offset"] === "number" ? query["offset"] : DEFAULT_OFFSET;
  return limit === DEFAULT_LIMIT && offset % DEFAULT_LIMIT === 0;
}

/** The list handler over the pages; the pipeline calls it when no page file exists for the pair. */
export function catalogPagesHandler(pages: () => CatalogPages): Handler {
  return ({ query }) => {
    const limit = typeof query["limit"] === "number" ? query["limit"] : DEFAULT_LIMIT;
    const offset = typeof query["offset"] === "number" ? query["offset"] : DEFAULT_OFFSET;
    return { body: pages().page(offset, limit) };
  };
}
