// The agency's details (the content type "agency", ./type.ts): one item, always on the site.
import { z } from "zod";
import { phoneNumber, socialLabels, title } from "#app/content/schemas.ts";

/** The agency's own details: the header, footer, side panel, contact page and structured data of
 *  every page show them. One item, always on the site (./type.ts). */
export const agencySchema = z.object({
  id: z.literal("agency"),
  address: z.object({
    street: title,
    locality: z.string().min(2),
    region: z.string().min(2),
    country: z.string().min(2),
    /** ISO 3166 code, for the structured data ("NG"). */
    countryCode: z.string().regex(/^[A-Z]{2}$/, "two capital letters, as NG"),
  }),
  /** Where the address opens on a map (any https address); without it the address is plain text. */
  mapLink: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https$/ }).optional()),
  phones: z.array(phoneNumber).min(1).max(3),
  emails: z.array(z.email()).min(1).max(3),
  hours: z.string().min(5).max(120),
  socials: z
    .array(z.object({ label: z.enum(socialLabels), href: z.url({ protocol: /^https$/ }) }))
    .max(socialLabels.length),
});
export type AgencyInput = z.input<typeof agencySchema>;
export type Agency = z.output<typeof agencySchema>;
