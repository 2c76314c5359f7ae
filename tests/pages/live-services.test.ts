// @vitest-environment node
// The services are the database's (server/content/, the content type "service"): a service
// changed, added or unpublished there shows (or stops showing) within a second on every page that
// shows the services, with no stale copy kept: the three listings, the service's own page (its
// questions and the popular services), the home pages' teaser (dark ones too), the footer of every
// page, the menu's Service Details, the sitemap and the site search. An unpublished service's page
// is 404 and a service covered by it is listed without a link rather than leading to a 404. A
// service without a page of its own leads to the page covering it. Markup in a service is text.
// The built app in this process, on SQLite and on PostgreSQL (when it runs here).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homePathsWith } from "#app/config/home-layouts.ts";
import { serviceType } from "#app/content-types/service/type.ts";
import type { ServiceItem } from "#app/content-types/service/schema.ts";
import type { ContentInput } from "#server/content/repository.ts";
import { checkItems } from "#server/content/index.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { testDatabases, type Location } from "#server/db/testing/databases.ts";
import { fetchPage, startSite, within1s, type InProcessSite, inOrder } from "./site.ts";

const skip = skipWithoutBuild("the services from the database on every page");

const lists = ["/services", "/services-2", "/services-3"];
const teasers = homePathsWith("services-teaser");
/** Pages whose footer and menu are checked (any page has them). */
const others = ["/contact-us", "/faq", "/team"];

const seed = serviceType.seed as readonly ServiceItem[];
const byId = (id: number) => seed.find((s) => s.id === id)!;
const [mobile, web, business] = [byId(1), byId(2), byId(3)];
const branding = byId(8);
const logo = seed.find((s) => s.title === "Logo Design")!;

/** What a home page shows of the services: its teaser section. */
function teaserPart(html: string) {
  const start = html.indexOf('data-section="services-teaser"');
  if (start < 0) return "";
  const end = html.indexOf("data-section=", start + 1);
  return html.slice(start, end < 0 ? undefined : end);
}
/** A page's footer. */
const footerPart = (html: string) => html.slice(html.lastIndexOf("<footer"));
/** A service page's popular services (after its heading, before the sidebar). */
const popularPart = (html: string) => {
  const start = html.indexOf(">Popular services</h2>");
  return start < 0 ? "" : html.slice(start, html.indexOf("</article>", start));
};
/** HTML without the comments React puts between two texts ("Part of <!-- -->Branding"). */
const unmarked = (html: string) => html.replaceAll("<!-- -->", "");
/** HTML's text of a title or sentence as React writes it. */
const html = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");

const cloud: ServiceItem = {
  ...business,
  id: 25,
  title: "Cloud Migration",
  text: "Moving your systems to the cloud without a day of downtime, with costs you can predict.",
  popular: true,
  details: {
    ...business.details!,
    faq: [
      {
        question: "Which clouds do you work with?",
        answer: ["Every major provider, and Nigerian data centres when your data must stay here."],
      },
      ...business.details!.faq.slice(1),
    ],
  },
};

const databases = skip ? [] : await testDatabases("the services from the database on every page");

