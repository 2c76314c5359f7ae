// The newsletter's e-mails and their links. `newsletter-confirm` asks a new subscriber to confirm
// (double opt-in) with a signed, single-use link valid for CONFIRM_LINK_DAYS; every e-mail to a
// subscriber carries List-Unsubscribe with a one-click link (RFC 8058).
import type { Selectable } from "kysely";
import { CONFIRM_LINK_DAYS } from "#app/config/newsletter.ts";
import { site } from "#app/config/site.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { Agency } from "#app/lib/agency.ts";
import { defineMailKind, type Address } from "../mail/kind.ts";
import { BRAND, href, html, layout, raw } from "../mail/template.ts";
import { confirmationOutcome } from "./bounces.ts";
import type { NewsletterSubscriberTable } from "./tables.ts";

export const NEWSLETTER_CONFIRM = "newsletter-confirm";

/** Link purposes (a link signed for one is useless for the other). */
export const CONFIRM_LINK = "newsletter-confirm";
export const UNSUBSCRIBE_LINK = "newsletter-unsubscribe";

export const CONFIRM_PATH = "/newsletter/confirm";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

const DAY = 86_400_000;

/** The confirmation link's payload: subscriber id and the single-use nonce. */
export const confirmPayload = (id: string, nonce: string) => `${id}~${nonce}`;
export function parseConfirmPayload(payload: string): { id: string; nonce: string } | null {
  const [id, nonce, ...rest] = payload.split("~");
  return id && nonce && rest.length === 0 ? { id, nonce } : null;
}

export function unsubscribeUrl(links: LinkSigner, siteUrl: string, id: string): string {
  return unsubscribeUrlWith(siteUrl, unsubscribeToken(links, id));
}

/** The signed token of subscriber `id`'s unsubscribe link (URL- and HTML-safe characters only). */
export const unsubscribeToken = (links: LinkSigner, id: string) => links.sign(UNSUBSCRIBE_LINK, id, null);
export const unsubscribeUrlWith = (siteUrl: string, token: string) =>
  `${siteUrl}${UNSUBSCRIBE_PATH}?token=${token}`;

/** The list's identity (RFC 2919), from the site's own domain whatever the server's address: mail
 *  providers and readers' filters recognise the newsletter by it. */
export const LIST_ID = `${site.name} newsletter <newsletter.${new URL(site.url).hostname}>`;

/** The headers every e-mail to a subscriber carries: the list's identity, and one-click
 *  unsubscribe for mail providers (RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Id": LIST_ID,
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Where a subscriber's reply goes: the agency's public address as the console shows it, so
 *  replies reach people, not the sending address. */
export function agencyReplyTo(details: Agency): Address {
  return { name: site.name, address: details.emails[0]! };
}

type Subscriber = Selectable<NewsletterSubscriberTable>;

export const newsletterConfirm = defineMailKind<Subscriber>({
  name: NEWSLETTER_CONFIRM,
  // Only while there is something to confirm (pending, or unsubscribed or bounced and asking to
  // come back):
  // a confirmed, unsubscribed or erased subscriber's job is cancelled.
  load: async (db, id) => {
    const s = await db
      .selectFrom("newsletter_subscriber")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    const waiting =
      s?.state === "pending" ||
      ((s?.state === "unsubscribed" || s?.state === "bounced") && s.requestAt !== null);
    return s && waiting && s.confirmNonce ? s : null;
  },
  // A confirmation that arrives a day late is confusing: give up (the visitor can sign up again).
  retry: { giveUpAfterMs: DAY, giveUpAs: "expired" },
  // Refused for good: the address is bounced (bounces.ts).
  onOutcome: confirmationOutcome,
  async render(s, context) {
    const { siteUrl, links, job, details } = context;
    const expiresAt = job.createdAt + CONFIRM_LINK_DAYS * DAY;
    const confirmUrl = `${siteUrl}${CONFIRM_PATH}?token=${links.sign(CONFIRM_LINK, confirmPayload(s.id, s.confirmNonce!), expiresAt)}`;
    const leaveUrl = unsubscribeUrl(links, siteUrl, s.id);
    const body = await layout(context, {
      title: "Please confirm your subscription",
      html: html`<p style="margin:0 0 16px">
          Someone, probably you, asked to receive the ${site.name} newsletter at ${s.email}. Please confirm
          that it was you:
        </p>
        <p style="margin:0 0 24px">
          <a
            href="${href(confirmUrl)}"
            style="display:inline-block;background:${raw(BRAND)};color:#ffffff;padding:12px 22px;border-radius:999px;font-weight:bold;text-decoration:none"
            >Confirm my subscription</a
          >
        </p>
        <p style="margin:0 0 16px">
          The link works for ${CONFIRM_LINK_DAYS} days and opens a page with one button. If you did not ask
          for this, ignore this e-mail: we will not write to you again.
        </p>`,
      text: [
        `Someone, probably you, asked to receive the ${site.name} newsletter at ${s.email}.`,
        ``,
        `Please confirm that it was you (the link works for ${CONFIRM_LINK_DAYS} days and opens a page with one button):`,
        confirmUrl,
        ``,
        `If you did not ask for this, ignore this e-mail: we will not write to you again.`,
      ],
      footer: {
        html: html`You received this because the address was entered in a newsletter form on ${siteUrl}.
          <a href="${href(leaveUrl)}">Do not e-mail me</a>.`,
        text: [
          `You received this because the address was entered in a newsletter form on ${siteUrl}.`,
          `Do not e-mail me: ${leaveUrl}`,
        ],
      },
    });
    return {
      to: s.email,
      subject: `Confirm your subscription to the ${site.name} newsletter`,
      headers: unsubscribeHeaders(leaveUrl),
      replyTo: agencyReplyTo(details),
      ...body,
    };
  },
});
