// The newsletter's words and places, shared by the forms (app/components/ui/newsletter-form.tsx)
// and the server, which records the wording a visitor saw with their consent.

/** Where a newsletter form sits; recorded with the consent ("/blog-standard#footer"). */
export const NEWSLETTER_PLACEMENTS = ["footer", "side-panel", "page"] as const;
export type NewsletterPlacement = (typeof NEWSLETTER_PLACEMENTS)[number];

/** Shown under every newsletter form, and stored with each sign-up as the consent's wording. */
export const NEWSLETTER_CONSENT =
  "About one e-mail a month from TechSpark Innovations. We will ask you to confirm, and every e-mail has a one-click unsubscribe link.";

/** The spec's toast, and what follows it: the same for every address (new, pending, subscribed). */
export const NEWSLETTER_THANKS = "Thanks for your Email";
export const NEWSLETTER_CHECK_INBOX =
  "Please check your inbox: we sent you a link to confirm your subscription.";

/** The sign-up sent again for the visitor to check (a form from a prerendered page, without
 *  JavaScript, carries no token; or it came sooner than a person types). */
export const NEWSLETTER_CONFIRM_NOTICE = "Please check your e-mail address and press Subscribe to confirm.";

/** How long a confirmation link works. */
export const CONFIRM_LINK_DAYS = 7;

/** The web archive of sent issues (app/routes/newsletter-issues.tsx), linked from the sign-up
 *  places, and each issue's page there ("View in your browser" in its e-mails). */
export const ISSUES_PATH = "/newsletter/issues";
export const issuePath = (id: string) => `${ISSUES_PATH}/${id}`;

/** Issues in a row that end undelivered on temporary refusals before a subscriber counts as
 *  bounced (server/newsletter/bounces.ts); the console shows how close someone is. */
export const UNDELIVERED_ISSUES_TO_BOUNCE = 3;
