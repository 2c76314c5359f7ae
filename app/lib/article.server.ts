// What the site's pages draw in a post's article besides its text (app/content/blog-posts.server.ts
// renders the Markdown; this says how its pictures and lone links look): our own uploaded
// pictures, as <picture> with their AVIF and WebP sizes; a YouTube or Vimeo link alone on its
// line, as the video's mark (./post-html.ts), which the post page draws as the click-to-load
// player. Anything else stays as the renderer leaves it: a picture its description, a link a link.
import { ownPicture } from "../config/post-rules.ts";
import type { ArticleExtras } from "../content/blog-posts.server.ts";
import type { PictureData } from "./media.ts";
import { pictureHtml, videoHtml } from "./post-html.ts";
import { videoFromUrl } from "./video-embed.ts";

/** The extras of a page that knows these uploaded pictures (by name, `u/…`; undefined: not one
 *  of ours, or not ready). */
export function articleExtras(pictures: (name: string) => PictureData | undefined): ArticleExtras {
  return {
    picture(src, alt) {
      const name = ownPicture(src);
      const picture = name ? pictures(name) : undefined;
      return picture && pictureHtml(picture, alt);
    },
    linkAlone(href, text) {
      const video = videoFromUrl(href, "");
      if (!video || video.provider === "custom") return undefined;
      // Its title the link's text, or where it is when the text is the address itself.
      const host = video.provider === "youtube" ? "YouTube" : "Vimeo";
      return videoHtml({ ...video, title: text && text !== href ? text : `A video on ${host}` });
    },
  };
}
