// The newsletter's web archive (/newsletter/issues): every issue past 'draft' (Send was pressed),
// newest first, for the public pages, the sitemap and the site search. The list is kept in memory
// (the sitemap and the search read it per request, synchronously) and read again when the count
// of sent issues moves, on every instance within a tick of the version watch; an issue's page
// reads the issue itself. A draft is nobody's page: its id answers as an unknown one. Nothing of
// the subscribers is read here.
import type { ArchivedIssueSummary, IssueArchivePort } from "#app/lib/ports/issue-archive.ts";
import { plainText } from "#app/config/post-file.ts";
import type { Db } from "../db/index.ts";
import type { VersionWatch } from "../version-watch.ts";
import { issueHtml, issuePost, type Issue } from "./issues.ts";

/** How much of an issue's text its description (the list, the search, the page's meta) takes. */
const DESCRIPTION_CHARS = 200;

/** The issue's first words: the post's excerpt when it carries one, else the start of its text. */
function describe(issue: Pick<Issue, "body" | "post">): string {
  const post = issuePost(issue);
  if (post) return post.excerpt;
  const text = plainText(issueHtml(issue.body) ?? "");
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_CHARS / 2)).trimEnd()}…`;
}

/** Issue ids are random UUIDs: anything else is not looked for. */
const ISSUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type IssueArchive = IssueArchivePort & {
  /** Called with every change of the list (an issue sent here or on another instance). */
  onChange(listener: () => void): () => void;
  /** Reads the list now. */
  refresh(): Promise<void>;
  close(): void;
};

export async function createIssueArchive(config: { db: Db; watch: VersionWatch }): Promise<IssueArchive> {
  const k = config.db.kysely;
  let list: readonly ArchivedIssueSummary[] = [];
  let seen = -1;
  const listeners = new Set<() => void>();

  async function refresh() {
    const rows = await k
      .selectFrom("newsletter_issue")
      .select(["id", "subject", "sentAt", "body", "post"])
      .where("state", "!=", "draft")
      .orderBy("sentAt", "desc")
      .orderBy("id")
      .execute();
    list = rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      sentAt: Number(r.sentAt),
      description: describe(r),
    }));
    for (const listener of listeners) listener();
  }

  await refresh();
  seen = list.length;
  // An issue leaves 'draft' once and never goes back, and none is deleted: their count moves
  // exactly when the archive changes.
  const stop = config.watch.add(
    (eb) =>
      eb
        .selectFrom("newsletter_issue")
        .select((e) => e.fn.countAll<number>().as("version"))
        .where("state", "!=", "draft"),
    (version) => {
      if (version === seen) return;
      seen = version;
      // A failed read is tried again on the next tick.
      refresh().catch(() => {
        seen = -1;
      });
    },
  );

  return {
    sent: () => list,
    async get(id) {
      if (!ISSUE_ID.test(id)) return null;
      const issue = await k
        .selectFrom("newsletter_issue")
        .select(["id", "subject", "sentAt", "body", "post"])
        .where("id", "=", id)
        .where("state", "!=", "draft")
        .executeTakeFirst();
      if (!issue) return null;
      return {
        id: issue.id,
        subject: issue.subject,
        sentAt: Number(issue.sentAt),
        description: describe(issue),
        body: issue.body,
        post: issuePost(issue),
      };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    refresh,
    close: stop,
  };
}
