// The newsletter's port: what the pages need of server/newsletter (the sign-up form's post is in
// the forms' port, ./forms.ts).
import { createContext } from "react-router";

/** What a newsletter confirmation or unsubscribe link leads to (one view per case). */
export type NewsletterLinkView =
  | { kind: "confirm"; email: string } // valid: one button to confirm
  | { kind: "confirmed"; email: string } // just confirmed, or confirmed before
  | { kind: "expired"; canResend: boolean } // signed but too old: offer a new link
  | { kind: "used" } // already used (and not subscribed now)
  | { kind: "resent" } // a new link is on its way
  | { kind: "invalid" } // tampered, truncated, or for someone erased
  | { kind: "unsubscribe"; email: string } // valid: one button to unsubscribe
  | { kind: "unsubscribed"; email: string };

/** What pages need of the newsletter service (server/newsletter). */
export type NewsletterPort = {
  viewConfirmLink(token: string): Promise<NewsletterLinkView>;
  confirm(token: string): Promise<NewsletterLinkView>;
  resend(token: string): Promise<NewsletterLinkView>;
  viewUnsubscribeLink(token: string): Promise<NewsletterLinkView>;
  unsubscribe(token: string): Promise<NewsletterLinkView>;
};

export const newsletterContext = createContext<NewsletterPort | null>(null);
