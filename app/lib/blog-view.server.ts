// What the blog's pages hand their components: posts and the sidebar with their pictures
// resolved here, on the server (pictureData), so the media manifest is not part of the blog's
// JavaScript (docs/decisions/006-blog.md).
import { blogFilterPath } from "#app/config/blog.ts";
import { pictureData } from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";
import { filterQuery, type Blog, type BlogPost, type PostSummary } from "./blog.server.ts";

export type PostCardData = Omit<PostSummary, "thumb" | "authorPortrait"> & {
  thumb: PictureData;
  /** None for an author no published member is now (the name alone). */
  authorPortrait?: PictureData;
  categoryHref: string;
};

export type SidebarData = ReturnType<typeof sidebarView>;

export const categoryHref = (category: string) => `${blogFilterPath}${filterQuery({ category })}`;
export const tagHref = (tag: string) => `${blogFilterPath}${filterQuery({ tag })}`;

export function postCard({ authorPortrait, ...post }: PostSummary): PostCardData {
  return {
    ...post,
    thumb: pictureData(post.thumb),
    ...(authorPortrait ? { authorPortrait: pictureData(authorPortrait) } : {}),
    categoryHref: categoryHref(post.category),
  };
}

/** What a post's page shows of the post itself (the post pages, and the console's preview of it). */
export function postView(post: BlogPost) {
  return {
    id: post.id,
    title: post.title,
    date: post.date,
    dateLabel: post.dateLabel,
    readingMinutes: post.readingMinutes,
    category: post.category,
    categoryHref: categoryHref(post.category),
    tags: post.tags.map((name) => ({ name, href: tagHref(name) })),
    image: pictureData(post.image),
    imageAlt: post.imageAlt,
    inlineImage: pictureData(post.inlineImage),
    html: post.html,
    /** The breadcrumb's last item: the title, cut at a word within 40 characters. */
    crumb: post.title.length <= 40 ? post.title : `${post.title.slice(0, 40).replace(/\s+\S*$/, "")}…`,
    author: authorView(post.author),
  };
}

/** A post's author with their portrait resolved (none for a name alone). */
function authorView({ portrait, ...author }: BlogPost["author"]) {
  return { ...author, ...(portrait ? { portrait: pictureData(portrait) } : {}) };
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
