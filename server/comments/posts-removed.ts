// A post deleted for good takes its comments with it, and the e-mails about them to the agency
// not sent yet (a moderation e-mail would link to a comment that is gone). Run by the posts'
// editor in its own transaction, before the posts' rows go: the posts feature declares the hook
// (server/posts/editor.ts, `PostDependents`) and the composition root fills it with this
// (server/services.ts), so that neither feature imports the other.
import type { Queries } from "../db/index.ts";
import { COMMENT_MODERATION } from "./mail.ts";
import "./tables.ts";

/** Rows a statement names at most (SQLite's bound parameters). */
const CHUNK = 500;

export async function removeCommentsOfPosts(trx: Queries, postIds: readonly number[]): Promise<void> {
  for (let i = 0; i < postIds.length; i += CHUNK) {
    const ids = postIds.slice(i, i + CHUNK);
    const comments = await trx.selectFrom("blog_comment").select("id").where("postId", "in", ids).execute();
    for (let j = 0; j < comments.length; j += CHUNK)
      await trx
        .deleteFrom("mail_outbox")
        .where("kind", "=", COMMENT_MODERATION)
        .where(
          "recordId",
          "in",
          comments.slice(j, j + CHUNK).map((c) => c.id),
        )
        .execute();
    await trx.deleteFrom("blog_comment").where("postId", "in", ids).execute();
  }
}
