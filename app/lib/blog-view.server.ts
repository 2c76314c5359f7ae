// What the blog's pages hand their components: posts and the sidebar with their pictures
// resolved here, on the server (pictureData), so the media manifest is not part of the blog's
// JavaScript (docs/decisions/006-blog.md).
import { blogFilterPath } from "#app/config/blog.ts";
import { pictureData } from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";
import { filterQuery, type Blog, type PostSummary } from "./blog.server.ts";

export type PostCardData = Omit<PostSummary, "thumb" | "authorPortrait"> & {
  thumb: PictureData;
  authorPortrait: PictureData;
  categoryHref: string;
};

export type SidebarData = ReturnType<typeof sidebarView>;

export const categoryHref = (category: string) => `${blogFilterPath}${filterQuery({ category })}`;
export const tagHref = (tag: string) => `${blogFilterPath}${filterQuery({ tag })}`;

export function postCard(post: PostSummary): PostCardData {
  return {
    ...post,
    thumb: pictureData(post.thumb),
    authorPortrait: pictureData(post.authorPortrait),
    categoryHref: categoryHref(post.category),
  };
}

function sidebarView(blog: Blog) {
  const { recent, gallery, ...lists } = blog.sidebar();
  return {
    ...lists,
    recent: recent.map(({ id, title, href, date, dateLabel, thumb }) => ({
      id,
      title,
      href,
      date,
      dateLabel,
      thumb: pictureData(thumb),
    })),
    gallery: gallery.map((item) => ({ ...item, thumb: pictureData(item.thumb) })),
  };
}

const sidebars = new WeakMap<Blog, SidebarData>();
/** The sidebar: the same for every page of one version of the blog, built once for it. */
export function sidebarData(blog: Blog): SidebarData {
  let sidebar = sidebars.get(blog);
  if (!sidebar) sidebars.set(blog, (sidebar = sidebarView(blog)));
  return sidebar;
}
