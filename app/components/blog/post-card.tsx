import { Link } from "react-router";
import type { PostCardData } from "#app/lib/blog-view.server.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { cn } from "#app/lib/cn.ts";
import { CategoryChip, PostByline } from "./post-meta.tsx";

export type PostCardVariant = "row" | "stack" | "compact";

type PostCardProps = {
  post: PostCardData;
  /** row: picture beside the text; stack: picture above, with excerpt; compact: picture above, no excerpt. */
  variant: PostCardVariant;
  /** Width the picture is shown at, for its srcset. */
  sizes: string;
  /** The first card of a page: its picture may be the largest paint. */
  priority?: boolean;
  /** h2 in a list page; h3 where the list sits under a section heading. */
  headingLevel?: 2 | 3;
};

/** One post in a list: picture, category, title, excerpt, author and date, Continue Reading. */
export function PostCard({ post, variant, sizes, priority, headingLevel = 2 }: PostCardProps) {
  const row = variant === "row";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cn(
        "group",
        row ? "grid gap-6 md:grid-cols-[5fr_6fr] md:items-center md:gap-10" : "flex flex-col",
      )}
    >
      {/* The title links to the post; the picture repeats that link for pointer users only. */}
      <Link
        to={post.href}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-card bg-surface-alt shadow-card"
      >
        <PictureView
          picture={post.thumb}
          alt=""
          sizes={sizes}
          priority={priority}
          imgClassName={cn(
            "w-full object-cover transition-transform duration-700 group-hover:scale-[1.04]",
            variant === "stack" ? "aspect-[16/9]" : "aspect-[3/2]",
          )}
        />
      </Link>
      <div className={cn(!row && "mt-6 flex flex-1 flex-col")}>
        <CategoryChip name={post.category} href={post.categoryHref} />
        <Heading
          className={cn(
            "mt-4",
            variant === "compact" ? "text-h3" : "text-[clamp(1.35rem,1.1rem+0.9vw,1.9rem)] leading-tight",
          )}
        >
          <Link to={post.href} className="blog-title-link">
            {post.title}
          </Link>
        </Heading>
        {variant !== "compact" && <p className="mt-4 text-ink-muted">{post.excerpt}</p>}
        {/* In a grid, the byline sits at the foot of the card whatever the title's length. */}
        <div className={row ? "mt-6" : "mt-auto pt-6"}>
          <div
            className={cn(
              "flex flex-wrap items-center justify-between gap-4",
              !row && "border-t border-line pt-5",
            )}
          >
            <PostByline
              author={post.author}
              portrait={post.authorPortrait}
              date={post.date}
              dateLabel={post.dateLabel}
              readingMinutes={variant === "compact" ? undefined : post.readingMinutes}
            />
            <Link to={post.href} className="blog-more">
              Continue Reading
              <span className="sr-only">: {post.title}</span>
              <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
