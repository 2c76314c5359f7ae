import { describe, expect, it } from "vitest";
import type { Page } from "#app/config/pages.ts";
import { searchPages } from "./site-search.ts";

const page = (path: string, title: string, description: string, indexable = true): Page => ({
  path,
  title,
  description,
  kind: "default",
  indexable,
});

const pages = [
  page("/a", "Branding & Design", "Logos and visual identity for growing companies."),
  page("/b", "Mobile Apps", "Android and iOS apps, with branding support."),
  page("/c", "Hidden", "Branding that must not be found.", false),
];

describe("searchPages", () => {
  it("finds pages by word prefix, title matches first", () => {
    expect(searchPages("brand", pages).map((r) => r.path)).toEqual(["/a", "/b"]);
  });
  it("needs every word of the query", () => {
    expect(searchPages("android brand", pages).map((r) => r.path)).toEqual(["/b"]);
  });
  it("ignores case, accents and punctuation, and finds nothing for an empty query", () => {
    expect(searchPages("  LOGÓS!! ", pages).map((r) => r.path)).toEqual(["/a"]);
    expect(searchPages("   ", pages)).toEqual([]);
  });
  it("never returns pages that are not indexable", () => {
    expect(searchPages("found", pages)).toEqual([]);
  });
});
