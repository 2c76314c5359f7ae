// The console's routes cost the public pages nothing: with lazy route discovery
// (react-router.config.ts) a page's HTML carries only its own routes, and the routes of the links
// it shows come from `/__manifest?paths=…` once it has loaded. No public page, nor any request it
// makes while a visitor moves between pages in the browser, names a console route (decisions 015
// and 016, corrected).
import type { Page } from "@playwright/test";
import { pages } from "./pages.ts";
import { expect, test } from "./hydration.ts";

// How a console route appears in a route manifest: its id (`routes/admin/…`), its path segment
// (`"path":"admin"`, children relative to it) or a link to it.
const consoleRoute = /routes\/admin\b|"path":\s*"admin\b|["'(]\/admin\b/;

/** Every same-origin request of the page (URL decoded) and the text of each script or data answer. */
function record(page: Page) {
  const seen: { url: string; navigation: boolean; body: Promise<string> }[] = [];
  const origin = new URL(test.info().project.use.baseURL!).origin;
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    const kind = response.request().resourceType();
    const body = ["document", "script", "fetch", "xhr"].includes(kind)
      ? response.text().catch(() => "")
      : Promise.resolve("");
    const navigation = response.request().isNavigationRequest();
    seen.push({ url: decodeURIComponent(url.pathname + url.search), navigation, body });
  });
  return seen;
}

/** What of the recorded requests names a console route: their URLs, then their answers. */
async function consoleMentions(seen: ReturnType<typeof record>) {
  const found: string[] = [];
  for (const { url, body } of seen) {
    if (/^\/admin\b|[?&=,]\/admin\b/.test(url)) found.push(url);
    const text = await body;
    const match = consoleRoute.exec(text);
    if (match) found.push(`${url}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
  }
  return found;
}

test("no public page's HTML names a console route", async ({ request }) => {
  const named: string[] = [];
  for (const { path } of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    if (consoleRoute.test(await response.text())) named.push(path);
  }
  expect(named).toEqual([]);
});

test("moving between public pages in the browser never loads a console route", async ({ page }) => {
  const seen = record(page);
  await page.goto("/", { waitUntil: "networkidle" });
  // Client-side navigations through the site's own links (some sit in closed menus: a click
  // event reaches them all the same), each page's links discovered after it loads.
  for (const path of ["/about-us", "/faq", "/services-details/1", "/project-details/1", "/blog-standard"]) {
    await page.locator(`a[href="${path}"]`).first().dispatchEvent("click");
    await expect(page).toHaveURL(path);
    await expect(page.locator("h1")).toBeVisible();
    await page.waitForLoadState("networkidle");
  }

  // One document: every later page came through the router.
  expect(seen.filter((s) => s.navigation).map((s) => s.url)).toEqual(["/"]);
  // Discovery did happen (these pages' routes came from the server), and it was lazy.
  expect(seen.some((s) => s.url.startsWith("/__manifest?"))).toBe(true);
  const routes = await page.evaluate(() =>
    Object.keys(
      (window as unknown as { __reactRouterManifest: { routes: object } }).__reactRouterManifest.routes,
    ),
  );
  expect(routes).toEqual(expect.arrayContaining(["routes/about-us", "routes/faq", "routes/project-details"]));
  expect(routes.filter((id) => id.startsWith("routes/admin"))).toEqual([]);
  expect(await consoleMentions(seen)).toEqual([]);
});

test("the full route manifest, which no public page loads, does name the console (the checks above can fail)", async ({
  page,
}) => {
  const seen = record(page);
  await page.goto("/about-us", { waitUntil: "networkidle" });
  const full = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { url: string } }).__reactRouterManifest.url,
  );
  expect(seen.map((s) => s.url)).not.toContain(full);
  const response = await page.request.get(full);
  expect(response.status()).toBe(200);
  expect(await response.text()).toMatch(consoleRoute);
  // A console page's own HTML names its routes the same way.
  expect(await (await page.request.get("/admin")).text()).toMatch(consoleRoute);
});
