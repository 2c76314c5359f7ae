// schema.org data for the service and project pages, as `meta` descriptors React Router renders
// as <script type="application/ld+json">. Built by loaders, so it runs on the server only.
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, site } from "#app/config/site.ts";

const provider = () => ({
  "@type": "Organization",
  name: site.name,
  url: site.url,
  email: site.email,
  telephone: site.phone.tel,
  address: {
    "@type": "PostalAddress",
    streetAddress: site.address.street,
    addressLocality: site.address.locality,
    addressRegion: site.address.region,
    addressCountry: site.address.countryCode,
  },
});

export type ServiceData = { name: string; description: string; url: string; image: string; offers: string[] };

/** A service of the agency, with what an engagement includes as its offer catalogue. */
export function serviceJsonLd(s: ServiceData): MetaDescriptor {
  return {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Service",
      name: s.name,
      serviceType: s.name,
      description: s.description,
      url: s.url,
      image: s.image,
      provider: provider(),
      areaServed: { "@type": "Country", name: site.address.country },
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
export function caseStudyJsonLd(c: CaseStudyData): MetaDescriptor {
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
      creator: provider(),
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
