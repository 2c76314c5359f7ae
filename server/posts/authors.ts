// A post names its author by name (the Markdown's `author:`, the team's names being unique:
// teamType.unique). A member renamed (a married name), in the console or by `npm run content --
// import`, renames them on every post that names them, in the same transaction as the member's
// change (a crash between the two would leave the posts naming someone the team no longer has),
// with a revision a post and the audit log's entry. The team's type declares the cascade
// (app/content-types/team/type.ts); this is its hook, "post-authors" (server/content/cascades.ts).
import type { Db } from "../db/index.ts";
import type { CascadeHook } from "../content/cascades.ts";
import { writeAudit } from "../staff/audit.ts";
import { createPostEditor } from "./editor.ts";

/** The hook that renames an author on their posts. */
export function renamedAuthors(db: Db): CascadeHook {
  const editor = createPostEditor(db);
  return async (trx, { was, is, by, now }) => {
    const ids = await editor.renameAuthor(was, is, by, now, trx);
    if (ids.length > 0)
      await writeAudit(trx, now, by, "post.author-renamed", ids.join(","), `${was} → ${is}`);
  };
}
