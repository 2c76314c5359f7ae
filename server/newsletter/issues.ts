// Newsletter issues: written in Markdown in the staff console, previewed as the e-mail, tried on
// the writer's own address, then sent to every confirmed subscriber through the mail outbox.
//
// Sending is one transaction: the issue leaves 'draft' (only one press wins) and one job per
// confirmed subscriber is queued, spaced to the configured pace (`perMinute`). Each job's
// Message-ID is unique per issue and subscriber, so the database refuses a second one; the kind
// is at most once (server/mail/kind.ts), so a crash mid-send resumes with the jobs left and never
// delivers one person the same issue twice. Each e-mail is rendered when it is sent: someone who
// unsubscribes meanwhile gets nothing, and every e-mail has its own one-click unsubscribe link.
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { Marked, type Tokens } from "marked";
import { ownPicture } from "#app/config/post-rules.ts";
import { site } from "#app/config/site.ts";
import { issuePath } from "#app/config/newsletter.ts";
import type { IssuePicture, IssuePost } from "#app/lib/ports/issues.ts";
import { zeroCounts } from "../db/counts.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import { defineMailKind, type MailContext, type RenderedMail } from "../mail/kind.ts";
import type { Outbox } from "../mail/outbox.ts";
import { BRAND, escapeHtml, html, href, layout, raw } from "../mail/template.ts";
import { JOB_STATES, type JobState } from "../mail/tables.ts";
import { emailPicture, img, postParts, type EmailPicture } from "./issue-post.ts";
import { issueOutcome } from "./bounces.ts";
import { agencyReplyTo, unsubscribeHeaders, unsubscribeToken, unsubscribeUrlWith } from "./mail.ts";
import type { NewsletterIssueTable } from "./tables.ts";

export const NEWSLETTER_ISSUE = "newsletter-issue";

export type Issue = Selectable<NewsletterIssueTable>;

/** A subscriber's e-mail of an issue, or a test to a member of staff. */
const subscriberRecord = (issueId: string, subscriberId: string) => `${issueId}~s:${subscriberId}`;
const testRecord = (issueId: string, memberId: string) => `${issueId}~m:${memberId}`;

function parseRecord(recordId: string): { issueId: string; to: "s" | "m"; id: string } | null {
  const match = /^([^~]+)~([sm]):(.+)$/.exec(recordId);
  return match ? { issueId: match[1]!, to: match[2] as "s" | "m", id: match[3]! } : null;
}

// --- Markdown ---------------------------------------------------------------------------------

const linkable = (url: string) => /^(https?:\/\/|mailto:)/i.test(url);
/** A link to a page of this site ("/blog-single-sidebar/16", as posts write them): made absolute. */
const sitePath = (url: string) => /^\/(?![/\\])/.test(url);

const QUOTE = `margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${BRAND};color:#444;font-style:italic`;
const CODE = "font-family:Consolas,Menlo,monospace;font-size:14px;background:#f3f1f6;border-radius:4px";

