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

/** Answers kept by a key that decides them, each encoded and hashed once; past `size` the oldest goes. */
export function keptAnswers(size: number): (key: string, make: () => unknown) => HandlerOutput {
  const kept = new Map<string, HandlerOutput>();
  return (key, make) => {
    let out = kept.get(key);
    if (out === undefined) {
      const body = jsonBytes(make());
      out = { body, etag: etagOf(body) };
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(key, out);
    }
    return out;
  };
}
