// The comment digest: the overall cap on moderation e-mails. Each pending comment gets an e-mail
// of its own while the clock hour has had at most `COMMENT_MAILS_PER_HOUR` of them (counted in
// the database by every instance, ./repository.ts); past that, a comment joins the one digest
// waiting to go (or starts one, due at the end of the hour). Many clients writing at once then
// cost the agency one e-mail an hour, not one each.
// The digest is rendered at send time from the comments that are still pending: those approved,
// rejected or erased meanwhile are left out, and with none left nothing is sent. Each comment
// listed has the same signed, single-use Approve and Mark-as-spam links as its own e-mail would.
import type { Selectable } from "kysely";
import { postPath } from "#app/config/blog.ts";
import { defineMailKind } from "../mail/kind.ts";
import { BRAND, href, html, layout, raw } from "../mail/template.ts";
import { MODERATION_LINK_DAYS, moderationUrl } from "./mail.ts";
import type { BlogCommentTable } from "./tables.ts";

export const COMMENT_DIGEST = "comment-digest";

/** Moderation e-mails of their own per clock hour; later comments that hour go in the digest.
 *  (COMMENT_MAILS_PER_HOUR in the environment changes it: tests that write many comments.) */
export const COMMENT_MAILS_PER_HOUR = 10;
export const HOUR_MS = 3_600_000;
/** How many comments one digest lists; it counts them all and links to the console for the rest. */
const DIGEST_LIST_MAX = 50;
/** How much of each comment's text the digest shows. */
export const EXCERPT_CHARS = 200;
/** Where the console lists every comment waiting. */
const CONSOLE_COMMENTS_PATH = "/admin/comments";

const DAY = 86_400_000;

type Waiting = Selectable<BlogCommentTable> & { moderationNonce: string };
type DigestRecord = { total: number; comments: Waiting[] };

/** The start of the clock hour of `t` (the window the cap counts in). */
export const hourStart = (t: number) => t - (t % HOUR_MS);

/** The comment's text on one line, at most `EXCERPT_CHARS` characters (never half a character). */
function excerpt(body: string): string {
  const chars = [...body.replace(/\s+/g, " ").trim()];
  return chars.length <= EXCERPT_CHARS
    ? chars.join("")
    : `${chars.slice(0, EXCERPT_CHARS).join("").trimEnd()}…`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const commentDigest = defineMailKind<DigestRecord>({
  name: COMMENT_DIGEST,
  async load(db, id) {
    const pending = db
      .selectFrom("blog_comment")
      .where("digestId", "=", id)
      .where("state", "=", "pending")
      .where("moderationNonce", "is not", null);
    const counted = await pending.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    if (total === 0) return null; // every comment was decided or erased: nothing to send
    const rows = await pending
      .selectAll()
      .orderBy("createdAt")
      .orderBy("id")
      .limit(DIGEST_LIST_MAX)
      .execute();
    return { total, comments: rows.map((c) => ({ ...c, moderationNonce: c.moderationNonce! })) };
  },
  // The links stop working after MODERATION_LINK_DAYS: no use sending it later.
  retry: { giveUpAfterMs: MODERATION_LINK_DAYS * DAY, giveUpAs: "expired" },
  async render({ total, comments }, context) {
    const { siteUrl, links, job, agency } = context;
    const expiresAt = job.createdAt + MODERATION_LINK_DAYS * DAY;
    const consoleUrl = `${siteUrl}${CONSOLE_COMMENTS_PATH}`;
    const title = `${plural(total, "new comment", "new comments")} waiting for approval`;
    const more = total - comments.length;
    const items = comments.map((c) => ({
      c,
      postUrl: `${siteUrl}${postPath(c.postId, "sidebar")}`,
      approve: moderationUrl(links, siteUrl, c, "approve", expiresAt),
      spam: moderationUrl(links, siteUrl, c, "spam", expiresAt),
      when: new Date(c.createdAt).toUTCString(),
      text: excerpt(c.body),
      kind: c.parentId ? "Reply" : "Comment",
    }));
    const why =
      "So many comments arrived within an hour that they come in one e-mail instead of one each. Nothing is shown on the site until you approve it.";
    // Many links of the same words: each is named for its comment (aria-label) for screen readers,
    // its visible words first (WCAG 2.5.3: speech users say what they see).
    const body = await layout(context, {
      title,
      html: html`<p style="margin:0 0 16px">${why}</p>
        <ol style="margin:0 0 16px;padding-left:20px">
          ${items.map(
            (i) =>
              html`<li style="margin:0 0 16px">
                <p style="margin:0 0 4px">
                  ${i.kind} on <a href="${href(i.postUrl)}">${i.c.postTitle}</a> by
                  <strong>${i.c.name}</strong>, ${i.when}
                </p>
                <blockquote style="margin:0 0 4px;padding:4px 12px;border-left:4px solid #ddd">
                  ${i.text}
                </blockquote>
                <p style="margin:0">
                  <a href="${href(i.approve)}" aria-label="Approve the ${i.kind.toLowerCase()} by ${i.c.name}"
                    >Approve</a
                  >
                  ·
                  <a
                    href="${href(i.spam)}"
                    aria-label="Mark as spam: the ${i.kind.toLowerCase()} by ${i.c.name}"
                    >Mark as spam</a
                  >
                </p>
              </li>`,
          )}
        </ol>
        ${more > 0 ? html`<p style="margin:0 0 16px">…and ${more} more.</p>` : ""}
        <p style="margin:0 0 16px">
          <a
            href="${href(consoleUrl)}"
            style="display:inline-block;background:${raw(BRAND)};color:#ffffff;padding:12px 22px;border-radius:999px;font-weight:bold;text-decoration:none"
            >Open the comments waiting in the console</a
          >
        </p>
        <p style="margin:0 0 16px;color:#555;font-size:13px">
          Each link opens a page with one button and works once, for ${MODERATION_LINK_DAYS} days.
        </p>`,
      text: [
        why,
        ``,
        ...items.flatMap((i, n) => [
          `${n + 1}. ${i.kind} on "${i.c.postTitle}" (${i.postUrl}) by ${i.c.name}, ${i.when}`,
          `   ${i.text}`,
          `   Approve: ${i.approve}`,
          `   Mark as spam: ${i.spam}`,
          ``,
        ]),
        ...(more > 0 ? [`...and ${more} more.`, ``] : []),
        `Every comment waiting, in the console: ${consoleUrl}`,
        ``,
        `Each link opens a page with one button and works once, for ${MODERATION_LINK_DAYS} days.`,
      ],
    });
    return { to: agency, subject: title, ...body };
  },
});
