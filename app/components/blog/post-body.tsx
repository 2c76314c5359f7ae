import { Link } from "react-router";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { lazy, Suspense, useId } from "react";
import { VideoPoster, videoPosterClass } from "#app/components/blog/video-poster.tsx";
import { splitVideos, videoPageUrl, type ArticleVideoSource } from "#app/lib/post-html.ts";

// The player's code (the popup's dialog) is loaded by a post that has a video, not by every post.
const ArticleVideoPlayer = lazy(() => import("./article-video.tsx"));

const HOSTS = { youtube: "YouTube", vimeo: "Vimeo" } as const;

/** A video written into the article: a plain link to its page, which becomes the site's
 *  click-to-load player once the page is hydrated (./article-video.tsx). */
function ArticleVideo({ video }: { video: ArticleVideoSource }) {
  const id = `video-${useId().replace(/[^\w-]/g, "")}`;
  const host = HOSTS[video.provider];
  const link = (
    <a href={videoPageUrl(video)} className={videoPosterClass}>
      <VideoPoster label={`Watch the video on ${host}: ${video.title}`} />
    </a>
  );
  return (
    <figure className="my-10">
      <Suspense fallback={link}>
        <ArticleVideoPlayer id={id} video={video} link={link} />
      </Suspense>
      <figcaption className="mt-3 text-sm text-ink-muted">
        A video on {host}: nothing is loaded from {host} until you press play.
      </figcaption>
    </figure>
  );
}

type PostBodyProps = {
  html: { beforeMid: string; fromMid: string };
  inlineImage: PictureData;
  tags: Array<{ name: string; href: string }>;
};

/** Part of the article's HTML, its videos drawn as the site's click-to-load player. The HTML is
 *  our own Markdown, rendered on the server (app/content/blog-posts.server.ts). */
function Prose({ html }: { html: string }) {
  return splitVideos(html).map((part, i) =>
    typeof part === "string" ? (
      <div key={i} className="blog-prose" dangerouslySetInnerHTML={{ __html: part }} />
    ) : (
      <ArticleVideo key={i} video={part} />
    ),
  );
}

/** The article: its text in two parts around the in-body picture, then its tags. */
export function PostBody({ html, inlineImage, tags }: PostBodyProps) {
  return (
    <article>
      <Prose html={html.beforeMid} />
      <PictureView
        picture={inlineImage}
        alt=""
        sizes="(min-width: 1024px) 760px, 92vw"
        className="my-12 block"
        imgClassName="aspect-[16/9] w-full rounded-card object-cover shadow-card"
      />
      <Prose html={html.fromMid} />
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
