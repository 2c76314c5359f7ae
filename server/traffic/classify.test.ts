// What is counted of a request (./classify.ts): a person's browser asking for a page, and what
// is kept of it (the referrer's domain, the campaign's tags, the kind of device), never a bot's,
// a prefetch, a HEAD, the console's or a file's.
import { describe, expect, it } from "vitest";
import { classify, deviceOf, kindOf, referrerDomain } from "./classify.ts";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

const browser = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url,
  headers: {
    host: "techspark.ng",
    "user-agent": ANDROID,
    "sec-fetch-dest": "document",
    accept: "text/html,application/xhtml+xml",
    ...headers,
  },
});

describe("what is counted of a request", () => {
  it("counts a person's page: seen, missing or failed, with where it came from and the device", () => {
    expect(
      classify(
        browser("/services?utm_source=whatsapp&utm_medium=social&utm_campaign=harmattan-2026", {
          referer: "https://www.google.com/search?q=abuja+web+design",
        }),
        200,
      ),
    ).toEqual({
      kind: "view",
      path: "/services",
      referrer: "google.com",
      utmSource: "whatsapp",
      utmMedium: "social",
      utmCampaign: "harmattan-2026",
      device: "phone",
      private: false,
    });
    expect(
      classify(browser("/no-such-page", { referer: "https://blog.example.org/links" }), 404),
    ).toMatchObject({
      kind: "not-found",
      referrer: "blog.example.org",
    });
    expect(classify(browser("/"), 500)?.kind).toBe("error");
    // Asked not to be tracked: counted, and marked so (no visitor's hash is made).
    expect(classify(browser("/", { "sec-gpc": "1" }), 200)?.private).toBe(true);
    // An old browser without Fetch Metadata, asking for HTML.
    expect(classify(browser("/", { "sec-fetch-dest": "" }), 200)).toBeNull();
    const old = browser("/");
    delete (old.headers as Record<string, string>)["sec-fetch-dest"];
    expect(classify(old, 200)?.kind).toBe("view");
  });

  it("counts no bot, prefetch, HEAD, script's request, console page, file, redirect or refusal", () => {
    const none = [
      browser("/", {
        "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      }),
      browser("/", {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/124.0",
      }),
      browser("/", { "user-agent": "" }),
      browser("/", { "sec-purpose": "prefetch" }),
      browser("/", { "sec-purpose": "prefetch;prerender" }),
      browser("/", { purpose: "prefetch" }),
      browser("/", { "x-moz": "prefetch" }),
      browser("/", {}, "HEAD"),
      browser("/", {}, "POST"),
      browser("/about-us.data", { "sec-fetch-dest": "empty" }),
      browser("/admin"),
      browser("/admin/content"),
      browser("/healthz"),
      browser("/sitemap.xml"),
      browser("/blog/rss.xml"),
      browser("/media/u/0123456789abcdef-640.webp", { "sec-fetch-dest": "image" }),
      browser("/assets/entry-abc.js", { "sec-fetch-dest": "script" }),
    ];
    for (const req of none) expect(classify(req, 200), JSON.stringify(req)).toBeNull();
    for (const status of [301, 302, 303, 304, 400, 403, 413, 429]) expect(kindOf(status)).toBeNull();
    // The console's path, whatever its case or query.
    expect(classify(browser("/admin?x=1"), 200)).toBeNull();
    // A page whose name merely starts like the console's is a page.
    expect(classify(browser("/administration-guide"), 404)?.kind).toBe("not-found");
  });

  it("keeps a referrer's domain only, never this site's own, and tags cut to 100 characters", () => {
    expect(
      referrerDomain("https://www.facebook.com/groups/abuja-tech/posts/1?fbclid=x", "techspark.ng"),
    ).toBe("facebook.com");
    expect(referrerDomain("https://www.techspark.ng/services", "techspark.ng")).toBeNull();
    expect(referrerDomain("http://localhost:3000/", "localhost:3000")).toBeNull();
    expect(referrerDomain("android-app://com.google.android.gm/", "techspark.ng")).toBeNull();
    expect(referrerDomain("not a url", "techspark.ng")).toBeNull();
    expect(referrerDomain(undefined, "techspark.ng")).toBeNull();
    const long = classify(browser(`/?utm_source=${"x".repeat(500)}&utm_campaign=%20%20`), 200)!;
    expect(long.utmSource).toHaveLength(100);
    expect(long.utmCampaign).toBeNull();
    expect(classify(browser(`/${"a".repeat(1000)}`), 404)!.path).toHaveLength(300);
  });

  it("tells a phone, a tablet and a desktop apart", () => {
    expect(deviceOf({ "user-agent": ANDROID })).toBe("phone");
    expect(deviceOf({ "user-agent": DESKTOP, "sec-ch-ua-mobile": "?1" })).toBe("phone");
    expect(
      deviceOf({
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      }),
    ).toBe("phone");
    expect(
      deviceOf({
        "user-agent": "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/124 Safari/537.36",
      }),
    ).toBe("tablet");
    expect(
      deviceOf({ "user-agent": "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15" }),
    ).toBe("tablet");
    expect(deviceOf({ "user-agent": DESKTOP })).toBe("desktop");
  });
});