/** The issue's Markdown as e-mail HTML: inline styles (mail clients drop style sheets), no raw
 *  HTML (shown as text), links only to web and mail addresses (and this site's pages, made
 *  absolute), images as links (no tracking pixels, nothing loaded until the reader asks). */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    paragraph({ tokens }) {
      return `<p style="margin:0 0 16px">${this.parser.parseInline(tokens)}</p>\n`;
    },
    // Under the e-mail's title (h1): the writer's first two levels are h2, the rest h3.
    heading({ tokens, depth }) {
      const level = depth <= 2 ? 2 : 3;
      return `<h${level} style="font-size:${level === 2 ? 18 : 16}px;margin:24px 0 8px">${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    blockquote({ tokens }) {
      return `<blockquote style="${QUOTE}">${this.parser.parse(tokens)}</blockquote>\n`;
    },
    codespan: ({ text }) => `<code style="${CODE};padding:1px 4px">${escapeHtml(text)}</code>`,
    code: ({ text }) =>
      `<pre style="${CODE};margin:0 0 16px;padding:12px;white-space:pre-wrap;overflow-wrap:anywhere"><code>${escapeHtml(text)}</code></pre>\n`,
    link({ href: url, tokens }) {
      const text = this.parser.parseInline(tokens);
      return linkable(url) ? `<a href="${escapeHtml(url)}" style="color:${BRAND}">${text}</a>` : text;
    },
    image(token) {
      const { href: url, text, picture } = token as Tokens.Image & { picture?: EmailPicture };
      if (picture) return img(picture, "8px 0 16px").value;
      const label = escapeHtml(text || url);
      return linkable(url) ? `<a href="${escapeHtml(url)}" style="color:${BRAND}">${label}</a>` : label;
    },
  },
});

/** The campaign an issue's links are tagged with: its subject in lower-case words ("November at
 *  TechSpark!" → "november-at-techspark"), the traffic page's name for what the issue brought. */
export function issueCampaign(subject: string): string {
  const words = subject
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return words || "issue";
}

/** A link to a page of the site (`origin`) tagged with the issue's campaign, so that the traffic
 *  page counts what each issue brought (server/traffic/: no open pixel, no redirect through us);
 *  a link elsewhere is left as it is. */
export function campaignLink(url: string, origin: string, campaign: string): string {
  if (url !== origin && !url.startsWith(`${origin}/`) && !url.startsWith(`${origin}?`)) return url;
  const tagged = new URL(url);
  tagged.searchParams.set("utm_source", "newsletter");
  tagged.searchParams.set("utm_medium", "email");
  tagged.searchParams.set("utm_campaign", campaign);
  return tagged.href;
}

type IssueHtmlOptions = {
  /** The site's origin: links to its pages ("/services") lead there. */
  siteUrl?: string;
  /** Links to the site's pages are tagged with this campaign (the e-mails; not the web archive). */
  campaign?: string;
  /** HTML put before the first level-2 heading of this text (a post's in-body picture). */
  before?: { heading: string; html: string };
  /** The uploaded pictures its text may draw (a post's article's, as the issue keeps them), each
   *  as an e-mail's JPEG; any other picture is a link to it, as before. Needs `siteUrl`. */
  pictures?: readonly IssuePicture[];
};

/** The issue's HTML, or null when marked cannot render it: a body nested thousands of levels
 *  deep overflows its recursion (RangeError). Saving refuses such a body (markdownDepthProblem in
 *  the issue's schema); one stored before that shows a message instead of a preview. */
export function issueHtml(body: string, options: IssueHtmlOptions = {}): string | null {
  try {
    const tokens = markdown.lexer(body);
    const origin = options.siteUrl?.replace(/\/$/, "");
    if (origin)
      markdown.walkTokens(tokens, (t) => {
        // Our own upload, kept with the issue: drawn (before its address is made absolute).
        if (t.type === "image" && options.pictures) {
          const name = ownPicture(t.href);
          const kept = name ? options.pictures.find((p) => p.name === name) : undefined;
          const picture = kept && emailPicture(kept, t.text, origin);
          if (picture) (t as Tokens.Image & { picture?: EmailPicture }).picture = picture;
        }
        if ((t.type === "link" || t.type === "image") && sitePath(t.href)) t.href = `${origin}${t.href}`;
        if (t.type === "link" && options.campaign) t.href = campaignLink(t.href, origin, options.campaign);
      });
    const before = options.before;
    const at = before
      ? tokens.findIndex((t) => t.type === "heading" && t.depth === 2 && t.text === before.heading)
      : -1;
    const parts = at >= 0 ? [tokens.slice(0, at), tokens.slice(at)] : [tokens];
    return parts
      .map((part) => markdown.parser(Object.assign(part, { links: tokens.links })))
      .join(before?.html ?? "");
  } catch {
    return null;
  }
}

/** Thrown when an issue's e-mail is rendered from a body that cannot be (see issueHtml). */
class UnrenderableIssue extends Error {
  constructor(id: string) {
    super(`Newsletter issue ${id} cannot be rendered: its Markdown nests too deeply`);
  }
}

// --- The e-mail ----------------------------------------------------------------------------------

type IssueMail = {
  issue: Pick<Issue, "id" | "subject" | "body" | "post">;
  email: string;
  /** null: a test to a member of staff (no unsubscribe link: they are not a subscriber). */
  subscriberId: string | null;
};

/** The post an issue carries whole, as stored (null for none, or for JSON that is not one). */
export function issuePost(issue: Pick<Issue, "post">): IssuePost | null {
  if (issue.post === null) return null;
  try {
    return JSON.parse(issue.post) as IssuePost;
  } catch {
    return null;
  }
}

/** The issue's content, as its e-mail and its preview show it: the article (with the post's
 *  picture, byline and link when it carries a post whole), and "View in your browser" on top. */
function issueContent(issue: IssueMail["issue"], siteUrl: string, test: boolean) {
  const post = issuePost(issue);
  const origin = siteUrl.replace(/\/$/, "");
  // A test to staff is not tagged: its clicks are not what the issue brought.
  const campaign = test ? undefined : issueCampaign(issue.subject);
  const parts =
    post && postParts(post, siteUrl, (url) => (campaign ? campaignLink(url, origin, campaign) : url));
  const rendered = issueHtml(issue.body, {
    siteUrl,
    campaign,
    ...(post && parts ? { before: { heading: post.midTitle, html: parts.inline } } : {}),
    ...(post?.pictures ? { pictures: post.pictures } : {}),
  });
  if (rendered === null) throw new UnrenderableIssue(issue.id);
  // The issue's page exists once Send is pressed: a test says so.
  const web = `${siteUrl.replace(/\/$/, "")}${issuePath(issue.id)}`;
  const webNote = test ? " (once the issue is sent)" : "";
  return {
    title: issue.subject,
    // (Not the first words mail clients show after the subject: the layout's preview skips it.)
    html: html`<p style="margin:0 0 16px;font-size:12px;color:#555" data-skip-in-text="true">
        <a href="${href(web)}" style="color:#555">View in your browser</a>${webNote}
      </p>
      ${parts?.top ?? ""}${raw(rendered)}${parts?.bottom ?? ""}`,
    text: [
      `View in your browser${webNote}: ${web}`,
      "",
      ...(parts?.text.top ?? []),
      ...issue.body.split("\n"),
      ...(parts?.text.bottom ?? []),
    ],
  };
}

export async function renderIssue(
  r: IssueMail,
  context: Pick<MailContext, "siteUrl" | "links" | "details">,
): Promise<RenderedMail> {
  if (r.subscriberId === null) {
    const body = issueContent(r.issue, context.siteUrl, true);
    return {
      to: r.email,
      subject: `[Test] ${r.issue.subject}`,
      ...(await layout(context, {
        ...body,
        footer: {
          html: html`A test from the staff console. Subscribers get this issue with their own one-click
          unsubscribe link here.`,
          text: [
            "A test from the staff console. Subscribers get this issue with their own one-click unsubscribe link here.",
          ],
        },
      })),
    };
  }
  const token = unsubscribeToken(context.links, r.subscriberId);
  const shared = await subscriberCopy(r.issue, context);
  // The slot is in the HTML, the text and the headers; a token is URL- and HTML-safe (links.ts).
  const fill = (s: string) => s.replaceAll(TOKEN_SLOT, token);
  return {
    to: r.email,
    subject: r.issue.subject,
    headers: Object.fromEntries(Object.entries(shared.headers).map(([k, v]) => [k, fill(v)])),
    replyTo: shared.replyTo,
    html: fill(shared.html),
    text: fill(shared.text),
  };
}

/** Where a subscriber's unsubscribe token goes in the issue's one rendering: no token has it (a
 *  token is `payload.expiry.mac`; this has no dot). */
const TOKEN_SLOT = `unsubscribe-slot-${randomUUID()}`;

type SubscriberCopy = Omit<RenderedMail, "to" | "subject"> & {
  html: string;
  text: string;
  headers: Record<string, string>;
};

/** The issue's e-mail as every subscriber gets it but for their unsubscribe token (TOKEN_SLOT),
 *  rendered once per issue, site address and agency details: rendering (React Email, the text
 *  part's conversion) is most of the work an e-mail costs the server, and an issue goes to
 *  thousands (decision 026). The few last are kept: the details change in the console. */
const copies = new Map<string, Promise<SubscriberCopy>>();
const COPIES_KEPT = 4;

function subscriberCopy(
  issue: IssueMail["issue"],
  context: Pick<MailContext, "siteUrl" | "links" | "details">,
): Promise<SubscriberCopy> {
  const key = JSON.stringify([
    issue.id,
    issue.subject,
    issue.body,
    issue.post,
    context.siteUrl,
    context.details,
  ]);
  let copy = copies.get(key);
  if (copy === undefined) {
    copy = renderSubscriberCopy(issue, context);
    // A failed rendering is not kept: the next e-mail tries again.
    copy.catch(() => copies.delete(key));
    if (copies.size >= COPIES_KEPT) copies.delete(copies.keys().next().value!);
    copies.set(key, copy);
  }
  return copy;
}

async function renderSubscriberCopy(
  issue: IssueMail["issue"],
  context: Pick<MailContext, "siteUrl" | "details">,
): Promise<SubscriberCopy> {
  const body = issueContent(issue, context.siteUrl, false);
  const leaveUrl = unsubscribeUrlWith(context.siteUrl, TOKEN_SLOT);
  const { html: rendered, text } = await layout(context, {
    ...body,
    footer: {
      html: html`You receive the ${site.name} newsletter because you subscribed and confirmed at
        ${context.siteUrl}. <a href="${href(leaveUrl)}">Unsubscribe</a> (one click, at once).`,
      text: [
        `You receive the ${site.name} newsletter because you subscribed and confirmed at ${context.siteUrl}.`,
        `Unsubscribe (one click, at once): ${leaveUrl}`,
      ],
    },
  });
  return {
    // Gmail's feedback loop reports complaints per issue (its format: campaign:list:sender).
    headers: { ...unsubscribeHeaders(leaveUrl), "Feedback-ID": `${issue.id}:newsletter:techspark` },
    replyTo: agencyReplyTo(context.details),
    html: rendered,
    text,
  };
}

export const newsletterIssue = defineMailKind<IssueMail>({
  name: NEWSLETTER_ISSUE,
  // Rendered at send time: a subscriber who left (or a member removed) meanwhile gets nothing.
  async load(db, recordId) {
    const ref = parseRecord(recordId);
    if (!ref) return null;
    const issue = await db
      .selectFrom("newsletter_issue")
      .select(["id", "subject", "body", "post"])
      .where("id", "=", ref.issueId)
      .executeTakeFirst();
    if (!issue) return null;
    if (ref.to === "m") {
      const member = await db
        .selectFrom("staff_member")
        .select("email")
        .where("id", "=", ref.id)
        .where("removedAt", "is", null)
        .executeTakeFirst();
      return member ? { issue, email: member.email, subscriberId: null } : null;
    }
    const s = await db
      .selectFrom("newsletter_subscriber")
      .select(["id", "email"])
      .where("id", "=", ref.id)
      .where("state", "=", "subscribed")
      .executeTakeFirst();
    return s ? { issue, email: s.email, subscriberId: s.id } : null;
  },
  render: renderIssue,
  // A newsletter two days late is still worth reading; after that it is news no more.
  // A refusal for good (5xx) is believed at once: trying a dead mailbox again is what harms the
  // agency's sending reputation (bounces.ts).
  retry: { giveUpAfterMs: 2 * 86_400_000, giveUpAs: "failed", permanentFailureAttempts: 1 },
  atMostOnce: true,
  // A refusal bounces the subscriber; three issues in a row undelivered too (bounces.ts).
  async onOutcome(trx, recordId, outcome, at) {
    const ref = parseRecord(recordId);
    if (ref?.to === "s") await issueOutcome(trx, ref.id, outcome, at);
  },
  // The jobs are the issue's delivery record: they go with the subscriber (erasure, retention).
  jobLivesWithRecord: true,
});

// --- The store -----------------------------------------------------------------------------------

/** `post`: the copy of the post it carries whole (JSON, an IssuePost), when started from one. */
export type IssueDraft = { subject: string; body: string; post?: string | null };

/** Where an issue's e-mails to subscribers are (its jobs by state). */
export type IssueProgress = {
  counts: Record<JobState, number>;
  /** When the last e-mail still waiting is due (the pace), or null when none waits. */
  lastDueAt: number | null;
};

export type SendOutcome =
  { ok: true; recipients: number } | { ok: false; reason: "unknown" | "already-sent" | "no-subscribers" };

export type IssueStore = {
  /** Newest first. */
  list(): Promise<Issue[]>;
  get(id: string): Promise<Issue | null>;
  create(draft: IssueDraft, by: string, now: number): Promise<Issue>;
  /** Only a draft can change; 'already-sent' once Send was pressed. */
  update(
    id: string,
    draft: IssueDraft,
    by: string,
    now: number,
  ): Promise<"updated" | "unknown" | "already-sent">;
  /** A test to a member of staff (their own address), sent first among due e-mails. */
  sendTest(id: string, memberId: string, now: number): Promise<boolean>;
  /** Queues one e-mail per confirmed subscriber, `perMinute` apart, in one transaction. */
  send(id: string, by: string, now: number, perMinute: number): Promise<SendOutcome>;
  progress(id: string): Promise<IssueProgress>;
};

/** The record ids of every issue's e-mails to these subscribers (erasure and retention remove
 *  them with the person). */
export async function issueDeliveriesOf(trx: Queries, subscriberIds: readonly string[]): Promise<string[]> {
  if (subscriberIds.length === 0) return [];
  const issues = await trx
    .selectFrom("newsletter_issue")
    .select("id")
    .where("state", "=", "sending")
    .execute();
  return issues.flatMap((issue) => subscriberIds.map((s) => subscriberRecord(issue.id, s)));
}

export function createIssueStore(db: Db, outbox: Outbox): IssueStore {
  const k = db.kysely;
  const get = async (id: string) =>
    (await k.selectFrom("newsletter_issue").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;

  return {
    list: () =>
      k.selectFrom("newsletter_issue").selectAll().orderBy("createdAt", "desc").orderBy("id").execute(),
    get,

    async create(draft, by, now) {
      const issue: Issue = {
        id: randomUUID(),
        subject: draft.subject,
        body: draft.body,
        post: draft.post ?? null,
        state: "draft",
        createdAt: now,
        createdBy: by,
        updatedAt: now,
        updatedBy: by,
        sentAt: null,
        sentBy: null,
        recipients: null,
        perMinute: null,
      };
      await k.insertInto("newsletter_issue").values(issue).execute();
      return issue;
    },

    async update(id, draft, by, now) {
      const result = await k
        .updateTable("newsletter_issue")
        .set({ subject: draft.subject, body: draft.body, updatedAt: now, updatedBy: by })
        .where("id", "=", id)
        .where("state", "=", "draft")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "updated";
      return (await get(id)) ? "already-sent" : "unknown";
    },

    async sendTest(id, memberId, now) {
      if (!(await get(id))) return false;
      await writeTransaction(db, (trx) =>
        outbox.enqueue(trx, {
          kind: NEWSLETTER_ISSUE,
          recordId: testRecord(id, memberId),
          at: now,
          priority: 2,
        }),
      );
      return true;
    },

    send(id, by, now, perMinute) {
      return writeTransaction(db, async (trx): Promise<SendOutcome> => {
        const issue = await trx
          .selectFrom("newsletter_issue")
          .select("state")
          .where("id", "=", id)
          .executeTakeFirst();
        if (!issue) return { ok: false, reason: "unknown" };
        if (issue.state !== "draft") return { ok: false, reason: "already-sent" };
        const people = await trx
          .selectFrom("newsletter_subscriber")
          .select("id")
          .where("state", "=", "subscribed")
          .orderBy("confirmedAt")
          .orderBy("id")
          .execute();
        if (people.length === 0) return { ok: false, reason: "no-subscribers" };
        // Only one press wins: the second finds the issue no longer a draft (and PostgreSQL's
        // row lock makes it wait for the first to commit before it looks).
        const claimed = await trx
          .updateTable("newsletter_issue")
          .set({ state: "sending", sentAt: now, sentBy: by, recipients: people.length, perMinute })
          .where("id", "=", id)
          .where("state", "=", "draft")
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: "already-sent" };
        const gap = 60_000 / perMinute;
        for (const [i, p] of people.entries()) {
          await outbox.enqueue(trx, {
            kind: NEWSLETTER_ISSUE,
            recordId: subscriberRecord(id, p.id),
            // The database's unique Message-ID: one e-mail per issue and person, ever.
            messageId: `newsletter-${id}-${p.id}`,
            at: now + Math.floor(i * gap),
            priority: 0,
          });
        }
        return { ok: true, recipients: people.length };
      });
    },

    async progress(id) {
      const rows = await k
        .selectFrom("mail_outbox")
        .select((eb) => [
          "state",
          eb.fn.countAll<string | number>().as("n"),
          eb.fn.max("nextAttemptAt").as("last"),
        ])
        .where("kind", "=", NEWSLETTER_ISSUE)
        .where("recordId", "like", `${id}~s:%`)
        .groupBy("state")
        .execute();
      const counts = zeroCounts(JOB_STATES);
      let lastDueAt: number | null = null;
      for (const row of rows) {
        counts[row.state] = Number(row.n);
        if (row.last !== null) lastDueAt = Math.max(lastDueAt ?? 0, Number(row.last));
      }
      return { counts, lastDueAt };
    },
  };
}
