// The specification's route table (../shared/spec/site-spec.md §2) as a contract: one test per
// row, over plain HTTP against the production build, as a visitor's browser or a crawler meets
// each address (its status, where it redirects, what its HTML says).
//
// These tests change only when the spec changes. A refactor that breaks one breaks a promise of
// the product, not a detail of ours: fix the code, not the test.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { parseHtml } from "../pages/html-checks.ts";
import { startSite, type InProcessSite } from "../pages/site.ts";

const skip = skipWithoutBuild("spec §2 route table");

let site: InProcessSite | undefined;
beforeAll(async () => {
  if (!skip) site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

type Page = { status: number; doc: Document; main: string; links: string[] };

/** The page at `path` as the server sends it: status, document, the main content's text, links. */
async function page(path: string, status = 200): Promise<Page> {
  const res = await fetch(`${site!.base}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(status);
  const doc = parseHtml(await res.text());
  const main = (doc.querySelector("main")?.textContent ?? "").replace(/\s+/g, " ");
  const links = [...doc.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!);
  return { status: res.status, doc, main, links };
}

/** A bare path's redirect: its status (3xx) and where it goes. */
async function redirect(path: string): Promise<string> {
  const res = await fetch(`${site!.base}${path}`, { redirect: "manual" });
  expect(res.status, path).toBeGreaterThanOrEqual(300);
  expect(res.status, path).toBeLessThan(400);
  return new URL(res.headers.get("location")!, site!.base).pathname;
}

const h1 = (p: Page) => (p.doc.querySelector("h1")?.textContent ?? "").trim();
const isDark = (p: Page) => p.doc.documentElement.classList.contains("dark");
const linksTo = (p: Page, pattern: RegExp) => new Set(p.links.filter((l) => pattern.test(l)));

describe.skipIf(skip)("§2 Screens and routes: every route is public", () => {
  test("§2 row '/': Home (creative agency variant) — the hero with 'Get in Touch' to /contact-us, the services teaser (ids 1 to 3), the first 3 projects", async () => {
    const home = await page("/");
    expect(h1(home)).not.toBe("");
    expect(isDark(home)).toBe(false);
    const getInTouch = [...home.doc.querySelectorAll("a")].filter(
      (a) => a.textContent?.trim() === "Get in Touch",
    );
    expect(getInTouch.length).toBeGreaterThan(0);
    for (const a of getInTouch) expect(a.getAttribute("href")).toBe("/contact-us");
    for (const id of [1, 2, 3]) expect(home.links).toContain(`/services-details/${id}`);
    expect(linksTo(home, /^\/project-details\/\d+$/)).toEqual(
      new Set(["/project-details/1", "/project-details/2", "/project-details/3"]),
    );
    for (const section of [
      "Our Promise",
      "How we work",
      "Digital Experience",
      "Trusted by 180K global brands",
    ])
      expect(home.main, section).toContain(section);
  });

  test("§2 row '/home-2, /home-3, /business': alternate home layouts", async () => {
    for (const path of ["/home-2", "/home-3", "/business"]) {
      const home = await page(path);
      expect(h1(home), path).not.toBe("");
      expect(isDark(home), path).toBe(false);
      expect(home.links, path).toContain("/contact-us");
    }
  });

  test("§2 row '/home-1-dark, /home-2-dark, /home-3-dark, /business-dark': dark variants; body background is dark", async () => {
    for (const path of ["/home-1-dark", "/home-2-dark", "/home-3-dark", "/business-dark"]) {
      const home = await page(path);
      expect(isDark(home), path).toBe(true);
      expect(h1(home), path).not.toBe("");
    }
  });

  test("§2 row '/services, /services-2, /services-3': service listings, each headed 'Turn Information Into Actionable Insights'", async () => {
    for (const path of ["/services", "/services-2", "/services-3"]) {
      const list = await page(path);
      const headings = [...list.doc.querySelectorAll("main h1, main h2")].map((h) => h.textContent?.trim());
      expect(headings, path).toContain("Turn Information Into Actionable Insights");
      expect(linksTo(list, /^\/services-details\/\d+$/).size, path).toBeGreaterThanOrEqual(3);
    }
  });

  test("§2 row '/services-details/{id}': service detail; /services-details redirects to /services-details/1", async () => {
    expect(await redirect("/services-details")).toBe("/services-details/1");
    const detail = await page("/services-details/1");
    expect(h1(detail)).not.toBe("");
    expect(detail.links).toContain("/contact-us"); // the help box's Contact Us
  });

  test("§2 row '/project-2-column, /project-3-column, /project-carousel': case-study galleries of 6 items", async () => {
    for (const path of ["/project-2-column", "/project-3-column", "/project-carousel"]) {
      const gallery = await page(path);
      expect(linksTo(gallery, /^\/project-details\/\d+$/), path).toEqual(
        new Set([1, 2, 3, 4, 5, 6].map((id) => `/project-details/${id}`)),
      );
    }
  });

  test("§2 row '/project-details/{id}': project page; /project-details redirects to /project-details/1", async () => {
    expect(await redirect("/project-details")).toBe("/project-details/1");
    for (const id of [1, 6]) expect(h1(await page(`/project-details/${id}`))).not.toBe("");
  });

  test("§2 row '/team, /team-2, /team-3': team listings", async () => {
    for (const path of ["/team", "/team-2", "/team-3"]) {
      const list = await page(path);
      expect(linksTo(list, /^\/team-details\/\d+$/).size, path).toBeGreaterThanOrEqual(3);
    }
  });

  test("§2 row '/team-details/{id}': member page; /team-details redirects to /team-details/1", async () => {
    expect(await redirect("/team-details")).toBe("/team-details/1");
    const member = await page("/team-details/1");
    expect(h1(member)).not.toBe("");
    expect(member.links.some((l) => l.startsWith("mailto:"))).toBe(true);
    expect(member.links.some((l) => l.startsWith("tel:"))).toBe(true);
  });

  test("§2 row '/about-us': About (who we are, background, mission, vision)", async () => {
    const about = await page("/about-us");
    expect(h1(about)).not.toBe("");
    expect(about.main).toMatch(/mission/i);
    expect(about.main).toMatch(/vision/i);
  });

  test("§2 row '/pricing': three plan cards, each with a Learn More button to /contact-us (§2 'Services and projects')", async () => {
    const pricing = await page("/pricing");
    for (const plan of ["Web Design & Development", "Mobile App Development", "Digital Marketing"]) {
      const heading = [...pricing.doc.querySelectorAll("main h2, main h3")].find(
        (h) => h.textContent?.trim() === plan,
      );
      expect(heading, plan).toBeDefined();
      // The card: the nearest ancestor holding a Learn More link.
      let card: Element | null = heading!.parentElement;
      while (
        card &&
        ![...card.querySelectorAll("a")].some((a) => /^Learn More\b/.test(a.textContent?.trim() ?? ""))
      )
        card = card.parentElement;
      const learnMore = [...card!.querySelectorAll("a")].find((a) =>
        /^Learn More\b/.test(a.textContent?.trim() ?? ""),
      );
      expect(learnMore?.getAttribute("href"), plan).toBe("/contact-us");
      expect(card!.querySelectorAll("li").length, plan).toBeGreaterThanOrEqual(3);
    }
  });

  test("§2 row '/contact-us': contact info beside the message form (name, email, phone, message)", async () => {
    const contact = await page("/contact-us");
    const form = [...contact.doc.querySelectorAll("main form")].find((f) =>
      f.querySelector("[name=message]"),
    );
    expect(form).toBeDefined();
    for (const field of ["name", "email", "phone", "message"])
      expect(form!.querySelector(`[name=${field}]`), field).not.toBeNull();
    expect(form!.getAttribute("method")).toBe("post");
    expect(contact.links.some((l) => l.startsWith("tel:"))).toBe(true);
    expect(contact.links.some((l) => l.startsWith("mailto:"))).toBe(true);
  });

  test("§2 row '/blog-standard, /blog-with-sidebar, /blog-2-column, /blog-3-column': blog lists, each item's Continue Reading to /blog-single-sidebar/{id} (§2 'Blog')", async () => {
    for (const path of ["/blog-standard", "/blog-with-sidebar", "/blog-2-column", "/blog-3-column"]) {
      const list = await page(path);
      expect(linksTo(list, /^\/blog-single-sidebar\/\d+$/).size, path).toBeGreaterThanOrEqual(3);
    }
  });

  test("§2 row '/blog-single/{id}, /blog-single-sidebar/{id}': single post; the bare paths redirect to id 1", async () => {
    expect(await redirect("/blog-single")).toBe("/blog-single/1");
    expect(await redirect("/blog-single-sidebar")).toBe("/blog-single-sidebar/1");
    const single = await page("/blog-single/1");
    const sidebar = await page("/blog-single-sidebar/1");
    expect(h1(single)).not.toBe("");
    expect(h1(sidebar)).toBe(h1(single));
  });

  test("§2 row '/faq': linked from the footer", async () => {
    const faq = await page("/faq");
    expect(h1(faq)).not.toBe("");
    const footer = (await page("/")).doc.querySelector("footer");
    expect([...footer!.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toContain("/faq");
  });

  test("§2 row 'any other path': not-found page '404', 'Sorry Page Was Not Found!', Back to home link", async () => {
    for (const path of ["/no-such-page", "/services/unknown/deeper", "/blog-single-sidebar/not-a-post"]) {
      const missing = await page(path, 404);
      expect(missing.main, path).toContain("404");
      expect(missing.main, path).toContain("Sorry Page Was Not Found!");
      const back = [...missing.doc.querySelectorAll("main a")].find((a) =>
        /Back to home/i.test(a.textContent ?? ""),
      );
      expect(back?.getAttribute("href"), path).toBe("/");
    }
  });

  test("§2 'Header, menus, footer': the footer has Who We Are, Our Services, FAQs, Contact Us and the copyright with the current year", async () => {
    const footer = (await page("/about-us")).doc.querySelector("footer")!;
    const text = (footer.textContent ?? "").replace(/\s+/g, " ");
    expect(text).toContain(String(new Date().getFullYear()));
    expect(text).toMatch(/©|copyright/i);
    const hrefs = [...footer.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    for (const href of ["/faq", "/contact-us"]) expect(hrefs).toContain(href);
  });
});
