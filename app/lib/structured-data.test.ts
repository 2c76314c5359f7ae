import { describe, expect, it } from "vitest";
import { caseStudyJsonLd, serviceJsonLd } from "./structured-data.ts";

/** What React Router writes into the page: the descriptor's object as JSON. */
const rendered = (descriptor: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(descriptor["script:ld+json"])) as Record<string, unknown>;

describe("structured data", () => {
  it("describes a service with its provider and included services", () => {
    const data = rendered(
      serviceJsonLd({
        name: "Web Design",
        description: "Websites that explain what you do.",
        url: "https://techspark.ng/services-details/4",
        image: "https://techspark.ng/img/service-web-design-1280.webp",
        offers: ["UI/UX design", "Landing pages"],
      }),
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Web Design",
      provider: { "@type": "Organization", name: "TechSpark Innovations", url: "https://techspark.ng" },
      areaServed: { "@type": "Country", name: "Nigeria" },
    });
    const catalog = data.hasOfferCatalog as { itemListElement: Array<{ itemOffered: { name: string } }> };
    expect(catalog.itemListElement.map((o) => o.itemOffered.name)).toEqual(["UI/UX design", "Landing pages"]);
  });

  it("describes a case study as a CreativeWork for its client", () => {
    const data = rendered(
      caseStudyJsonLd({
        name: "HealthLine Abuja",
        description: "A telemedicine web app.",
        url: "https://techspark.ng/project-details/2",
        image: "https://techspark.ng/img/project-02-full-1280.webp",
        date: "2024-11",
        client: "HealthLine Clinics",
        genre: "Telemedicine web app",
        keywords: ["Digital"],
        locationName: "Wuse II, Abuja",
        text: "Challenge.\n\nApproach.",
      }),
    );
    expect(data).toMatchObject({
      "@type": "CreativeWork",
      dateCreated: "2024-11",
      sourceOrganization: { name: "HealthLine Clinics" },
      creator: { "@type": "Organization", name: "TechSpark Innovations" },
      keywords: "Digital",
    });
  });
});
