// The contract between the pipeline and the code that computes a response per request.
import type { QueryValues } from "./query.ts";

interface HandlerInput {
  /** Decoded path parameters by name. */
  pathValues: Record<string, string>;
  /** Checked query parameters that the request gave (defaults are not filled in). */
  query: QueryValues;
  /** Request time, ms since the epoch. */
  now: number;
}

export interface HandlerOutput {
  /** The JSON body, already encoded. */
  body: Uint8Array;
  /** Precomputed ETag of `body`, when the handler memoizes it. */
  etag?: string;
  /** Cache lifetime in seconds when it depends on the request time (the calendar). */
  maxAge?: number;
}

/** Synchronous, so a request is answered in one turn of the event loop and counted exactly. */
export type Handler = (input: HandlerInput) => HandlerOutput;

const encoder = new TextEncoder();
export const jsonBytes = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
