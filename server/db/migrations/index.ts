// Every migration, in order. Add a file `NNNN-what-it-does.ts` exporting `migration` and list
// it here (docs/data-layer.md). A migration that ran is never edited: write a new one.
import type { Migration } from "kysely/migration";
import { migration as contactAndMailOutbox } from "./0001-contact-and-mail-outbox.ts";
import { migration as newsletter } from "./0002-newsletter.ts";
import { migration as comments } from "./0003-comments.ts";
import { migration as staff } from "./0004-staff.ts";
import { migration as enquiryHandling } from "./0005-enquiry-handling.ts";
import { migration as newsletterIssues } from "./0006-newsletter-issues.ts";
import { migration as sharedRateLimits } from "./0007-shared-rate-limits.ts";
import { migration as newsletterConsent } from "./0008-newsletter-consent.ts";
import { migration as staffSignInAttempts } from "./0009-staff-sign-in-attempts.ts";
import { migration as commentDigest } from "./0010-comment-digest.ts";

export const MIGRATIONS: Record<string, Migration> = {
  "0001-contact-and-mail-outbox": contactAndMailOutbox,
  "0002-newsletter": newsletter,
  "0003-comments": comments,
  "0004-staff": staff,
  "0005-enquiry-handling": enquiryHandling,
  "0006-newsletter-issues": newsletterIssues,
  "0007-shared-rate-limits": sharedRateLimits,
  "0008-newsletter-consent": newsletterConsent,
  "0009-staff-sign-in-attempts": staffSignInAttempts,
  "0010-comment-digest": commentDigest,
};
