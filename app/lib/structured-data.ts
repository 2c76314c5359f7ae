// schema.org data for the service and project pages, as `meta` descriptors React Router renders
// as <script type="application/ld+json">. Built by loaders, so it runs on the server only.
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, site } from "#app/config/site.ts";
import { telHref, type Agency } from "./agency.ts";

/** The agency as its details are published now (the first e-mail and phone number). */
const provider = (agency: Agency) => ({
  "@type": "Organization",
  name: site.name,
  url: site.url,
  email: agency.emails[0],
  telephone: telHref(agency.phones[0]!).slice("tel:".length),
  address: {
    "@type": "PostalAddress",
    streetAddress: agency.address.street,
    addressLocality: agency.address.locality,
    addressRegion: agency.address.region,
    addressCountry: agency.address.countryCode,
  },
});

export type ServiceData = { name: string; description: string; url: string; image: string; offers: string[] };

/** A service of the agency, with what an engagement includes as its offer catalogue. */
export function serviceJsonLd(s: ServiceData, agency: Agency): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Service",
      name: s.name,
      serviceType: s.name,
      description: s.description,
      url: s.url,
      image: s.image,
      provider: provider(agency),
      areaServed: { "@type": "Country", name: agency.address.country },
      hasOfferCatalog: {
        "@type": "OfferCatalog",
        name: `${s.name}: included services`,
        itemListElement: s.offers.map((name) => ({
          "@type": "Offer",
          itemOffered: { "@type": "Service", name },
        })),
      },
    },
  };
}

export type CaseStudyData = {
  name: string;
  description: string;
  url: string;
  image: string;
  /** "YYYY-MM" */
  date: string;
  client: string;
  genre: string;
  keywords: readonly string[];
  locationName: string;
  text: string;
};

/** A case study: the work we did for a client, as a CreativeWork. */
export function caseStudyJsonLd(c: CaseStudyData, agency: Agency): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "CreativeWork",
      name: c.name,
      headline: c.name,
      description: c.description,
      abstract: c.description,
      text: c.text,
      url: c.url,
      mainEntityOfPage: { "@type": "WebPage", "@id": c.url },
      image: c.image,
      dateCreated: c.date,
      genre: c.genre,
      keywords: c.keywords.join(", "),
      locationCreated: { "@type": "Place", name: c.locationName },
      sourceOrganization: { "@type": "Organization", name: c.client },
      creator: provider(agency),
      publisher: {
        "@type": "Organization",
        name: site.name,
        url: site.url,
        logo: absoluteUrl("/icon-512.png"),
      },
      inLanguage: "en-NG",
    },
  };
}
