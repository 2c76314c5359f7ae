// The comments service: writing a comment (the post page's action hands it over), the moderation
// e-mail's links, what a post shows, and the watch that tells every server instance when a post's
// shown comments changed (its kept page is then dropped).
//   const comments = createCommentService({ db, mail, forms, links, posts, ...settings });
// Post pages and /comments/moderate reach it through the request context
// (app/lib/ports/comments.ts).
import { COMMENT_PENDING, COMMENT_THANKS } from "#app/lib/comment-fields.ts";
import { validateComment } from "#app/lib/comment-schema.ts";
import type { CommentModerationView, ModeratedComment } from "#app/lib/ports/comments.ts";
import { postPath } from "#app/config/blog.ts";
import type { Db } from "../db/index.ts";
import { fail, FORM_RESPONSES, type FormAnswer, type FormInput } from "../forms/guard.ts";
import type { Forms } from "../forms/index.ts";
import { consoleLogger, describeError, type Logger } from "../log.ts";
import { oneAtATime } from "../one-at-a-time.ts";
import type { LinkSigner } from "../mail/links.ts";
import type { MailService } from "../mail/index.ts";
import { MODERATION_LINK, parseModerationPayload } from "./mail.ts";
import {
  createCommentRepository,
  type Comment,
  type CommentRepository,
  type ModerationAction,
  type PublishedComment,
} from "./repository.ts";

/** The posts that take comments: their title by id (the blog's content). */
export type PostDirectory = { get(id: number): { title: string } | undefined };

export type CommentSettings = {
  secret: string;
  /** Per client, for the comment form (RATE_LIMIT_PER_MINUTE / _PER_HOUR; each form counts on its own). */
  rateLimit: { perMinute: number; perHour: number };
  logger?: Logger;
  now?: () => number;
  /** How often each instance looks for posts whose comments changed elsewhere (default 500 ms). */
  watchMs?: number;
  /** Moderation e-mails of their own per clock hour; later comments go in one digest
   *  (COMMENT_MAILS_PER_HOUR, default 10: ./digest.ts). */
  moderationMailsPerHour?: number;
};

/** `confirm`: nothing was done; the reader is asked to press Post Comment again (a post without
 *  JavaScript sooner than a person types). */
export type CommentAnswer = FormAnswer & { confirm?: true };

export type CommentService = {
  issueToken: Forms["issueToken"];
  /** The comment form's post (the post page's action, with JavaScript or without). */
  submitForm(input: FormInput): Promise<CommentAnswer>;
  /** A post's approved comments, oldest first. */
  published(postId: number): Promise<PublishedComment[]>;
  /** GET of an e-mailed moderation link: what it would do. Changes nothing. */
  viewModerationLink(token: string): Promise<CommentModerationView>;
  /** POST from the moderation page's button. */
  moderateByLink(token: string): Promise<CommentModerationView>;
  /** A moderator's decision on comments (the staff console): each changed one is shown or hidden
   *  on this instance at once; returns how many changed. */
  moderate(ids: string[], action: ModerationAction, by: string): Promise<number>;
  /** Calls `listener` with the posts whose shown comments changed, on this instance or another
   *  (polled every `watchMs`). Returns a function that stops it. */
  watch(listener: (postIds: number[]) => void): () => void;
  /** Stops watching (before the database closes). */
  close(): Promise<void>;
  store: CommentRepository;
};

