// Every kind of e-mail the site sends. The worker claims only jobs of these kinds, so an older
// instance never picks up a job it cannot render. Add a kind here once it is written
// (docs/data-layer.md).
import { commentDigest } from "../comments/digest.ts";
import { commentModeration } from "../comments/mail.ts";
import { contactNotice } from "../contact/mail.ts";
import { newsletterConfirm } from "../newsletter/mail.ts";
import { newsletterIssue } from "../newsletter/issues.ts";
import { staffInvitation } from "../staff/mail.ts";
import type { MailKind } from "./kind.ts";

export const MAIL_KINDS: readonly MailKind[] = [
  contactNotice,
  newsletterConfirm,
  commentModeration,
  commentDigest,
  staffInvitation,
  newsletterIssue,
];
