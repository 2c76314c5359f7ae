import type { PostPreviewData } from "#app/lib/post-preview.server.ts";
import { blogLists } from "#app/config/blog.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { CategoryChip, PostByline } from "#app/components/blog/post-meta.tsx";
import { PostBody } from "#app/components/blog/post-body.tsx";

/** The post as its reading view (/blog-single/{id}) shows it: the same components, the same
 *  classes as app/routes/blog-post.tsx, above its share links, neighbours and comments. */
export function PostPreview({ post }: { post: PostPreviewData }) {
  const crumb = post.title.length <= 40 ? post.title : `${post.title.slice(0, 40).replace(/\s+\S*$/, "")}…`;
  return (
    <div className="overflow-hidden rounded-card border border-line bg-canvas">
      <PageHeader
        title={post.title}
        crumbs={[
          { label: "Blog", href: blogLists[0].path },
          { label: post.category, href: post.categoryHref },
          { label: crumb },
        ]}
        overlapped
        titleAs="h2"
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
      <div className="container-page -mt-20 max-w-6xl sm:-mt-28">
        <PictureView
          picture={post.image}
          alt={post.imageAlt}
          sizes="(min-width: 1280px) 1200px, 96vw"
          imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover shadow-card lg:aspect-[2/1]"
        />
      </div>
      <div className="container-page max-w-3xl pt-14 pb-24 sm:pt-20">
        <PostBody html={post.html} inlineImage={post.inlineImage} tags={post.tags} />
      </div>
    </div>
  );
}
