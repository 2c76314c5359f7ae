// The blog from the visitor's side: pagination with and without JavaScript, the filters
// (keyword, category, tag, archive), the comment form's states, posts, 404s, redirects and
// the RSS feed. Every page's status, head, accessibility and budget are in routes.spec.ts.
import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { pages } from "./pages.ts";

const postCount = pages.filter((p) => p.path.startsWith("/blog-single-sidebar/")).length;

/** Marks the document: the mark survives client-side navigation, not a page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { blogMark: number }).blogMark = 1));
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { blogMark?: number }).blogMark === 1);

const titles = (page: Page) => page.locator("main article h2").allTextContents();
const pagesNav = (page: Page) => page.getByRole("navigation", { name: "Pages" });

async function withoutJs<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("pagination", () => {
  test("without JavaScript: ?page=n is rendered by the server, with working links", async ({ browser }) => {
    await withoutJs(browser, async (page) => {
      await page.goto("/blog-standard");
      await expect(page.locator("main article")).toHaveCount(3);
      const first = await titles(page);
      await expect(pagesNav(page).getByText("Previous")).toHaveAttribute("aria-disabled", "true");
      await expect(pagesNav(page).getByRole("link", { name: "Page 1" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      await pagesNav(page).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/\/blog-standard\?page=2$/);
      await expect(page.locator("main article")).toHaveCount(3);
      const second = await titles(page);
      expect(second).not.toEqual(first);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog-standard\?page=2$/);
      await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/blog-standard$/);
      await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/blog-standard\?page=3$/);
      await expect(pagesNav(page).getByRole("link", { name: "Previous" })).toHaveAttribute(
        "href",
        "/blog-standard",
      );

      const last = Math.ceil(postCount / 3);
      await page.goto(`/blog-standard?page=${last}`);
      await expect(pagesNav(page).getByText("Next")).toHaveAttribute("aria-disabled", "true");
      await expect(pagesNav(page).getByRole("link", { name: "Previous" })).toBeVisible();
      await expect(page.locator('link[rel="next"]')).toHaveCount(0);
    });
  });

  test("a page past the last is a 404; a page that is not a number is page 1", async ({ page, request }) => {
    expect((await request.get(`/blog-3-column?page=${Math.ceil(postCount / 6) + 1}`)).status()).toBe(404);
    expect((await request.get("/blog-standard?page=99")).status()).toBe(404);
    await page.goto("/blog-standard");
    const firstTitle = await page.locator("main article h2").first().textContent();
    for (const value of ["abc", "0", "-1", "2x"]) {
      await page.goto(`/blog-standard?page=${value}`);
      await expect(page.locator("main article h2").first()).toHaveText(firstTitle!);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog-standard$/);
    }
  });

  test("page sizes are 3, 3, 4 and 6", async ({ request }) => {
    for (const [path, size] of [
      ["/blog-standard", 3],
      ["/blog-with-sidebar", 3],
      ["/blog-2-column", 4],
      ["/blog-3-column", 6],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html.match(/<article/g)?.length, path).toBe(size);
    }
  });

  test("with JavaScript: the address changes, the page is fetched, the window scrolls to the top", async ({
    page,
  }) => {
    const documents: string[] = [];
    page.on("request", (r) => r.isNavigationRequest() && documents.push(r.url()));
    await page.goto("/blog-2-column");
    await hydrated(page);
    await markDocument(page);
    const first = await titles(page);

    await pagesNav(page).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await pagesNav(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog-2-column\?page=2$/);
    await expect(pagesNav(page).getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect.poll(() => titles(page)).not.toEqual(first);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
    expect(await documentMarked(page)).toBe(true);
    expect(documents).toHaveLength(1);

    // Back to page 1 with the Previous link; on the last page, Next is disabled.
    await pagesNav(page).getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/blog-2-column$/);
    await expect.poll(() => titles(page)).toEqual(first);
    await pagesNav(page)
      .getByRole("link", { name: `Page ${Math.ceil(postCount / 4)}` })
      .click();
    await expect(pagesNav(page).getByText("Next")).toHaveAttribute("aria-disabled", "true");
    expect(await documentMarked(page)).toBe(true);
  });

  test("under reduced motion the page still returns to the top", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/blog-standard");
    await hydrated(page);
    await pagesNav(page).scrollIntoViewIfNeeded();
    await pagesNav(page).getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/\?page=3$/);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBe(0);
    await context.close();
  });
});

test.describe("filters", () => {
  const cases = [
    { query: "category=health", heading: "Category: health" },
    { query: "tag=Education", heading: "Tagged “Education”" },
    { query: "archive=2023-08", heading: "Archive: August 2023" },
    { query: "q=seo", heading: "Results for “seo”" },
  ];

  test("without JavaScript: each filter is named in the heading and its count is real", async ({
    browser,
  }) => {
    await withoutJs(browser, async (page) => {
      for (const { query, heading } of cases) {
        const response = await page.goto(`/blog-with-sidebar?${query}`);
        expect(response?.status(), query).toBe(200);
        await expect(page.locator("h1"), query).toHaveText(heading);
        await expect(page.locator("main article").first(), query).toBeVisible();
      }
      // The sidebar's counts are the numbers of posts each filter finds.
      await page.goto("/blog-with-sidebar");
      const categories = page
        .getByRole("complementary", { name: "Blog" })
        .locator("section", { hasText: "Categories" });
      const health = categories.getByRole("link", { name: /health/i });
      const count = Number(/(\d+)/.exec((await health.textContent()) ?? "")?.[1]);
      await health.click();
      await expect(page).toHaveURL(/\/blog-with-sidebar\?category=health$/);
      await expect(page.getByText(`of ${count} article`)).toBeVisible();
      for (const chip of await page
        .locator("main article")
        .getByRole("link", { name: /Category:/ })
        .allTextContents()) {
        expect(chip).toMatch(/health/i);
      }

      // The keyword search is a plain GET form.
      const sidebar = page.getByRole("complementary", { name: "Blog" });
      await sidebar.getByRole("searchbox", { name: "Search the blog" }).fill("cloud");
      await sidebar.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/\/blog-with-sidebar\?q=cloud$/);
      await expect(page.locator("h1")).toHaveText("Results for “cloud”");
      await expect(page.getByRole("searchbox", { name: "Search the blog" })).toHaveValue("cloud");
    });
  });

  test("with JavaScript: sidebar links and search filter in the browser and keep the filter in the address", async ({
    page,
  }) => {
    await page.goto("/blog-with-sidebar");
    await hydrated(page);
    await markDocument(page);
    const sidebar = page.getByRole("complementary", { name: "Blog" });

    await sidebar.getByRole("link", { name: /^Education/ }).click();
    await expect(page).toHaveURL(/\?tag=Education$/);
    await expect(page.locator("h1")).toHaveText("Tagged “Education”");
    await expect(sidebar.getByRole("link", { name: /^Education/ })).toHaveAttribute("aria-current", "page");

    await sidebar.getByRole("link", { name: /August 2023/ }).click();
    await expect(page).toHaveURL(/\?archive=2023-08$/);
    await expect(page.locator("h1")).toHaveText("Archive: August 2023");
    await expect(page.locator("main article time").first()).toHaveAttribute("datetime", /^2023-08/);

    // The keyword is required: an empty search goes nowhere.
    await sidebar.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\?archive=2023-08$/);
    await sidebar.getByRole("searchbox").fill("payments");
    await sidebar.getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\?q=payments$/);
    await expect(page.locator("h1")).toHaveText("Results for “payments”");
    expect(await documentMarked(page)).toBe(true);

    // Filtered results paginate and keep their filter.
    await page.goto("/blog-with-sidebar?tag=Education");
    await hydrated(page);
    await pagesNav(page).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?tag=Education&page=2$/);
    await expect(page.locator("h1")).toHaveText("Tagged “Education”");
  });

  test("says 'No posts found' when nothing matches", async ({ page }) => {
    const response = await page.goto("/blog-with-sidebar?q=xylophone");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
    await expect(page.locator("main article")).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "See all articles" }).click();
    await expect(page).toHaveURL(/\/blog-with-sidebar$/);
    expect((await page.request.get("/blog-with-sidebar?category=politics")).status()).toBe(200);
  });

  test("the site search finds posts", async ({ page }) => {
    await page.goto("/search?q=data+protection+act");
    await expect(page.locator("main").getByRole("link", { name: /NDPA 2023/ })).toHaveAttribute(
      "href",
      "/blog-single-sidebar/1",
    );
  });
});

test.describe("posts", () => {
  test("a post has its parts, article metadata and structured data", async ({ page }) => {
    await page.goto("/blog-single-sidebar/1");
    const title = (await page.locator("h1").textContent())!;
    const article = page.locator("main article");
    await expect(article.locator("blockquote")).toHaveCount(1);
    await expect(article.locator("h2").first()).toBeVisible();
    await expect(article.locator("ul li").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "About the author" })).toContainText("Written by");
    // No comment is ever approved on the shared test server (comments.spec.ts has its own).
    await expect(page.getByRole("heading", { name: `No comments yet on “${title}”` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Leave a comments" })).toBeVisible();
    await expect(page.getByPlaceholder("Name *")).toBeVisible();
    await expect(page.getByPlaceholder("Email *")).toBeVisible();
    await expect(page.getByPlaceholder("Comment", { exact: true })).toBeVisible();

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      "content",
      /^2023-/,
    );
    await expect(page.locator('meta[property="article:author"]')).toHaveAttribute("content", /\w+ \w+/);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/blog/rss.xml",
    );
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ "@type": "BlogPosting", headline: title, author: { "@type": "Person" } });
    expect(ld.image[0]).toMatch(/^https:\/\/.+\/img\/blog-/);

    const share = page.getByRole("link", { name: /Share on/ });
    await expect(share).toHaveCount(4);
    for (const link of await share.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", /techspark\.ng%2Fblog-single-sidebar%2F1/);
    }
  });

  test("the reading view names the sidebar layout as canonical", async ({ request }) => {
    const html = await (await request.get("/blog-single/2")).text();
    expect(html).toContain('rel="canonical" href="https://techspark.ng/blog-single-sidebar/2"');
    expect(html).not.toContain('name="robots"');
    expect(html).not.toContain(">Recent Posts<");
  });

  test("previous and next wrap around, labelled with two words of the title", async ({ page }) => {
    await page.goto("/blog-single/1");
    const nav = page.getByRole("navigation", { name: "More posts" });
    await expect(nav.getByRole("link", { name: /Previous Post/ })).toHaveAttribute(
      "href",
      `/blog-single/${postCount}`,
    );
    await expect(nav.getByRole("link", { name: /Next Post/ })).toHaveAttribute("href", "/blog-single/2");
    const nextTitle = await (await page.request.get("/blog-single-sidebar/2")).text();
    const words = /<h1[^>]*>([^<]+)<\/h1>/.exec(nextTitle)![1]!.split(" ").slice(0, 2).join(" ");
    await expect(nav.getByRole("link", { name: /Next Post/ })).toContainText(words);
  });

  test("a tag leads to the posts with that tag, at the top of the page", async ({ page }) => {
    await page.goto("/blog-single-sidebar/3");
    await hydrated(page);
    const tag = page.locator("main article").getByRole("link").last();
    const name = (await tag.textContent())!;
    await tag.scrollIntoViewIfNeeded();
    await tag.click();
    await expect(page).toHaveURL(
      new RegExp(`/blog-with-sidebar\\?tag=${encodeURIComponent(name).replace(/%20/g, "\\+")}$`),
    );
    await expect(page.locator("h1")).toHaveText(`Tagged “${name}”`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  // The bare paths' redirects: tests/pages/pages.test.ts.
  test("an unknown post is a real 404", async ({ page }) => {
    for (const path of [
      "/blog-single/999",
      "/blog-single-sidebar/0",
      "/blog-single-sidebar/abc",
      "/blog-single/01",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator("h1")).toContainText("Sorry Page Was Not Found!");
    }
  });
});

test.describe("comment form", () => {
  // The deep flows (moderation e-mail, approval, replies, spam) are in comments.spec.ts.
  const form = (page: Page) => page.locator("#leave-comment form");
  const THANKS = "Thanks for your Comment. It will appear here once we have approved it.";

  test("with JavaScript: says what to fix, then posts it and thanks with a toast", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname));
    await page.goto("/blog-single-sidebar/2");
    await hydrated(page);
    await form(page).getByRole("button", { name: "Post Comment" }).click();
    await expect(form(page).getByText("Please enter your name.")).toBeVisible();
    await expect(form(page).getByText("Please enter your e-mail address.")).toBeVisible();
    await expect(form(page).getByText("Please write your comment.")).toBeVisible();
    await expect(form(page).getByLabel("Your name")).toBeFocused();
    await expect(form(page).getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");

    await form(page).getByLabel("Your name").fill("Ada Eze");
    await form(page)
      .getByLabel(/Your e-mail/)
      .fill("ada@");
    await form(page).getByLabel("Your comment").fill("Very useful for our shop, thank you.");
    await form(page).getByRole("button", { name: "Post Comment" }).click();
    await expect(
      form(page).getByText("Please enter a valid e-mail address, like name@example.com."),
    ).toBeVisible();
    await expect(form(page).getByLabel(/Your e-mail/)).toBeFocused();
    expect(posts).toEqual([]);

    await form(page)
      .getByLabel(/Your e-mail/)
      .fill(`ada-${Date.now()}@example.com`);
    await form(page).getByRole("button", { name: "Post Comment" }).click();
    await expect(form(page).getByRole("status")).toHaveText(THANKS);
    await expect(page.locator("[data-sonner-toast]").getByText("Thanks for your Comment")).toBeVisible();
    await expect(form(page).getByLabel("Your name")).toHaveValue("");
    await expect(form(page).getByLabel("Your comment")).toHaveValue("");
    await expect(form(page).locator("[aria-invalid]")).toHaveCount(0);
    expect(posts).toEqual([`${new URL(page.url()).pathname}.data`]);
  });

  test("without JavaScript: the post asks once to confirm, then says what to fix, then thanks", async ({
    browser,
  }) => {
    await withoutJs(browser, async (page) => {
      await page.goto("/blog-single/4");
      await form(page).getByLabel("Your name").fill("Ada Eze");
      await form(page)
        .getByLabel(/Your e-mail/)
        .fill("not-an-address");
      await form(page).getByRole("button", { name: "Post Comment" }).click();
      // The kept page's form has no token: nothing is checked or stored yet, the text is kept.
      await expect(page).toHaveURL(/\/blog-single\/4#leave-comment$/);
      await expect(form(page).getByRole("status")).toHaveText(
        "Please check your comment below and press Post Comment to send it.",
      );
      await expect(form(page).getByLabel("Your name")).toHaveValue("Ada Eze");
      await expect(form(page).getByLabel(/Your e-mail/)).toHaveValue("not-an-address");

      await form(page).getByRole("button", { name: "Post Comment" }).click();
      await expect(
        form(page).getByText("Please enter a valid e-mail address, like name@example.com."),
      ).toBeVisible();
      await expect(form(page).getByText("Please write your comment.")).toBeVisible();
      await expect(form(page).getByLabel("Your name")).toHaveValue("Ada Eze");

      await form(page)
        .getByLabel(/Your e-mail/)
        .fill(`ada-${Date.now()}@example.com`);
      await form(page).getByLabel("Your comment").fill("Clear and useful.");
      await form(page).getByRole("button", { name: "Post Comment" }).click();
      await expect(form(page).getByRole("status")).toHaveText(THANKS);
      await expect(form(page).getByLabel("Your name")).toHaveValue("");
      await expect(page.getByRole("heading", { name: /^No comments yet on “/ })).toBeVisible();
    });
  });
});

test("the RSS feed is valid XML with every post, newest first", async ({ page, request }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  await page.goto("/blog-standard");
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      title: doc.querySelector("channel > title")?.textContent,
      links: [...doc.querySelectorAll("item > link")].map((l) => l.textContent),
      dates: [...doc.querySelectorAll("item > pubDate")].map((d) => Date.parse(d.textContent!)),
    };
  }, xml);
  expect(feed.error).toBeNull();
  expect(feed.title).toBe("TechSpark Innovations Blog");
  expect(feed.links).toHaveLength(postCount);
  expect(new Set(feed.links).size).toBe(postCount);
  for (const link of feed.links) expect(link).toMatch(/^https:\/\/techspark\.ng\/blog-single-sidebar\/\d+$/);
  expect(feed.dates).toEqual([...feed.dates].sort((a, b) => b - a));
  expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').count()).toBe(1);
  expect(await (await request.get("/robots.txt")).text()).toContain(
    "Sitemap: https://techspark.ng/blog/rss.xml",
  );
});
