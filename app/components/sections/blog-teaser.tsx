import { PostCard } from "#app/components/blog/post-card.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { MoreLink } from "#app/components/ui/button.tsx";
import type { PostCardData } from "#app/lib/blog-view.server.ts";
import { cn } from "#app/lib/cn.ts";

type BlogTeaserProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  intro?: string;
  /** The newest posts, newest first. */
  posts: PostCardData[];
  more?: { label: string; href: string };
};

/** The three newest blog posts, each linking to its page, and a link to the whole blog. */
export function BlogTeaser({ eyebrow, title, intro, posts, more, className, ...props }: BlogTeaserProps) {
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} align="center" />
        <ul className="mt-14 grid gap-10 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                variant="compact"
                headingLevel={3}
                sizes="(min-width: 1024px) 400px, (min-width: 768px) 45vw, 90vw"
              />
            </li>
          ))}
        </ul>
        <MoreLink more={more} />
      </div>
    </section>
  );
}
