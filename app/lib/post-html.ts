// What a post's rendered HTML may hold besides text: our own uploaded pictures (drawn as
// <picture> with their AVIF and WebP sizes) and videos (a YouTube or Vimeo link alone on its
// line). The renderer (app/content/blog-posts.server.ts) writes a video as a plain link to the
// video's page, marked `data-video`: that is what feeds and visitors without JavaScript get, and
// the post page (app/components/blog/post-body.tsx) cuts the HTML there to draw the site's
// click-to-load player instead. One module for both sides, so the mark is written and read alike.
// Plain browser code: the post page's component reads it.
import type { PictureData } from "./media.ts";
import type { VideoSource } from "./video-embed.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The width an article's picture is drawn at: the article's column (as its in-body picture). */
export const ARTICLE_PICTURE_SIZES = "(min-width: 1024px) 760px, 92vw";

/** A colour the placeholder may be (the manifest's and the uploads' are `#rrggbb`). */
const COLOUR = /^#[0-9a-f]{3,8}$/i;

/** One of our pictures in the article: its AVIF and WebP widths, its fallback, its size (no
 *  layout shift), its alt; lazy, the article being below the post's header picture. */
export function pictureHtml(picture: PictureData, alt: string): string {
  const sources = picture.sources
    .map((s) => `<source type="${s.type}" srcset="${escapeHtml(s.srcSet)}" sizes="${ARTICLE_PICTURE_SIZES}">`)
    .join("");
  const placeholder =
    picture.placeholder && COLOUR.test(picture.placeholder)
      ? ` style="background-color:${picture.placeholder}"`
      : "";
  return `<picture class="post-picture">${sources}<img src="${escapeHtml(picture.src)}" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async"${placeholder}></picture>`;
}

/** A video a post's article may show: YouTube's or Vimeo's. */
export type ArticleVideoSource = Exclude<VideoSource, { provider: "custom" }>;

/** The video's own page: a visitor without JavaScript, and a feed, get a plain link to it. (Here
 *  rather than in ./video-embed.ts, which only the popup's chunk needs.) */
export function videoPageUrl(video: ArticleVideoSource): string {
  return video.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}`;
}

/** A video in the article's HTML: a paragraph with a plain link to its page, marked. */
export function videoHtml(video: ArticleVideoSource): string {
  return `<p data-video="${video.provider}:${video.id}"><a href="${escapeHtml(videoPageUrl(video))}">${escapeHtml(video.title)}</a></p>\n`;
}

const VIDEO = /<p data-video="(youtube|vimeo):([\w-]+)"><a href="[^"]*">([^<]*)<\/a><\/p>\n?/g;

/** The article's HTML cut at its videos: HTML, a video, HTML… (just the HTML when it has none). */
export function splitVideos(html: string): Array<string | ArticleVideoSource> {
  const parts: Array<string | ArticleVideoSource> = [];
  let at = 0;
  for (const match of html.matchAll(VIDEO)) {
    if (match.index > at) parts.push(html.slice(at, match.index));
    parts.push({ provider: match[1] as "youtube" | "vimeo", id: match[2]!, title: unescapeHtml(match[3]!) });
    at = match.index + match[0].length;
  }
  if (at < html.length) parts.push(html.slice(at));
  return parts;
}
