// The staff console's comments: those waiting for approval, oldest first, approved, rejected or
// marked as spam by a member (./index.ts moderates them, as the e-mail's links do). Each change is
// recorded in the audit log under the member's name.
import { postPath } from "#app/config/blog.ts";
import type { StaffPort } from "#app/lib/ports/staff.ts";
import type { Audit } from "../audit.ts";
import type { CommentService } from "./index.ts";

export function createCommentsConsole(config: {
  comments: CommentService;
  audit: Audit;
}): Pick<StaffPort, "pendingComments" | "moderateComments"> {
  const { comments, audit } = config;
  return {
    async pendingComments() {
      const pending = await comments.store.list({ state: "pending", limit: 500 });
      return pending.reverse().map((c) => ({
        id: c.id,
        postTitle: c.postTitle,
        postHref: postPath(c.postId, "sidebar"),
        name: c.name,
        email: c.email,
        body: c.body,
        createdAt: c.createdAt,
        reply: c.parentId !== null,
      }));
    },
    async moderateComments(by, ids, action) {
      const changed = await comments.moderate(ids, action, by);
      for (const id of ids) await audit(by, `comment.${action}`, id);
      return changed;
    },
  };
}
