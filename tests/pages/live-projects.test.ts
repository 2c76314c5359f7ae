// @vitest-environment node
// The projects are the database's (server/content/, the content type "project"): a case study
// changed, added, unpublished or deleted there shows (or stops showing) within a second on every
// page that shows it, with no stale copy kept: the three galleries, its own page and its
// neighbours' links, the home pages with the projects teaser (dark ones too), the menu's "Project
// Details", the sitemap and the site search. An unpublished or deleted project's page is 404.
// Markup in a project's fields is text. None published: every page still answers.
// The built app in this process, on SQLite; then two instances on one PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePathsWith } from "#app/config/home-layouts.ts";
import { projectType } from "#app/content-types/project/type.ts";
import type { Project } from "#app/content-types/project/schema.ts";
import { checkItems } from "#server/content/index.ts";
import { deferrals, testDatabases } from "#server/db/testing/databases.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { fetchPage, startSite, within1s, type InProcessSite, inOrder } from "./site.ts";

const skip = skipWithoutBuild("the projects from the database on every page");

const galleries = ["/project-2-column", "/project-3-column", "/project-carousel"];
/** The home pages with the projects teaser (the first three, or six on the rail). */
const teasers = homePathsWith("projects-teaser");

/** What a home page shows of the projects: its projects section alone. */
function projectsPart(html: string) {
  const start = html.indexOf('data-section="projects-teaser"');
  if (start < 0) return "";
  const end = html.indexOf("data-section=", start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}

const [kubwa, healthline, harvest, paywise, edubridge, survey] = projectType.seed;

const tracker: Project = {
  ...paywise!,
  id: 7,
  title: "Lagos Freight Tracker",
  tags: ["Research", "Development"],
  summary: "A live map of every container truck between Apapa and Ikeja for a freight co-operative.",
  client: "Apapa Hauliers Co-operative",
  projectType: "Logistics web app",
  date: "2026-02",
  address: "Apapa, Lagos",
  challenge: ["Hauliers lost two days a week waiting at the port gates without knowing why."],
};

/** A project's card or link, as the pages write it. */
const linkTo = (id: number) => `href="/project-details/${id}"`;

describe.skipIf(skip)("the projects from the database", () => {
  let site: InProcessSite;

  /** Replaces the projects as `npm run content -- import` does: checked, then written; the keys
   *  in `drafts` unpublished. */
  async function importProjects(items: readonly Project[], drafts: readonly number[] = []) {
    const { items: checked, problems } = checkItems(projectType as never, items);
    expect(problems).toEqual([]);
    return site.services.content.store.importType(
      "project",
      checked.map((i) => (drafts.map(String).includes(i.key) ? { ...i, state: "draft" as const } : i)),
      "amina@techspark.ng",
      Date.now(),
    );
  }

  beforeAll(async () => {
    site = await startSite();
    // Every page once, so that each is kept (and must be dropped when the projects change).
    for (const path of [
      ...galleries,
      ...teasers,
      ...projectType.seed.map((p) => `/project-details/${p.id}`),
      "/contact-us",
      "/sitemap.xml",
      "/search?q=Kubwa",
    ])
      expect((await fetchPage(site.base, path)).status, path).toBe(200);
  });

  afterAll(() => site?.stop());

  it("a fresh database shows the seed's six, in order, on the galleries, and the first in the teasers", async () => {
    expect(teasers.length).toBeGreaterThan(2);
    expect(teasers.some((p) => p.endsWith("-dark"))).toBe(true);
    expect((await site.services.content.store.all("project")).map((i) => i.key)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    for (const path of galleries) {
      const { text } = await fetchPage(site.base, path);
      expect(
        inOrder(
          text,
          projectType.seed.map((p) => p.title),
        ),
        path,
      ).toBe(true);
      expect(text, path).toContain("Six projects for clients across Nigeria");
    }
    for (const path of teasers) {
      const part = projectsPart((await fetchPage(site.base, path)).text);
      expect(inOrder(part, [kubwa!.title, healthline!.title, harvest!.title]), path).toBe(true);
    }
    const { text } = await fetchPage(site.base, "/project-details/2");
    expect(text).toContain(healthline!.client);
    expect(text).toContain("November 2024");
    expect(text).toContain(linkTo(1));
    expect(text).toContain(linkTo(3));
  });

  it("a changed and an added project show on every page that shows the projects within a second, in the sitemap and the search too", async () => {
    expect(
      await importProjects([
        { ...kubwa!, client: "Kubwa Traders Co-operative", tags: ["Digital"] },
        tracker,
        healthline!,
        harvest!,
        paywise!,
        edubridge!,
        survey!,
      ]),
    ).toMatchObject({ added: 1 });
    expect(
      await within1s(
        site.base,
        galleries,
        ({ status, text }) =>
          status === 200 &&
          inOrder(text, [kubwa!.title, tracker.title, healthline!.title, survey!.title]) &&
          text.includes("Seven projects for clients") &&
          text.includes(linkTo(7)),
      ),
    ).toEqual([]);
    // The three-column gallery's description counts them too.
    expect(
      await within1s(site.base, ["/project-3-column"], ({ text }) =>
        text.includes('<meta name="description" content="Seven TechSpark case studies at a glance'),
      ),
    ).toEqual([]);
    expect(
      await within1s(site.base, teasers, ({ status, text }) => {
        const part = projectsPart(text);
        return status === 200 && inOrder(part, [kubwa!.title, tracker.title, healthline!.title]);
      }),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/project-details/1"],
        ({ status, text }) =>
          status === 200 &&
          text.includes("Kubwa Traders Co-operative") &&
          !text.includes("Kubwa Market Traders Association") &&
          text.includes(linkTo(7)),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/project-details/7"],
        ({ status, text }) =>
          status === 200 &&
          text.includes("<title>Lagos Freight Tracker: Case Study") &&
          text.includes("Apapa Hauliers Co-operative") &&
          text.includes("February 2026") &&
          text.includes("Apapa, Lagos") &&
          // Its neighbours on the list: Kubwa before it, HealthLine after.
          text.includes(linkTo(1)) &&
          text.includes(linkTo(2)),
      ),
    ).toEqual([]);
    expect(
      await within1s(site.base, ["/sitemap.xml"], ({ text }) => text.includes("/project-details/7</loc>")),
    ).toEqual([]);
    expect(await within1s(site.base, ["/search?q=Freight"], ({ text }) => text.includes(linkTo(7)))).toEqual(
      [],
    );
  });

  it("an unpublished and a deleted project are on no gallery, teaser, neighbour link, sitemap or search within a second, their pages 404", async () => {
    await importProjects([kubwa!, tracker, healthline!, harvest!, edubridge!, survey!], [1]);
    const gone = (text: string) =>
      !text.includes(kubwa!.title) &&
      !text.includes(paywise!.title) &&
      !text.includes(linkTo(1)) &&
      !text.includes(linkTo(4));
    expect(
      await within1s(
        site.base,
        galleries,
        ({ status, text }) => status === 200 && gone(text) && text.includes("Five projects for clients"),
      ),
    ).toEqual([]);
    expect(
      await within1s(site.base, teasers, ({ status, text }) => {
        const part = projectsPart(text);
        return status === 200 && gone(part) && inOrder(part, [tracker.title, healthline!.title]);
      }),
    ).toEqual([]);
    expect(
      await within1s(site.base, ["/project-details/1", "/project-details/4"], ({ status }) => status === 404),
    ).toEqual([]);
    // The first shown (7) wraps round to the last (6), not to the unpublished one.
    expect(
      await within1s(
        site.base,
        ["/project-details/7", "/project-details/5"],
        ({ status, text }) => status === 200 && !text.includes(linkTo(1)) && !text.includes(linkTo(4)),
      ),
    ).toEqual([]);
    // The menu's "Project Details" (every page's header) leads to the first project shown.
    expect(
      await within1s(
        site.base,
        ["/contact-us", "/faq"],
        ({ status, text }) => status === 200 && !text.includes(linkTo(1)) && text.includes(linkTo(7)),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/sitemap.xml"],
        ({ text }) =>
          !text.includes("/project-details/1</loc>") &&
          !text.includes("/project-details/4</loc>") &&
          text.includes("/project-details/7</loc>"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/search?q=PayWise", "/search?q=Kubwa+Market"],
        ({ status, text }) => status === 200 && !text.includes(linkTo(4)) && !text.includes(linkTo(1)),
      ),
    ).toEqual([]);
  });

  it("a project's title, summary, client and case study with markup are text on every page that shows them", async () => {
    const title = 'Hostile </script><script>alert(1)</script> & <b>"Title"</b>';
    await importProjects([
      {
        ...tracker,
        title,
        summary: "A summary with <img src=x onerror=alert(2)> in it, and nothing else.",
        client: "Client <i>italic</i> Ltd",
        approach: ["An approach with </script><i>tags</i> in it, and nothing else of note."],
      },
      healthline!,
    ]);
    const pages = [...galleries, ...teasers, "/project-details/7", "/project-details/2"];
    expect(
      await within1s(site.base, pages, ({ status, text }) => status === 200 && text.includes("Hostile ")),
    ).toEqual([]);
    for (const path of pages) {
      const { text } = await fetchPage(site.base, path);
      expect(text, path).not.toContain("<script>alert(1)");
      expect(text, path).not.toContain("<img src=x");
      expect(text, path).not.toContain("<i>");
    }
  });

  it("one project has no neighbour links; none published leaves the teasers out, the galleries say so, every page answers", async () => {
    await importProjects([healthline!]);
    expect(
      await within1s(
        site.base,
        ["/project-details/2"],
        ({ status, text }) =>
          status === 200 && text.includes(healthline!.title) && !text.includes("More case studies"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        galleries,
        ({ status, text }) => status === 200 && text.includes("One project for clients"),
      ),
    ).toEqual([]);
    await importProjects([healthline!], [2]);
    expect(
      await within1s(
        site.base,
        galleries,
        ({ status, text }) =>
          status === 200 && text.includes("Our case studies are being updated") && !text.includes(linkTo(2)),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        teasers,
        ({ status, text }) => status === 200 && !text.includes('data-section="projects-teaser"'),
      ),
    ).toEqual([]);
    expect(await within1s(site.base, ["/project-details/2"], ({ status }) => status === 404)).toEqual([]);
    // The menu's "Project Details" leads to the first gallery then.
    const { text } = await fetchPage(site.base, "/contact-us");
    expect(text).not.toContain('href="/project-details/');
    const sitemap = await fetchPage(site.base, "/sitemap.xml");
    expect(sitemap.text).not.toContain("/project-details/");
  });
});

const postgres = (await testDatabases("The projects on two instances")).find((d) => d.name === "PostgreSQL");
const defer = deferrals();

describe.skipIf(skip || !postgres)("the projects on two instances of one PostgreSQL database", () => {
  it("a project changed and the list sorted on one instance show on the other within a second", async () => {
    const location = await postgres!.fresh();
    defer(() => location.cleanup());
    const one = await startSite({ databaseUrl: location.databaseUrl });
    defer(() => one.stop());
    const two = await startSite({ databaseUrl: location.databaseUrl });
    defer(() => two.stop());
    for (const path of [...galleries, "/project-details/3"])
      expect((await fetchPage(two.base, path)).status, path).toBe(200);
    const { items: checked } = checkItems(projectType as never, [
      survey!,
      kubwa!,
      healthline!,
      { ...harvest!, client: "Naija Harvest Foods and Sons" },
      paywise!,
      edubridge!,
    ]);
    await one.services.content.store.importType("project", checked, "amina@techspark.ng", Date.now());
    expect(
      await within1s(
        two.base,
        ["/project-details/3"],
        ({ status, text }) => status === 200 && text.includes("Naija Harvest Foods and Sons"),
      ),
    ).toEqual([]);
    expect(
      await within1s(two.base, galleries, ({ text }) => inOrder(text, [survey!.title, kubwa!.title])),
    ).toEqual([]);
    // Sorted by date on the first (the console's order, newest first): the second follows.
    expect(
      await one.services.content.store.order("project", ["1", "2", "3", "4", "5", "6"], Date.now()),
    ).toBe(true);
    expect(
      await within1s(two.base, galleries, ({ text }) => inOrder(text, [kubwa!.title, survey!.title])),
    ).toEqual([]);
  });
});
