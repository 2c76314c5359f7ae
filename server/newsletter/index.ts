// The newsletter service: sign-ups (the /newsletter route action hands them over), the confirmation and
// unsubscribe links, on the shared database, mail outbox and form guard.
//   const newsletter = createNewsletterService({ db, mail, forms, ...settings });
// Pages (/newsletter, /newsletter/confirm, /newsletter/unsubscribe) reach it through the
// request context (app/lib/ports/newsletter.ts).
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_CONSENT, NEWSLETTER_THANKS } from "#app/config/newsletter.ts";
import type { NewsletterLinkView as LinkView } from "#app/lib/ports/newsletter.ts";
import type { Db } from "../db/index.ts";
import { fail, FORM_RESPONSES, type FormAnswer, type FormInput } from "../forms/guard.ts";
import type { Forms } from "../forms/index.ts";
import { describeError, consoleLogger, type Logger } from "../log.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { MailService } from "../mail/index.ts";
import { CONFIRM_LINK, parseConfirmPayload, UNSUBSCRIBE_LINK } from "./mail.ts";
import { createNewsletterRepository, type NewsletterRepository, type Subscriber } from "./repository.ts";
import { validateSignUp } from "./schema.ts";

export type NewsletterSettings = {
  secret: string;
  /** Per client, for the sign-up form (RATE_LIMIT_PER_MINUTE / _PER_HOUR; each form counts on its own). */
  rateLimit: { perMinute: number; perHour: number };
  logger?: Logger;
  now?: () => number;
};

/** `confirm`: nothing was done; the visitor is asked to press Subscribe again (a post without
 *  JavaScript sooner than a person types). */
export type SignUpAnswer = FormAnswer & { confirm?: true };

export type NewsletterService = {
  /** The token for a page's hidden field (the forms' one token). */
  issueToken: Forms["issueToken"];
  /** The sign-up form's post (the route action, with JavaScript or without). */
  signUpForm(input: FormInput): Promise<SignUpAnswer>;
  /** GET of a confirmation link: what it would do. Changes nothing. */
  viewConfirmLink(token: string): Promise<LinkView>;
  /** POST from the confirmation page's button. */
  confirm(token: string): Promise<LinkView>;
  /** POST from an expired link's page: a new confirmation e-mail (within the sign-up's caps). */
  resend(token: string): Promise<LinkView>;
  /** GET of an unsubscribe link: what it would do. Changes nothing. */
  viewUnsubscribeLink(token: string): Promise<LinkView>;
  /** POST: the page's button, or a mail provider's one-click (RFC 8058). */
  unsubscribe(token: string): Promise<LinkView>;
  store: NewsletterRepository;
};

