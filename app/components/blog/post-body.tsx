import { Link } from "react-router";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";

type PostBodyProps = {
  html: { beforeMid: string; fromMid: string };
  inlineImage: PictureData;
  tags: Array<{ name: string; href: string }>;
};

/** The article: its text in two parts around the in-body picture, then its tags. */
export function PostBody({ html, inlineImage, tags }: PostBodyProps) {
  return (
    <article>
      {/* The HTML is our own Markdown, rendered at build time (app/lib/blog.server.ts). */}
      <div className="blog-prose" dangerouslySetInnerHTML={{ __html: html.beforeMid }} />
      <PictureView
        picture={inlineImage}
        alt=""
        sizes="(min-width: 1024px) 760px, 92vw"
        className="my-12 block"
        imgClassName="aspect-[16/9] w-full rounded-card object-cover shadow-card"
      />
      <div className="blog-prose" dangerouslySetInnerHTML={{ __html: html.fromMid }} />
      <div className="mt-12 flex flex-wrap items-center gap-3 border-t border-line pt-8">
        <h2 className="blog-label mr-2 text-sm">Tags</h2>
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.name}>
              <Link to={tag.href} className="blog-pill">
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
