// The services in the console (Content), as the team is in staff-content-team.spec.ts. A member of
// staff changes a service's title and the answer to one of its three questions, sees them in the
// preview as its listing card and its page show them before saving, updates, and the service's
// page and /services of this instance and of a second one reading the same database show them
// within a second; then puts them back. On a phone, from the keyboard alone, a service with a page
// is unpublished: within a second its page answers 404 and /services lists the services it covered
// without a link to it; then published again. Every page passes axe in light and dark.
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, keyboardTo, pagesHold, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";
import { serviceType } from "../../app/config/content-types.ts";

const { at } = staffConsole;

/** A unique, plain text (no characters HTML would escape). */
const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

test("a service's title and a question's answer changed, previewed as its card and its page, updated: its page and /services on both instances within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(120_000);
  void member;
  const web = serviceType.seed[1]!;
  const second = await staffConsole.secondInstance();
  try {
    await page.goto(at("/admin/content"));
    await page.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
    await page.getByRole("link", { name: serviceType.title(web) }).click();
    await expect(page.getByRole("heading", { level: 1, name: serviceType.title(web) })).toBeVisible();
    await hydrated(page);
    await expectAccessible(page);
    // The number is the console's: no input for it.
    await expect(page.locator('[name="id"]')).toHaveCount(0);

    const title = unique("Web Platforms");
    const answer = unique("Yes, and we write down first what each of them must do and for whom");
    await page.locator(`[name="title"]`).fill(title);
    await page.locator('[name="details.faq.1.answer"]').fill(answer);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("status")).toHaveText(/nothing is saved yet/);
    const preview = page.getByRole("region", { name: "Preview" });
    // Its listing card and its page, with the site's components.
    await expect(preview.getByRole("heading", { level: 3, name: title })).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    await preview.getByText(web.details!.faq[1]!.question).click();
    await expect(preview.getByText(answer)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "content-service-editor", { fullPage: true });
    // Nothing changed on the site yet.
    expect(await pagesHold([at("/services"), at("/services-details/2")], title, false)).toBe(true);

    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    const bases = [at(""), second.url];
    await shownWithin(Date.now(), 1_000, async () => {
      const listed = await pagesHold(
        bases.flatMap((base) => [`${base}/services`, `${base}/services-details/2`]),
        title,
      );
      return listed === true
        ? pagesHold(
            bases.map((base) => `${base}/services-details/2`),
            answer,
          )
        : listed;
    });

    // Put back as it was.
    await page.locator(`[name="title"]`).fill(web.title);
    await page.locator('[name="details.faq.1.answer"]').fill(web.details!.faq[1]!.answer.join("\n\n"));
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status")).toHaveText("Updated: the site shows it now.");
    await shownWithin(Date.now(), 1_000, () =>
      pagesHold(
        bases.flatMap((base) => [`${base}/services`, `${base}/services-details/2`]),
        title,
        false,
      ),
    );
  } finally {
    await second.stop();
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("from the keyboard alone: a service unpublished: its page 404, the services it covered listed without a link to it; then published again", async ({
    page,
    member,
  }) => {
    test.setTimeout(90_000);
    void member;
    const branding = serviceType.seed.find((s) => s.id === 8)!;
    const status = async (url: string) => (await fetch(url)).status;
    const link = `href="/services-details/${branding.id}"`;
    await page.goto(at(`/admin/content/service/${branding.id}`));
    await hydrated(page);
    await expectAccessible(page);

    await keyboardTo(page, "Unpublish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      "Unpublished: it is a draft, and the site no longer shows it.",
    );
    await shownWithin(Date.now(), 1_000, async () => {
      const code = await status(at(`/services-details/${branding.id}`));
      if (code !== 404) return `/services-details/${branding.id} answers ${code}`;
      // Logo Design and the others it covered: still listed, leading nowhere rather than to a 404.
      const gone = await pagesHold([at("/services"), at("/services-2")], link, false);
      return gone === true ? pagesHold([at("/services")], ">Logo Design<") : gone;
    });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await screenshots(page, "content-service-phone", { fullPage: true });

    // Published again.
    await hydrated(page);
    await keyboardTo(page, "Publish");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(/^Published/);
    await shownWithin(Date.now(), 1_000, async () => {
      const code = await status(at(`/services-details/${branding.id}`));
      return code === 200
        ? pagesHold([at("/services")], link)
        : `/services-details/${branding.id} answers ${code}`;
    });
  });
});
