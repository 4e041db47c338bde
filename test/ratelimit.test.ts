// The rate limiter alone (windows, bounded memory) and through the server from several client addresses.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { canonicalIp, clientIp, clientKey, parseTrustedProxies } from "../lib/http/client-ip.ts";
import { RateLimiter } from "../lib/http/ratelimit.ts";
import { startServer, type RunningServer } from "../server/app.ts";
import { get } from "./http-setup.ts";

describe("RateLimiter", () => {
  it("starts a client's window with its first request and reports whole seconds to its end", () => {
    const rl = new RateLimiter({ limit: 2, windowSeconds: 60 });
    expect(rl.take("a", 1_000)).toMatchObject({ allowed: true, remaining: 1, reset: 60 });
    expect(rl.take("a", 30_500)).toMatchObject({ allowed: true, remaining: 0, reset: 31 });
    expect(rl.take("b", 30_500)).toMatchObject({ allowed: true, remaining: 1, reset: 60 });
    expect(rl.take("a", 60_999)).toMatchObject({ allowed: false, remaining: 0, reset: 1 });
    expect(rl.take("a", 61_000)).toMatchObject({ allowed: true, remaining: 1, reset: 60 });
  });

  it("forgets ended windows and never tracks more clients than its cap", () => {
    const rl = new RateLimiter({ limit: 60, windowSeconds: 60, maxClients: 1000 });
    for (let i = 0; i < 5000; i++) rl.take(`10.0.${i >> 8}.${i & 255}`, i);
    expect(rl.trackedClients).toBe(1000);
    rl.take("late", 200_000);
    expect(rl.trackedClients).toBe(1);
  });

  it("keeps memory flat under a flood of distinct addresses", () => {
    const rl = new RateLimiter({ maxClients: 10_000 });
    let t = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 20_000; i++) {
        t += 3;
        rl.take(`c${round}-${i}`, t);
      }
      expect(rl.trackedClients).toBeLessThanOrEqual(10_000);
    }
  });
});

describe("client addresses", () => {
  it("spells each address one way: dotted IPv4, RFC 5952 IPv6, IPv4-mapped as IPv4, no zone or port", () => {
    expect(canonicalIp("203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalIp("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(canonicalIp("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(canonicalIp("2001:0db8::0001")).toBe("2001:db8::1");
    expect(canonicalIp("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(canonicalIp("203.0.113.9:5000")).toBe("203.0.113.9");
    for (const bad of ["", "unknown", "203.0.113", "0203.0.113.9", "256.0.0.1", "2001:db8::1::2"])
      expect(canonicalIp(bad), bad).toBeUndefined();
  });

  it("counts IPv6 clients per /64 and IPv4 clients per address", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For only from a trusted proxy, however either is spelled", () => {
    const trusted = parseTrustedProxies("2001:DB8::0:10, ::ffff:10.0.0.1");
    expect(clientIp("2001:db8::10", "2001:0DB8:5:6::7", trusted)).toBe("2001:db8:5:6::7");
    expect(clientIp("10.0.0.1", "198.51.100.1, 2001:db8:5:6::7, 2001:db8::10", trusted)).toBe("2001:db8:5:6::7");
    expect(clientIp("2001:db8::11", "2001:db8:5:6::7", trusted)).toBe("2001:db8::11");
    // A hop that is not an address ends the walk: the proxy is counted, not the client's claim.
    expect(clientIp("10.0.0.1", "198.51.100.1, garbage", trusted)).toBe("10.0.0.1");
  });
});

describe("rate limit through the server", () => {
  let app: RunningServer;
  beforeAll(async () => {
    // Budgets, not data: the small snapshot's tree, which loads in a tenth of the real one's time.
    app = await startServer({ distDir: inject("smallDistDir"), port: 0, env: {} });
  });
  afterAll(() => app.close());

  it("counts each client address on its own, exactly under a concurrent burst", async () => {
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => get(app.url, "/api/v1/public/fx/today", { localAddress: "127.0.0.2" })),
    );
    const ok = burst.filter((r) => r.status === 200);
    const limited = burst.filter((r) => r.status === 429);
    expect(ok).toHaveLength(60);
    expect(limited).toHaveLength(40);
    expect(new Set(ok.map((r) => r.headers["x-fmx-rate-limit-remaining"])).size).toBe(60);
    for (const r of limited) {
      expect(r.headers["retry-after"]).toMatch(/^\d+$/);
      expect(Number(r.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(r.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(r.headers["x-fmx-rate-limit-remaining"]).toBe("0");
    }
    // Another address has its own window.
    const other = await get(app.url, "/api/v1/public/fx/today", { localAddress: "127.0.0.3" });
    expect(other.status).toBe(200);
    expect(other.headers["x-fmx-rate-limit-remaining"]).toBe("59");
    expect(other.headers["x-fmx-rate-limit"]).toBe("60");
  });

  it("ignores X-Forwarded-For without a trusted proxy", async () => {
    const first = await get(app.url, "/api/v1/public/uma", { localAddress: "127.0.0.4", headers: { "X-Forwarded-For": "203.0.113.9" } });
    const second = await get(app.url, "/api/v1/public/uma", { localAddress: "127.0.0.4", headers: { "X-Forwarded-For": "203.0.113.10" } });
    expect(first.headers["x-fmx-rate-limit-remaining"]).toBe("59");
    expect(second.headers["x-fmx-rate-limit-remaining"]).toBe("58");
  });

  it("does not count site files, and counts every API answer including 304 and errors", async () => {
    const from = { localAddress: "127.0.0.5" };
    const a = await get(app.url, "/api/v1/public/fx/today", from);
    const etag = a.headers["etag"] as string;
    const b = await get(app.url, "/api/v1/public/fx/today", { ...from, headers: { "If-None-Match": etag } });
    expect(b.status).toBe(304);
    expect(b.headers["x-fmx-rate-limit-remaining"]).toBe("58");
    const c = await get(app.url, "/api/v1/public/no-existe", from);
    expect(c.status).toBe(404);
    expect(c.headers["x-fmx-rate-limit-remaining"]).toBe("57");
    const site = await get(app.url, "/no-existe", from);
    expect(site.headers["x-fmx-rate-limit"]).toBeUndefined();
  });
});