export const NEWSLETTER_RESPONSES = {
  thanks: `${NEWSLETTER_THANKS}. ${NEWSLETTER_CHECK_INBOX}`,
  tooMany: (minutes: number) =>
    `Too many sign-ups were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  unavailable: "We could not save your address just now. Please try again in a few minutes.",
} as const;

export function createNewsletterService(
  config: NewsletterSettings & { db: Db; mail: MailService; forms: Forms; links: LinkSigner },
): NewsletterService {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const { mail, forms, links } = config;
  const store = createNewsletterRepository(config.db, mail.outbox, config.secret);
  const limiter = forms.guard.limiter("newsletter", config.rateLimit);

  async function signUp(input: FormInput): Promise<SignUpAnswer> {
    const verdict = await forms.guard.check(input, limiter, "newsletter");
    if (!verdict.ok) {
      const { answer } = verdict;
      if (answer.status === 503)
        return { ...answer, body: { ...answer.body, message: NEWSLETTER_RESPONSES.unavailable } };
      if (answer.status !== 429) return answer;
      const minutes = Math.ceil(Number(answer.headers?.["Retry-After"] ?? 60) / 60);
      return { ...answer, body: { ...answer.body, message: NEWSLETTER_RESPONSES.tooMany(minutes) } };
    }
    const checked = validateSignUp(input.fields);
    if (!checked.success) {
      log({
        level: "info",
        msg: "newsletter.rejected",
        status: 400,
        reason: "invalid",
        client: verdict.client,
      });
      return {
        ...fail(400, FORM_RESPONSES.invalid),
        body: { success: false, message: checked.errors.email, errors: checked.errors },
      };
    }
    const thanks: SignUpAnswer = {
      status: 200,
      body: { success: true, message: NEWSLETTER_RESPONSES.thanks },
    };
    if (verdict.spam === "too-fast" && input.via !== "script") return { ...thanks, confirm: true };
    if (verdict.spam) {
      // The same answer as everyone gets; nothing kept, nothing sent.
      log({ level: "warn", msg: "newsletter.spam", reason: verdict.spam, client: verdict.client });
      return thanks;
    }
    const { email, placement } = checked.data;
    // Prerendered pages know their path with a trailing slash (their file's folder).
    const page = checked.data.page.length > 1 ? checked.data.page.replace(/\/+$/, "") : "/";
    try {
      const outcome = await store.signUp(
        email,
        { source: `${page}#${placement}`, wording: NEWSLETTER_CONSENT, client: verdict.client },
        now(),
      );
      // Past the cap on all addresses someone may be using the form as a mailer: say so louder.
      const level = outcome === "confirmation-capped" ? "warn" : "info";
      log({ level, msg: "newsletter.sign-up", outcome, client: verdict.client });
      if (outcome === "confirmation-queued") mail.worker.poke();
    } catch (error) {
      log({
        level: "error",
        msg: "newsletter.storage-unavailable",
        client: verdict.client,
        reason: describeError(error),
      });
      return fail(503, NEWSLETTER_RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
    }
    // Whatever the address's state: nobody learns who is on the list.
    return thanks;
  }

  /** The subscriber a confirmation link is for, or the view for a bad link. */
  type Target = { view: LinkView } | { view?: undefined; subscriber: Subscriber; nonce: string };
  async function confirmTarget(token: string): Promise<Target> {
    const check = links.verify(CONFIRM_LINK, token, now());
    const parsed = parseConfirmPayload(check.ok || check.reason === "expired" ? check.payload : "");
    if (!parsed) return { view: { kind: "invalid" } };
    const subscriber = await store.get(parsed.id);
    if (!subscriber) return { view: { kind: "invalid" } };
    if (subscriber.state === "subscribed") return { view: { kind: "confirmed", email: subscriber.email } };
    if (!check.ok) {
      const canResend = subscriber.state === "pending" || subscriber.requestAt !== null;
      return { view: { kind: "expired", canResend } };
    }
    if (subscriber.confirmNonce !== parsed.nonce) return { view: { kind: "used" } };
    return { subscriber, nonce: parsed.nonce };
  }

  async function unsubscribeTarget(token: string) {
    const check = links.verify(UNSUBSCRIBE_LINK, token, now());
    const subscriber = check.ok ? await store.get(check.payload) : null;
    return subscriber;
  }

  return {
    issueToken: forms.issueToken,
    signUpForm: signUp,

    async viewConfirmLink(token) {
      const target = await confirmTarget(token);
      return target.view ?? { kind: "confirm", email: target.subscriber.email };
    },

    async confirm(token) {
      const target = await confirmTarget(token);
      if (target.view) return target.view;
      const outcome = await store.confirm(target.subscriber.id, target.nonce, now());
      log({ level: "info", msg: "newsletter.confirm", outcome, subscriber: target.subscriber.id });
      if (outcome === "confirmed" || outcome === "already-confirmed") {
        return { kind: "confirmed", email: target.subscriber.email };
      }
      return outcome === "used" ? { kind: "used" } : { kind: "invalid" };
    },

    async resend(token) {
      const check = links.verify(CONFIRM_LINK, token, now());
      const parsed = parseConfirmPayload(check.ok || check.reason === "expired" ? check.payload : "");
      if (!parsed) return { kind: "invalid" };
      const outcome = await store.resendConfirmation(parsed.id, now());
      if (outcome === "confirmation-queued") mail.worker.poke();
      const level = outcome === "confirmation-capped" ? "warn" : "info";
      log({ level, msg: "newsletter.resend", outcome, subscriber: parsed.id });
      // Within the caps or not: the page says a link is on its way (or was, recently).
      return (await store.get(parsed.id)) ? { kind: "resent" } : { kind: "invalid" };
    },

    async viewUnsubscribeLink(token) {
      const subscriber = await unsubscribeTarget(token);
      if (!subscriber) return { kind: "invalid" };
      // Unsubscribed and asked back (perhaps by someone else): the button declines the request.
      return subscriber.state === "unsubscribed" && subscriber.requestAt === null
        ? { kind: "unsubscribed", email: subscriber.email }
        : { kind: "unsubscribe", email: subscriber.email };
    },

    async unsubscribe(token) {
      const subscriber = await unsubscribeTarget(token);
      if (!subscriber || !(await store.unsubscribe(subscriber.id, now()))) return { kind: "invalid" };
      log({ level: "info", msg: "newsletter.unsubscribe", subscriber: subscriber.id });
      return { kind: "unsubscribed", email: subscriber.email };
    },

    store,
  };
}
