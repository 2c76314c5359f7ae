// @vitest-environment node
// The agency's details are the database's (the content type `agency`, one item): the address,
// phone numbers, e-mail addresses, opening hours, map link and social links that the header, footer,
// side panel, contact blocks, service sidebar and structured data of every page show. Changed,
// they show within a second on every page, and the old ones on none (no page kept from before).
// The built app in this process, on SQLite.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyType } from "#app/content-types/agency/type.ts";
import type { Agency } from "#app/content-types/agency/schema.ts";
import { checkItems } from "#server/content/index.ts";
import { ROOT, skipWithoutBuild } from "#server/testing/server-process.ts";
import { sweepPages } from "../e2e/sweep.ts";
import type { BuiltPage } from "../e2e/pages.ts";
import { fetchPage, startSite, within1s, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the agency's details from the database on every page");
const registry: BuiltPage[] = skip
  ? []
  : JSON.parse(readFileSync(path.join(ROOT, "build", "pages.json"), "utf8"));

const seed = agencyType.item.parse(agencyType.seed[0]);

const changed: Agency = {
  id: "agency",
  address: {
    street: "12 Arab Road",
    locality: "Kubwa",
    region: "Abuja, FCT",
    country: "Nigeria",
    countryCode: "NG",
  },
  mapLink: "https://www.openstreetmap.org/search?query=12%20Arab%20Road%20Kubwa",
  phones: ["+234 809 111 2233", "0700 832 7775"],
  emails: ["studio@techspark.ng"],
  hours: "Monday – Saturday, 9:00 – 18:00 (WAT)",
  socials: [{ label: "LinkedIn", href: "https://www.linkedin.com/company/techspark-studio" }],
};

/** What a page shows of a set of details in its HTML. */
const shows = (text: string, a: Agency) =>
  text.includes(`href="tel:${a.phones[0]!.replace(/[^\d+]/g, "")}"`) &&
  text.includes(`href="mailto:${a.emails[0]}"`) &&
  text.includes(a.address.street) &&
  a.socials.every((s) => text.includes(`href="${s.href}"`));

describe.skipIf(skip)("the agency's details from the database", () => {
  let site: InProcessSite;
  // Every page, a few at a time (the server answers a flood beyond its limit with 503).
  const limit = pLimit(6);
  const everyPage = async (check: (text: string) => boolean) =>
    (
      await Promise.all(
        registry.map((p) =>
          limit(async () => {
            const { status, text } = await fetchPage(site.base, p.path);
            return status === 200 && check(text) ? null : `${status} ${p.path}`;
          }),
        ),
      )
    ).filter(Boolean);

  /** Replaces the details as `npm run content -- import` does: checked, then written. */
  async function importAgency(items: readonly Agency[]) {
    const { items: checked, problems } = checkItems(agencyType, items);
    expect(problems).toEqual([]);
    return site.services.content.store.importType("agency", checked, "amina@techspark.ng", Date.now());
  }

  beforeAll(async () => {
    site = await startSite();
  });

  afterAll(() => site?.stop());

  it("a fresh database shows the seed's details on every page, each page kept", async () => {
    expect(registry.length).toBeGreaterThan(80);
    expect(await everyPage((text) => shows(text, seed))).toEqual([]);
    // Without a map link the address is plain text.
    const contact = await fetchPage(site.base, "/contact-us");
    expect(contact.text).toContain(seed.hours);
    expect(contact.text).not.toContain("openstreetmap");
  });

  it("changed details show on every page within a second, and the old ones on none", async () => {
    await importAgency([changed]);
    const templates = sweepPages(registry).map((p) => p.path);
    expect(
      await within1s(
        site.base,
        templates,
        ({ status, text }) => status === 200 && shows(text, changed) && !text.includes(seed.phones[0]!),
      ),
    ).toEqual([]);
    // Every page: the new phone numbers, e-mail, address and profile, and nothing of the old ones.
    expect(
      await everyPage(
        (text) =>
          shows(text, changed) &&
          text.includes(`href="tel:07008327775"`) &&
          !text.includes(seed.phones[0]!) &&
          !text.includes(seed.emails[0]!) &&
          !text.includes(seed.address.street) &&
          !seed.socials.some((s) => text.includes(s.href)),
      ),
    ).toEqual([]);

    // The contact page: the hours, and the address opening the map in a new tab.
    const contact = await fetchPage(site.base, "/contact-us");
    expect(contact.text).toContain(changed.hours);
    expect(contact.text).toMatch(
      /<a href="https:\/\/www\.openstreetmap\.org\/search\?query=12%20Arab%20Road%20Kubwa"[^>]*target="_blank" rel="noopener noreferrer"/,
    );
    // A home page's contact block says the hours too.
    expect((await fetchPage(site.base, "/")).text).toContain(changed.hours);
    // A service's sidebar and its structured data.
    const service = registry.find((p) => p.path.startsWith("/services-details/"))!.path;
    const { text } = await fetchPage(site.base, service);
    expect(text).toMatch(/"telephone":"\+2348091112233"/);
    expect(text).toMatch(/"email":"studio@techspark\.ng"/);
    expect(text).toMatch(/"streetAddress":"12 Arab Road"/);
  });

  it("markup in the details is text on every page, in the structured data too", async () => {
    const street = `Plot 7 </script><script>alert(1)</script> <b>Road</b>`;
    await importAgency([
      { ...changed, address: { ...changed.address, street }, hours: "<i>Always</i> open" },
    ]);
    const templates = sweepPages(registry).map((p) => p.path);
    expect(
      await within1s(site.base, templates, ({ status, text }) => status === 200 && text.includes("Plot 7 ")),
    ).toEqual([]);
    for (const p of [...templates, "/contact-us", "/services-details/1"]) {
      const { text } = await fetchPage(site.base, p);
      expect(text, p).not.toContain("<script>alert(1)");
      expect(text, p).not.toContain("<b>Road</b>");
      expect(text, p).not.toContain("<i>Always</i>");
    }
  });

  it("details the server cannot read (written by hand): every page shows the seed's rather than none", async () => {
    await sql`update content_item set payload = ${JSON.stringify({ id: "agency", phones: [] })}
              where type = 'agency'`.execute(site.services.db.kysely);
    await sql`update content_version set version = version + 1`.execute(site.services.db.kysely);
    expect(
      await within1s(
        site.base,
        ["/", "/contact-us", "/about-us"],
        ({ status, text }) => status === 200 && shows(text, seed),
      ),
    ).toEqual([]);
  });
});
