// The staff console's newsletter issues: drafts written and changed, previewed as the e-mail,
// tried on the writer's own address, sent once to every confirmed subscriber at the configured
// pace, and followed while they go (server/newsletter/issues.ts does the work). Every change is
// written to the audit log.
import type { Agency } from "#app/lib/agency.ts";
import type { IssueProgressView, IssuesPort, IssueSummaryView } from "#app/lib/ports/issues.ts";
import { validateIssue } from "#app/lib/newsletter-issue-schema.ts";
import { writeTransaction, type Db } from "../db/index.ts";
import { writeAudit, type Audit } from "../audit.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { Outbox } from "../mail/outbox.ts";
import {
  createIssueStore,
  issueHtml,
  issuePost,
  renderIssue,
  type Issue,
  type IssueDraft,
  type IssueProgress,
} from "./issues.ts";

/** Tests of one issue a member may send themselves (issue 26: each press was an e-mail): enough
 *  to check a few changes in a row, and a day's work; counted in the audit log (`issue.test`). */
const TEST_LIMITS = [
  { max: 3, windowMs: 10 * 60_000 },
  { max: 10, windowMs: 24 * 3_600_000 },
] as const;

const UNRENDERABLE =
  "The issue cannot be turned into an e-mail: simplify its nesting (quotes, lists, emphasis).";

function progressView(issue: Issue, p: IssueProgress): IssueProgressView {
  const c = p.counts;
  return {
    recipients: issue.recipients ?? 0,
    sent: c.sent,
    waiting: c.queued + c.sending + c.retrying + c["waiting-for-transport"],
    failed: c.failed + c.expired,
    skipped: c.cancelled,
    lastDueAt: p.lastDueAt,
  };
}

export function createIssues(config: {
  db: Db;
  outbox: Outbox;
  links: LinkSigner;
  siteUrl: string;
  /** The agency's details as published now (the preview's footer). */
  details: () => Agency;
  /** NEWSLETTER_PER_MINUTE: the pace of a send. */
  perMinute: number;
  now: () => number;
  audit: Audit;
  /** Wakes the mail worker (a test goes at once). */
  poke: () => void;
  /** Told when an issue was sent: its public page and the archive show it at once here. */
  sent?: () => Promise<void>;
}): IssuesPort {
  const { db, now, audit } = config;
  const store = createIssueStore(db, config.outbox);

  /** A checked draft kept: a new issue (id null) or a draft changed. */
  async function keep(by: string, id: string | null, draft: IssueDraft) {
    // What passes the schema's depth check renders; should marked still fail, it is not kept.
    if (issueHtml(draft.body) === null) return { ok: false, errors: { body: UNRENDERABLE } } as const;
    if (id === null) {
      const issue = await store.create(draft, by, now());
      await audit(by, "issue.created", issue.id, issue.subject);
      return { ok: true, id: issue.id } as const;
    }
    const outcome = await store.update(id, draft, by, now());
    if (outcome !== "updated") return { ok: false, reason: outcome } as const;
    await audit(by, "issue.updated", id, draft.subject);
    return { ok: true, id } as const;
  }

  async function summary(issue: Issue): Promise<IssueSummaryView> {
    const progress = issue.state === "draft" ? null : progressView(issue, await store.progress(issue.id));
    return {
      id: issue.id,
      subject: issue.subject,
      state: progress === null ? "draft" : progress.waiting > 0 ? "sending" : "sent",
      updatedAt: Number(issue.updatedAt),
      updatedBy: issue.updatedBy,
      sentAt: issue.sentAt === null ? null : Number(issue.sentAt),
      sentBy: issue.sentBy,
      progress,
    };
  }

  return {
    async list() {
      return Promise.all((await store.list()).map(summary));
    },

    async get(id) {
      const issue = await store.get(id);
      if (!issue) return null;
      const [view, subscribers] = await Promise.all([
        summary(issue),
        db.kysely
          .selectFrom("newsletter_subscriber")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("state", "=", "subscribed")
          .executeTakeFirstOrThrow(),
      ]);
      // As a subscriber sees it (the unsubscribe link is a real one, for nobody); none for a body
      // that cannot be rendered (stored before such bodies were refused): the page says so.
      const mail =
        issueHtml(issue.body) === null
          ? null
          : await renderIssue(
              { issue, email: "subscriber@example.com", subscriberId: "preview" },
              { siteUrl: config.siteUrl, links: config.links, details: config.details() },
            );
      return {
        ...view,
        body: issue.body,
        post: issuePost(issue),
        preview: mail && { html: mail.html, text: mail.text },
        subscribers: Number(subscribers.n),
        perMinute: issue.perMinute ?? config.perMinute,
      };
    },

    async save(by, id, input) {
      const checked = validateIssue(input);
      if (!checked.success) return { ok: false, errors: checked.errors };
      return keep(by, id, checked.data);
    },

    async createFromPost(by, input) {
      const { post, ...fields } = input;
      const checked = validateIssue(fields);
      if (!checked.success) return { ok: false, errors: checked.errors };
      return keep(by, null, { ...checked.data, post: JSON.stringify(post) });
    },

    async sendTest(member, id) {
      const t = now();
      // The count and the test's audit entry in one transaction, so that two presses at once
      // cannot both pass: SQLite takes its write lock at the start; PostgreSQL locks the issue.
      const verdict = await writeTransaction(db, async (trx) => {
        const issue = await trx
          .selectFrom("newsletter_issue")
          .select(["id", "body"])
          .where("id", "=", id)
          .$if(db.dialect === "postgres", (q) => q.forUpdate())
          .executeTakeFirst();
        if (!issue) return { ok: false, reason: "unknown" } as const;
        if (issueHtml(issue.body) === null) return { ok: false, reason: "unrenderable" } as const;
        const longest = Math.max(...TEST_LIMITS.map((l) => l.windowMs));
        const sent = (
          await trx
            .selectFrom("staff_audit")
            .select("at")
            .where("at", ">", t - longest)
            .where("action", "=", "issue.test")
            .where("actor", "=", member.email)
            .where("subject", "=", id)
            .orderBy("at")
            .execute()
        ).map((row) => Number(row.at));
        for (const { max, windowMs } of TEST_LIMITS) {
          const within = sent.filter((at) => at > t - windowMs);
          // The next may go when the oldest of the last `max` leaves the window.
          if (within.length >= max)
            return { ok: false, reason: "limit", retryAt: within[within.length - max]! + windowMs } as const;
        }
        await writeAudit(trx, t, member.email, "issue.test", id);
        return { ok: true } as const;
      });
      if (!verdict.ok) return verdict;
      await store.sendTest(id, member.id, t);
      config.poke();
      return verdict;
    },

    async send(by, id) {
      // A draft stored before such bodies were refused: no subscriber gets an e-mail that cannot be
      // made (the worker would fail each one); the writer simplifies it first.
      const issue = await store.get(id);
      if (issue?.state === "draft" && issueHtml(issue.body) === null)
        return { ok: false, reason: "unrenderable" };
      const outcome = await store.send(id, by, now(), config.perMinute);
      if (outcome.ok) {
        await audit(by, "issue.sent", id, `${outcome.recipients} subscribers, ${config.perMinute} a minute`);
        config.poke();
        await config.sent?.();
      }
      return outcome;
    },
  };
}
