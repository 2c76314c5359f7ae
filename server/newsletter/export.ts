// The confirmed subscribers as CSV: `npm run newsletter -- export` and the staff console's
// download (/admin/subscribers.csv). Mailchimp's import maps the columns to its own opt-in and
// confirmation fields; Brevo imports the same file. The bounced ones have a file of their own
// (`export --bounced`, /admin/subscribers.csv?state=bounced), with when and why, to import as
// Mailchimp's "cleaned" (its own export of cleaned contacts names the time CLEAN_TIME): never in
// the file of people to mail.
import { toCsv } from "../csv.ts";
import type { Subscriber } from "./repository.ts";

/** Mailchimp's own export format for times: "YYYY-MM-DD HH:MM:SS" (UTC). */
export const mailchimpTime = (ms: number | null) =>
  ms === null ? "" : new Date(ms).toISOString().slice(0, 19).replace("T", " ");

export function subscribersCsv(subscribers: Subscriber[]): string {
  return toCsv([
    ["Email Address", "OPTIN_TIME", "CONFIRM_TIME", "SOURCE"],
    ...subscribers.map((s) => [
      s.email,
      mailchimpTime(s.consentAt),
      mailchimpTime(s.confirmedAt),
      s.consentSource,
    ]),
  ]);
}

export function bouncedCsv(subscribers: Subscriber[]): string {
  return toCsv([
    ["Email Address", "OPTIN_TIME", "CONFIRM_TIME", "SOURCE", "CLEAN_TIME", "BOUNCE_REASON"],
    ...subscribers.map((s) => [
      s.email,
      mailchimpTime(s.consentAt),
      mailchimpTime(s.confirmedAt),
      s.consentSource,
      mailchimpTime(s.bouncedAt),
      s.bounceReason ?? "",
    ]),
  ]);
}
