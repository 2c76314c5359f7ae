// The comments as post pages show them, and the comment form posted without JavaScript.
// Server-only: the text is split into paragraphs and its web addresses into links here, so the
// link finder (linkify-it) never reaches the browser.
import LinkifyIt from "linkify-it";
import { data, type RouterContext } from "react-router";
import { XSRF_FIELD } from "#app/config/forms.ts";
import { COMMENT_FIELDS, COMMENT_LIMITS, type CommentErrors } from "#app/lib/comment-fields.ts";
import { readForm, textFields } from "#app/lib/form-post.server.ts";
import { formatDay } from "#app/lib/format.ts";
import {
  clientIpContext,
  commentsContext,
  type CommentsPort,
  type PublishedCommentRecord,
} from "#app/lib/request-context.ts";

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

/** What the comment form shows after a post without JavaScript. */
export type CommentOutcome = {
  /** success: thanked; otherwise the message (and the fields' errors). */
  outcome?: { success: boolean; message: string; errors?: CommentErrors };
  /** The form came from the kept page (no token) or too fast: check and press again. */
  notice?: string;
  token?: string;
  values: Record<string, string>;
  /** The shown comment the reader was answering. */
  replyTo?: CommentRef;
};

export const CONFIRM_NOTICE = "Please check your comment below and press Post Comment to send it.";

/** Every answer to a post is the reader's own. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/** The comment form posted without JavaScript: the same checks and storage as /api/comments. */
export async function submitCommentForm(request: Request, context: Context, postId: number) {
  const comments = commentsService(context);
  const formData = await readForm(request);
  if (!(formData instanceof FormData)) {
    return data<CommentOutcome>(
      { outcome: { success: false, message: formData.message }, values: {} },
      { status: formData.status, headers: PRIVATE },
    );
  }
  const fields = textFields(formData);
  // What the page shows back is never longer than the fields take (their maxLength).
  const values = Object.fromEntries(
    COMMENT_FIELDS.map((f) => [f, (fields[f] ?? "").slice(0, COMMENT_LIMITS[f])]),
  );
  const parentId = (fields.parentId ?? "").slice(0, 36);
  const replyTo = parentId
    ? findShown(threads(await comments.published(postId)).threads, parentId)
    : undefined;
  const cookieHeader = request.headers.get("Cookie") ?? undefined;
  const confirmStep = () => {
    const { token, cookie } = comments.issueToken(cookieHeader);
    return data<CommentOutcome>(
      { notice: CONFIRM_NOTICE, token, values, replyTo },
      { headers: { ...PRIVATE, "Set-Cookie": cookie } },
    );
  };
  // The post pages are kept and shared: their form carries no per-visitor token. Without
  // JavaScript its post lands here token-less: nothing is stored yet; the reader gets the form
  // back with a token, and presses again.
  if (!fields[XSRF_FIELD]) return confirmStep();
  const result = await comments.submitForm({
    fields: { ...fields, postId: String(postId) },
    token: fields[XSRF_FIELD],
    cookieHeader,
    headers: request.headers,
    ip: context.get(clientIpContext),
  });
  if (result.confirm) return confirmStep();
  if (result.body.success)
    return data<CommentOutcome>({ outcome: result.body, values: {} }, { headers: PRIVATE });
  const { token, cookie } = comments.issueToken(cookieHeader);
  return data<CommentOutcome>(
    { outcome: result.body, token, values, replyTo },
    { status: result.status, headers: { ...result.headers, ...PRIVATE, "Set-Cookie": cookie } },
  );
}
