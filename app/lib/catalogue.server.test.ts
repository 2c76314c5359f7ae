import { describe, expect, it } from "vitest";
import { serviceGroupSchema } from "#app/content/schemas.ts";
import { serviceGroups, services } from "#app/content/services.ts";
import { catalogueGroups, detailedServices, findDetailedService } from "./catalogue.server.ts";

describe("services", () => {
  it("groups every service exactly once, in groups that parse", () => {
    expect(() => serviceGroupSchema.parse(serviceGroups)).not.toThrow();
    const listed = catalogueGroups({ pictures: false }).flatMap((g) => g.services.map((s) => s.id));
    expect(listed.toSorted((a, b) => a - b)).toEqual(services.map((s) => s.id));
  });

  it("has the six branding services in the branding group", () => {
    const branding = catalogueGroups({ pictures: false }).find((g) => g.id === "branding")!;
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
    const all = catalogueGroups({ pictures: false }).flatMap((g) => g.services);
    expect(all.find((s) => s.title === "Logo Design")).toMatchObject({
      href: "/services-details/8",
      coveredBy: "Branding",
    });
    expect(all.find((s) => s.title === "Branding")!.coveredBy).toBeUndefined();
    expect(all.every((s) => !("image" in s))).toBe(true);
    expect(catalogueGroups({ pictures: true })[0]!.services[0]!.image?.src).toMatch(/^\/img\//);
  });

  it("finds only services with a page, starting with the home page's three", () => {
    expect(detailedServices.slice(0, 3).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(findDetailedService(8)?.title).toBe("Branding");
    expect(findDetailedService(16)).toBeUndefined();
    expect(findDetailedService(undefined)).toBeUndefined();
  });
});
