// The comments as post pages show them, and the comment form's action.
// Server-only: the text is split into paragraphs and its web addresses into links here, so the
// link finder (linkify-it) never reaches the browser.
import LinkifyIt from "linkify-it";
import { data, type RouterContext } from "react-router";
import { COMMENT_LIMITS } from "#app/lib/comment-fields.ts";
import { formAction } from "#app/lib/form-action.server.ts";
import { formatDay } from "#app/lib/format.ts";
import { commentsContext, type CommentsPort, type PublishedCommentRecord } from "#app/lib/ports/comments.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

export function commentsService(context: Context): CommentsPort {
  const comments = context.get(commentsContext);
  if (!comments) throw data("Comments are not available on this server.", { status: 503 });
  return comments;
}

/** A piece of a paragraph: text, or a link the reader wrote. */
export type Segment = string | { href: string; text: string };

export type ShownComment = {
  id: string;
  name: string;
  initials: string;
  /** "2026-11-25" (Lagos time) and "25 November 2026". */
  date: string;
  dateLabel: string;
  paragraphs: Segment[][];
  replies: ShownComment[];
};

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false });
const WEB = /^(https?:\/\/|www\.)/i;

/** A paragraph's text with its web addresses (http, https, www.) as links; nothing else is markup. */
export function linkSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!WEB.test(match.raw)) continue;
    if (match.index > at) segments.push(text.slice(at, match.index));
    const href = /^https?:\/\//i.test(match.url) ? match.url : `https://${match.raw}`;
    segments.push({ href, text: match.text });
    at = match.lastIndex;
  }
  if (at < text.length) segments.push(text.slice(at));
  return segments;
}

/** Lagos is UTC+1 all year. */
const lagosDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => [...w][0]!.toUpperCase())
    .join("");

function shown(c: PublishedCommentRecord): ShownComment {
  const date = lagosDay(c.createdAt);
  return {
    id: c.id,
    name: c.name,
    initials: initials(c.name),
    date,
    dateLabel: formatDay(date),
    paragraphs: c.body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map(linkSegments),
    replies: [],
  };
}

/** Threads, oldest first, replies under their comment (one level). A reply whose comment is no
 *  longer shown stands on its own. */
export function threads(records: PublishedCommentRecord[]): { threads: ShownComment[]; count: number } {
  const top = new Map<string, ShownComment>();
  const list: ShownComment[] = [];
  for (const r of records) {
    const comment = shown(r);
    const parent = r.parentId ? top.get(r.parentId) : undefined;
    if (parent) parent.replies.push(comment);
    else {
      top.set(r.id, comment);
      list.push(comment);
    }
  }
  return { threads: list, count: records.length };
}

/** A comment as the form names it ("Replying to …"). */
export type CommentRef = { id: string; name: string };

/** A shown comment or reply by id (the one a reader answers). */
export function findShown(list: ShownComment[], id: string): CommentRef | undefined {
  const found = list.flatMap((c) => [c, ...c.replies]).find((c) => c.id === id);
  return found && { id: found.id, name: found.name };
}

// The comment form's name: server/services.ts registers the comments' post under it.
declare module "#app/lib/ports/forms.ts" {
  interface FormNames {
    comment: true;
  }
}

export const CONFIRM_NOTICE = "Please check your comment below and press Post Comment to send it.";

/** The comment form's post, with JavaScript or without. Every answer is the reader's own. */
export async function submitCommentForm(request: Request, context: Context, postId: number) {
  // The answer carries the shown comment the reader was answering (the form names it again).
  return formAction<{ replyTo: CommentRef }>(request, context, "comment", {
    echo: COMMENT_LIMITS,
    fields: { postId: String(postId) },
    notice: CONFIRM_NOTICE,
    // The post pages are kept and shared: their form carries no per-visitor token.
    tokenOnFailure: () => true,
    headers: { "Cache-Control": "private, no-store" },
    extend: async (fields) => {
      const parentId = (fields.parentId ?? "").slice(0, 36);
      if (!parentId) return {};
      return {
        replyTo: findShown(threads(await commentsService(context).published(postId)).threads, parentId),
      };
    },
  });
}
