// The agency's identity, which changes only with a new version of the site (its name is in the
// logo, the domain, the e-mails' sender and the passkeys' name). Its details (address, phones,
// e-mails, hours, social links) are content, changed in the console: app/lib/agency.ts.
export const site = {
  name: "TechSpark Innovations",
  shortName: "TechSpark",
  tagline: "Technology and digital services for ambitious businesses",
  description:
    "TechSpark Innovations is a technology and digital-services agency in Kubwa, Abuja: web and mobile apps, software engineering, data, cybersecurity, branding and digital marketing.",
  url: "https://techspark.ng",
  locale: "en_NG",
  foundedYear: 2008,
} as const;

export function absoluteUrl(path: string): string {
  return new URL(path, site.url).href;
}

/** Whole years since the agency was founded (18 in 2026). */
export function yearsInBusiness(now = new Date()): number {
  return now.getFullYear() - site.foundedYear;
}
