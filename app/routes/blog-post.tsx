import { data } from "react-router";
import type { Route } from "./+types/blog-post";
import { blogFeedPath, blogFilterPath, blogLists, postPath, type BlogPostLayout } from "#app/config/blog.ts";
import { getPage } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { getPost, neighbours, shortTitle } from "#app/lib/blog.server.ts";
import { formatDay, parseId } from "#app/lib/format.ts";
import { categoryHref, sidebarData, tagHref } from "#app/lib/blog-view.server.ts";
import { articleMeta, notFoundMeta } from "#app/lib/blog-meta.ts";
import { COMMENT_FIELDS, COMMENT_LIMITS, validateComment } from "#app/lib/comment-form.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { cn } from "#app/lib/cn.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { BlogSidebar } from "#app/components/blog/blog-sidebar.tsx";
import { CategoryChip, PostByline } from "#app/components/blog/post-meta.tsx";
import { PostBody } from "#app/components/blog/post-body.tsx";
import { AuthorBox, PostNav, ShareLinks } from "#app/components/blog/post-extras.tsx";
import { PostComments } from "#app/components/blog/post-comments.tsx";

// One module for both post layouts: /blog-single/{id} (the reading view) and
// /blog-single-sidebar/{id} (canonical). An id that is not a post's is a real 404.

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 864e5).toISOString().slice(0, 10);

/** The spec's two sample comments (the same on every post): a reader's, and the author's reply. */
function sampleComments(date: string, author: string) {
  const comment = (id: number, name: string, days: number, text: string) => ({
    id,
    name,
    initials: name.replace(/(\w)\w*\s*/g, "$1"),
    date: addDays(date, days),
    dateLabel: formatDay(addDays(date, days)),
    text,
    reply: id === 2,
  });
  return [
    comment(
      1,
      "Kelechi Obi",
      2,
      "Clear and practical, thank you. We run a small business in Wuse and this is the first article on the subject that did not assume we have an IT department. I have shared it with my partners.",
    ),
    comment(
      2,
      author,
      3,
      "Thank you, Kelechi, that is exactly who we write for. If any of it raises questions for your business, send us a message and we will gladly talk it through.",
    ),
  ];
}

export function loader({ params, url }: Route.LoaderArgs) {
  const layout: BlogPostLayout = url.pathname.startsWith("/blog-single-sidebar/") ? "sidebar" : "full";
  const id = parseId(params.id);
  const post = id === undefined ? undefined : getPost(id);
  if (!post) throw data(null, { status: 404 });

  const canonicalPath = postPath(post.id, "sidebar");
  const around = neighbours(post.id);
  const neighbour = (p: typeof around.previous) => ({
    href: postPath(p.id, layout),
    label: shortTitle(p.title),
    title: p.title,
  });
  return {
    layout,
    url: absoluteUrl(canonicalPath),
    post: {
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
      crumb: post.title.length <= 40 ? post.title : `${post.title.slice(0, 40).replace(/\s+\S*$/, "")}…`,
      // The member's page, once it is built.
      author: { ...post.author, portrait: pictureData(post.author.portrait) },
    },
    previous: neighbour(around.previous),
    next: neighbour(around.next),
    comments: sampleComments(post.date, post.author.name),
    sidebar: layout === "sidebar" ? { data: sidebarData(), searchAction: blogFilterPath } : null,
    meta: [
      // The reading view names the sidebar layout as canonical and stays indexable (no
      // noindex beside a canonical link); the registry keeps it out of the sitemap and search.
      ...pageMeta({
        ...getPage(postPath(post.id, layout)),
        canonicalPath,
        indexable: true,
        ogType: "article",
      }),
      ...articleMeta({
        url: absoluteUrl(canonicalPath),
        title: post.title,
        description: post.excerpt,
        date: post.date,
        author: {
          name: post.author.name,
          jobTitle: post.author.profession,
          url: absoluteUrl(post.author.href),
        },
        section: post.category,
        tags: post.tags,
        image: absoluteUrl(mediaUrl(post.image, 1280, "webp")),
        words: post.words,
      }),
    ],
  };
}

/** The comment form without JavaScript: checked like in the browser, then thanked. Nothing is stored. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  // Without JavaScript the browser already caps each field at its maxLength.
  const values = Object.fromEntries(
    COMMENT_FIELDS.map((f) => [f, String(form.get(f) ?? "").slice(0, COMMENT_LIMITS[f])]),
  );
  const errors = validateComment(values);
  if (Object.keys(errors).length) return data({ thanked: false, errors, values }, { status: 400 });
  return { thanked: true };
}

// Built by the loader, like every page's metadata (docs/decisions/003).
export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? notFoundMeta();

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "TechSpark Innovations Blog", href: blogFeedPath },
];

export default function BlogPostRoute({ loaderData: d, actionData }: Route.ComponentProps) {
  const { post, sidebar } = d;
  return (
    <>
      <PageHeader
        title={post.title}
        crumbs={[
          { label: "Blog", href: blogLists[0].path },
          { label: post.category, href: post.categoryHref },
          { label: post.crumb },
        ]}
        overlapped
      >
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
          <CategoryChip name={post.category} href={post.categoryHref} className="bg-white/12 text-white" />
          <PostByline
            author={post.author.name}
            portrait={post.author.portrait}
            date={post.date}
            dateLabel={post.dateLabel}
            readingMinutes={post.readingMinutes}
            inverse
          />
        </div>
      </PageHeader>
      <div className={cn("container-page -mt-20 sm:-mt-28", !sidebar && "max-w-6xl")}>
        <PictureView
          picture={post.image}
          alt={post.imageAlt}
          priority
          sizes="(min-width: 1280px) 1200px, 96vw"
          imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover shadow-card lg:aspect-[2/1]"
        />
      </div>
      <div
        className={cn(
          "container-page pt-14 pb-24 sm:pt-20",
          sidebar ? "grid gap-14 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-16" : "max-w-3xl",
        )}
      >
        <div className="min-w-0">
          <PostBody html={post.html} inlineImage={post.inlineImage} tags={post.tags} />
          <ShareLinks url={d.url} title={post.title} />
          <AuthorBox author={post.author} />
          <PostNav previous={d.previous} next={d.next} />
          <PostComments
            postTitle={post.title}
            comments={d.comments}
            action={`${postPath(post.id, d.layout)}#leave-comment`}
            outcome={actionData}
          />
        </div>
        {sidebar && <BlogSidebar data={sidebar.data} searchAction={sidebar.searchAction} />}
      </div>
    </>
  );
}
