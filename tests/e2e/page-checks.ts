// Checks that every page of the site must pass, shared by the sweeps in routes.spec.ts (each page
// at a desktop width, light and dark) and media.spec.ts (each page on a phone).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request, type Response } from "@playwright/test";
import axe from "axe-core";

/** What the site is checked against: WCAG 2.2 AA and axe's best practices. */
export const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Waits for a theme change to be painted: the theme's colours change by a transition (0.01 ms
 * under reduced motion, finished only at a later frame), and axe must not read the old colours.
 */
export async function coloursSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
}

/**
 * An AxeBuilder that runs axe in the page itself ("legacy mode": for a document without frames),
 * with axe put into the document once. The builder sends axe's source (about 550 KB) to the page
 * twice on every check, to be parsed and run again: half of a check's time on a console page
 * (about 0.2 s of 0.4 s on the 2-core EPYC), and a page is checked in light and in dark, often at
 * several of its states. A new document (a navigation) gets axe again.
 */
export async function axeInPage(page: Page): Promise<AxeBuilder> {
  if (!(await page.evaluate("typeof window.axe?.run === 'function'"))) await page.evaluate(axe.source);
  return new AxeBuilder({ page, axeSource: ";" }).setLegacyMode(true);
}

/**
 * The page's axe violations (WCAG 2.2 AA and best practice), as readable lines.
 *
 * Axe runs in the page itself ("legacy mode"): the site's pages have no frames when checked (the
 * video popup makes its frame only on play), and the default mode opens a blank page for every
 * run to merge the frames' results, which doubled the time of each check. It details only the
 * violations (`resultTypes`), not every node that passed: half the time again, the same findings.
 *
 * Axe scrolls while it checks contrast, which turns the fixed header solid mid-check, so the
 * header's contrast found here is not the one a visitor sees: it is left out, and checked in both
 * of the header's states by layout.spec.ts. Every other rule covers the header too.
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  await coloursSettled(page);
  const builder = await axeInPage(page);
  const { violations } = await (rules ? builder.withRules([...rules]) : builder.withTags(axeTags))
    .options({ resultTypes: ["violations"] })
    .analyze();
  const lines: string[] = [];
  for (const v of violations) {
    let nodes = v.nodes;
    if (v.id === "color-contrast") {
      const inHeader = await page.evaluate(
        (selectors) => selectors.map((s) => !!document.querySelector(s)?.closest("[data-site-header]")),
        nodes.map((n) => n.target.join(" ")),
      );
      nodes = nodes.filter((_, i) => !inHeader[i]);
    }
    if (nodes.length === 0) continue;
    lines.push(
      `${v.id}: ${v.help} (${nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`).join(", ")})`,
    );
  }
  return lines;
}

/**
 * The rules whose verdict the theme can change. The dark theme is CSS alone (the same document,
 * other colours), so after a page passed every rule in light, dark is checked for these alone:
 * the same findings in less time (routes.spec.ts makes a dark-only fault fail it).
 */
export const THEME_RULES = ["color-contrast", "link-in-text-block"] as const;

/** `axeViolations` for the page's other theme, after a full check in the first. */
export const themeViolations = (page: Page) => axeViolations(page, THEME_RULES);

/**
 * Returns a wait for the network to fall quiet (no request in flight for 500 ms, as Playwright's
 * "networkidle"), counting the requests from now: the page may have reached "networkidle" long
 * before, and scrolling starts new ones (lazy images).
 */
function networkQuiet(page: Page) {
  const inFlight = new Set<Request>();
  let since = Date.now();
  const start = (request: Request) => void inFlight.add(request);
  const end = (request: Request) => {
    inFlight.delete(request);
    since = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return async () => {
    await expect
      .poll(() => inFlight.size === 0 && Date.now() - since >= 500, { intervals: [100] })
      .toBe(true);
    page.off("request", start);
    page.off("requestfinished", end);
    page.off("requestfailed", end);
  };
}

/**
 * Images on the page, after scrolling through it so that lazy ones load: each exists, has
 * dimensions and alt text, and none is served more than twice as wide as it is shown (at this
 * viewport).
 */
export async function imageProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const failed = (r: Response) => {
    if (r.request().resourceType() === "image" && r.status() >= 400)
      problems.push(`${r.status()} ${r.url()}`);
  };
  page.on("response", failed);
  const quiet = networkQuiet(page);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await quiet();
  const images = await page.locator("img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc || img.src,
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      alt: img.getAttribute("alt"),
      natural: img.naturalWidth,
      shown: img.getBoundingClientRect().width,
      complete: img.complete,
    })),
  );
  page.off("response", failed);
  for (const img of images) {
    const where = `${path}: ${img.src}`;
    if (!img.width || !img.height) problems.push(`no width/height: ${where}`);
    if (img.alt === null) problems.push(`no alt attribute: ${where}`);
    const raster = !/\.svg(\?|$)/.test(img.src);
    if (raster && img.complete && img.shown > 0 && img.natural > 2 * img.shown + 1) {
      problems.push(`served ${img.natural} px wide, shown at ${Math.round(img.shown)} px: ${where}`);
    }
  }
  return problems;
}

/**
 * Screenshots of the page in light and dark, to be looked at, when SCREENSHOTS names a folder
 * (`SCREENSHOTS=/tmp npx playwright test staff-posts`): `{folder}/{name}-light.png` and `-dark`.
 * None are taken otherwise (CI).
 */
export async function screenshots(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.SCREENSHOTS;
  if (!folder) return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await coloursSettled(page);
    await page.screenshot({ path: `${folder}/${name}-${colorScheme}.png`, ...options });
  }
  await page.emulateMedia({ colorScheme: null });
}
