import { describe, expect, it } from "vitest";
import {
  copyTime,
  isPublicPagePath,
  listHeldPages,
  markOffline,
  pageOfDataRequest,
  titleOf,
} from "./offline-copy.ts";

describe("the offline mark", () => {
  it("says when the copy was taken, in the phone's time, with the year only when it is not this one", () => {
    const now = new Date(2026, 2, 14, 9, 0);
    expect(copyTime(new Date(2026, 2, 12, 10, 40), now)).toBe("12 March, 10:40");
    expect(copyTime(new Date(2025, 11, 30, 18, 5), now)).toBe("30 December 2025, 18:05");
  });

  it("goes first in the body, as a status region, the document otherwise unchanged", () => {
    const html =
      '<!DOCTYPE html><html><head><title>FAQ</title></head><body class="x"><a href="#main">Skip</a></body></html>';
    const marked = markOffline(html, new Date(2026, 2, 12, 10, 40), new Date(2026, 2, 12, 11, 0));
    expect(marked).toBe(
      '<!DOCTYPE html><html><head><title>FAQ</title></head><body class="x"><div id="offline-mark" role="status" class="offline-mark">You are offline. This page is as it was on 12 March, 10:40.</div><a href="#main">Skip</a></body></html>',
    );
    expect(markOffline("not a document", new Date())).toBe("not a document");
  });
});

describe("the pages this phone holds", () => {
  it("are named by their titles without the agency's name", () => {
    expect(titleOf("<head><title>About Us | TechSpark Innovations</title>")).toBe("About Us");
    expect(titleOf("<title>TechSpark Innovations | Business Home</title>")).toBe("Business Home");
    expect(titleOf("<title>Q&amp;A | TechSpark Innovations</title>")).toBe("Q&A");
    expect(titleOf("<head></head>")).toBeUndefined();
  });

  it("are listed as links in the offline page's empty list, their text escaped", () => {
    const page = '<main><ul data-held-pages="" class="mt-4"></ul></main>';
    expect(
      listHeldPages(page, [
        { path: "/faq", title: "FAQ" },
        { path: "/search?q=<x>", title: "Search <x>" },
      ]),
    ).toBe(
      '<main><ul data-held-pages="" class="mt-4"><li><a href="/faq">FAQ</a></li><li><a href="/search?q=&#60;x&#62;">Search &#60;x&#62;</a></li></ul></main>',
    );
    expect(listHeldPages(page, [])).toContain("<li>None yet");
  });

  it("never include the console, the API or the offline page itself", () => {
    expect(isPublicPagePath("/about-us")).toBe(true);
    expect(isPublicPagePath("/administration-tips")).toBe(true);
    for (const path of ["/admin", "/admin/posts", "/api/csrf", "/api", "/offline"])
      expect(isPublicPagePath(path)).toBe(false);
  });
});

describe("a client navigation's data request offline", () => {
  it("is for the page it would have shown, without React Router's own parameters", () => {
    const page = (url: string) => pageOfDataRequest(new URL(url, "https://techspark.ng"));
    expect(page("/about-us.data?_routes=root,routes/about-us")).toBe("/about-us");
    expect(page("/_.data?_routes=root,home")).toBe("/");
    expect(page("/blog-standard.data?page=2&index&_routes=x")).toBe("/blog-standard?page=2");
    expect(page("/team-details/3.data")).toBe("/team-details/3");
    expect(page("/assets/x.js")).toBeUndefined();
  });
});
