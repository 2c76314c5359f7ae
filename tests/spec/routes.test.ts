// The specification's route table (../shared/spec/site-spec.md §2) as a contract: one test per row,
// then a few of §2's sentences on what a page shows. Plain HTTP against the production build, as a
// visitor's browser or a crawler meets each address: its status, where it redirects, what its HTML says.
//
// These tests change only when the spec changes. A refactor that breaks one breaks a promise of
// the product, not a detail of ours: fix the code, not the test.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { startSite, type InProcessSite } from "../pages/site.ts";
import {
  around,
  get,
  heading,
  headings,
  hrefs,
  linksNamed,
  sectionOf,
  textOf,
  type Answer,
} from "./spec-helpers.ts";

const skip = skipWithoutBuild("spec §2 route table");

let site: InProcessSite | undefined;
beforeAll(async () => {
  if (!skip) site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

// Several tests read the same page (the home page's hero, teaser, header): each address is asked once.
const answers = new Map<string, Promise<Answer>>();
function answer(path: string): Promise<Answer> {
  let known = answers.get(path);
  if (!known) {
    known = get(site!.base, path);
    answers.set(path, known);
  }
  return known;
}

/** The page at `path`, which must be a page of its own: 200, not a redirect to another one. */
async function page(path: string): Promise<Document> {
  const { status, doc } = await answer(path);
  expect(status, `${path}: status`).toBe(200);
  return doc;
}

/** Where the bare `path` redirects to (it must be a redirect). */
async function redirectOf(path: string): Promise<string | undefined> {
  const { status, location } = await answer(path);
  expect(status, `${path}: a redirect`).toBeGreaterThanOrEqual(300);
  expect(status, `${path}: a redirect`).toBeLessThan(400);
  return location;
}

function main(doc: Document): Element {
  const found = doc.querySelector("main");
  expect(found, "the page's main content").not.toBeNull();
  return found!;
}

const h1 = (doc: Document) => textOf(doc.querySelector("h1"));
// The spec's "body background is dark" as the page states it; the stylesheet gives the class its colours.
const isDark = (doc: Document) =>
  doc.documentElement.classList.contains("dark") || doc.body.classList.contains("dark");
/** The page's layout as a reader skims it: its section headings in order. */
const layout = (doc: Document) =>
  headings(main(doc), /./)
    .filter((h) => h.tagName === "H2")
    .map(textOf);
/** The titles in `scope` that lead to a page matching `pattern` (cards, list items), by address:
 *  several when a listing names a page more than once (a service's parts lead to the service). */
function titlesLinkingTo(scope: ParentNode, pattern: RegExp): Map<string, string[]> {
  const titles = new Map<string, string[]>();
  for (const h of headings(scope))
    for (const href of hrefs(h, pattern)) titles.set(href, [...(titles.get(href) ?? []), textOf(h)]);
  return titles;
}

const ids = (from: number, to: number, base: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${base}/${from + i}`);
const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?";
// No \b before the day: a byline's text runs into it ("By Emeka Nwosu19 December 2023").
const A_DATE = new RegExp(`(?<!\\d)\\d{1,2}\\s+${MONTH}\\s+\\d{4}\\b|\\b${MONTH}\\s+\\d{1,2},?\\s+\\d{4}\\b`);

describe.skipIf(skip)("§2 Screens and routes: all routes are public", () => {
  test("§2 row '/': Home (creative agency variant)", async () => {
    const home = await page("/");
    expect(h1(home)).toMatch(/tech\s*spark/i);
    expect(isDark(home)).toBe(false);
    // The only way a visitor tells the variants apart is by the names the menu gives them.
    const named = linksNamed(home, /^creative agency$/i).map((a) => a.getAttribute("href"));
    expect(named).toContain("/");
    // A home page, not a page that happens to be at '/': the hero's call, services and projects.
    expect(linksNamed(main(home), "Get in Touch").length).toBeGreaterThan(0);
    expect(hrefs(main(home), /^\/services-details\/\d+$/).size).toBeGreaterThan(0);
    expect(hrefs(main(home), /^\/project-details\/\d+$/).size).toBeGreaterThan(0);
  });

  test("§2 row '/home-2, /home-3, /business': alternate home layouts", async () => {
    const layouts = new Map([["/", layout(await page("/"))]]);
    for (const path of ["/home-2", "/home-3", "/business"]) {
      const home = await page(path);
      expect(h1(home), path).toBe(h1(await page("/")));
      expect(isDark(home), path).toBe(false);
      const own = layout(home);
      for (const [other, theirs] of layouts) expect(own, `${path} laid out as ${other}`).not.toEqual(theirs);
      layouts.set(path, own);
    }
  });

  test("§2 row '/home-1-dark, /home-2-dark, /home-3-dark, /business-dark': dark variants; body background is dark", async () => {
    const variants = [
      ["/home-1-dark", "/"],
      ["/home-2-dark", "/home-2"],
      ["/home-3-dark", "/home-3"],
      ["/business-dark", "/business"],
    ] as const;
    for (const [dark, light] of variants) {
      const darkPage = await page(dark);
      const lightPage = await page(light);
      expect(isDark(darkPage), dark).toBe(true);
      expect(isDark(lightPage), light).toBe(false);
      // A variant of that layout: the same sections, only dark.
      expect(layout(darkPage), `${dark} as ${light}`).toEqual(layout(lightPage));
    }
  });

  test("§2 row '/services, /services-2, /services-3': service listings, each headed 'Turn Information Into Actionable Insights'", async () => {
    for (const path of ["/services", "/services-2", "/services-3"]) {
      const list = main(await page(path));
      const section = sectionOf(heading(list, "Turn Information Into Actionable Insights"));
      expect(titlesLinkingTo(section, /^\/services-details\/\d+$/).size, path).toBeGreaterThanOrEqual(3);
    }
  });

  test("§2 row '/services-details/{id}': service detail; /services-details redirects to /services-details/1", async () => {
    expect(await redirectOf("/services-details")).toBe("/services-details/1");
    // The detail of the service whose card leads to it.
    const titles = titlesLinkingTo(main(await page("/services")), /^\/services-details\/\d+$/);
    expect(titles.size).toBeGreaterThan(0);
    for (const [href, title] of titles) expect(title, href).toContain(h1(await page(href)));
  });

  test("§2 row '/project-2-column, /project-3-column, /project-carousel': case-study galleries of 6 items", async () => {
    for (const path of ["/project-2-column", "/project-3-column", "/project-carousel"]) {
      const cards = titlesLinkingTo(main(await page(path)), /^\/project-details\/\d+$/);
      expect([...cards.keys()].sort(), path).toEqual(ids(1, 6, "/project-details").sort());
    }
  });

  test("§2 row '/project-details/{id}': project page; /project-details redirects to /project-details/1", async () => {
    expect(await redirectOf("/project-details")).toBe("/project-details/1");
    const cards = titlesLinkingTo(main(await page("/project-2-column")), /^\/project-details\/\d+$/);
    for (const href of ids(1, 6, "/project-details"))
      expect(cards.get(href), href).toEqual([h1(await page(href))]);
  });

  test("§2 row '/team, /team-2, /team-3': team listings", async () => {
    for (const path of ["/team", "/team-2", "/team-3"]) {
      const members = titlesLinkingTo(main(await page(path)), /^\/team-details\/\d+$/);
      expect(members.size, path).toBeGreaterThanOrEqual(3);
      // §2 'Services and projects': "team 1 listing up to 6".
      if (path === "/team") expect(members.size, path).toBeLessThanOrEqual(6);
    }
  });

  test("§2 row '/team-details/{id}': member page; /team-details redirects to /team-details/1", async () => {
    expect(await redirectOf("/team-details")).toBe("/team-details/1");
    const members = titlesLinkingTo(main(await page("/team")), /^\/team-details\/\d+$/);
    expect(members.size).toBeGreaterThan(0);
    for (const [href, name] of members) expect(name, href).toEqual([h1(await page(href))]);
  });

  test("§2 row '/about-us': About (who we are, background, mission, vision)", async () => {
    const about = main(await page("/about-us"));
    const text = textOf(about);
    expect(text).toMatch(/who we are/i);
    // The background is the company's story, which a reader recognises by when it began.
    expect(text).toMatch(/\b(since|started in|founded in|began in)\s+(19|20)\d\d\b/i);
    expect(headings(about, /mission/i).length).toBeGreaterThan(0);
    expect(headings(about, /vision/i).length).toBeGreaterThan(0);
  });

  test("§2 row '/pricing': three plan cards (§2 'Services and projects': Web Design & Development, Mobile App Development, Digital Marketing, 3 bullets each, no prices, Learn More button to /contact-us)", async () => {
    const pricing = main(await page("/pricing"));
    expect(linksNamed(pricing, /^Learn More\b/).length).toBe(3);
    for (const plan of ["Web Design & Development", "Mobile App Development", "Digital Marketing"]) {
      const card = around(heading(pricing, plan), (box) => linksNamed(box, /^Learn More\b/).length > 0);
      expect(card, plan).toBeDefined();
      expect(
        linksNamed(card!, /^Learn More\b/).map((a) => a.getAttribute("href")),
        plan,
      ).toEqual(["/contact-us"]);
      expect(card!.querySelectorAll("li").length, `${plan}: bullets`).toBe(3);
      expect(textOf(card), `${plan}: no price`).not.toMatch(/[₦$€£]|\b(NGN|USD)\b|\bper month\b|\/\s*mo\b/i);
    }
  });

  test("§2 row '/contact-us': contact info beside the message form (name, email, phone, message; it posts)", async () => {
    const contact = main(await page("/contact-us"));
    const forms = [...contact.querySelectorAll("form")].filter((f) => f.querySelector("[name=message]"));
    expect(forms).toHaveLength(1);
    const form = forms[0]!;
    for (const field of ["name", "email", "phone", "message"])
      expect(form.querySelector(`[name=${field}]`), field).not.toBeNull();
    expect(form.getAttribute("method")?.toLowerCase()).toBe("post");
    expect(form.getAttribute("action")).toMatch(/^\//);
    // Beside: in the same part of the page as the form, not only in the footer every page has.
    const box = around(form, (b) => hrefs(b, /^tel:/).size > 0 && hrefs(b, /^mailto:/).size > 0);
    expect(box, "the phone and e-mail beside the form").toBeDefined();
  });

  test("§2 row '/blog-standard, /blog-with-sidebar, /blog-2-column, /blog-3-column': blog lists (§2 'Blog': header, breadcrumb title bar, list, pagination, footer)", async () => {
    for (const path of ["/blog-standard", "/blog-with-sidebar", "/blog-2-column", "/blog-3-column"]) {
      const doc = await page(path);
      expect(doc.querySelector("header"), `${path}: header`).not.toBeNull();
      expect(doc.querySelector("footer"), `${path}: footer`).not.toBeNull();
      expect(h1(doc), `${path}: title`).not.toBe("");
      expect(
        linksNamed(main(doc), "Home").map((a) => a.getAttribute("href")),
        `${path}: breadcrumb`,
      ).toContain("/");
      expect(linksNamed(main(doc), /^Continue Reading\b/).length, `${path}: posts`).toBeGreaterThan(0);
      expect(hrefs(main(doc), new RegExp(`^${path}\\?page=2$`)).size, `${path}: pagination`).toBe(1);
    }
  });

  test("§2 row '/blog-single/{id}, /blog-single-sidebar/{id}': single post; the bare paths redirect to id 1", async () => {
    expect(await redirectOf("/blog-single")).toBe("/blog-single/1");
    expect(await redirectOf("/blog-single-sidebar")).toBe("/blog-single-sidebar/1");
    const listed = titlesLinkingTo(main(await page("/blog-standard")), /^\/blog-single-sidebar\/\d+$/);
    const title = listed.get("/blog-single-sidebar/1")?.[0];
    expect(title, "post 1 in the list").toBeDefined();
    expect(h1(await page("/blog-single-sidebar/1"))).toBe(title);
    expect(h1(await page("/blog-single/1"))).toBe(title);
  });

  test("§2 row '/faq': linked from the footer; page content not shown", async () => {
    expect(h1(await page("/faq"))).not.toBe("");
    for (const path of ["/", "/about-us", "/blog-standard"]) {
      const footer = (await page(path)).querySelector("footer");
      expect(footer, path).not.toBeNull();
      expect(hrefs(footer!, /^\/faq$/).size, path).toBe(1);
    }
  });

  test("§2 row 'any other path': not-found page: '404', 'Sorry Page Was Not Found!', Back to home link", async () => {
    for (const path of ["/no-such-page", "/home-4", "/services/unknown/deeper", "/about-us/team"]) {
      const { status, doc } = await answer(path);
      expect(status, path).toBe(404);
      const text = textOf(main(doc));
      expect(text, path).toContain("404");
      expect(text, path).toContain("Sorry Page Was Not Found!");
      expect(
        linksNamed(main(doc), /^Back to home$/i).map((a) => a.getAttribute("href")),
        path,
      ).toEqual(["/"]);
    }
  });
});

describe.skipIf(skip)("§2's sentences on what the pages show", () => {
  test("§2 'Home hero': a carousel of 3 slides, heading 'TECH'+'SPARK', each with a title, a description and a 'Get in Touch' button to /contact-us. Arrow navigation.", async () => {
    const home = await page("/");
    expect(h1(home)).toMatch(/^tech\s*spark/i);
    // The carousel and its slides as assistive technology announces them ("slide 1 of 3").
    const hero = home.querySelector("h1")!.closest('[aria-roledescription="carousel"]');
    expect(hero, "the carousel around the heading").not.toBeNull();
    const slides = [...hero!.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides).toHaveLength(3);
    for (const slide of slides) {
      expect(headings(slide, /./)).toHaveLength(1);
      expect(textOf(slide.querySelector("p")).length).toBeGreaterThan(20);
      expect(linksNamed(slide, "Get in Touch").map((a) => a.getAttribute("href"))).toEqual(["/contact-us"]);
    }
    const buttons = [...hero!.querySelectorAll("button")].map(textOf);
    expect(buttons.some((b) => /previous/i.test(b)) && buttons.some((b) => /next/i.test(b)), "arrows").toBe(
      true,
    );
  });

  test("§2 'Services and projects': Services teaser: at most 3 cards, each linking to /services-details/{id} (ids 1 to 3) from both the arrow button and the title", async () => {
    const home = main(await page("/"));
    const teaser = headings(home, /./)
      .filter((h) => h.tagName === "H2")
      .map(sectionOf)
      .find((s) => hrefs(s, /^\/services-details\/\d+$/).size > 0);
    expect(teaser, "a section of '/' leading to service details").toBeDefined();
    const cards = titlesLinkingTo(teaser!, /^\/services-details\/\d+$/);
    expect([...cards.keys()].sort()).toEqual(ids(1, 3, "/services-details"));
    for (const href of cards.keys())
      expect(teaser!.querySelectorAll(`a[href="${href}"]`).length, `${href}: title and arrow`).toBe(2);
  });

  test("§2 'Services and projects': Project cards link to /project-details/{id} (ids 1 to 6). Home gallery shows first 3 of 6.", async () => {
    const cards = titlesLinkingTo(main(await page("/")), /^\/project-details\/\d+$/);
    expect([...cards.keys()].sort()).toEqual(ids(1, 3, "/project-details"));
  });

  test("§2 'Services and projects': Service detail: intro, included services, challenge text, FAQ accordion of 3 questions, two popular services, sidebar listing services and a help box with phone, e-mail and a Contact Us button", async () => {
    const detail = main(await page("/services-details/1"));
    const intro = textOf(detail).split(/included services/i)[0]!;
    expect(intro.length - h1(detail.ownerDocument).length, "intro").toBeGreaterThan(100);
    const included = textOf(sectionOf(heading(detail, /included services/i)));
    for (const service of [
      /monthly application maintenance/i,
      /white[- ]labels? applications/i,
      /mini applications/i,
      /devops/i,
    ])
      expect(included).toMatch(service);
    expect(textOf(sectionOf(heading(detail, /challenge/i))).length).toBeGreaterThan(100);
    // An accordion's questions are its disclosure buttons, native or ARIA.
    const faq = sectionOf(heading(detail, /frequently asked questions|faq/i));
    expect(faq.querySelectorAll("summary, button[aria-expanded]")).toHaveLength(3);
    const popular = sectionOf(heading(detail, /popular services/i));
    const popularTitles = headings(popular).slice(1).map(textOf);
    expect(popularTitles).toHaveLength(2);
    expect(popularTitles[0]).toMatch(/mobile app/i);
    expect(popularTitles[1]).toMatch(/web app/i);
    // The page title's section is the whole page: the list is one of the sections under it.
    const sidebars = headings(detail)
      .filter((h) => h.tagName !== "H1")
      .filter((h) => hrefs(sectionOf(h), /^\/services-details\/\d+$/).size >= 3);
    expect(sidebars.length, "a list of the services").toBeGreaterThan(0);
    const contactUs = linksNamed(detail, "Contact Us");
    expect(contactUs.map((a) => a.getAttribute("href"))).toEqual(["/contact-us"]);
    const help = around(contactUs[0]!, (b) => hrefs(b, /^tel:/).size > 0 && hrefs(b, /^mailto:/).size > 0);
    expect(help, "phone and e-mail beside Contact Us").toBeDefined();
  });

  test("§2 'Services and projects': Project detail: picture, basic-info list (client, project type, date, address), placeholder text", async () => {
    const project = main(await page("/project-details/1"));
    expect(project.querySelector("img")).not.toBeNull();
    const text = textOf(project);
    for (const label of ["Client", "Project type", "Date", "Address"]) expect(text).toContain(label);
    const paragraphs = [...project.querySelectorAll("p")].map(textOf).join(" ");
    expect(paragraphs.length, "text").toBeGreaterThan(200);
  });

  test("§2 'Services and projects': Team detail: picture, name, profession, bio, project count counter, e-mail, phone, Contact Me button, social links, qualifications (Database Integration, Digital marketing, Software Development), skill bars (Programming Language 88, Backend Development 95, Product Design 80)", async () => {
    const member = main(await page("/team-details/1"));
    expect(member.querySelector("img")).not.toBeNull();
    expect(h1(member.ownerDocument)).not.toBe("");
    const text = textOf(member);
    // §3 names the three members' professions.
    expect(text).toMatch(/Founder\s*\/\s*CEO|Business Development Manager|Engineering Tech Lead/);
    expect(
      [...member.querySelectorAll("p")].some((p) => textOf(p).length > 100),
      "bio",
    ).toBe(true);
    expect(text, "project count").toMatch(/\d+\s*\+?\s*projects/i);
    expect(hrefs(member, /^mailto:/).size).toBeGreaterThan(0);
    expect(hrefs(member, /^tel:/).size).toBeGreaterThan(0);
    expect(linksNamed(member, "Contact Me").map((a) => a.getAttribute("href"))).toEqual(["/contact-us"]);
    expect(hrefs(member, /^https?:\/\//).size, "social links").toBeGreaterThan(0);
    for (const qualification of ["Database Integration", "Digital marketing", "Software Development"])
      expect(text).toContain(qualification);
    for (const [skill, value] of [
      ["Programming Language", 88],
      ["Backend Development", 95],
      ["Product Design", 80],
    ] as const)
      expect(text).toMatch(new RegExp(`${skill}\\s*${value}\\s*%?`));
  });

  test("§2 'Header, menus, footer': Free Trial and Login links both go to /contact-us", async () => {
    const header = (await page("/")).querySelector("header");
    expect(header).not.toBeNull();
    for (const name of [/^Free Trial$/i, /^Log ?in$/i]) {
      const links = linksNamed(header!, name).map((a) => a.getAttribute("href"));
      expect(links.length, String(name)).toBeGreaterThan(0);
      expect(new Set(links), String(name)).toEqual(new Set(["/contact-us"]));
    }
  });

  test("§2 'Header, menus, footer': Footer: Who We Are, Our Services, FAQs, Contact Us, contact info, copyright with current year. External social links open in a new tab.", async () => {
    const footer = (await page("/about-us")).querySelector("footer");
    expect(footer).not.toBeNull();
    const text = textOf(footer);
    for (const part of ["Who We Are", "Our Services", "FAQs", "Contact Us"]) expect(text).toContain(part);
    expect(hrefs(footer!, /^tel:/).size, "phone").toBeGreaterThan(0);
    expect(hrefs(footer!, /^mailto:/).size, "e-mail").toBeGreaterThan(0);
    expect(text).toMatch(new RegExp(`(©|copyright)\\s*${new Date().getFullYear()}\\b`, "i"));
    const external = [...footer!.querySelectorAll("a[href^='http']")];
    expect(external.length).toBeGreaterThan(0);
    for (const a of external) expect(a.getAttribute("target"), a.getAttribute("href")!).toBe("_blank");
  });

  test("§2 'Blog': Each item: thumbnail, author, date, title, Continue Reading link to /blog-single-sidebar/{id}. Standard and sidebar lists also show an excerpt.", async () => {
    for (const path of ["/blog-standard", "/blog-with-sidebar", "/blog-2-column", "/blog-3-column"]) {
      for (const more of linksNamed(main(await page(path)), /^Continue Reading\b/)) {
        const href = more.getAttribute("href")!;
        expect(href, path).toMatch(/^\/blog-single-sidebar\/\d+$/);
        const item = more.closest("article, li") ?? undefined;
        expect(item, `${path} ${href}: the item`).toBeDefined();
        expect(item!.querySelector("img"), `${path} ${href}: thumbnail`).not.toBeNull();
        expect(titlesLinkingTo(item!, /./).get(href), `${path} ${href}: title`).toBeTruthy();
        const text = textOf(item);
        expect(text, `${path} ${href}: author`).toMatch(/\bBy\s+\S/);
        expect(text, `${path} ${href}: date`).toMatch(A_DATE);
        if (path === "/blog-standard" || path === "/blog-with-sidebar") {
          const excerpt = [...item!.querySelectorAll("p")].some((p) => textOf(p).length > 60);
          expect(excerpt, `${path} ${href}: excerpt`).toBe(true);
        }
      }
    }
  });
});
