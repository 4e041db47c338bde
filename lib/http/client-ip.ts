// The client address for rate limiting: the socket peer, or X-Forwarded-For only behind a trusted proxy.

/** IPv4 peers of a dual-stack socket appear as ::ffff:a.b.c.d; one client must have one key. */
function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/** Parses a comma-separated list such as FISCAL_TRUSTED_PROXIES="127.0.0.1, ::1". */
export function parseTrustedProxies(value: string | undefined): ReadonlySet<string> {
  if (value === undefined) return new Set();
  return new Set(value.split(",").map((s) => normalizeIp(s.trim())).filter((s) => s.length > 0));
}

/**
 * The address to count. When the peer is a trusted proxy, walk X-Forwarded-For from the right (the
 * entries a trusted hop appended) and take the first address that is not itself a trusted proxy; the
 * left part of the header is whatever the client chose to send and is never believed.
 */
export function clientIp(peer: string, forwardedFor: string | undefined, trusted: ReadonlySet<string>): string {
  const socketIp = normalizeIp(peer);
  if (trusted.size === 0 || forwardedFor === undefined || !trusted.has(socketIp)) return socketIp;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp((hops[i] ?? "").trim());
    if (hop.length === 0 || hop.length > 45) break;
    if (!trusted.has(hop)) return hop;
  }
  return socketIp;
}
