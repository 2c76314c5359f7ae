// @vitest-environment node
// The metrics' kind of route: a few words whatever the path, so that a flood of made-up URLs
// cannot grow the metrics (tests/pages/health.test.ts counts them over HTTP).
import { describe, expect, it } from "vitest";
import { routeKind } from "./route-kind.ts";

describe("routeKind", () => {
  it("tells pages, files, APIs, forms, the console and the server's own paths apart", () => {
    const cases: [string, string, string][] = [
      ["GET", "/", "page"],
      ["GET", "/about-us", "page"],
      ["HEAD", "/blog-standard?page=2", "page"],
      ["GET", "/about-us.data", "page"],
      ["GET", "/a-page-we-never-had-" + "x".repeat(200), "page"],
      ["GET", "/assets/entry-abc123.js", "asset"],
      ["GET", "/img/team/1.webp?w=400", "asset"],
      ["GET", "/robots.txt", "asset"],
      ["GET", "/favicon.ico", "asset"],
      ["POST", "/contact-us", "form"],
      ["POST", "/newsletter.data", "form"],
      ["GET", "/api/csrf", "api"],
      ["POST", "/api/traffic", "api"],
      ["GET", "/admin", "console"],
      ["POST", "/admin/enquiries", "console"],
      ["GET", "/admin.data", "console"],
      ["POST", "/api/admin/sign-in", "console"],
      ["GET", "/administrators", "page"],
      ["GET", "/healthz", "other"],
      ["HEAD", "/readyz", "other"],
      ["GET", "/metrics", "other"],
    ];
    for (const [method, url, kind] of cases) expect(routeKind(method, url), `${method} ${url}`).toBe(kind);
  });
});