export const COMMENT_RESPONSES = {
  thanks: `${COMMENT_THANKS}. ${COMMENT_PENDING}`,
  tooMany: (minutes: number) =>
    `Too many comments were sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  noPost: "This post does not take comments. Please reload the page and try again.",
  noParent: "The comment you are replying to is no longer shown. Please post yours as a new comment.",
  unavailable: "We could not save your comment just now. Please try again in a few minutes.",
} as const;

const ID = /^[0-9a-f-]{36}$/;

/** The post and the comment answered, as a form sends them (strings without JavaScript). */
function target(fields: Record<string, unknown>) {
  const raw = fields.postId;
  const postId =
    typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  const parent = fields.parentId;
  const parentId = typeof parent === "string" && parent !== "" ? parent : null;
  return { postId, parentId };
}

export function createCommentService(
  config: CommentSettings & {
    db: Db;
    mail: MailService;
    forms: Forms;
    links: LinkSigner;
    posts: PostDirectory;
  },
): CommentService {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const { mail, forms, links, posts } = config;
  const store = createCommentRepository(config.db, mail.outbox, config.secret, {
    mailsPerHour: config.moderationMailsPerHour,
  });
  const limiter = forms.guard.limiter("comment", config.rateLimit);
  const listeners = new Set<(postIds: number[]) => void>();

  async function submit(input: FormInput): Promise<CommentAnswer> {
    const verdict = await forms.guard.check(input, limiter, "comment");
    if (!verdict.ok) {
      const { answer } = verdict;
      if (answer.status === 503)
        return { ...answer, body: { ...answer.body, message: COMMENT_RESPONSES.unavailable } };
      if (answer.status !== 429) return answer;
      const minutes = Math.ceil(Number(answer.headers?.["Retry-After"] ?? 60) / 60);
      return { ...answer, body: { ...answer.body, message: COMMENT_RESPONSES.tooMany(minutes) } };
    }
    const refuse = (message: string, errors?: Record<string, string>): CommentAnswer => {
      log({ level: "info", msg: "comment.rejected", status: 400, reason: "invalid", client: verdict.client });
      return { ...fail(400, message), body: { success: false, message, ...(errors ? { errors } : {}) } };
    };
    const checked = validateComment(input.fields);
    if (!checked.success) return refuse(FORM_RESPONSES.invalid, checked.errors);
    const { postId, parentId: askedParent } = target(input.fields);
    const post = Number.isSafeInteger(postId) ? posts.get(postId) : undefined;
    if (!post) return refuse(COMMENT_RESPONSES.noPost);
    let parentId: string | null = null;
    if (askedParent !== null) {
      const parent = ID.test(askedParent) ? await store.get(askedParent) : null;
      if (!parent || parent.postId !== postId || parent.state !== "approved") {
        return refuse(COMMENT_RESPONSES.noParent);
      }
      // One level of nesting: a reply to a reply answers the same thread.
      parentId = parent.parentId ?? parent.id;
    }
    const thanks: CommentAnswer = { status: 200, body: { success: true, message: COMMENT_RESPONSES.thanks } };
    if (verdict.spam === "too-fast" && input.via !== "script") return { ...thanks, confirm: true };
    try {
      const written = await store.write(
        {
          postId,
          postTitle: post.title,
          parentId,
          ...checked.data,
          body: checked.data.comment,
          client: verdict.client,
          spam: verdict.spam,
        },
        now(),
      );
      log({
        level: written.outcome === "spam" ? "warn" : "info",
        msg: `comment.${written.outcome}`,
        comment: written.id,
        post: postId,
        ...(written.outcome === "spam" ? { reason: written.reason } : {}),
        ...(written.outcome === "pending" ? { mail: written.mail } : {}),
        client: verdict.client,
      });
      if (written.outcome === "pending") mail.worker.poke();
    } catch (error) {
      log({
        level: "error",
        msg: "comment.storage-unavailable",
        client: verdict.client,
        reason: describeError(error),
      });
      return fail(503, COMMENT_RESPONSES.unavailable, { headers: { "Retry-After": "60" } });
    }
    // Pending, filed as spam or a second copy: the same thanks (spammers learn nothing).
    return thanks;
  }

  const shown = (c: Comment): ModeratedComment => ({
    name: c.name,
    body: c.body,
    createdAt: c.createdAt,
    postTitle: c.postTitle,
    postHref: postPath(c.postId, "sidebar"),
    state: c.state,
    reply: c.parentId !== null,
  });

  /** The comment and action of a link, or the view for a bad one. */
  async function linkTarget(token: string) {
    const check = links.verify(MODERATION_LINK, token, now());
    if (!check.ok) return { view: { kind: check.reason } } as const;
    const parsed = parseModerationPayload(check.payload);
    const comment = parsed ? await store.get(parsed.id) : null;
    if (!parsed || !comment) return { view: { kind: "invalid" } } as const;
    if (comment.moderationNonce !== parsed.nonce)
      return { view: { kind: "used", comment: shown(comment) } } as const;
    return { comment, nonce: parsed.nonce, action: parsed.action } as const;
  }

  // Every instance polls the posts' versions; a change (here or on another instance) drops the
  // kept pages of those posts.
  let known: Map<number, number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const stopWatching = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  // One query at a time; asked during one, another follows it (it may have read too early).
  const poll = oneAtATime(async () => {
    try {
      const versions = await store.versions();
      const changed = known
        ? [...versions].filter(([post, v]) => known!.get(post) !== v).map(([post]) => post)
        : [];
      known = versions;
      if (changed.length > 0) for (const listener of listeners) listener(changed);
    } catch (error) {
      log({ level: "warn", msg: "comment.watch-failed", reason: describeError(error) });
    }
  });

  return {
    issueToken: forms.issueToken,
    submitForm: submit,
    published: (postId) => store.published(postId),

    async viewModerationLink(token) {
      const t = await linkTarget(token);
      return t.view ?? { kind: "confirm", action: t.action, comment: shown(t.comment) };
    },

    async moderateByLink(token) {
      const t = await linkTarget(token);
      if (t.view) return t.view;
      const result = await store.moderate(t.comment.id, t.action, "e-mail link", now(), t.nonce);
      log({
        level: "info",
        msg: "comment.moderated",
        comment: t.comment.id,
        action: t.action,
        outcome: result.outcome,
      });
      if (result.outcome === "unknown") return { kind: "invalid" };
      if (result.outcome !== "done") return { kind: "used", comment: shown(result.comment) };
      await poll(); // this instance shows the change at once
      return { kind: "done", action: t.action, comment: shown(result.comment) };
    },

    async moderate(ids, action, by) {
      let changed = 0;
      for (const id of new Set(ids)) {
        const result = await store.moderate(id, action, by, now());
        if (result.outcome === "done") changed++;
        log({ level: "info", msg: "comment.moderated", comment: id, action, outcome: result.outcome, by });
      }
      if (changed > 0) await poll(); // this instance shows the change at once
      return changed;
    },

    watch(listener) {
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(() => void poll(), config.watchMs ?? 500);
        timer.unref();
      }
      void poll();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopWatching();
      };
    },

    async close() {
      listeners.clear();
      stopWatching();
      await poll.settled();
    },

    store,
  };
}
