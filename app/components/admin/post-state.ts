import { POST_TRASH_DAYS, type PostSummaryView } from "#app/lib/ports/posts-console.ts";

/** Lagos time, as the agency reads a clock (the site's time zone: UTC+1, no summer time). */
const lagos = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

/** When a post in the trash is deleted for good (ms). */
export const deletedForGoodAt = (trashedAt: number) => trashedAt + POST_TRASH_DAYS * 86_400_000;

/** A post's state in words: "Draft", "Published", "Scheduled for 3 Feb 2024, 09:00 (Lagos)". */
export function postStateLabel(
  post: Pick<PostSummaryView, "state" | "publishAt"> & { trashedAt?: number | null },
): string {
  if (post.state === "trash")
    return post.trashedAt
      ? `In the trash: deleted for good on ${lagos.format(deletedForGoodAt(post.trashedAt))} (Lagos time) unless restored`
      : "In the trash";
  if (post.state === "draft") return "Draft: only the console sees it";
  if (post.state === "scheduled" && post.publishAt !== null)
    return `Scheduled for ${lagos.format(post.publishAt)} (Lagos time)`;
  return "Published";
}
