// @vitest-environment node
// What the home pages' HTML says without a browser (moved from tests/e2e/home.spec.ts, issue 46:
// no script, style or motion is involved): each layout stacks its own sections in its declared
// order, and the blog teaser shows the three newest posts, newest first, each linked to the page
// whose heading is its title. The built app in this process, on SQLite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeLayouts, homePages } from "#app/config/home-layouts.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { parseHtml } from "./html-checks.ts";
import { fetchPage, startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the home pages' sections");

describe.skipIf(skip)("the home pages", () => {
  let site: InProcessSite;
  const page = async (path: string) => {
    const { status, text } = await fetchPage(site.base, path);
    expect(status, path).toBe(200);
    return parseHtml(text);
  };

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.stop());

  it.each(homePages.map((p) => [p.path, p] as const))(
    "%s stacks its layout's sections in order",
    async (path, entry) => {
      const kinds = [...(await page(path)).querySelectorAll("main [data-section]")].map((el) =>
        el.getAttribute("data-section"),
      );
      expect(kinds).toEqual(homeLayouts[entry.layout].map((s) => s.kind));
    },
  );

  it.each(["/", "/home-2", "/business"])(
    "%s: the blog teaser shows the three newest posts, linked to their pages",
    async (path) => {
      const teaser = (await page(path)).querySelector("[data-section='blog-teaser']")!;
      const links = [...teaser.querySelectorAll("h3 a")];
      expect(links).toHaveLength(3);
      const dates = [...teaser.querySelectorAll("time")].map((t) => t.getAttribute("datetime")!);
      expect(dates).toHaveLength(3);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const link of links) {
        const href = link.getAttribute("href")!;
        expect(href).toMatch(/^\/blog-single-sidebar\/\d+$/);
        const h1 = (await page(href)).querySelector("h1")!;
        expect(h1.textContent!.trim()).toBe(link.textContent!.trim());
      }
    },
  );
});
