// A post names its author by name (the Markdown's `author:`, the team's names being unique:
// teamType.unique). A member renamed (a married name), in the console or by `npm run content --
// import`, renames them on every post that names them, in the same transaction as the member's
// change (a crash between the two would leave the posts naming someone the team no longer has),
// with a revision a post and the audit log's entry.
import { teamType } from "#app/content-types/team/type.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import type { Db } from "../db/index.ts";
import type { ContentCascade } from "../content/repository.ts";
import { writeAudit } from "../staff/audit.ts";
import { createPostEditor } from "./editor.ts";

/** The content's cascade that keeps the posts' authors with the team's names. */
export function renamedAuthors(db: Db): ContentCascade {
  const editor = createPostEditor(db);
  return async (trx, { type, before, after, by, now }) => {
    if (type !== teamType.name) return;
    const was = (before as Partial<TeamMember> | null)?.name;
    const is = (after as Partial<TeamMember> | null)?.name;
    if (!was || !is || was === is) return;
    const ids = await editor.renameAuthor(was, is, by, now, trx);
    if (ids.length > 0)
      await writeAudit(trx, now, by, "post.author-renamed", ids.join(","), `${was} → ${is}`);
  };
}
