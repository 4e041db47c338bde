// The contract between the API app (lib/http/app.ts) and the code that computes a response per request.
import { etagOf } from "./etag.ts";
import type { QueryValues } from "./query.ts";
import type { RequestBody } from "./body.ts";

/** Decoded path parameters, the checked query parameters given (no defaults filled in), ms since the epoch, a POST's checked body. */
interface HandlerInput {
  pathValues: Record<string, string>;
  query: QueryValues;
  now: number;
  body?: RequestBody;
}

/** The encoded JSON body, its ETag when kept, its lifetime when it depends on the time (the calendar), a page's list length (Link). */
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
 * One key per distinct set of values of the parameters `names`, and `before` (values that decide the answer
 * besides the query, such as a date): JSON of the parsed values, an absent one null. No value a client sends
 * can spell another set's key, as markers inside one string could (issue 44: "%01" stood for an absent parameter).
 */
export const queryKey = (names: readonly string[], query: QueryValues, ...before: readonly string[]): string =>
  JSON.stringify([...before, ...names.map((n) => query[n] ?? null)]);

/** A 32-bit FNV-1a hash of a key's UTF-16 units: only to recognise a key seen before, never to name an answer. */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Slots of the table of keys seen once. */
const SEEN_SLOTS = 4096;

/**
 * Answers kept by a key that decides them (the handler is a pure function of it), each encoded and hashed
 * once (`tagged`: answers to a POST have no ETag, so no hash); the oldest goes when `size` are kept, so memory
 * stays bounded whatever is asked. An answer is kept the second time its key is asked (a fixed table remembers
 * the hashes of keys seen once): a stream of distinct requests then keeps nothing, where keeping every answer
 * moved each one to the old generation only to drop it later, and full collections of the whole heap took a
 * quarter of a distinct invoice's cost. A hash that collides only keeps an answer early; answers are found by
 * their whole key.
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
