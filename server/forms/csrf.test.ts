// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createCsrf, isSameOrigin, readCookie } from "./csrf.ts";

const HOUR = 3_600_000;
const make = (now: () => number, secret = "s".repeat(32), secureCookie = true) =>
  createCsrf({ secret, ttlMs: 2 * HOUR, secureCookie, now });

describe("XSRF tokens (signed double submit)", () => {
  it("accepts its own token sent as both cookie and header, with the cookie attributes the client needs", () => {
    const csrf = make(() => 1_000_000);
    const { token, cookie } = csrf.issue();
    expect(cookie).toBe(`XSRF-TOKEN=${token}; Path=/; Max-Age=7200; SameSite=Strict; Secure`);
    expect(cookie).not.toMatch(/HttpOnly/i); // the JS client must be able to read it
    expect(csrf.check(token, `theme=dark; XSRF-TOKEN=${token}`)).toMatchObject({ ok: true });
  });

  it("gives a different token each time", () => {
    const csrf = make(() => 1_000_000);
    expect(csrf.issue().token).not.toBe(csrf.issue().token);
  });

  it("refuses a missing, mismatched, forged, tampered or expired token", () => {
    let t = 1_000_000;
    const csrf = make(() => t);
    const { token } = csrf.issue();
    const other = csrf.issue().token;
    expect(csrf.check(undefined, `XSRF-TOKEN=${token}`)).toEqual({ ok: false, failure: "missing" });
    expect(csrf.check(token, undefined)).toEqual({ ok: false, failure: "missing" });
    expect(csrf.check(token, `XSRF-TOKEN=${other}`)).toEqual({ ok: false, failure: "mismatch" });
    // An attacker who can set cookies (sibling sub-domain) still cannot mint a signed token.
    const forged = `${"A".repeat(24)}.${(t + HOUR).toString(36)}.${"B".repeat(43)}`;
    expect(csrf.check(forged, `XSRF-TOKEN=${forged}`)).toEqual({ ok: false, failure: "invalid" });
    const fromOtherSecret = make(() => t, "x".repeat(32)).issue().token;
    expect(csrf.check(fromOtherSecret, `XSRF-TOKEN=${fromOtherSecret}`)).toEqual({
      ok: false,
      failure: "invalid",
    });
    // Changing the issue time (to extend the lifetime) breaks the signature.
    const [nonce, , mac] = token.split(".");
    const extended = `${nonce}.${(t + 100 * HOUR).toString(36)}.${mac}`;
    expect(csrf.check(extended, `XSRF-TOKEN=${extended}`)).toEqual({ ok: false, failure: "invalid" });
    expect(csrf.check("garbage", "XSRF-TOKEN=garbage")).toEqual({ ok: false, failure: "invalid" });
    t += 2 * HOUR + 1;
    expect(csrf.check(token, `XSRF-TOKEN=${token}`)).toEqual({ ok: false, failure: "expired" });
  });

  it("keeps a valid cookie's token for a page load (several tabs) and renews an old one", () => {
    let t = 1_000_000;
    const csrf = make(() => t, "s".repeat(32), false);
    const first = csrf.issue();
    expect(first.cookie).not.toMatch(/Secure/);
    t += 30 * 60_000;
    const again = csrf.issue(`XSRF-TOKEN=${first.token}`);
    expect(again.token).toBe(first.token);
    expect(again.cookie).toMatch(/Max-Age=5400/);
    t += 40 * 60_000; // less than half the lifetime left
    expect(csrf.issue(`XSRF-TOKEN=${first.token}`).token).not.toBe(first.token);
  });

  it("knows when it issued a token: its age on every check, the wait left for a new one", () => {
    let t = 1_000_000;
    const csrf = createCsrf({
      secret: "s".repeat(32),
      ttlMs: 2 * HOUR,
      minAgeMs: 3000,
      secureCookie: false,
      now: () => t,
    });
    const issued = csrf.issue();
    expect(issued.readyInMs).toBe(3000);
    t += 1200;
    expect(csrf.check(issued.token, `XSRF-TOKEN=${issued.token}`)).toEqual({ ok: true, ageMs: 1200 });
    // The same token handed to a second tab: only what is left of the minimum time.
    expect(csrf.issue(`XSRF-TOKEN=${issued.token}`)).toMatchObject({ token: issued.token, readyInMs: 1800 });
    t += 5000;
    expect(csrf.issue(`XSRF-TOKEN=${issued.token}`).readyInMs).toBe(0);
    // The time is signed: moving it back (an older, "more human" token) breaks the signature.
    const [nonce, time, mac] = issued.token.split(".");
    const backdated = `${nonce}.${(parseInt(time!, 36) - 60_000).toString(36)}.${mac}`;
    expect(csrf.check(backdated, `XSRF-TOKEN=${backdated}`)).toEqual({ ok: false, failure: "invalid" });
    // A token from the future (forged clock, or ours moved back) is not accepted either.
    const future = createCsrf({
      secret: "s".repeat(32),
      ttlMs: 2 * HOUR,
      secureCookie: false,
      now: () => t + HOUR,
    }).issue().token;
    expect(csrf.check(future, `XSRF-TOKEN=${future}`)).toEqual({ ok: false, failure: "expired" });
  });
});

