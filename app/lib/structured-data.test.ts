import { describe, expect, it } from "vitest";
import { agency } from "#app/content-types/agency/seed.ts";
import { agencySchema } from "#app/content-types/agency/schema.ts";
import { caseStudyJsonLd, serviceJsonLd } from "./structured-data.ts";

/** The agency's details as seeded, and as staff might change them in the console. */
const seeded = agencySchema.parse(agency[0]);
const changed = {
  ...seeded,
  address: { ...seeded.address, street: "12 Arab Road" },
  phones: ["0809 111 2233", "+234 803 555 0142"],
  emails: ["studio@techspark.ng"],
};

/** What React Router writes into the page: the descriptor's object as JSON. */
const rendered = (descriptor: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(descriptor["script:ld+json"])) as Record<string, unknown>;

describe("structured data", () => {
  it("describes a service with its provider and included services", () => {
    const data = rendered(
      serviceJsonLd(
        {
          name: "Web Design",
          description: "Websites that explain what you do.",
          url: "https://techspark.ng/services-details/4",
          image: "https://techspark.ng/img/service-web-design-1280.webp",
          offers: ["UI/UX design", "Landing pages"],
        },
        seeded,
      ),
    );
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Web Design",
      provider: {
        "@type": "Organization",
        name: "TechSpark Innovations",
        url: "https://techspark.ng",
        email: "hello@techspark.ng",
        telephone: "+2348035550142",
        address: {
          streetAddress: "Plot 14, Gado Nasko Road",
          addressLocality: "Kubwa",
          addressCountry: "NG",
        },
      },
      areaServed: { "@type": "Country", name: "Nigeria" },
    });
    const catalog = data.hasOfferCatalog as { itemListElement: Array<{ itemOffered: { name: string } }> };
    expect(catalog.itemListElement.map((o) => o.itemOffered.name)).toEqual(["UI/UX design", "Landing pages"]);
  });

  it("describes a case study as a CreativeWork for its client", () => {
    const data = rendered(
      caseStudyJsonLd(
        {
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
        },
        changed,
      ),
    );
    expect(data).toMatchObject({
      "@type": "CreativeWork",
      dateCreated: "2024-11",
      sourceOrganization: { name: "HealthLine Clinics" },
      // The details as they are now: the first phone number (its digits) and e-mail address.
      creator: {
        "@type": "Organization",
        name: "TechSpark Innovations",
        email: "studio@techspark.ng",
        telephone: "08091112233",
        address: { streetAddress: "12 Arab Road" },
      },
      keywords: "Digital",
    });
  });
});
