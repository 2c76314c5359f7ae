import { describe, expect, it } from "vitest";
import { canonicalUrl, queryRules } from "./canonical-url.ts";

const rules = queryRules([
  { path: "/about-us" },
  { path: "/search", query: ["q"] },
  { path: "/blog-standard", query: ["page", "q", "category", "tag", "archive"] },
  { path: "/blog-single/1", query: ["reply"] },
]);

describe("canonicalUrl", () => {
  it("drops the parameters a page does not read, keeps the ones it does in their order", () => {
    expect(canonicalUrl("/about-us?ref=abc&utm_source=x", rules)).toBe("/about-us");
    expect(canonicalUrl("/search?utm_source=x&q=web+design", rules)).toBe("/search?q=web+design");
    expect(canonicalUrl("/blog-standard?page=2&utm_source=RANDOM&tag=Security", rules)).toBe(
      "/blog-standard?page=2&tag=Security",
    );
    expect(canonicalUrl("/blog-standard?%70age=2", rules)).toBe("/blog-standard?%70age=2");
  });

  it("leaves URLs of pages it does not know as they are (404s, data requests, APIs)", () => {
    expect(canonicalUrl("/no-such-page?x=1", rules)).toBe("/no-such-page?x=1");
    expect(canonicalUrl("/blog-standard.data?page=2", rules)).toBe("/blog-standard.data?page=2");
    expect(canonicalUrl("/about-us", rules)).toBe("/about-us");
  });

  it("reads an item the registry does not list (a post published later) as its template's items", () => {
    expect(canonicalUrl("/blog-single/1?reply=3&utm_source=x", rules)).toBe("/blog-single/1?reply=3");
    expect(canonicalUrl("/blog-single/40?utm_source=x&reply=3", rules)).toBe("/blog-single/40?reply=3");
    expect(canonicalUrl("/about-us/40?utm_source=x", rules)).toBe("/about-us/40?utm_source=x");
  });

  it("copes with malformed encodings and empty pairs", () => {
    expect(canonicalUrl("/search?%E0%A4%A=1&&q=x&", rules)).toBe("/search?q=x");
  });
});
