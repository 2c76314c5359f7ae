// A post names its author by name (the Markdown's `author:`, the team's names being unique:
// teamType.unique). A member renamed (a married name), in the console or by `npm run content --
// import`, renames them on every post that names them, in the same transaction as the member's
// change (a crash between the two would leave the posts naming someone the team no longer has),
// with a revision a post and the audit log's entry. The team's type declares the cascade
// (app/content-types/team/type.ts); this is its hook, "post-authors" (server/content/cascades.ts).
import type { Db, Queries } from "../db/index.ts";
import { writeAudit } from "../audit.ts";
import { createPostEditor } from "./editor.ts";

/** The hook that renames an author on their posts: a content cascade's hook
 *  (server/content/cascades.ts's `CascadeHook`; the composition root checks the two agree, so the
 *  posts import nothing of the content). */
export function renamedAuthors(
  db: Db,
): (trx: Queries, change: { was: string; is: string; by: string; now: number }) => Promise<void> {
  const editor = createPostEditor(db);
  return async (trx, { was, is, by, now }) => {
    const ids = await editor.renameAuthor(was, is, by, now, trx);
    if (ids.length > 0)
      await writeAudit(trx, now, by, "post.author-renamed", ids.join(","), `${was} → ${is}`);
  };
}
