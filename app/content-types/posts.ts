// The blog's posts, beside the content types of this folder but kept apart (decision 019).
import { blogFeedPath, blogLists, blogPostLayouts } from "#app/config/blog.ts";
import { homePathsWith } from "#app/config/home-layouts.ts";

/**
 * The blog's posts, declared beside the other types but kept apart (decision 019): their own
 * tables with revisions, a schedule, a trash and comments (server/posts/), their own editor
 * (Markdown and uploaded pictures) and their files in Markdown (app/config/post-file.ts) rather
 * than JSON. What goes over every kind of content reads them from here: the console's Content
 * page lists them first, and `npm run content -- export | import` carries them in `posts/`.
 */
export const postType = {
  name: "posts",
  label: "Blog posts",
  itemLabel: "post",
  /** The console's list of posts (its own, not /admin/content/{type}). */
  editor: "/admin/posts",
  /** The folder of their Markdown files in an export (one `{slug}.md` a post). */
  folder: "posts",
  pages: [
    ...blogLists.map((l) => l.path),
    ...blogPostLayouts.map((l) => `${l.path}/{id}`),
    blogFeedPath,
    ...homePathsWith("blog-teaser", { light: true }),
  ],
} as const;
