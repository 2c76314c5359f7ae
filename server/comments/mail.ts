// The comment-moderation e-mail: a new comment, sent to the agency (MAIL_TO) with two signed,
// single-use links, Approve and Mark as spam. Each opens a page with one confirming button (a
// POST): mail scanners follow links, so opening one changes nothing.
import type { Selectable } from "kysely";
import { postPath } from "#app/config/blog.ts";
import type { LinkSigner } from "../mail/links.ts";
import { defineMailKind } from "../mail/kind.ts";
import { BRAND, href, html, layout, paragraphs, raw } from "../mail/template.ts";
import type { BlogCommentTable } from "./tables.ts";

export const COMMENT_MODERATION = "comment-moderation";

/** The links' purpose (a link signed for another feature is useless here). */
export const MODERATION_LINK = "comment-moderation";
export const MODERATION_PATH = "/comments/moderate";
/** How long the e-mailed links work; later, the shell (or the staff console) decides. */
export const MODERATION_LINK_DAYS = 14;

const DAY = 86_400_000;

/** What an e-mailed link may do. */
export const LINK_ACTIONS = { approve: "a", spam: "s" } as const;
export type LinkAction = keyof typeof LINK_ACTIONS;

/** The link's payload: comment id, the single-use nonce, and the action. */
export const moderationPayload = (id: string, nonce: string, action: LinkAction) =>
  `${id}~${nonce}~${LINK_ACTIONS[action]}`;

export function parseModerationPayload(
  payload: string,
): { id: string; nonce: string; action: LinkAction } | null {
  const [id, nonce, code, ...rest] = payload.split("~");
  const action = (Object.keys(LINK_ACTIONS) as LinkAction[]).find((a) => LINK_ACTIONS[a] === code);
  return id && nonce && action && rest.length === 0 ? { id, nonce, action } : null;
}

export function moderationUrl(
  links: LinkSigner,
  siteUrl: string,
  comment: { id: string; moderationNonce: string },
  action: LinkAction,
  expiresAt: number,
): string {
  const token = links.sign(
    MODERATION_LINK,
    moderationPayload(comment.id, comment.moderationNonce, action),
    expiresAt,
  );
  return `${siteUrl}${MODERATION_PATH}?token=${token}`;
}

type Comment = Selectable<BlogCommentTable>;

export const commentModeration = defineMailKind<Comment & { moderationNonce: string }>({
  name: COMMENT_MODERATION,
  // Only while there is something to decide: a comment moderated (from the shell), or erased,
  // has its e-mail cancelled.
  load: async (db, id) => {
    const c = await db.selectFrom("blog_comment").selectAll().where("id", "=", id).executeTakeFirst();
    return c && c.state === "pending" && c.moderationNonce
      ? { ...c, moderationNonce: c.moderationNonce }
      : null;
  },
  // The links stop working after MODERATION_LINK_DAYS: no use sending it later.
  retry: { giveUpAfterMs: MODERATION_LINK_DAYS * DAY, giveUpAs: "expired" },
  async render(c, context) {
    const { siteUrl, links, job, agency } = context;
    const expiresAt = job.createdAt + MODERATION_LINK_DAYS * DAY;
    const approveUrl = moderationUrl(links, siteUrl, c, "approve", expiresAt);
    const spamUrl = moderationUrl(links, siteUrl, c, "spam", expiresAt);
    const postUrl = `${siteUrl}${postPath(c.postId, "sidebar")}`;
    const kind = c.parentId ? "reply" : "comment";
    const when = new Date(c.createdAt).toUTCString();
    const button = (url: string, label: string, background: string) =>
      html`<a
        href="${href(url)}"
        style="display:inline-block;background:${raw(background)};color:#ffffff;padding:12px 22px;border-radius:999px;font-weight:bold;text-decoration:none;margin:0 8px 8px 0"
        >${label}</a
      >`;
    const body = await layout(context, {
      title: `New ${kind} waiting for approval`,
      html: html`<p style="margin:0 0 16px">
          On <a href="${href(postUrl)}">${c.postTitle}</a>, ${when}. Nothing is shown on the site until you
          approve it.
        </p>
        <p style="margin:0 0 4px"><strong>${c.name}</strong> (${c.email}, never published) wrote:</p>
        <blockquote style="margin:0 0 20px;padding:8px 16px;border-left:4px solid #ddd">
          ${paragraphs(c.body)}
        </blockquote>
        <p style="margin:0 0 16px">
          ${button(approveUrl, "Approve", BRAND)} ${button(spamUrl, "Mark as spam", "#555555")}
        </p>
        <p style="margin:0 0 16px;color:#555;font-size:13px">
          Each link opens a page with one button and works once, for ${MODERATION_LINK_DAYS} days. After that,
          use the shell: npm run comments -- approve ${c.id}
        </p>`,
      text: [
        `On "${c.postTitle}" (${postUrl}), ${when}.`,
        `Nothing is shown on the site until you approve it.`,
        ``,
        `${c.name} (${c.email}, never published) wrote:`,
        ``,
        ...c.body.split("\n").map((line) => `> ${line}`),
        ``,
        `Approve: ${approveUrl}`,
        `Mark as spam: ${spamUrl}`,
        ``,
        `Each link opens a page with one button and works once, for ${MODERATION_LINK_DAYS} days.`,
        `After that, use the shell: npm run comments -- approve ${c.id}`,
      ],
    });
    return {
      to: agency,
      replyTo: { name: c.name, address: c.email },
      subject: `New ${kind} on "${c.postTitle}" from ${c.name}`,
      ...body,
    };
  },
});
