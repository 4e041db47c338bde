// The contract between the API app (lib/http/app.ts) and the code that computes a response per request.
import { etagOf } from "./etag.ts";
import type { QueryValues } from "./query.ts";
import type { RequestBody } from "./body.ts";

/** Decoded path parameters, the checked query (no defaults filled in), ms since the epoch, a POST's checked body. */
interface HandlerInput {
  pathValues: Record<string, string>;
  query: QueryValues;
  now: number;
  body?: RequestBody;
}

/** The JSON body, its ETag when kept, its lifetime when time decides it (the calendar), a page's list length (Link). */
export interface HandlerOutput {
  body: Uint8Array;
  etag?: string;
  maxAge?: number;
  total?: number;
}

/** Synchronous, so a request is answered in one turn of the event loop and counted exactly. */
export type Handler = (input: HandlerInput) => HandlerOutput;

const encoder = new TextEncoder();
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));

/**
 * One key per distinct set of values of `names` and `before` (such as a date): JSON, an absent value null, so no
 * value a client sends can spell another set's key (issue 44: "%01" stood for an absent parameter).
 */
export const queryKey = (names: readonly string[], query: QueryValues, ...before: readonly string[]): string =>
  JSON.stringify([...before, ...names.map((n) => query[n] ?? null)]);

/** FNV-1a over UTF-16 units: only to recognise a key seen before, never to name an answer. */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

const SEEN_SLOTS = 4096;

/**
 * Answers kept by the key that decides them, encoded and hashed once (untagged: a POST's, no ETag); past `size` the
 * oldest goes. Kept only the second time a key is asked (a fixed table of hashes remembers the first): keeping every
 * distinct answer promoted each to the old generation, and full collections took a quarter of a distinct invoice's cost.
 */
export function keptAnswers(size: number, tagged = true): (key: string, make: () => unknown) => HandlerOutput {
  const kept = new Map<string, HandlerOutput>();
  const seen = new Int32Array(SEEN_SLOTS);
  return (key, make) => {
    const found = kept.get(key);
    if (found !== undefined) return found;
    const body = jsonBytes(make());
    const out = tagged ? { body, etag: etagOf(body) } : { body };
    const h = keyHash(key);
    const slot = h & (SEEN_SLOTS - 1);
    if (seen[slot] !== h) {
      seen[slot] = h;
      return out;
    }
    if (kept.size >= size) kept.delete(kept.keys().next().value as string);
    kept.set(key, out);
    return out;
  };
}
