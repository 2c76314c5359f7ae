// Classes on one element that fight over one property: Tailwind settles such a pair by its CSS
// order, not by the order in the class list, so one of them silently does nothing (a caller's
// "min-h-11" beside a button's own "min-h-12"). tailwind-merge knows Tailwind's groups; taught
// the theme's own scales (app/styles/app.css), it names the classes that would lose.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { extendTailwindMerge } from "tailwind-merge";

const css = readFileSync("app/styles/app.css", "utf8");
/** The names of the theme's `--{prefix}-*` variables (`--text-h3` → "h3"), sub-properties left out. */
const themeNames = (prefix: string) =>
  [...css.matchAll(new RegExp(`--${prefix}-([a-z0-9-]+):`, "g"))]
    .map((m) => m[1]!)
    .filter((name) => !name.includes("--"));

const merge = extendTailwindMerge({
  extend: {
    theme: {
      text: themeNames("text"),
      radius: themeNames("radius"),
      shadow: themeNames("shadow"),
      ease: themeNames("ease"),
      color: themeNames("color"),
    },
  },
});

/** Each class list of `lists` in which some class loses to another, with the ones that lose. */
export function losingClasses(lists: string[]): string[] {
  const problems: string[] = [];
  for (const list of new Set(lists)) {
    const kept = new Set(merge(list).split(" "));
    const lost = list.split(/\s+/).filter((c) => c && !kept.has(c));
    if (lost.length) problems.push(`"${list}": ${lost.join(" ")} loses`);
  }
  return problems;
}

/** The class lists of the page (or of the elements under `scope`) in which a class loses. */
export async function classConflicts(page: Page, scope = "html"): Promise<string[]> {
  const lists = await page
    .locator(`${scope}, ${scope} [class]`)
    .evaluateAll((elements) => elements.map((e) => e.getAttribute("class") ?? ""));
  return losingClasses(lists);
}
