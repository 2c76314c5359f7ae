import { describe, expect, it } from "vitest";
import { serviceType } from "./type.ts";
import type { ServiceItem } from "./schema.ts";
import { footerLinks } from "#app/config/navigation.ts";
import { serviceGroupSchema } from "./schema.ts";
import { serviceGroups } from "./seed.ts";
import {
  catalogueGroups,
  detailedOf,
  findService,
  footerServiceLinks,
  popularOf,
  serviceHref,
  teaserServices,
} from "./view.server.ts";

const seed: ServiceItem[] = serviceType.seed.map((s) => serviceType.item.parse(s));
const without = (id: number) => seed.filter((s) => s.id !== id);

describe("services", () => {
  it("groups every service exactly once, in groups that parse", () => {
    expect(() => serviceGroupSchema.parse(serviceGroups)).not.toThrow();
    const listed = catalogueGroups(seed, { pictures: false }).flatMap((g) => g.services.map((s) => s.id));
    expect(listed.toSorted((a, b) => a - b)).toEqual(seed.map((s) => s.id));
  });

  it("has the six branding services in the branding group", () => {
    const branding = catalogueGroups(seed, { pictures: false }).find((g) => g.id === "branding")!;
    expect(branding.services.map((s) => s.title)).toEqual(
      expect.arrayContaining([
        "Brand Strategy",
        "Logo Design",
        "Graphic Design",
        "Visual Identity",
        "Packaging Design",
        "Brand Guidelines",
      ]),
    );
  });

  it("names the covering page of a service without its own", () => {
    const all = catalogueGroups(seed, { pictures: false }).flatMap((g) => g.services);
    expect(all.find((s) => s.title === "Logo Design")).toMatchObject({
      href: "/services-details/8",
      coveredBy: "Branding",
    });
    expect(all.find((s) => s.title === "Branding")!.coveredBy).toBeUndefined();
    expect(all.every((s) => !("image" in s))).toBe(true);
    expect(catalogueGroups(seed, { pictures: true })[0]!.services[0]!.image?.src).toMatch(/^\/img\//);
  });

  it("links a service covered by one not on the site nowhere, never to a 404", () => {
    const logo = without(8).find((s) => s.title === "Logo Design")!;
    expect(serviceHref(logo, without(8))).toBeUndefined();
    const card = catalogueGroups(without(8), { pictures: false })
      .flatMap((g) => g.services)
      .find((s) => s.title === "Logo Design")!;
    expect(card.href).toBeUndefined();
    expect(card.coveredBy).toBeUndefined();
  });

  it("finds only services with a page, starting with the home page's three", () => {
    expect(
      detailedOf(seed)
        .slice(0, 3)
        .map((s) => s.id),
    ).toEqual([1, 2, 3]);
    expect(findService(seed, 8)?.title).toBe("Branding");
    expect(findService(seed, 16)).toBeUndefined();
    expect(findService(seed, undefined)).toBeUndefined();
    expect(findService(without(8), 8)).toBeUndefined();
    expect(teaserServices(seed, false).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(teaserServices(without(2), false).map((s) => s.id)).toEqual([1, 3, 4]);
  });

  it("shows the first two popular services with a page", () => {
    expect(popularOf(seed).map((s) => s.id)).toEqual([1, 2]);
    expect(popularOf(without(1)).map((s) => s.id)).toEqual([2]);
    const more = seed.map((s) => (s.id === 5 || s.id === 3 ? { ...s, popular: true } : s));
    expect(popularOf(more).map((s) => s.id)).toEqual([1, 2]);
    expect(popularOf(more.filter((s) => s.id !== 1)).map((s) => s.id)).toEqual([2, 3]);
  });

  it("names the footer's services by their titles now, leaving out one not on the site", () => {
    expect(footerServiceLinks(footerLinks.services, seed)).toEqual(footerLinks.services);
    const renamed = seed.map((s) => (s.id === 5 ? { ...s, title: "Software Building" } : s));
    const links = footerServiceLinks(
      footerLinks.services,
      renamed.filter((s) => s.id !== 6),
    );
    expect(links.map((l) => l.label)).toEqual([
      "Mobile App Development",
      "Web App Development",
      "Software Building",
      "Cybersecurity & Auditing",
      "All services",
    ]);
  });
});
