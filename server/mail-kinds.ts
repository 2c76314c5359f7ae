// Every kind of e-mail the site sends, one line per feature: the mail service's worker claims
// only jobs of these kinds, so an older instance never picks up a job it cannot render. A
// feature's kinds live beside it (server/contact/mail.ts); infrastructure never imports them.
// Its own module: the mail thread (server/mail-thread.ts) loads these, not the whole server.
import type { MailKind } from "./mail/kind.ts";
import { contactNotice } from "./contact/mail.ts";
import { newsletterConfirm } from "./newsletter/mail.ts";
import { newsletterIssue } from "./newsletter/issues.ts";
import { commentModeration } from "./comments/mail.ts";
import { commentDigest } from "./comments/digest.ts";
import { staffInvitation } from "./staff/mail.ts";

export const MAIL_KINDS: readonly MailKind[] = [
  [contactNotice],
  [newsletterConfirm, newsletterIssue],
  [commentModeration, commentDigest],
  [staffInvitation],
].flat();
