import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/blog-post";
import { blogFeedPath, blogFilterPath, blogLists, postPath, type BlogPostLayout } from "#app/config/blog.ts";
import { postPages } from "#app/config/pages.ts";
import { absoluteUrl } from "#app/config/site.ts";
import { blogOf, postRemoved, shortTitle } from "#app/lib/blog.server.ts";
import { parseId } from "#app/lib/format.ts";
import { postView, sidebarData } from "#app/lib/blog-view.server.ts";
import { articleMeta, notFoundMeta } from "#app/lib/blog-meta.ts";
import { commentsService, findShown, submitCommentForm, threads } from "#app/lib/comments.server.ts";
import { formClientAction } from "#app/lib/form-reply.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { cn } from "#app/lib/cn.ts";
import { mediaUrl } from "#app/lib/media.server.ts";
import { BlogSidebar } from "#app/components/blog/blog-sidebar.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { CategoryChip, PostByline } from "#app/components/blog/post-meta.tsx";
import { PostBody } from "#app/components/blog/post-body.tsx";
import { AuthorBox, PostNav, ShareLinks } from "#app/components/blog/post-extras.tsx";
import { commentThreads, PostComments } from "#app/components/blog/post-comments.tsx";
import { NotFound } from "#app/components/sections/not-found.tsx";
import { ErrorMessage } from "#app/components/sections/error-message.tsx";

// One module for both post layouts: /blog-single/{id} (the reading view) and
// /blog-single-sidebar/{id} (canonical). An id that is not a post's is a real 404; a post taken
// off on purpose (in the console's trash, or deleted for good) answers 410 Gone, so that search
// engines drop it rather than try again.

/** 410 for a post that was removed, else 404. */
const missing = (context: Parameters<typeof postRemoved>[0], id: number | undefined) =>
  data(null, { status: postRemoved(context, id) ? 410 : 404 });

export async function loader({ params, url, request, context }: Route.LoaderArgs) {
  const layout: BlogPostLayout = url.pathname.startsWith("/blog-single-sidebar/") ? "sidebar" : "full";
  const id = parseId(params.id);
  const blog = blogOf(context);
  const post = id === undefined ? undefined : blog.getPost(id);
  if (!post) throw missing(context, id);
  const shown = threads(await commentsService(context).published(post.id));
  // ?reply={id}: the form answers that comment (the Reply link without JavaScript). Anything
  // else there goes back to the post, so made-up values make no new page.
  const reply = url.searchParams.get("reply");
  const replyTo = reply ? findShown(shown.threads, reply) : undefined;
  if (reply !== null && !replyTo) throw redirect(postPath(post.id, layout));

  const canonicalPath = postPath(post.id, "sidebar");
  const around = blog.neighbours(post.id);
  const neighbour = (p: typeof around.previous) => ({
    href: postPath(p.id, layout),
    label: shortTitle(p.title),
    title: p.title,
  });
  return {
    layout,
    url: absoluteUrl(canonicalPath),
    post: postView(post),
    previous: neighbour(around.previous),
    next: neighbour(around.next),
    // The comments are in the page's HTML once, not again in its data (decision 014).
    comments: { count: shown.count, threads: commentThreads.keep(context, request, shown.threads) },
    replyTo,
    sidebar: layout === "sidebar" ? { data: sidebarData(blog), searchAction: blogFilterPath } : null,
    meta: [
      // The reading view names the sidebar layout as canonical and stays indexable (no
      // noindex beside a canonical link); the registry keeps it out of the sitemap and search.
      ...pageMeta({
        ...postPages(post)[layout === "sidebar" ? 0 : 1],
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
          ...(post.author.profession ? { jobTitle: post.author.profession } : {}),
          // A member who left has no page: their name alone.
          ...(post.author.href ? { url: absoluteUrl(post.author.href) } : {}),
        },
        section: post.category,
        tags: post.tags,
        image: absoluteUrl(mediaUrl(post.image, 1280, "webp")),
        words: post.words,
      }),
    ],
  };
}

/** The comment form's post, with JavaScript (useFetcher) or without. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === undefined || !blogOf(context).getPost(id)) throw missing(context, id);
  return submitCommentForm(request, context, id);
}

export const clientAction = formClientAction;

// After a comment is posted: the reader's own answer (`private, no-store`, maybe a token cookie).
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

// Built by the loader, like every page's metadata (docs/decisions/003).
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData?.meta ??
  (isRouteErrorResponse(error) && error.status === 410 ? notFoundMeta("Post Removed") : notFoundMeta());

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
            // A fresh form on each post and each `?reply=` (client navigation keeps components).
            key={`${post.id}:${d.replyTo?.id ?? ""}`}
            postTitle={post.title}
            comments={d.comments}
            replyTo={actionData ? ("replyTo" in actionData ? actionData.replyTo : undefined) : d.replyTo}
            action={postPath(post.id, d.layout)}
            outcome={actionData}
          />
        </div>
        {sidebar && <BlogSidebar data={sidebar.data} searchAction={sidebar.searchAction} />}
      </div>
    </>
  );
}

/** A removed post (410) has the not-found page's look, saying it was removed; the rest as the
 *  root's boundary shows them. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 410 || status === 404) return <NotFound removed={status === 410} />;
  return <ErrorMessage status={status} />;
}
