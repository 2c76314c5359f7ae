// Every kind of e-mail the site sends, rendered from records as its features store them, with
// the visitors' (and the writers') words given: realistic ones for the screenshots
// (tests/e2e/mail-look.spec.ts), hostile ones for the escaping tests (server/mail/design.test.ts).
import type { Agency } from "#app/lib/agency.ts";
import { commentDigest } from "../comments/digest.ts";
import { commentModeration } from "../comments/mail.ts";
import { contactNotice } from "../contact/mail.ts";
import { seedDetails } from "../mail/index.ts";
import type { MailContext, MailKind, RenderedMail } from "../mail/kind.ts";
import { createLinkSigner } from "../mail/links.ts";
import type { Job } from "../mail/outbox.ts";
import { newsletterIssue } from "../newsletter/issues.ts";
import { newsletterConfirm } from "../newsletter/mail.ts";
import { staffInvitation } from "../staff/mail.ts";

/** What people write into the e-mails: a visitor's name, address, phone and message; a post's or
 *  an issue's title; an issue's Markdown body. */
export type Words = {
  name: string;
  email: string;
  phone: string;
  message: string;
  title: string;
  markdown: string;
};

export const REALISTIC: Words = {
  name: "Chiamaka Okafor",
  email: "chiamaka.okafor@example.com",
  phone: "+234 803 555 0199",
  message:
    "Good afternoon,\n\nWe run a chain of three pharmacies in Kubwa and Gwarinpa and would like an online ordering app with delivery tracking. Could we meet next week to talk about scope and budget?\n\nThank you,\nChiamaka",
  title: "How we cut a logistics app's load time in half on 3G",
  markdown: [
    "Hello from Kubwa! This month we shipped two apps, spoke at a Lagos meetup and wrote down what we learnt about fast pages on slow networks.",
    "",
    "## What we changed",
    "",
    "- Pictures sized for the phone that shows them",
    "- One font file instead of six",
    "- Data cached on the device, so a dropped connection is not a blank screen",
    "",
    "> The app now opens in 1.8 seconds on a mid-range Android phone over 3G.",
    "",
    "Read the [whole case study](https://techspark.ng/blog-single-sidebar/1) on our blog, or reply to this e-mail: we read every answer.",
  ].join("\n"),
};

/** The names of the samples: every kind, the newsletter's as an issue and as a post sent out. */
export const SAMPLE_NAMES = [
  "newsletter-confirm",
  "newsletter-issue",
  "newsletter-post",
  "contact-notice",
  "comment-moderation",
  "comment-digest",
  "staff-invitation",
] as const;
export type SampleName = (typeof SAMPLE_NAMES)[number];

const SITE = "https://techspark.ng";
const NOW = Date.UTC(2026, 4, 12, 9, 30);

export function sampleContext(details: Agency = seedDetails()): MailContext {
  return {
    from: "TechSpark website <no-reply@techspark.ng>",
    agency: "hello@techspark.ng",
    siteUrl: SITE,
    links: createLinkSigner("a-secret-of-32-characters-at-least"),
    details,
    job: { id: "job-1", createdAt: NOW } as Job,
    now: NOW,
  };
}

function comment(w: Words, n: number) {
  return {
    id: `c0ffee00-0000-4000-8000-00000000000${n}`,
    postId: 1,
    postTitle: w.title,
    parentId: n === 2 ? "c0ffee00-0000-4000-8000-000000000001" : null,
    name: w.name,
    email: w.email,
    body: w.message,
    state: "pending",
    spamReason: null,
    bodyHash: "h",
    client: "0a1b",
    createdAt: NOW - n * 60_000,
    updatedAt: NOW,
    moderatedAt: null,
    moderatedBy: null,
    moderationNonce: `nonce-${n}`,
    digestId: "digest",
  };
}

/** The e-mail of each kind, rendered as the worker renders it. */
export async function renderSamples(
  w: Words,
  context: MailContext = sampleContext(),
): Promise<Record<SampleName, RenderedMail>> {
  const render = (kind: MailKind, record: unknown) => kind.render(record, context);
  const issue = (subject: string, body: string) => ({
    // No copy of a post: an issue written in the console, or a post sent as "the excerpt and a link".
    issue: { id: "issue-1", subject, body, post: null },
    email: "subscriber@example.com",
    subscriberId: "s-1",
  });
  return {
    "newsletter-confirm": await render(newsletterConfirm, {
      id: "s-1",
      email: w.email,
      state: "pending",
      confirmNonce: "nonce",
      requestAt: null,
    }),
    "newsletter-issue": await render(newsletterIssue, issue(w.title, w.markdown)),
    // A post sent to subscribers as "the excerpt and a link" (server/posts/console.ts).
    "newsletter-post": await render(
      newsletterIssue,
      issue(w.title, `${w.message}\n\n[Read the article on our blog](${SITE}/blog-single-sidebar/1)\n`),
    ),
    "contact-notice": await render(contactNotice, {
      id: "m-1",
      createdAt: NOW,
      updatedAt: NOW,
      name: w.name,
      email: w.email,
      phone: w.phone,
      message: w.message,
      clientHash: "h",
      status: "received",
      handledAt: null,
      handledBy: null,
      idempotencyKey: null,
    }),
    "comment-moderation": await render(commentModeration, comment(w, 1)),
    "comment-digest": await render(commentDigest, { total: 3, comments: [comment(w, 1), comment(w, 2)] }),
    "staff-invitation": await render(staffInvitation, {
      id: "i-1",
      email: w.email,
      name: w.name,
      role: "staff",
      createdBy: "ngozi@techspark.ng",
      expiresAt: NOW + 86_400_000,
    }),
  };
}
