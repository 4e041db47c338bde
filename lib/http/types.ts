// The pipeline's request and result: small plain objects, so adapters never build web Request/Response per call.

/** What the pipeline needs of a request; adapters fill it from a web Request or a Node IncomingMessage. */
export interface HttpRequest {
  method: string;
  /** The raw path as sent (still percent-encoded), starting with "/". */
  path: string;
  /** The raw query string without "?", "" when absent. */
  query: string;
  /** Header value by lower-case name; repeated headers joined with ", ". */
  header(name: string): string | undefined;
  /** Client address as seen by the adapter (socket or platform); the pipeline applies the trusted-proxy rule. */
  ip: string;
}

/** Headers as a flat list (name, value, name, value, …): Node's writeHead takes it as is. */
export type HeaderList = string[];

export interface HttpResult {
  status: number;
  headers: HeaderList;
  /** Null for HEAD, 204 and 304. */
  body: Uint8Array | null;
}
