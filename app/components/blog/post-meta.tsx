import { Link } from "react-router";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { cn } from "#app/lib/cn.ts";

type PostBylineProps = {
  author: string;
  /** None for an author no published member is now. */
  portrait?: PictureData;
  date: string;
  dateLabel: string;
  readingMinutes?: number;
  /** For the dark title bar of a post. */
  inverse?: boolean;
};

/** Author (with portrait), date and reading time. */
export function PostByline({ author, portrait, date, dateLabel, readingMinutes, inverse }: PostBylineProps) {
  return (
    <div className="flex items-center gap-3 text-sm">
      {portrait && (
        <PictureView
          picture={portrait}
          alt=""
          sizes="40px"
          className="shrink-0"
          imgClassName="size-10 rounded-full object-cover object-top ring-2 ring-primary/20"
        />
      )}
      <p className="leading-snug">
        <span className="sr-only">By </span>
        <span className="font-semibold">{author}</span>
        <span className={cn("block", inverse ? "text-white/80" : "text-ink-muted")}>
          <time dateTime={date}>{dateLabel}</time>
          {readingMinutes ? ` · ${readingMinutes} min read` : null}
        </span>
      </p>
    </div>
  );
}

/** The post's category, a link to the posts in it. */
export function CategoryChip({ name, href, className }: { name: string; href: string; className?: string }) {
  return (
    <Link to={href} className={cn("blog-chip", className)}>
      <span className="sr-only">Category: </span>
      {name}
    </Link>
  );
}
