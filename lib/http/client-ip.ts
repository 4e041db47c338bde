// The client to count: the socket peer, or X-Forwarded-For only behind a trusted proxy; IPv6 per /64.
import ipaddr from "ipaddr.js";

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const DOTTED_QUAD = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** Strips what proxies add around an address in X-Forwarded-For: "[2001:db8::1]:443", "203.0.113.9:5000". */
function bare(text: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return bracketed[1] as string;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  return v4WithPort ? (v4WithPort[1] as string) : text;
}

/** One spelling per address: dotted IPv4 (also IPv4-mapped, as on a dual-stack socket), RFC 5952 IPv6; undefined for no address. */
export function canonicalIp(text: string): string | undefined {
  // Socket peers are already canonical IPv4 nearly always: answered without parsing.
  if (DOTTED_QUAD.test(text)) return text;
  const s = bare(text.trim());
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s).toString();
  if (!ipaddr.IPv6.isValid(s)) return undefined;
  const v6 = ipaddr.IPv6.parse(s);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address().toString() : new ipaddr.IPv6(v6.parts).toRFC5952String();
}

/** The canonical form when `ip` is an address, else the text as given (a platform's opaque client id). */
const normalizeIp = (ip: string): string => canonicalIp(ip) ?? ip;

/** The rate-limit key of an address: IPv4 itself; IPv6 its /64 ("2001:db8:1:2::/64"), which one host holds and rotates through. */
export function clientKey(ip: string): string {
  const canonical = canonicalIp(ip);
  if (canonical === undefined || !canonical.includes(":")) return canonical ?? ip;
  const parts = ipaddr.IPv6.parse(canonical).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toRFC5952String()}/64`;
}

/** Parses a comma-separated list such as FISCAL_TRUSTED_PROXIES="127.0.0.1, ::1". */
export function parseTrustedProxies(value: string | undefined): ReadonlySet<string> {
  if (value === undefined) return new Set();
  return new Set(value.split(",").flatMap((s) => (s.trim() === "" ? [] : [normalizeIp(s.trim())])));
}

/**
 * The address to count. Behind a trusted proxy, X-Forwarded-For is walked from the right (what trusted hops appended)
 * to the first address that is no trusted proxy; the client-written left part is never believed, and an entry that
 * is no address stops the walk (the proxy is counted).
 */
export function clientIp(peer: string, forwardedFor: string | undefined, trusted: ReadonlySet<string>): string {
  const socketIp = normalizeIp(peer);
  if (trusted.size === 0 || forwardedFor === undefined || !trusted.has(socketIp)) return socketIp;
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1; i >= 0; i--) {
    const raw = hops[i] ?? "";
    const hop = raw.length <= 64 ? canonicalIp(raw) : undefined;
    if (hop === undefined) break;
    if (!trusted.has(hop)) return hop;
  }
  return socketIp;
}
