// @vitest-environment node
import { describe, expect, it } from "vitest";
import { clientAddress, createRateLimiter, rateLimitKey } from "./rate-limit.ts";

describe("rate limiter", () => {
  it("allows perMinute requests, then answers with the seconds until the minute is over", () => {
    let t = 0;
    const limiter = createRateLimiter({ perMinute: 5, perHour: 20, now: () => t });
    for (let i = 0; i < 5; i++) expect(limiter.hit("a")).toEqual({ ok: true });
    t = 15_000;
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(limiter.hit("b")).toEqual({ ok: true }); // per client
    t = 60_000;
    expect(limiter.hit("a")).toEqual({ ok: true });
  });

  it("caps the hour too", () => {
    let t = 0;
    const limiter = createRateLimiter({ perMinute: 5, perHour: 20, now: () => t });
    for (let minute = 0; minute < 4; minute++) {
      t = minute * 60_000;
      for (let i = 0; i < 5; i++) expect(limiter.hit("a").ok).toBe(true);
    }
    t = 4 * 60_000;
    expect(limiter.hit("a")).toEqual({ ok: false, retryAfterSeconds: 56 * 60 });
    t = 60 * 60_000;
    expect(limiter.hit("a").ok).toBe(true);
  });

  it("forgets idle clients so memory stays bounded", () => {
    let t = 0;
    const limiter = createRateLimiter({ perMinute: 5, perHour: 20, now: () => t });
    for (let i = 0; i < 999; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size()).toBe(999);
    t = 2 * 3_600_000;
    limiter.hit("fresh"); // the 1000th hit sweeps
    expect(limiter.size()).toBe(1);
  });
});

describe("client address", () => {
  const h = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});
  it("ignores X-Forwarded-For unless the proxy is trusted", () => {
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), false)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), true)).toBe("1.2.3.4");
  });
  it("takes the entry our proxy appended, not the ones the client can forge", () => {
    expect(clientAddress("10.0.0.1", h("6.6.6.6, 1.2.3.4"), true)).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.1", h("not-an-ip"), true)).toBe("10.0.0.1");
    // Two proxies (e.g. a CDN then nginx): the client is the second entry from the right.
    expect(clientAddress("10.0.0.1", h("6.6.6.6, 1.2.3.4, 172.16.0.9"), 2)).toBe("1.2.3.4");
    expect(clientAddress("10.0.0.1", h("1.2.3.4"), 2)).toBe("1.2.3.4");
  });
  it("unwraps IPv4-mapped addresses and groups IPv6 clients by /64", () => {
    expect(clientAddress("::ffff:192.0.2.9", h(), false)).toBe("192.0.2.9");
    expect(rateLimitKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("2001:DB8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("192.0.2.9")).toBe("192.0.2.9");
  });
});
