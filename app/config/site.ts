// The agency's identity in one place: every component and the server read it from here.
export const site = {
  name: "TechSpark Innovations",
  shortName: "TechSpark",
  tagline: "Technology and digital services for ambitious businesses",
  description:
    "TechSpark Innovations is a technology and digital-services agency in Kubwa, Abuja: web and mobile apps, software engineering, data, cybersecurity, branding and digital marketing.",
  url: "https://techspark.ng",
  locale: "en_NG",
  email: "hello@techspark.ng",
  phone: { display: "+234 803 555 0142", tel: "+2348035550142" },
  address: {
    street: "Plot 14, Gado Nasko Road",
    locality: "Kubwa",
    region: "Abuja, FCT",
    country: "Nigeria",
    countryCode: "NG",
  },
  hours: "Monday – Friday, 8:00 – 17:00 (WAT)",
  socials: [
    { label: "Facebook", href: "https://www.facebook.com/techsparkinnovations" },
    { label: "X (Twitter)", href: "https://x.com/techsparkng" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/techspark-innovations" },
    { label: "Instagram", href: "https://www.instagram.com/techsparkng" },
  ],
  foundedYear: 2008,
} as const;

export function formatAddress(separator = ", "): string {
  const { street, locality, region, country } = site.address;
  return [street, locality, region, country].join(separator);
}

export function absoluteUrl(path: string): string {
  return new URL(path, site.url).href;
}

/** Whole years since the agency was founded (18 in 2026). */
export function yearsInBusiness(now = new Date()): number {
  return now.getFullYear() - site.foundedYear;
}
