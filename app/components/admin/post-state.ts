import type { PostSummaryView } from "#app/lib/ports/posts-console.ts";

/** Lagos time, as the agency reads a clock (the site's time zone: UTC+1, no summer time). */
const lagos = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

/** A post's state in words: "Draft", "Published", "Scheduled for 3 Feb 2024, 09:00 (Lagos)". */
export function postStateLabel(post: Pick<PostSummaryView, "state" | "publishAt">): string {
  if (post.state === "draft") return "Draft: only the console sees it";
  if (post.state === "scheduled" && post.publishAt !== null)
    return `Scheduled for ${lagos.format(post.publishAt)} (Lagos time)`;
  return "Published";
}
