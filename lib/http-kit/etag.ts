// Strong ETags from a fast synchronous hash of the body (or of what decides it), and If-None-Match matching.

/**
 * cyrb53-style: two 32-bit multiply-xor lanes, 53 bits plus the length. Web Crypto would be async and cost more than
 * serving a small body; an ETag only has to change when the bytes do.
 */
function bodyHash(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef ^ bytes.length;
  let h2 = 0x41c6ce57 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `${bytes.length.toString(36)}-${hash.toString(36)}`;
}

export const etagOf = (bytes: Uint8Array): string => `"${bodyHash(bytes)}"`;

/** The unquoted hash of a source whose slices are answers (a dump), for sliceEtag. */
export const sourceTag = (bytes: Uint8Array): string => bodyHash(bytes);

/** A slice's ETag from its source's tag and bounds, without hashing the answer (which cost more than making it). */
export const sliceEtag = (source: string, ...bounds: number[]): string => `"${[source, ...bounds.map((n) => n.toString(36))].join(".")}"`;

/** Whether If-None-Match names this ETag (RFC 9110 §13.1.2: weak comparison, `*` matches any). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
}
