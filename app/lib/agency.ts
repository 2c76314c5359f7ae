// The agency's details (address, map link, phones, e-mails, opening hours, social links) as the
// pages show them: one item of the content type `agency` (app/content-types/), changed
// in the console. The root's loader hands them to every page (app/root.tsx); components read them
// with `useAgency()`, loaders and structured data from the root's own reading.
import { useRouteLoaderData } from "react-router";
import type { z } from "zod";
import type { agencySchema } from "#app/content-types/agency/schema.ts";

export type Agency = z.output<typeof agencySchema>;

/** The details every page was rendered with; undefined only where the root's loader did not run
 *  (a page whose root failed), and then the details are left out rather than guessed. */
export function useAgency(): Agency | undefined {
  return (useRouteLoaderData("root") as { agency?: Agency } | undefined)?.agency;
}

/** A phone number as a `tel:` link: its digits, and the "+" before the country code. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/** The postal address on one line (or several, with another separator). */
export function formatAddress(agency: Agency, separator = ", "): string {
  const { street, locality, region, country } = agency.address;
  return [street, locality, region, country].join(separator);
}