describe.skipIf(skip).each(databases.map((d) => [d.name, d] as const))(
  "the services from %s",
  (_, database) => {
    let site: InProcessSite;
    let location: Location;

    /** Replaces the services as `npm run content -- import` does: checked, then written. Items
     *  given as [item, "draft"] are imported unpublished. */
    async function importServices(items: readonly (ServiceItem | [ServiceItem, "draft"])[]) {
      const raw = items.map((i) => (Array.isArray(i) ? i[0] : i));
      const { items: checked, problems } = checkItems(serviceType as never, raw);
      expect(problems).toEqual([]);
      const withState: ContentInput[] = checked.map((c, i) =>
        Array.isArray(items[i]) ? { ...c, state: "draft" } : c,
      );
      return site.services.content.store.importType("service", withState, "amina@techspark.ng", Date.now());
    }

    beforeAll(async () => {
      location = await database.fresh();
      site = await startSite({ databaseUrl: location.databaseUrl });
      // Every page once, so that each is kept (and must be dropped when the services change).
      for (const path of [
        ...lists,
        ...teasers,
        ...others,
        ...seed.filter((s) => s.details).map((s) => `/services-details/${s.id}`),
        "/sitemap.xml",
        "/search?q=Branding",
      ])
        expect((await fetchPage(site.base, path)).status, path).toBe(200);
    });

    afterAll(async () => {
      await site?.stop();
      await location?.cleanup();
    });

    it("a fresh database shows the seed's 24 in order on the listings, their first three in the teasers, 1 and 2 as the popular ones", async () => {
      expect(teasers.length).toBeGreaterThan(2);
      expect(teasers.some((p) => p.endsWith("-dark"))).toBe(true);
      expect((await site.services.content.store.all("service")).map((i) => i.key)).toEqual(
        seed.map((s) => String(s.id)),
      );
      for (const path of lists) {
        const { text } = await fetchPage(site.base, path);
        expect(text, path).toContain("Twenty-four services from one team");
        expect(inOrder(text, [mobile.title, web.title, byId(4).title, byId(5).title]), path).toBe(true);
        expect(text, path).toContain('href="/services-details/8"');
      }
      for (const path of teasers) {
        const part = teaserPart((await fetchPage(site.base, path)).text);
        expect(inOrder(part, [mobile.title, web.title, business.title]), path).toBe(true);
        expect(part, path).not.toContain(byId(4).title);
      }
      const { text } = await fetchPage(site.base, "/services-details/3");
      expect(text).toContain(html(business.details!.faq[2]!.answer[0]!));
      expect(inOrder(popularPart(text), [mobile.title, web.title])).toBe(true);
      expect(footerPart(text)).toContain(">Data Analytics</a>");
    });

    it("a changed and an added service show on every page that shows the services within a second, in the footer, the sitemap and the search too", async () => {
      const answer = "Yes, in the first week: a call, then a written estimate you can take elsewhere.";
      const changedWeb: ServiceItem = {
        ...web,
        title: "Web Platforms",
        details: {
          ...web.details!,
          faq: [web.details!.faq[0]!, { ...web.details!.faq[1]!, answer: [answer] }, web.details!.faq[2]!],
        },
      };
      // 25 is marked popular, and put second: the first two marked in the list's order are shown.
      expect(await importServices([mobile, cloud, changedWeb, ...seed.slice(2)])).toMatchObject({ added: 1 });
      expect(
        await within1s(
          site.base,
          lists,
          ({ status, text }) =>
            status === 200 &&
            text.includes("Twenty-five services from one team") &&
            inOrder(text, [mobile.title, "Web Platforms", byId(4).title]) &&
            text.includes('href="/services-details/25"') &&
            !text.includes(">Web App Development<"),
        ),
      ).toEqual([]);
      // The teaser: the first three in the list's order now.
      expect(
        await within1s(site.base, teasers, ({ status, text }) => {
          const part = teaserPart(text);
          return status === 200 && inOrder(part, [mobile.title, cloud.title, "Web Platforms"]);
        }),
      ).toEqual([]);
      expect(
        await within1s(
          site.base,
          ["/services-details/2"],
          ({ status, text }) =>
            status === 200 &&
            text.includes("<title>Web Platforms | ") &&
            text.includes(answer) &&
            !text.includes(html(web.details!.faq[1]!.answer[0]!)),
        ),
      ).toEqual([]);
      expect(
        await within1s(
          site.base,
          ["/services-details/25"],
          ({ status, text }) =>
            status === 200 &&
            text.includes("<title>Cloud Migration | ") &&
            text.includes("Which clouds do you work with?") &&
            text.includes('"@type":"Service"') &&
            // Popular: 1 and 25, the first two marked; not 2, marked after them.
            inOrder(popularPart(text), [mobile.title, cloud.title]) &&
            !popularPart(text).includes("Web Platforms"),
        ),
      ).toEqual([]);
      // Every page's footer names 2 by its title now.
      expect(
        await within1s(
          site.base,
          [...others, "/services-details/1"],
          ({ text }) =>
            footerPart(text).includes(">Web Platforms</a>") && !text.includes(">Web App Development<"),
        ),
      ).toEqual([]);
      expect(
        await within1s(site.base, ["/sitemap.xml"], ({ text }) =>
          text.includes("/services-details/25</loc>"),
        ),
      ).toEqual([]);
      expect(
        await within1s(site.base, ["/search?q=Cloud+Migration"], ({ text }) =>
          text.includes('href="/services-details/25"'),
        ),
      ).toEqual([]);
    });

    it("an unpublished service is on no page within a second, its page 404; a service covered by it is listed without a link; the popular, the footer and the menu follow", async () => {
      const logoDesign = (text: string) => {
        const at = text.indexOf(logo.title);
        return text.slice(Math.max(0, at - 300), at + 300);
      };
      expect(
        await importServices([
          [mobile, "draft"],
          web,
          business,
          ...seed
            .slice(3)
            .map((s) => (s.id === 8 || s.id === 6 ? ([s, "draft"] as [ServiceItem, "draft"]) : s)),
        ]),
      ).toMatchObject({ added: 0 });
      expect(
        await within1s(
          site.base,
          ["/services-details/8", "/services-details/1", "/services-details/25"],
          ({ status }) => status === 404,
        ),
      ).toEqual([]);
      expect(
        await within1s(
          site.base,
          lists,
          ({ status, text }) =>
            status === 200 &&
            text.includes("Twenty-one services from one team") &&
            !text.includes('href="/services-details/8"') &&
            !text.includes('href="/services-details/1"') &&
            !text.includes(`>${branding.title}<`) &&
            // Logo Design: listed, without a link, without "Part of Branding".
            text.includes(`>${logo.title}<`) &&
            !logoDesign(text).includes("<a ") &&
            !unmarked(text).includes("Part of Branding"),
        ),
      ).toEqual([]);
      expect(
        await within1s(site.base, teasers, ({ status, text }) => {
          const part = teaserPart(text);
          return (
            status === 200 &&
            inOrder(part, [web.title, business.title, byId(4).title]) &&
            !part.includes(mobile.title)
          );
        }),
      ).toEqual([]);
      // A service's page: its sidebar and popular services lead to no page that is gone.
      expect(
        await within1s(site.base, ["/services-details/3"], ({ status, text }) => {
          const popular = popularPart(text);
          return (
            status === 200 &&
            !text.includes('href="/services-details/8"') &&
            !text.includes('href="/services-details/1"') &&
            popular.includes(web.title) &&
            !popular.includes(mobile.title)
          );
        }),
      ).toEqual([]);
      // Every page's footer leaves out 1 and 6; the menu's Service Details leads to 2.
      expect(
        await within1s(site.base, others, ({ status, text }) => {
          const footer = footerPart(text);
          return (
            status === 200 &&
            !footer.includes(mobile.title) &&
            !footer.includes("Data Analytics") &&
            footer.includes(`>${web.title}</a>`) &&
            !text.includes('href="/services-details/1"') &&
            text.includes('href="/services-details/2"')
          );
        }),
      ).toEqual([]);
      expect(
        await within1s(
          site.base,
          ["/sitemap.xml"],
          ({ text }) =>
            !text.includes("/services-details/8</loc>") &&
            !text.includes("/services-details/1</loc>") &&
            text.includes("/services-details/2</loc>"),
        ),
      ).toEqual([]);
      expect(
        await within1s(
          site.base,
          ["/search?q=Branding"],
          ({ status, text }) => status === 200 && !text.includes('href="/services-details/8"'),
        ),
      ).toEqual([]);
      // The bare /services-details leads to the first service with a page shown, not to 1's 404.
      const bare = await fetch(`${site.base}/services-details`, { redirect: "manual" });
      expect(bare.status).toBe(302);
      expect(bare.headers.get("location")).toBe("/services-details/2");
    });

    it("a service without a page of its own leads to the page covering it; its own address is 404", async () => {
      const icons: ServiceItem = {
        id: 27,
        title: "Icon Design",
        text: "Icons drawn for your app and website, in one style, at every size your screens need.",
        icon: "shapes",
        image: "service-graphic-design",
        group: "branding",
        coveredBy: 4,
      };
      await importServices([...seed, icons]);
      expect(
        await within1s(site.base, lists, ({ status, text }) => {
          const at = text.indexOf(icons.title);
          const card = text.slice(Math.max(0, at - 300), at + 400);
          return (
            status === 200 &&
            at > 0 &&
            card.includes('href="/services-details/4"') &&
            unmarked(card).includes("Part of Web Design")
          );
        }),
      ).toEqual([]);
      expect(await within1s(site.base, ["/services-details/27"], ({ status }) => status === 404)).toEqual([]);
      expect((await fetchPage(site.base, "/sitemap.xml")).text).not.toContain("/services-details/27<");
    });

    it("a service's title, summary and questions with markup are text on every page that shows them", async () => {
      const title = 'Hostile </script><script>alert(1)</script> & <b>"Apps"</b>';
      await importServices([
        {
          ...mobile,
          title,
          text: "A summary with <img src=x onerror=alert(2)> inside it, long enough.",
          details: {
            ...mobile.details!,
            faq: [
              {
                question: "<i>Why</i> ask?",
                answer: ["An answer with </script><u>tags</u> in it, and more."],
              },
              ...mobile.details!.faq.slice(1),
            ],
          },
        },
        ...seed.slice(1),
      ]);
      const pages = [...lists, ...teasers, ...others, "/services-details/1", "/services-details/2"];
      expect(
        await within1s(site.base, pages, ({ status, text }) => status === 200 && text.includes("Hostile ")),
      ).toEqual([]);
      for (const path of pages) {
        const { text } = await fetchPage(site.base, path);
        expect(text, path).not.toContain("<script>alert(1)");
        expect(text, path).not.toContain("<img src=x");
        expect(text, path).not.toContain("<b>");
      }
      const { text } = await fetchPage(site.base, "/services-details/1");
      expect(text).not.toContain("<i>Why</i>");
      expect(text).not.toContain("<u>tags</u>");
      expect(text).toContain("&lt;i&gt;Why&lt;/i&gt; ask?");
    });
  },
);
