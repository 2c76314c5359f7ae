// The blog's comments on the data layer: writing one (with its moderation e-mail, or past the
// hour's cap its place in the digest, in the same transaction), moderating, what a post shows,
// and erasure and retention for data protection.
// Every change to what a post shows moves that post's version (blog_comment_version), which each
// server instance polls to drop its kept copy of the page.
import { randomBytes, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { normalizeEmail } from "#app/lib/form-rules.ts";
import { zeroCounts } from "../db/counts.ts";
import { writeTransaction, type Db, type Queries } from "../db/index.ts";
import type { Outbox } from "../mail/outbox.ts";
import { keyedHash } from "../secret.ts";
import { COMMENT_DIGEST, COMMENT_MAILS_PER_HOUR, HOUR_MS, hourStart } from "./digest.ts";
import { COMMENT_MODERATION } from "./mail.ts";
import { COMMENT_STATES, type BlogCommentTable, type CommentState, type SpamReason } from "./tables.ts";

export type Comment = Selectable<BlogCommentTable>;

/** What a post shows of a comment (never the e-mail address). */
export type PublishedComment = Pick<Comment, "id" | "parentId" | "name" | "body" | "createdAt">;

export type NewComment = {
  postId: number;
  postTitle: string;
  parentId: string | null;
  name: string;
  email: string;
  body: string;
  /** Keyed hash of the writer's network address. */
  client: string;
  /** Set when the post already looks automated (honeypot, too fast). */
  spam: SpamReason | null;
};

/** What writing did (never shown to the writer: each gets the same thanks). */
export type WriteOutcome =
  | { outcome: "pending"; id: string; mail: "own" | "digest" } // kept, the agency is e-mailed
  | { outcome: "spam"; id: string; reason: SpamReason } // kept for review, never shown, no e-mail
  | { outcome: "duplicate"; id: string }; // the same person's same text on the same post: kept once

export type ModerationAction = "approve" | "reject" | "spam";

export type ModerateOutcome =
  | { outcome: "done"; comment: Comment } // the state changed
  | { outcome: "unchanged"; comment: Comment } // it was in that state already
  | { outcome: "used"; comment: Comment } // the e-mailed link's nonce was used before
  | { outcome: "unknown" }; // no such comment (erased)

export type CommentRepository = {
  write(comment: NewComment, now: number): Promise<WriteOutcome>;
  /** `nonce`: from an e-mailed link (single use: either link of the e-mail works once). */
  moderate(
    id: string,
    action: ModerationAction,
    by: string,
    now: number,
    nonce?: string,
  ): Promise<ModerateOutcome>;
  get(id: string): Promise<Comment | null>;
  /** A post's approved comments, oldest first. */
  published(postId: number): Promise<PublishedComment[]>;
  /** Newest first. */
  list(options?: { state?: CommentState; limit?: number }): Promise<Comment[]>;
  countByState(): Promise<Record<CommentState, number>>;
  /** Every comment written with this address (a person's data, for access requests). */
  byEmail(email: string): Promise<Comment[]>;
  /** Deletes every comment written with this address and their e-mails; returns how many. */
  erase(email: string): Promise<number>;
  /** Deletes one comment (and its e-mail); false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Retention: rejected and spam comments older than `days` are deleted (and the e-mail cap's
   *  hourly counts once a day old). */
  prune(now: number, days?: number): Promise<number>;
  /** Every post's comment version (the server instances compare them to drop kept pages). */
  versions(): Promise<Map<number, number>>;
};

/** Rejected and spam comments are kept this long for review, then deleted. */
export const REVIEW_DAYS = 30;
/** The same text on another post within this time is a spammer's round (if it is not short). */
const REPEAT_WINDOW_MS = 7 * 86_400_000;
const REPEAT_MIN_LENGTH = 40;
/** Markup that only spam tools write in a plain-text box. */
const SPAM_MARKUP = /<a\s[^>]*href|\[url[=\]]|\[link[=\]]/i;
/** Digest jobs a comment may still join: not yet taken by a worker (one being sent has already
 *  read its comments). */
const DIGEST_JOINABLE = ["queued", "retrying", "waiting-for-transport"] as const;

const TARGET_STATE: Record<ModerationAction, CommentState> = {
  approve: "approved",
  reject: "rejected",
  spam: "spam",
};

type CommentRepositoryOptions = {
  /** Moderation e-mails of their own per clock hour (default COMMENT_MAILS_PER_HOUR). */
  mailsPerHour?: number;
};

export function createCommentRepository(
  db: Db,
  outbox: Outbox,
  secret: string,
  options: CommentRepositoryOptions = {},
): CommentRepository {
  const k = db.kysely;
  const mailsPerHour = options.mailsPerHour ?? COMMENT_MAILS_PER_HOUR;
  const bodyHash = (body: string) =>
    keyedHash(secret, `comment-body:${body.toLowerCase().replace(/\s+/g, " ").trim()}`, "hex", 16);

  /** The post's shown comments changed: its version moves (instances drop their kept page). */
  async function bump(trx: Queries, postIds: Iterable<number>, now: number) {
    for (const postId of new Set(postIds)) {
      await trx
        .insertInto("blog_comment_version")
        .values({ postId, version: 1, updatedAt: now })
        .onConflict((oc) =>
          oc.column("postId").doUpdateSet((eb) => ({
            version: eb("blog_comment_version.version", "+", 1),
            updatedAt: now,
          })),
        )
        .execute();
    }
  }

  /**
   * Counts a new pending comment in its clock hour and says how the agency hears of it: null for
   * an e-mail of its own (within the cap), else the id of the digest it joins. The count is one
   * upsert, so instances sharing the database agree: on PostgreSQL its row stays locked until the
   * comment's transaction ends, so the writers of one hour decide one after another (on SQLite
   * the whole transaction holds the write lock). The waiting digest is read FOR UPDATE on
   * PostgreSQL (SQLite has no such clause and needs none): a worker claiming it meanwhile skips
   * it until this comment is in, and one that claimed it first has changed its state, so the
   * comment starts a new digest instead of joining one whose comments were already read.
   */
  async function digestFor(trx: Queries, now: number): Promise<string | null> {
    const hour = hourStart(now);
    const counted = await trx
      .insertInto("comment_mail_hour")
      .values({ hourStart: hour, comments: 1 })
      .onConflict((oc) =>
        oc.column("hourStart").doUpdateSet((eb) => ({ comments: eb("comment_mail_hour.comments", "+", 1) })),
      )
      .returning("comments")
      .executeTakeFirstOrThrow();
    if (Number(counted.comments) <= mailsPerHour) return null;
    const waiting = await trx
      .selectFrom("mail_outbox")
      .select("recordId")
      .where("kind", "=", COMMENT_DIGEST)
      .where("state", "in", DIGEST_JOINABLE)
      .orderBy("createdAt")
      .limit(1)
      .$if(db.dialect === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (waiting) return waiting.recordId;
    const digestId = randomUUID();
    // Due at the end of the hour: the comments of the rest of it join this one.
    await outbox.enqueue(trx, { kind: COMMENT_DIGEST, recordId: digestId, at: hour + HOUR_MS, priority: 1 });
    return digestId;
  }

  async function removeWhere(
    trx: Queries,
    rows: { id: string; postId: number; state: CommentState }[],
    now: number,
  ) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    await outbox.deleteForRecords(trx, COMMENT_MODERATION, ids);
    await trx.deleteFrom("blog_comment").where("id", "in", ids).execute();
    await bump(
      trx,
      rows.filter((r) => r.state === "approved").map((r) => r.postId),
      now,
    );
  }

  return {
    write(c, now) {
      const email = normalizeEmail(c.email);
      const hash = bodyHash(c.body);
      return writeTransaction(db, async (trx) => {
        const same = await trx
          .selectFrom("blog_comment")
          .select(["id", "postId", "email", "createdAt"])
          .where("bodyHash", "=", hash)
          .orderBy("createdAt", "desc")
          .limit(50)
          .execute();
        const twin = same.find((s) => s.postId === c.postId && s.email === email);
        if (twin) return { outcome: "duplicate", id: twin.id } as const;
        const repeated =
          c.body.length >= REPEAT_MIN_LENGTH &&
          same.some((s) => s.postId !== c.postId && now - s.createdAt < REPEAT_WINDOW_MS);
        const reason: SpamReason | null =
          c.spam ?? (repeated ? "repeated" : SPAM_MARKUP.test(c.body) ? "markup" : null);
        const id = randomUUID();
        const digestId = reason ? null : await digestFor(trx, now);
        await trx
          .insertInto("blog_comment")
          .values({
            id,
            postId: c.postId,
            postTitle: c.postTitle,
            parentId: c.parentId,
            name: c.name,
            email,
            body: c.body,
            state: reason ? "spam" : "pending",
            spamReason: reason,
            bodyHash: hash,
            client: c.client,
            createdAt: now,
            updatedAt: now,
            moderatedAt: null,
            moderatedBy: null,
            moderationNonce: reason ? null : randomBytes(12).toString("hex"),
            digestId,
          })
          .execute();
        if (reason) return { outcome: "spam", id, reason } as const;
        if (digestId) return { outcome: "pending", id, mail: "digest" } as const;
        await outbox.enqueue(trx, { kind: COMMENT_MODERATION, recordId: id, at: now, priority: 1 });
        return { outcome: "pending", id, mail: "own" } as const;
      });
    },

    moderate(id, action, by, now, nonce) {
      return writeTransaction(db, async (trx): Promise<ModerateOutcome> => {
        const c = await trx.selectFrom("blog_comment").selectAll().where("id", "=", id).executeTakeFirst();
        if (!c) return { outcome: "unknown" };
        if (nonce !== undefined && c.moderationNonce !== nonce) return { outcome: "used", comment: c };
        const state = TARGET_STATE[action];
        if (c.state === state && nonce === undefined) return { outcome: "unchanged", comment: c };
        const changed = {
          state,
          spamReason: state === "spam" ? ("moderator" as const) : null,
          moderatedAt: now,
          moderatedBy: by,
          moderationNonce: null,
          updatedAt: now,
        };
        await trx.updateTable("blog_comment").set(changed).where("id", "=", id).execute();
        // Decided: the e-mail, if it is still waiting, has nothing left to ask.
        await outbox.deleteForRecords(trx, COMMENT_MODERATION, [id]);
        if (c.state === "approved" || state === "approved") await bump(trx, [c.postId], now);
        return { outcome: "done", comment: { ...c, ...changed } };
      });
    },

    async get(id) {
      return (await k.selectFrom("blog_comment").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
    },

    published(postId) {
      return k
        .selectFrom("blog_comment")
        .select(["id", "parentId", "name", "body", "createdAt"])
        .where("postId", "=", postId)
        .where("state", "=", "approved")
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
    },

    list(options = {}) {
      let q = k.selectFrom("blog_comment").selectAll();
      if (options.state) q = q.where("state", "=", options.state);
      return q
        .orderBy("createdAt", "desc")
        .orderBy("id")
        .limit(options.limit ?? 1000)
        .execute();
    },

    async countByState() {
      const rows = await k
        .selectFrom("blog_comment")
        .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("state")
        .execute();
      const counts = zeroCounts(COMMENT_STATES);
      for (const r of rows) counts[r.state] = Number(r.n);
      return counts;
    },

    byEmail(email) {
      return k
        .selectFrom("blog_comment")
        .selectAll()
        .where("email", "=", normalizeEmail(email))
        .orderBy("createdAt")
        .orderBy("id")
        .execute();
    },

    erase(email) {
      return writeTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom("blog_comment")
          .select(["id", "postId", "state"])
          .where("email", "=", normalizeEmail(email))
          .execute();
        await removeWhere(trx, rows, Date.now());
        return rows.length;
      });
    },

    remove(id) {
      return writeTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom("blog_comment")
          .select(["id", "postId", "state"])
          .where("id", "=", id)
          .execute();
        await removeWhere(trx, rows, Date.now());
        return rows.length > 0;
      });
    },

    prune(now, days = REVIEW_DAYS) {
      return writeTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom("blog_comment")
          .select(["id", "postId", "state"])
          .where("state", "in", ["rejected", "spam"])
          .where("updatedAt", "<", now - days * 86_400_000)
          .execute();
        await removeWhere(trx, rows, now);
        // The cap's counts of past hours are no longer needed.
        await trx
          .deleteFrom("comment_mail_hour")
          .where("hourStart", "<", now - 86_400_000)
          .execute();
        return rows.length;
      });
    },

    async versions() {
      const rows = await k.selectFrom("blog_comment_version").select(["postId", "version"]).execute();
      return new Map(rows.map((r) => [Number(r.postId), Number(r.version)]));
    },
  };
}
