// A content type is its folder: the list (./index.ts) names every folder of app/content-types/,
// and each listed type is declared in its folder's type.ts with the seed of its seed.ts, a console
// preview (preview.tsx, the one the console's editor shows) and the view its pages read
// (view.server.ts). A type declared without one of them fails here.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { previewOf } from "#app/components/admin/content-preview.tsx";
import { contentTypes } from "./index.ts";

const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const declarations = import.meta.glob<Record<string, unknown>>("./*/type.ts", { eager: true });
const seeds = import.meta.glob<Record<string, unknown>>("./*/seed.ts", { eager: true });
const views = import.meta.glob<Record<string, unknown>>("./*/view.server.ts", { eager: true });

describe("the content types", () => {
  it("are every folder of app/content-types/, each listed once by its name", () => {
    const names = contentTypes.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  describe.each(contentTypes.map((type) => [type.name, type] as const))("%s", (name, type) => {
    it("is declared in its folder's type.ts", () => {
      expect(Object.values(declarations[`./${name}/type.ts`] ?? {})).toContain(type);
    });

    it("starts from its folder's seed.ts, which its schema takes", () => {
      expect(type.seed.length).toBeGreaterThan(0);
      expect(Object.values(seeds[`./${name}/seed.ts`] ?? {})).toContain(type.seed);
      for (const item of type.seed) expect(type.item.safeParse(item).error).toBeUndefined();
    });

    it("has the console's preview of its folder's preview.tsx", () => {
      expect(previewOf(name)).toBeTypeOf("function");
    });

    it("has the view its pages read, its folder's view.server.ts", () => {
      const view = views[`./${name}/view.server.ts`] ?? {};
      expect(Object.values(view).some((x) => typeof x === "function")).toBe(true);
    });
  });
});
