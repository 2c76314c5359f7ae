import type { AgencyInput } from "./schema.ts";

/** The agency's details as the site first shows them; from then on staff change them in the
 *  console (Content → The agency's details). */
export const agency = [
  {
    id: "agency",
    address: {
      street: "Plot 14, Gado Nasko Road",
      locality: "Kubwa",
      region: "Abuja, FCT",
      country: "Nigeria",
      countryCode: "NG",
    },
    phones: ["+234 803 555 0142"],
    emails: ["hello@techspark.ng"],
    hours: "Monday – Friday, 8:00 – 17:00 (WAT)",
    socials: [
      { label: "Facebook", href: "https://www.facebook.com/techsparkinnovations" },
      { label: "X (Twitter)", href: "https://x.com/techsparkng" },
      { label: "LinkedIn", href: "https://www.linkedin.com/company/techspark-innovations" },
      { label: "Instagram", href: "https://www.instagram.com/techsparkng" },
    ],
  },
] satisfies AgencyInput[];
