// The parts every page shares: header, menus, overlays, side panel, scroll-to-top,
// 404 page, and the server's headers (the newsletter forms: newsletter.spec.ts).
import AxeBuilder from "@axe-core/playwright";
import { expect, frames, hydrated, test } from "./hydration.ts";
import { pages } from "./pages.ts";
import { classConflicts } from "./class-conflicts.ts";

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

test.describe("header", () => {
  test.use({ viewport: desktop });

  test("is transparent at the top and solid once scrolled past 5 px", async ({ page }) => {
    await page.goto("/about-us");
    const header = page.locator("[data-site-header]");
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe("rgba(0, 0, 0, 0)");
    await page.mouse.wheel(0, 3);
    // The wheel's scroll lands a frame or more later (at once, without smooth scrolling).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(3);
    await page.evaluate(() => window.scrollTo(0, 4));
    await frames(page);
    expect(await background()).toBe("rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-solid", "true");
    await expect.poll(background).not.toBe("rgba(0, 0, 0, 0)");
    await expect(header).toHaveCSS("position", "fixed");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`header text has enough contrast at the top and once solid (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await page.goto("/faq");
      const header = page.locator("[data-site-header]");
      const contrast = () =>
        new AxeBuilder({ page })
          .include("[data-site-header]")
          .withRules(["color-contrast"])
          .setLegacyMode(true)
          .analyze();
      expect((await contrast()).violations).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(header).toHaveAttribute("data-solid", "true");
      expect((await contrast()).violations).toEqual([]);
      // The solid state adds its own text colour to the header's: it must win by more than luck.
      expect(await classConflicts(page, "[data-site-header]")).toEqual([]);
    });
  }

  test("dropdowns and the mega menu open on click and close with Escape", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    const pages = nav.locator("summary", { hasText: "Pages" });
    await pages.click();
    const otherPages = nav.getByRole("link", { name: "FAQ", exact: true });
    await expect(otherPages).toBeVisible();
    await expect(nav.getByText("Other Pages")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(otherPages).toBeHidden();
    await expect(pages).toBeFocused();
    // Keyboard only: Enter opens it again, Tab reaches the links, Enter follows one.
    await page.keyboard.press("Enter");
    await expect(otherPages).toBeVisible();
    await otherPages.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/faq$/);
    await expect(otherPages).toBeHidden();
  });

  test("a click outside closes an open menu", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav.locator("summary", { hasText: "Pages" }).click();
    await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toBeVisible();
    await page.mouse.click(20, 860);
    await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toBeHidden();
  });

  test("search overlay opens, takes a keyword and shows results", async ({ page }) => {
    await page.goto("/about-us");
    const opener = page.getByRole("button", { name: "Search", exact: true });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Search the site" });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole("searchbox");
    await expect(input).toBeFocused();
    await input.fill("pricing");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pricing/);
    await expect(page.locator("h1")).toHaveText("Results for “pricing”");
    await expect(page.getByRole("link", { name: /Pricing/ }).first()).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("search overlay closes with Escape and returns focus to its button", async ({ page }) => {
    await page.goto("/faq");
    const opener = page.getByRole("button", { name: "Search", exact: true });
    await opener.click();
    await expect(page.getByRole("dialog", { name: "Search the site" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Search the site" })).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("side panel shows contact details, toggles the page class, closes on backdrop click", async ({
    page,
  }) => {
    await page.goto("/about-us");
    await page.getByRole("button", { name: "About and contact details" }).click();
    const panel = page.getByRole("dialog", { name: /About TechSpark/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "hello@techspark.ng" })).toBeVisible();
    await expect(panel.getByText("Kubwa")).toBeVisible();
    await expect(page.locator("body")).toHaveClass(/side-panel-open/);
    await page.mouse.click(40, 450);
    await expect(panel).toBeHidden();
    await expect(page.locator("body")).not.toHaveClass(/side-panel-open/);
  });

  test("a panel opened before the page's script has started stays open when it starts", async ({
    browser,
  }) => {
    const page = await browser.newPage({ viewport: desktop });
    // Hold the scripts back until the visitor has opened the panel (a slow network).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "About and contact details" }).press("Enter");
    const panel = page.getByRole("dialog", { name: /About TechSpark/ });
    await expect(panel).toBeVisible();
    release();
    await hydrated(page);
    await frames(page); // React's first effects have run
    await expect(panel).toBeVisible();
    await page.close();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("the slide-out menu opens, toggles sub-menus, navigates and closes", async ({ page }) => {
    await page.goto("/about-us");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const faq = menu.getByRole("link", { name: "FAQ", exact: true });
    await expect(faq).toBeHidden();
    await menu.getByText("Other Pages").click();
    await expect(faq).toBeVisible();
    await faq.click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();
  });

  test("the menu closes with its close button and focus returns", async ({ page }) => {
    await page.goto("/pricing");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test("scroll-to-top appears past 200 px and takes the visitor back up", async ({ page }) => {
  await page.goto("/about-us");
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 150));
  await frames(page);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test("the footer leads to who we are, our services, FAQs and contact, and opens profiles in a new tab", async ({
  page,
}) => {
  await page.goto("/pricing");
  const footer = page.locator("footer");
  for (const [name, path] of [
    ["Who We Are", "/about-us"],
    ["FAQs", "/faq"],
    ["Contact Us", "/contact-us"],
    ["All services", "/services"],
  ] as const) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
  }
  const services = footer.getByRole("navigation", { name: "Our Services" }).getByRole("link");
  expect(await services.count()).toBeGreaterThanOrEqual(4);
  await services.first().click();
  await expect(page).toHaveURL(/\/services-details\/1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mobile App Development");

  const profiles = page.locator("footer").getByRole("link", { name: /opens in a new tab/ });
  expect(await profiles.count()).toBe(4);
  for (const link of await profiles.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} TechSpark Innovations`);
});

test.describe("unknown addresses", () => {
  // An unknown path, and an unknown id or page of a route that exists: the same page, a title
  // that says so, and no indexing.
  for (const path of [
    "/this/does/not-exist",
    "/services-details/999",
    "/project-details/7",
    "/team-details/99",
    "/blog-single/999",
    "/blog-standard?page=99",
  ]) {
    test(`${path} answers 404 with the not-found page and a way home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.locator("h1")).toContainText("Sorry Page Was Not Found!");
      await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      await expect(page).toHaveTitle("Page Not Found | TechSpark Innovations");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    });
  }

  test("a missing image or asset is a plain 404", async ({ request }) => {
    for (const path of ["/img/missing.avif", "/assets/missing.js"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"]).toContain("text/plain");
    }
  });

  test("a malformed address is a plain 400, not a server error", async ({ request }) => {
    for (const path of ["/%E0%A4%A", "/blog-single-sidebar/%zz"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      expect(await response.text()).not.toMatch(/Error|at .*\.ts/);
    }
  });

  test("a bad form post gets a clear answer, never a 500", async ({ request }) => {
    const garbled = await request.post("/contact-us", {
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      data: "not multipart at all",
    });
    expect(garbled.status()).toBe(400);
    expect(await garbled.text()).toContain("We could not read the form.");
    const plain = await request.post("/contact-us", {
      headers: { "Content-Type": "text/plain" },
      data: "hi",
    });
    expect(plain.status()).toBe(415);
    expect(await plain.text()).toContain("Please send the form from this page.");
  });

  test("a form posted to a page without a form gets a clear page, no internals", async ({ request }) => {
    const response = await request.post("/about-us", { form: { name: "x" } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    expect(html).toContain("Error 405");
    expect(html).toContain("This page cannot answer that request.");
    expect(html).not.toMatch(/at \S+\.(ts|js):\d+/); // no stack trace
  });

  test("a trailing slash redirects to the canonical address", async ({ request }) => {
    const response = await request.get("/faq/?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/faq?x=1");
    for (const [path, to] of [
      ["/index.html", "/"],
      ["/about-us/index.html", "/about-us"],
    ] as const) {
      const file = await request.get(path, { maxRedirects: 0 });
      expect(file.status(), path).toBe(301);
      expect(file.headers()["location"]).toBe(to);
    }
  });
});

test.describe("server", () => {
  test("pages are compressed, revalidated by ETag and carry a hash-based CSP", async ({ request }) => {
    const response = await request.get("/pricing", { headers: { "Accept-Encoding": "br" } });
    const headers = response.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["etag"]).toBeTruthy();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["strict-transport-security"]).toContain("max-age=");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const again = await request.get("/pricing", { headers: { "If-None-Match": headers["etag"]! } });
    expect(again.status()).toBe(304);
  });

  test("a page rendered per request has a hash-based CSP and is kept when the same for everyone", async ({
    request,
  }) => {
    const first = await request.get("/search?q=faq");
    const csp = first.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'nonce-)/);
    const etag = first.headers()["etag"]!;
    expect(etag).toBeTruthy();
    const second = await request.get("/search?q=faq");
    expect(second.headers()["etag"]).toBe(etag);
    expect(await second.text()).toBe(await first.text());
    expect((await request.get("/search?q=faq", { headers: { "If-None-Match": etag } })).status()).toBe(304);
    // Another query is another page.
    expect((await request.get("/search?q=pricing")).headers()["etag"]).not.toBe(etag);
  });

  test("the contact page is never kept: each visitor gets their own form token", async ({ playwright }) => {
    const tokenOf = async () => {
      // A new visitor each time (no cookie jar shared between them).
      const visitor = await playwright.request.newContext();
      const response = await visitor.get("/contact-us");
      const html = await response.text();
      await visitor.dispose();
      expect(response.headers()["cache-control"]).toContain("no-store");
      expect(response.headers()["set-cookie"]).toContain("XSRF-TOKEN=");
      return /name="_xsrf" value="([^"]+)"/.exec(html)?.[1];
    };
    const [a, b] = [await tokenOf(), await tokenOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  test("a form post is answered with a nonce-based CSP", async ({ request }) => {
    const response = await request.post("/contact-us", { form: { name: "" } });
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  });

  // app/lib/deferred-scripts.server.ts: a page's scripts are requested after its first paint.
  // The document as parsed asks for none (no preload, no static import); the preloads appear
  // once a frame has been painted, and the page hydrates.
  for (const path of ["/", "/faq", "/search?q=app"]) {
    test(`${path} asks for its scripts only after it has painted, then hydrates`, async ({ browser }) => {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { parsed?: number; beforePaint?: number };
        const count = () => document.querySelectorAll('link[rel="modulepreload"]').length;
        document.addEventListener("DOMContentLoaded", () => {
          w.parsed = count();
          requestAnimationFrame(() => (w.beforePaint = count()));
        });
      });
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
      await page.goto(path);
      await hydrated(page);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { parsed?: number; beforePaint?: number };
        return { parsed: w.parsed, beforePaint: w.beforePaint };
      });
      expect(seen).toEqual({ parsed: 0, beforePaint: 0 });
      expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(2);
      expect(scripts.some((url) => /\/assets\/framework-/.test(url))).toBe(true);
      await page.close();
    });
  }

  test("hashed assets are cached for a year", async ({ page, request }) => {
    await page.goto("/faq");
    const script = await page.locator("script[type=module]").first().innerHTML();
    const asset = /\/assets\/[^"']+\.js/.exec(script)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.headers()["cache-control"]).toMatch(/^public, ?max-age=31536000, ?immutable$/);
  });

  test("health, robots and sitemap", async ({ request }) => {
    expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain("Sitemap: https://techspark.ng/sitemap.xml");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>https:\/\/techspark\.ng([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(listed).toContain("/faq");
    expect(listed.sort()).toEqual(
      pages
        .filter((p) => p.indexable)
        .map((p) => p.path)
        .sort(),
    );
  });
});
