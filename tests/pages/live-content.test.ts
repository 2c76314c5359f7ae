// @vitest-environment node
// The FAQ is the database's (server/content/): a question changed, added or removed there shows
// (or stops showing) within a second on every page that shows the FAQ, with no stale copy kept:
// the FAQ page (its accordion and its FAQPage data), the pricing page's questions and the home
// pages' featured ones. An item the schema refuses (written by hand) is left out, the rest shown.
// The built app in this process, on SQLite.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeLayouts, homePages } from "#app/config/home-layouts.ts";
import { faqType, type Faq } from "#app/config/content-types.ts";
import { checkItems } from "#server/content/index.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { fetchPage, startSite, within1s, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the FAQ from the database on every page");

/** The home pages whose layout has the FAQ block. */
const homesWithFaq = homePages
  .filter((p) => homeLayouts[p.layout].some((s) => s.kind === "faq-meters"))
  .map((p) => p.path);

describe.skipIf(skip)("the FAQ from the database", () => {
  let site: InProcessSite;
  const seed = faqType.seed;
  const pages = () => ["/faq", "/pricing", ...homesWithFaq];

  /** Replaces the FAQ as `npm run content -- import` does: checked, then written. */
  async function importFaq(items: readonly Faq[]) {
    const { items: checked, problems } = checkItems(faqType, items);
    expect(problems).toEqual([]);
    return site.services.content.store.importType("faq", checked, "amina@techspark.ng", Date.now());
  }

  beforeAll(async () => {
    site = await startSite();
    // Every page once, so that each is kept (and must be dropped when the FAQ changes).
    for (const path of pages()) expect((await fetchPage(site.base, path)).status, path).toBe(200);
  });

  afterAll(() => site?.stop());

  it("a fresh database shows the seed's questions on the FAQ page, in order", async () => {
    expect(homesWithFaq.length).toBeGreaterThan(0);
    expect((await site.services.content.store.all("faq")).map((i) => i.key)).toEqual(seed.map((f) => f.id));
    const { text } = await fetchPage(site.base, "/faq");
    const positions = seed.map((f) => text.indexOf(f.question.replaceAll("'", "&#x27;")));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("a changed, an added and a removed question show on every page within a second", async () => {
    const [first, second, ...rest] = seed;
    const cost = seed.find((f) => f.id === "how-much-does-it-cost")!;
    const changed: Faq[] = [
      { ...first!, question: "How long has TechSpark been building for Abuja businesses?" },
      {
        id: "do-you-work-weekends",
        question: "Do you answer enquiries at weekends?",
        answer: ["We read every enquiry on Saturday mornings and reply by Monday at the latest."],
        featured: true,
      },
      ...rest.map((f) => (f.id === cost.id ? { ...f, question: "What will my project cost in naira?" } : f)),
    ];
    expect(await importFaq(changed)).toMatchObject({ added: 1, removed: 1 });

    const faqPage = await within1s(
      site.base,
      ["/faq"],
      ({ status, text }) =>
        status === 200 &&
        text.includes("How long has TechSpark been building for Abuja businesses?") &&
        text.includes("Do you answer enquiries at weekends?") &&
        !text.includes(second!.question.replaceAll("'", "&#x27;")) &&
        // The FAQPage data says the same.
        /"@type":"FAQPage".*Do you answer enquiries at weekends\?/.test(text),
    );
    expect(faqPage).toEqual([]);
    expect(
      await within1s(site.base, ["/pricing"], ({ text }) =>
        text.includes("What will my project cost in naira?"),
      ),
    ).toEqual([]);
    expect(
      await within1s(site.base, homesWithFaq, ({ text }) =>
        text.includes("Do you answer enquiries at weekends?"),
      ),
    ).toEqual([]);
  });

  it("a question and answer with markup are text on every page that shows them, in the FAQPage data too", async () => {
    const question = 'Hostile </script><script>alert(1)</script> & <b>"quoted"</b> question?';
    await importFaq([
      {
        id: "hostile",
        question,
        answer: ["An answer with </script><img src=x onerror=alert(2)> and <i>tags</i> in it."],
        featured: true,
      },
      ...(await site.services.content.store.all("faq")).map((i) => i.payload as Faq),
    ]);
    expect(
      await within1s(
        site.base,
        ["/faq", ...homesWithFaq],
        ({ status, text }) => status === 200 && text.includes("Hostile "),
      ),
    ).toEqual([]);
    for (const path of ["/faq", ...homesWithFaq]) {
      const { text } = await fetchPage(site.base, path);
      expect(text, path).not.toContain("<script>alert(1)");
      expect(text, path).not.toContain("<img src=x");
      expect(text, path).not.toContain('<b>"quoted"</b>');
    }
  });

  it("an item the schema refuses, written by hand, is left out; the rest is shown", async () => {
    const before = await site.services.content.store.version();
    await sql`update content_item set payload = ${JSON.stringify({ id: "broken", question: "no mark" })}
              where type = 'faq' and key = 'do-you-work-weekends'`.execute(site.services.db.kysely);
    await sql`update content_version set version = version + 1`.execute(site.services.db.kysely);
    expect(await site.services.content.store.version()).toBe(before + 1);
    expect(
      await within1s(
        site.base,
        ["/faq"],
        ({ status, text }) =>
          status === 200 && !text.includes("Do you answer enquiries at weekends?") && text.includes("naira"),
      ),
    ).toEqual([]);
  });
});
