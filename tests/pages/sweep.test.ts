// The browser sweeps' choice of pages (tests/e2e/sweep.ts): one per template, every kind of the
// registry among them, and every budget of budgets.json checked on at least one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, skipWithoutBuild } from "#server/testing/server-process.ts";
import { sweepPages } from "../e2e/sweep.ts";

type Entry = { path: string; kind: string; dark?: boolean };

describe("sweepPages", () => {
  it("takes a new template's first item and every page of its own, without editing a test", () => {
    const registry: Entry[] = [
      { path: "/", kind: "home" },
      { path: "/home-2", kind: "home" },
      { path: "/home-1-dark", kind: "home", dark: true },
      { path: "/home-2-dark", kind: "home", dark: true },
      { path: "/events", kind: "events" },
      { path: "/events-grid", kind: "events" },
      { path: "/events/1", kind: "events" },
      { path: "/events/2", kind: "events" },
      { path: "/events/10", kind: "events" },
      { path: "/event-tickets/7", kind: "events" },
    ];
    expect(sweepPages(registry).map((p) => p.path)).toEqual([
      "/",
      "/home-2",
      "/home-1-dark",
      "/events",
      "/events-grid",
      "/events/1",
      "/event-tickets/7",
    ]);
  });
});

const skip = skipWithoutBuild("the browser sweeps' pages");

describe.skipIf(skip)("the pages the browser sweeps, from build/pages.json", () => {
  const registry: Entry[] = skip
    ? []
    : JSON.parse(readFileSync(path.join(ROOT, "build", "pages.json"), "utf8"));
  const budgets = JSON.parse(readFileSync(path.join(ROOT, "budgets.json"), "utf8")) as Record<
    string,
    unknown
  >;
  const swept = sweepPages(registry);

  it("include every kind of page, and every template once", () => {
    expect(new Set(swept.map((p) => p.kind))).toEqual(new Set(registry.map((p) => p.kind)));
    // About 30 of the 84: each template, layout and page of its own; not every detail page.
    expect(swept.length).toBeLessThan(registry.length / 2);
    for (const family of [
      "/blog-single-sidebar/1",
      "/blog-single/1",
      "/services-details/1",
      "/project-details/1",
      "/team-details/1",
    ])
      expect(swept.map((p) => p.path)).toContain(family);
  });

  it("check every budget of budgets.json on some page (kinds without one use the default)", () => {
    const kinds = new Set(swept.map((p) => p.kind));
    for (const kind of Object.keys(budgets).filter((k) => !k.startsWith("$"))) {
      if (kind === "default")
        expect(
          swept.some((p) => !(p.kind in budgets)),
          "a page on the default budget",
        ).toBe(true);
      else expect(kinds, `a page of kind ${kind}`).toContain(kind);
    }
  });
});
