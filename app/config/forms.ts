// What every form shares (contact, newsletter, comments): the token's names and the honeypot.
// In config/, so that a form on every page (the footer's newsletter) imports these few names
// without the contact form's messages and limits.

export const CSRF_ENDPOINT = "/api/csrf";
/** The spec's one API (site-spec §7): a contact message as JSON, the token in the X-XSRF-TOKEN
 *  header (app/routes/api.send-email.ts; described in docs/api/openapi.yaml). The contact form
 *  posts there with JavaScript. */
export const CONTACT_API = "/api/send-email";
/** The header that carries a message's idempotency key on the API (the IETF httpapi draft's name;
 *  the forms' own posts carry it in IDEMPOTENCY_FIELD). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The staff console's passkey ceremonies (server/staff/sign-in.ts; the console's client:
 *  app/components/admin/staff-api.ts). */
export const STAFF_API = "/api/admin";
/** The page's script reads this cookie and sends its value back in the `_xsrf` field (the console's
 *  JSON API: the `X-XSRF-TOKEN` header). */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
/** Hidden field that carries the XSRF token in the no-JavaScript form. */
export const XSRF_FIELD = "_xsrf";
/** Set by the page's script (app/hooks/use-form-submit.ts), which waits out the minimum time to
 *  submit itself: a post sooner than that counts as automated, where a form posted without
 *  JavaScript is asked to confirm (decision 012). */
export const SCRIPT_FIELD = "_script";
/** Hidden field of the contact form: a random UUID made for one filled-in message and sent with
 *  every try of it (a lost answer, a refusal to try again), so a resend is stored once. The page's
 *  script makes it (app/lib/form-submit.ts); without JavaScript the server puts one in the pages
 *  it renders with the form (app/lib/form-action.server.ts). */
export const IDEMPOTENCY_FIELD = "_key";
/** Honeypot: hidden from people, must stay empty. */
export const HONEYPOT_FIELD = "website";

/** What a form says when the server cannot be reached (the post, or the form's own script). */
export const NETWORK_ERROR = "We could not reach our server. Please check your connection and try again.";
/** The spec's failure texts (§8): a failure with no message of its own, and an answer of
 *  `success: false` without a message. */
export const FALLBACK_ERROR = "Something went wrong. Please try again later.";
export const NO_MESSAGE_ERROR = "Failed to send message";

/** Set in localStorage while a form is kept on the phone to be sent later (app/lib/outbox.ts):
 *  a page reads it after it is shown and loads the sender only when it is set. */
export const OUTBOX_FLAG = "techspark-outbox";

/** The forms that wait for the network (app/lib/outbox.ts). */
export type OutboxForm = "contact" | "newsletter" | "comment";

/** What the visitor calls what they wrote in each (the buttons say "Copy message"). */
export const OUTBOX_WORDS: Record<OutboxForm, string> = {
  contact: "message",
  newsletter: "sign-up",
  comment: "comment",
};
