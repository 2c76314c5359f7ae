// The console's posts list for working (issue 49): a compact table (the list picture, title,
// state, author, date, who saved it last), 50 posts a page, the filters as before; at 390 px the
// table scrolls sideways inside its own labelled region and the page does not; axe finds nothing
// in the light or the dark theme, at 1440 and at 390 px.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { BODY, expectAccessible, staffConsole, test } from "./staff-helpers.ts";
import { screenshots } from "./page-checks.ts";

const { at } = staffConsole;

/** Enough drafts, written through the console's form endpoint, for the list to need two pages. */
async function draftsUpTo(page: Page, total: number, u: string) {
  await page.goto(at("/admin/posts"));
  const all = Number(
    /\((\d+)\)/.exec((await page.getByRole("link", { name: /^All \(\d+\)$/ }).textContent())!)![1],
  );
  await page.goto(at("/admin/posts/new"));
  const token = await page.locator('input[name="console-token"]').first().inputValue();
  for (let n = all; n < total; n++) {
    const answer = await page.request.post(at("/admin/posts/new"), {
      headers: { Origin: new URL(at("/")).origin },
      maxRedirects: 0,
      form: {
        "console-token": token,
        title: `A draft for the list, number ${n} ${u}`,
        slug: `list-draft-${n}-${u}`,
        date: "2024-01-01",
        author: "Amina Bello",
        category: "magazine",
        tags: "Education",
        excerpt:
          "A draft written by the list's test, so that the console's posts list has two pages to show.",
        midTitle: "What the owners asked for",
        quote: "A customer who cannot find us in ten seconds is a customer of the shop next door.",
        thumb: "blog-05",
        image: "blog-05-full",
        inlineImage: "blog-05-inline",
        imageAlt: "A shop owner showing her shop's page on a phone",
        body: BODY,
      },
    });
    expect(answer.status(), await answer.text()).toBeGreaterThanOrEqual(300);
  }
}

test("the posts list: a compact table, 50 a page, usable at 390 px, axe-clean in both themes", async ({
  page,
  member,
}) => {
  test.setTimeout(180_000);
  void member;
  const u = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await draftsUpTo(page, 55, u);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(at("/admin/posts"));
  await hydrated(page);
  const region = page.getByRole("region", { name: /^All posts: 1 to 50 of \d+$/ });
  await expect(region).toBeVisible();
  const table = region.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "Picture",
    "Title",
    "State",
    "Author",
    "Date",
    "Last saved",
  ]);
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(50);
  // A row: the list picture (from its own 160 px files), the title linking to the editor, and
  // the rest in words.
  const first = rows.first();
  await expect(first.locator("img")).toHaveAttribute("alt", "");
  expect(await first.locator("source").first().getAttribute("srcset")).toMatch(/-160\.(avif|webp)$/);
  await expect(first.getByRole("rowheader").getByRole("link")).toHaveAttribute(
    "href",
    /^\/admin\/posts\/\d+$/,
  );
  // The seed's posts are published; the drafts say so.
  await expect(table.getByRole("cell", { name: "Draft: only the console sees it" }).first()).toBeVisible();
  // 1440 px: the whole table is in view, no sideways scrolling.
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await screenshots(page, "posts-list-1440", { fullPage: true });

  // The next page has the rest.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Older" }).click();
  await expect(page.getByRole("region", { name: /^All posts: 51 to \d+ of \d+$/ })).toBeVisible();

  // 390 px: the page does not scroll sideways; the table does, in its labelled region, which
  // the keyboard reaches.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/posts?state=draft"));
  const narrow = page.getByRole("region", { name: /^Drafts: \d+/ });
  await expect(narrow).toBeVisible();
  await expect(page.getByText("On a narrow screen the table scrolls sideways")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await narrow.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
  await expect(narrow).toHaveAttribute("tabindex", "0");
  // Its pictures keep their size: the table scrolls rather than squeeze them.
  expect((await narrow.locator("tbody img").first().boundingBox())!.width).toBeGreaterThanOrEqual(60);
  await expectAccessible(page);
  await screenshots(page, "posts-list-390", { fullPage: true });
});
