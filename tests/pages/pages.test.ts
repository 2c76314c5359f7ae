// @vitest-environment node
// Every page of the registry (build/pages.json), over HTTP from the production build served in
// this process as server/main.ts assembles it (on SQLite, no SMTP): its status, headers and HTML
// (tests/pages/html-checks.ts), and every link and resource it names answering 200. What needs a
// browser (axe in light and dark, budgets, console errors, layout, images as shown) is checked in
// tests/e2e/routes.spec.ts and media.spec.ts on one page per template (sweepPages).
import { readFileSync } from "node:fs";
import path from "node:path";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, skipWithoutBuild } from "#server/testing/server-process.ts";
import { firstItemBases } from "#app/config/redirects.ts";
import { site } from "#app/config/site.ts";
import { startSite, type InProcessSite } from "./site.ts";
import type { BuiltPage } from "../e2e/pages.ts";
import {
  deferredScriptProblems,
  documentProblems,
  headerProblems,
  internalPaths,
  linkedUrls,
  parseHtml,
} from "./html-checks.ts";

const skip = skipWithoutBuild("every page over HTTP");
const registry: BuiltPage[] = skip
  ? []
  : JSON.parse(readFileSync(path.join(ROOT, "build", "pages.json"), "utf8"));

/** Caching as each kind of page is served today: a page the same for every visitor may be kept
 *  by anyone but is revalidated on every request (a change in the console shows at once); one
 *  that holds a visitor's form token (contact) or an e-mailed link's (`?token=`) is not kept. */
function expectedCaching(page: BuiltPage): RegExp {
  if (page.kind === "contact" || page.query?.includes("token")) return /^private, no-store$/;
  return /^public, max-age=0, must-revalidate$/;
}

describe.skipIf(skip)("every page over HTTP, as the built server answers it", () => {
  let served: InProcessSite | undefined;
  let base = "";
  /** Status of each internal URL, fetched once for all pages. */
  const statuses = new Map<string, Promise<number>>();
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();

  beforeAll(async () => {
    served = await startSite();
    base = served.base;
  });

  afterAll(() => served?.stop());

  // A few at a time, as a browser asks: the server answers a flood beyond MAX_IN_FLIGHT with
  // "busy, come back" (503), which is its guard working, not a broken link.
  const limit = pLimit(8);
  const status = (url: string) => {
    let known = statuses.get(url);
    if (!known) {
      known = limit(async () => {
        const res = await fetch(base + url, { redirect: "manual" });
        await res.arrayBuffer();
        return res.status;
      });
      statuses.set(url, known);
    }
    return known;
  };

  it("are the registry's pages, all of them", () => {
    expect(registry.length).toBeGreaterThan(80);
    expect(new Set(registry.map((p) => p.kind)).size).toBeGreaterThan(5);
  });

  for (const page of registry) {
    it(page.path, async () => {
      const response = await fetch(base + page.path, { redirect: "manual" });
      expect(response.status, "HTTP status").toBe(200);
      const html = await response.text();
      const doc = parseHtml(html);
      expect(headerProblems(response.headers, doc, expectedCaching(page)), "headers").toEqual([]);
      expect(documentProblems(doc), "HTML").toEqual([]);
      expect(deferredScriptProblems(html), "scripts after the first paint").toEqual([]);

      const links = internalPaths(linkedUrls(doc, base + page.path), [base, site.url]);
      expect(links.length, "links and resources").toBeGreaterThan(10);
      const answers = await Promise.all(links.map(async (link) => [link, await status(link)] as const));
      expect(
        answers.filter(([, s]) => s !== 200).map(([link, s]) => `${s} ${link}`),
        "links and resources that do not answer 200",
      ).toEqual([]);

      // Each page has its own title and description (a copied one hides a page from search).
      expect(titles.get(doc.title), `title also used by`).toBeUndefined();
      titles.set(doc.title, page.path);
      const description = doc.querySelector('meta[name="description"]')!.getAttribute("content")!;
      expect(descriptions.get(description), `description also used by`).toBeUndefined();
      descriptions.set(description, page.path);
    });
  }

  // The spec's bare detail paths go to item 1 (app/routes/first-item.tsx), with the query, and are
  // not kept (the item they lead to can change: tests/pages/live-team.test.ts).
  for (const bare of firstItemBases) {
    it(`${bare} leads to ${bare}/1`, async () => {
      for (const query of ["", "?ref=card"]) {
        const response = await fetch(`${base}${bare}${query}`, { redirect: "manual" });
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe(`${bare}/1${query}`);
        expect(response.headers.get("cache-control")).toBe("no-cache");
      }
      // A client navigation asks for the route's data: the same redirect, told in its own way.
      const data = await fetch(`${base}${bare}.data`, { redirect: "manual" });
      expect(data.status).toBe(202);
      expect(await data.text()).toContain(`${bare}/1`);
    });
  }

  it("an unknown address is the not-found page: 404, complete, its links answering", async () => {
    const response = await fetch(`${base}/no-such-page`, { redirect: "manual" });
    expect(response.status).toBe(404);
    const doc = parseHtml(await response.text());
    expect(headerProblems(response.headers, doc, /^private\b/)).toEqual([]);
    expect(documentProblems(doc)).toEqual([]);
    const links = internalPaths(linkedUrls(doc, `${base}/no-such-page`), [base, site.url]).filter(
      (link) => link !== "/no-such-page", // its skip link
    );
    const failing = [];
    for (const link of links) if ((await status(link)) !== 200) failing.push(link);
    expect(failing).toEqual([]);
  });
});
