// @vitest-environment node
// The team is the database's (server/content/, the content type "team"): a member changed, added
// or hidden there shows (or stops showing) within a second on every page that shows the team, with
// no stale copy kept: the three listings, the member's own page, /about-us's teaser, the home
// pages with the team teaser (dark ones too), the sitemap and the site search. A member who left
// (hidden) has no page (404), is on no list, and the posts they wrote still name them, without a
// link to the page that is gone. Markup in a member's fields is text.
// The built app in this process, on SQLite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePathsWith } from "#app/config/home-layouts.ts";
import { blogLists, postPath } from "#app/config/blog.ts";
import { teamType } from "#app/content-types/team/type.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import { blogSources } from "#app/content/blog-posts.server.ts";
import { checkItems } from "#server/content/index.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { fetchPage, startSite, within1s, type InProcessSite, inOrder } from "./site.ts";

const skip = skipWithoutBuild("the team from the database on every page");

const lists = ["/team", "/team-2", "/team-3"];
/** The pages with the first three members: /about-us and the home pages with the teaser. */
const homeTeasers = homePathsWith("team-teaser");
const teasers = ["/about-us", ...homeTeasers];

/** What a page shows of the team: a home page's team section (its blog teaser names authors
 *  too), any other page whole. */
function teamPart(html: string, path: string) {
  if (!homeTeasers.includes(path)) return html;
  const start = html.indexOf('data-section="team-teaser"');
  if (start < 0) return "";
  const end = html.indexOf("data-section=", start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}
const [chinedu, amina, tunde, zainab, emeka, halima] = teamType.seed;
/** A post Emeka Nwosu wrote (the seed's). */
const emekasPost = blogSources().find((p) => p.author === emeka!.name)!;

const ada: TeamMember = {
  ...zainab!,
  id: 7,
  name: "Adaeze Obi",
  profession: "Data Engineering Lead",
  bio: [
    "Adaeze builds the data pipelines behind our dashboards, from the first spreadsheet to the warehouse.",
  ],
  email: "adaeze@techspark.ng",
  phone: "+234 803 555 0107",
};

describe.skipIf(skip)("the team from the database", () => {
  let site: InProcessSite;

  /** Replaces the team as `npm run content -- import` does: checked, then written. */
  async function importTeam(items: readonly TeamMember[]) {
    const { items: checked, problems } = checkItems(teamType as never, items);
    expect(problems).toEqual([]);
    return site.services.content.store.importType("team", checked, "amina@techspark.ng", Date.now());
  }

  beforeAll(async () => {
    site = await startSite();
    // Every page once, so that each is kept (and must be dropped when the team changes).
    for (const path of [
      ...lists,
      ...teasers,
      ...teamType.seed.map((m) => `/team-details/${m.id}`),
      postPath(emekasPost.id),
      "/sitemap.xml",
      "/search?q=Emeka",
    ])
      expect((await fetchPage(site.base, path)).status, path).toBe(200);
  });

  afterAll(() => site?.stop());

  it("a fresh database shows the seed's six, in order, on the listings, and their first three in the teasers", async () => {
    expect(teasers.length).toBeGreaterThan(2);
    expect(teasers.some((p) => p.endsWith("-dark"))).toBe(true);
    expect((await site.services.content.store.all("team")).map((i) => i.key)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
    ]);
    for (const path of lists) {
      const { text } = await fetchPage(site.base, path);
      expect(
        inOrder(
          text,
          teamType.seed.map((m) => m.name),
        ),
        path,
      ).toBe(true);
    }
    for (const path of teasers) {
      const { text } = await fetchPage(site.base, path);
      expect(inOrder(text, [chinedu!.name, amina!.name, tunde!.name]), path).toBe(true);
      expect(text, path).not.toContain(zainab!.name);
    }
    const { text } = await fetchPage(site.base, "/team-details/3");
    expect(text).toContain(tunde!.bio[1]!.replaceAll("'", "&#x27;"));
    expect(text).toContain('href="tel:+2348035550103"');
  });

  it("a changed and an added member show on every page that shows the team within a second, in the sitemap and the search too", async () => {
    expect(
      await importTeam([
        chinedu!,
        { ...tunde!, profession: "Chief Technology Officer", phone: "+234 (0) 809 111 2233" },
        ada,
        amina!,
        zainab!,
        emeka!,
        halima!,
      ]),
    ).toMatchObject({ added: 1 });
    expect(
      await within1s(
        site.base,
        lists,
        ({ status, text }) =>
          status === 200 &&
          inOrder(text, [chinedu!.name, tunde!.name, ada.name, amina!.name]) &&
          text.includes("Chief Technology Officer"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        teasers,
        ({ status, text }) =>
          status === 200 &&
          inOrder(text, [chinedu!.name, tunde!.name, ada.name]) &&
          !text.includes(amina!.name) &&
          text.includes("Chief Technology Officer"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/team-details/3"],
        ({ status, text }) =>
          status === 200 &&
          text.includes("Chief Technology Officer") &&
          text.includes('href="tel:+2340809111223') &&
          text.includes("+234 (0) 809 111 2233"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/team-details/7"],
        ({ status, text }) =>
          status === 200 &&
          text.includes("Adaeze builds the data pipelines") &&
          text.includes("<title>Adaeze Obi, Data Engineering Lead") &&
          text.includes('"@type":"Person"'),
      ),
    ).toEqual([]);
    expect(
      await within1s(site.base, ["/sitemap.xml"], ({ text }) => text.includes("/team-details/7</loc>")),
    ).toEqual([]);
    expect(
      await within1s(site.base, ["/search?q=Adaeze"], ({ text }) => text.includes('href="/team-details/7"')),
    ).toEqual([]);
  });

  it("a member who left (hidden) is on no page, list, sitemap or search within a second, their page 404; their post still names them, without a link", async () => {
    expect(
      await importTeam([
        { ...chinedu!, hidden: true },
        tunde!,
        ada,
        amina!,
        zainab!,
        { ...emeka!, hidden: true },
        halima!,
      ]),
    ).toMatchObject({ added: 0 });
    expect(
      await within1s(site.base, [...lists, ...teasers], ({ status, text }, path) => {
        const team = teamPart(text, path);
        return (
          status === 200 &&
          !team.includes(emeka!.name) &&
          !team.includes(chinedu!.name) &&
          !team.includes("team-chinedu-okafor") &&
          !team.includes('href="/team-details/5"') &&
          team.includes(tunde!.name)
        );
      }),
    ).toEqual([]);
    expect(
      await within1s(site.base, ["/team-details/5", "/team-details/1"], ({ status }) => status === 404),
    ).toEqual([]);
    // The menu's "Team Details" (every page's header) leads to the first member shown, not to
    // the page of the one who left.
    expect(
      await within1s(
        site.base,
        ["/contact-us", "/faq", "/blog-standard"],
        ({ status, text }) =>
          status === 200 &&
          !text.includes('href="/team-details/1"') &&
          text.includes(`href="/team-details/${tunde!.id}"`),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/sitemap.xml"],
        ({ text }) =>
          !text.includes("/team-details/5</loc>") &&
          !text.includes("/team-details/1</loc>") &&
          text.includes("/team-details/7</loc>"),
      ),
    ).toEqual([]);
    expect(
      await within1s(
        site.base,
        ["/search?q=Nwosu"],
        ({ status, text }) => status === 200 && !text.includes('href="/team-details/5"'),
      ),
    ).toEqual([]);
    // The bare /team-details leads to the first member shown, not to the one who left (not kept:
    // it changed with the team).
    const bare = await fetch(`${site.base}/team-details`, { redirect: "manual" });
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe(`/team-details/${tunde!.id}`);
    // The post Emeka wrote: his name, role and note; no link to his page, in the markup or the data.
    const { status, text } = await fetchPage(site.base, postPath(emekasPost.id));
    expect(status).toBe(200);
    expect(text).toContain(emeka!.name);
    expect(text).toContain(emeka!.profession);
    expect(text).not.toContain("/team-details/5");
    expect(text).not.toContain(`More about ${emeka!.name.split(" ")[0]}`);
    // The blog's list still shows it, with its author.
    const list = await fetchPage(site.base, blogLists[0].path);
    expect(list.text).toContain(emeka!.name);
  });

  it("a member's name, role and bio with markup are text on every page that shows them", async () => {
    const name = 'Hostile </script><script>alert(1)</script> & <b>"Name"</b>';
    await importTeam([
      {
        ...ada,
        name,
        profession: "Lead <img src=x onerror=alert(2)>",
        bio: ["A biography with </script><i>tags</i> in it, and nothing else of note."],
      },
      tunde!,
      amina!,
    ]);
    const pages = [...lists, ...teasers, "/team-details/7"];
    expect(
      await within1s(site.base, pages, ({ status, text }) => status === 200 && text.includes("Hostile ")),
    ).toEqual([]);
    for (const path of pages) {
      const { text } = await fetchPage(site.base, path);
      expect(text, path).not.toContain("<script>alert(1)");
      expect(text, path).not.toContain("<img src=x");
      expect(text, path).not.toContain("<i>tags</i>");
    }
  });

  it("none shown leaves the teasers out; the listings and the other pages still answer", async () => {
    await importTeam([{ ...tunde!, hidden: true }]);
    expect(
      await within1s(
        site.base,
        [...lists, ...teasers],
        ({ status, text }, path) => status === 200 && !teamPart(text, path).includes(tunde!.name),
      ),
    ).toEqual([]);
    for (const path of homeTeasers) {
      const { text } = await fetchPage(site.base, path);
      expect(text, path).not.toContain('data-section="team-teaser"');
    }
    expect((await fetchPage(site.base, "/about-us")).text).not.toContain("team-tunde-adeyemi");
    // No member to lead to: the bare path is a 404 rather than a redirect to one.
    expect((await fetch(`${site.base}/team-details`, { redirect: "manual" })).status).toBe(404);
  });
});
