import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";

/** Plain links to each network's share page: no third-party script, nothing loads until a click. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const networks = [
    ["X", "X", `https://x.com/intent/post?url=${u}&text=${t}`],
    ["Facebook", "f", `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    ["LinkedIn", "in", `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
    ["WhatsApp", "wa", `https://wa.me/?text=${t}%20${u}`],
  ];
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <h2 className="blog-label mr-2 flex items-center gap-2 text-sm">
        <Icon name="share-2" className="size-4" />
        Share
      </h2>
      <ul className="flex flex-wrap gap-2">
        {networks.map(([label, mark, href]) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer" className="blog-round">
              <span aria-hidden="true">{mark}</span>
              <span className="sr-only">Share on {label} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A member who left (hidden) has no page to link to; a name no member has now is the name alone. */
type Author = { name: string; profession?: string; bio?: string; portrait?: PictureData; href?: string };

export function AuthorBox({ author }: { author: Author }) {
  return (
    <section
      aria-label="About the author"
      className="blog-box mt-12 flex flex-col gap-6 p-6 sm:flex-row sm:p-8"
    >
      {author.portrait && (
        <PictureView
          picture={author.portrait}
          alt=""
          sizes="112px"
          className="shrink-0"
          imgClassName="size-24 rounded-2xl object-cover object-top sm:size-28"
        />
      )}
      <div>
        <p className="blog-label text-primary-ink">Written by</p>
        <p className="mt-1 text-xl font-bold">{author.name}</p>
        {author.profession && <p className="text-sm font-semibold text-ink-muted">{author.profession}</p>}
        {author.bio && <p className="mt-3 text-ink-muted">{author.bio}</p>}
        {author.href && (
          <Link to={author.href} className="blog-more mt-4">
            More about {author.name.split(" ")[0]}
            <Icon name="arrow-right" className="size-4" />
          </Link>
        )}
      </div>
    </section>
  );
}

export type NeighbourLink = { href: string; label: string; title: string };

/** Previous and next post (wrapping around), each labelled with the first two words of its title. */
export function PostNav({ previous, next }: { previous: NeighbourLink; next: NeighbourLink }) {
  return (
    <nav aria-label="More posts" className="mt-12 grid gap-4 sm:grid-cols-2">
      {(["Previous", "Next"] as const).map((direction) => {
        const post = direction === "Previous" ? previous : next;
        return (
          <Link
            key={direction}
            to={post.href}
            rel={direction === "Previous" ? "prev" : "next"}
            className={`blog-box group flex items-center gap-4 p-5 transition-colors hover:border-primary sm:p-6 ${direction === "Next" ? "flex-row-reverse text-right" : ""}`}
          >
            <span className="blog-round bg-surface-alt text-primary-ink group-hover:bg-primary group-hover:text-on-primary">
              <Icon name={direction === "Previous" ? "arrow-left" : "arrow-right"} />
            </span>
            <span className="min-w-0">
              <span className="blog-label block text-ink-muted">{direction} Post</span>
              <span className="mt-1 block text-lg font-bold">{post.label}</span>
              <span className="line-clamp-1 text-sm text-ink-muted">
                <span className="sr-only">: </span>
                {post.title}
              </span>
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
