// The staff console's newsletter issues: drafts written and changed, previewed as the e-mail,
// tried on the writer's own address, sent once to every confirmed subscriber at the configured
// pace, and followed while they go (server/newsletter/issues.ts does the work). Every change is
// written to the audit log.
import type { IssueProgressView, IssuesPort, IssueSummaryView } from "#app/lib/request-context.ts";
import { validateIssue } from "#app/lib/newsletter-issue-schema.ts";
import type { Db } from "../db/index.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { Outbox } from "../mail/outbox.ts";
import { createIssueStore, renderIssue, type Issue, type IssueProgress } from "../newsletter/issues.ts";

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
  /** NEWSLETTER_PER_MINUTE: the pace of a send. */
  perMinute: number;
  now: () => number;
  audit: (actor: string, action: string, subject: string | null, detail: string | null) => Promise<void>;
  /** Wakes the mail worker (a test goes at once). */
  poke: () => void;
}): IssuesPort {
  const { db, now, audit } = config;
  const store = createIssueStore(db, config.outbox);

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
      // As a subscriber sees it (the unsubscribe link is a real one, for nobody).
      const mail = renderIssue(
        { issue, email: "subscriber@example.com", subscriberId: "preview" },
        { siteUrl: config.siteUrl, links: config.links },
      );
      return {
        ...view,
        body: issue.body,
        preview: { html: mail.html, text: mail.text },
        subscribers: Number(subscribers.n),
        perMinute: issue.perMinute ?? config.perMinute,
      };
    },

    async save(by, id, input) {
      const checked = validateIssue(input);
      if (!checked.success) return { ok: false, errors: checked.errors };
      if (id === null) {
        const issue = await store.create(checked.data, by, now());
        await audit(by, "issue.created", issue.id, issue.subject);
        return { ok: true, id: issue.id };
      }
      const outcome = await store.update(id, checked.data, by, now());
      if (outcome !== "updated") return { ok: false, reason: outcome };
      await audit(by, "issue.updated", id, checked.data.subject);
      return { ok: true, id };
    },

    async sendTest(member, id) {
      const queued = await store.sendTest(id, member.id, now());
      if (queued) {
        await audit(member.email, "issue.test", id, null);
        config.poke();
      }
      return queued;
    },

    async send(by, id) {
      const outcome = await store.send(id, by, now(), config.perMinute);
      if (outcome.ok) {
        await audit(by, "issue.sent", id, `${outcome.recipients} subscribers, ${config.perMinute} a minute`);
        config.poke();
      }
      return outcome;
    },
  };
}