describe("same-origin check", () => {
  const h = (init: Record<string, string>) => new Headers(init);
  it("refuses cross-site requests and foreign origins", () => {
    expect(isSameOrigin(h({ "sec-fetch-site": "cross-site" }), undefined)).toBe(false);
    expect(isSameOrigin(h({ "sec-fetch-site": "same-site" }), undefined)).toBe(false);
    expect(isSameOrigin(h({ origin: "https://evil.example" }), "https://techspark.ng")).toBe(false);
    expect(isSameOrigin(h({ origin: "null" }), "https://techspark.ng")).toBe(false);
    expect(isSameOrigin(h({ origin: "null", host: "techspark.ng" }), undefined)).toBe(false);
    expect(isSameOrigin(h({ origin: "http://techspark.ng" }), "https://techspark.ng")).toBe(false);
    expect(isSameOrigin(h({ origin: "https://evil.example", host: "techspark.ng" }), undefined)).toBe(false);
  });
  it("accepts our own pages and requests without browser metadata", () => {
    expect(isSameOrigin(h({}), "https://techspark.ng")).toBe(true);
    expect(
      isSameOrigin(
        h({ "sec-fetch-site": "same-origin", origin: "https://techspark.ng" }),
        "https://techspark.ng/",
      ),
    ).toBe(true);
    expect(isSameOrigin(h({ "sec-fetch-site": "none" }), undefined)).toBe(true);
    expect(isSameOrigin(h({ origin: "http://localhost:3000", host: "localhost:3000" }), undefined)).toBe(
      true,
    );
  });
  it("compares with the forwarded host only behind a trusted proxy", () => {
    const proxied = h({
      origin: "https://techspark.ng",
      host: "127.0.0.1:3000",
      "x-forwarded-host": "techspark.ng",
    });
    expect(isSameOrigin(proxied, undefined, true)).toBe(true);
    expect(isSameOrigin(proxied, undefined, false)).toBe(false);
  });
});

describe("duplicate XSRF cookies", () => {
  it("accept the valid one of several, whichever comes first, and still refuse a forged pair", () => {
    const csrf = make(() => 1_000_000);
    const { token } = csrf.issue();
    expect(csrf.check(token, `XSRF-TOKEN=bogus; XSRF-TOKEN=${token}`)).toMatchObject({ ok: true });
    expect(csrf.check(`bogus,${token}`, `XSRF-TOKEN=bogus; XSRF-TOKEN=${token}`)).toMatchObject({ ok: true });
    expect(csrf.check("bogus", `XSRF-TOKEN=bogus; XSRF-TOKEN=${token}`)).toEqual({
      ok: false,
      failure: "invalid",
    });
    expect(csrf.check(`bogus,${token}`, "XSRF-TOKEN=bogus")).toEqual({ ok: false, failure: "invalid" });
    // A page rendered for such a visitor carries the valid token, not the planted one.
    expect(csrf.issue(`XSRF-TOKEN=bogus; XSRF-TOKEN=${token}`).token).toBe(token);
  });
});

describe("readCookie", () => {
  it("finds a cookie among others and ignores look-alikes", () => {
    expect(readCookie("a=1; XSRF-TOKEN=abc.def; b=2", "XSRF-TOKEN")).toBe("abc.def");
    expect(readCookie("X-XSRF-TOKEN=no; b=2", "XSRF-TOKEN")).toBeUndefined();
    expect(readCookie(undefined, "XSRF-TOKEN")).toBeUndefined();
  });
});
