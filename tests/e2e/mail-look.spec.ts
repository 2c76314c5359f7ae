// Issue 47: every kind of e-mail in the one design, as a reader sees it. Each kind is rendered
// from realistic records (server/testing/mail-samples.ts) and shown in Chromium at 390 and 800 px,
// light and dark: nothing scrolls sideways, axe finds nothing (every picture has alt text, every
// link a name, contrast holds in both schemes), and the screenshots go to test-results/mail/ to be
// looked at. The logo is served from public/ as the site would serve it.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations, THEME_RULES } from "./page-checks.ts";
import { EMAIL_LOGO } from "../../server/mail/design.ts";
import { REALISTIC, renderSamples, SAMPLE_NAMES } from "../../server/testing/mail-samples.ts";

const mails = await renderSamples(REALISTIC);

/** Rules about a whole page's landmarks: an e-mail is shown inside the mail client's own page
 *  (its main region, its navigation), so the e-mail is an article of it, not a page with a main. */
const PAGE_ONLY = ["region", "landmark-one-main"];
const mailViolations = async (page: Page, rules?: readonly string[]) =>
  (await axeViolations(page, rules)).filter((v) => !PAGE_ONLY.some((rule) => v.startsWith(`${rule}:`)));

test("every kind of e-mail reads well at 390 and 800 px, light and dark, and passes axe", async ({
  page,
}) => {
  const logo = await readFile(`public${EMAIL_LOGO.path}`);
  await page.route("https://techspark.ng/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path !== EMAIL_LOGO.path) return route.fulfill({ status: 404 });
    return route.fulfill({ body: logo, contentType: "image/png" });
  });
  for (const name of SAMPLE_NAMES) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.setContent(mails[name].html);
    const img = page.getByRole("img", { name: "TechSpark Innovations" });
    await expect(img).toBeVisible();
    expect(
      await img.evaluate((i: HTMLImageElement) => i.naturalWidth),
      `${name}: the logo loads`,
    ).toBeGreaterThan(EMAIL_LOGO.width);
    expect(await mailViolations(page), `${name} in light`).toEqual([]);
    for (const width of [390, 800]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBe(
          width,
        );
        if (colorScheme === "dark" && width === 390)
          expect(await mailViolations(page, THEME_RULES), `${name} in dark`).toEqual([]);
        await page.screenshot({
          path: `test-results/mail/${name}-${width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    }
  }
});
