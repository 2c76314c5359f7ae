// @vitest-environment node
// The body limit of the fast path (issue 26): the console takes its largest form, a newsletter
// issue, whatever characters it is written in; every other route keeps MAX_BODY_BYTES.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ISSUE_LIMITS } from "#app/lib/newsletter-issue-schema.ts";
import { checkRequest, CONSOLE_MAX_BODY_BYTES } from "./request-guard.ts";

const guard = { maxBodyBytes: 64 * 1024, trustProxy: false };

const post = (url: string, length: number) =>
  ({
    method: "POST",
    url,
    headers: {
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "content-length": String(length),
      "content-type": "application/x-www-form-urlencoded",
    },
  }) as unknown as IncomingMessage;

/** A full issue as the browser sends it: every character percent-encoded. */
const issueBody = (char: string) =>
  new URLSearchParams({
    "console-token": "x".repeat(43),
    subject: char.repeat(ISSUE_LIMITS.subject / char.length),
    body: char.repeat(ISSUE_LIMITS.body / char.length),
    intent: "save",
  }).toString();

describe("the body limit", () => {
  it("takes the largest issue the page allows, in the costliest characters, on every console path", () => {
    // "€" is 1 UTF-16 unit (what maxlength counts) and 9 bytes encoded; "😀" is 2 units, 12 bytes.
    for (const char of ["é", "€", "😀"]) {
      const bytes = Buffer.byteLength(issueBody(char));
      expect(bytes).toBeGreaterThan(guard.maxBodyBytes);
      for (const url of [
        "/admin/newsletter/new",
        "/admin/newsletter/new.data",
        "/admin/newsletter/abc.data?x=1",
      ])
        expect(checkRequest(post(url, bytes), guard), `${char} ${url}`).toBeNull();
    }
  });

  it("refuses past the console's limit, and past 64 KB everywhere else", () => {
    for (const url of ["/admin", "/admin.data", "/admin/team", "/admin/newsletter/x.data"]) {
      expect(checkRequest(post(url, CONSOLE_MAX_BODY_BYTES), guard)).toBeNull();
      expect(checkRequest(post(url, CONSOLE_MAX_BODY_BYTES + 1), guard)?.status).toBe(413);
    }
    for (const url of [
      "/contact-us",
      "/contact-us.data",
      "/api/admin/sign-in",
      "/administrator",
      "/admin-x",
      "/",
    ]) {
      expect(checkRequest(post(url, guard.maxBodyBytes), guard), url).toBeNull();
      expect(checkRequest(post(url, guard.maxBodyBytes + 1), guard)?.status, url).toBe(413);
    }
  });

  it("keeps a larger MAX_BODY_BYTES for the console too", () => {
    const big = { ...guard, maxBodyBytes: 1024 * 1024 };
    expect(checkRequest(post("/admin/newsletter/new", 1024 * 1024), big)).toBeNull();
  });
});
