// A post sent to subscribers whole: the header picture at an e-mail width with its alt, the
// byline, the article (the issue's Markdown, rendered by ./issues.ts's e-mail rules, the in-body
// picture before the mid-title as on the post's page), and "Read it on the website".
//
// The issue keeps a copy of the post (IssuePost, taken when the console started the issue), not
// a reference rendered at send time: subscribers get what the writer previewed and tested, every
// subscriber of a paced send gets the same text even if the post is edited meanwhile, and the
// issue's page on the site stays what was sent after the post is changed, unpublished or deleted.
// A correction to the post after the issue is started is made in the issue too (its body is the
// article's Markdown), or the issue is started again.
import type { IssuePicture, IssuePost } from "#app/lib/ports/issues.ts";
import { formatDay } from "#app/lib/format.ts";
import { BRAND, href, html, raw, type Html } from "../mail/template.ts";

/** The width pictures are shown at in the e-mail's 600-pixel column (less its padding). */
export const EMAIL_PICTURE_WIDTH = 552;

/** A picture of the site as an e-mail shows it: JPEG or PNG (Outlook shows neither AVIF nor
 *  WebP), the file of its entry nearest the column's width, with its width and height. */
export type EmailPicture = { src: string; width: number; height: number; alt: string };

/** The picture's file for an e-mail: the entry's JPEG/PNG (one per picture, about 640 px wide:
 *  app/config/picture-sizes.ts), shown at the column's width or its own if narrower. Only files
 *  of this site (/img/, /media/u/): an entry naming anything else gives no picture. */
export function emailPicture(p: IssuePicture, alt: string, siteUrl: string): EmailPicture | null {
  const match = /^\/(?:img|media\/u)\/[\w./-]+-(\d+)\.(?:jpg|png)$/.exec(p.entry.fallback);
  if (!match || p.entry.fallback.includes("..")) return null;
  const fileWidth = Number(match[1]);
  const width = Math.min(EMAIL_PICTURE_WIDTH, fileWidth);
  return {
    src: `${siteUrl.replace(/\/$/, "")}${p.entry.fallback}`,
    width,
    height: Math.round((width * p.entry.height) / p.entry.width),
    alt,
  };
}

/** A picture in the e-mail: the column's width at most, its height following. */
export const img = (p: EmailPicture, margin: string) =>
  html`<img
    src="${p.src}"
    width="${String(p.width)}"
    height="${String(p.height)}"
    alt="${p.alt}"
    style="display:block;width:100%;max-width:${raw(String(p.width))}px;height:auto;border:0;border-radius:6px;margin:${raw(margin)}"
  />`;

/** "By Zainab Musa · 9 August 2023" */
export const byline = (post: IssuePost) => `By ${post.author} · ${formatDay(post.date)}`;

export const postUrl = (post: IssuePost, siteUrl: string) => `${siteUrl.replace(/\/$/, "")}${post.path}`;

/** What goes around the article: above it (byline, header picture), the in-body picture's HTML
 *  (placed before the mid-title by the caller) and below it (the link to the post). */
export function postParts(post: IssuePost, siteUrl: string, tag: (url: string) => string = (url) => url) {
  const header = emailPicture(post.image, post.image.alt, siteUrl);
  const inline = emailPicture(post.inlineImage, "", siteUrl);
  const url = tag(postUrl(post, siteUrl));
  const top: Html = html`<p style="margin:0 0 16px;color:#555;font-size:14px">${byline(post)}</p>
    ${header ? img(header, "0 0 24px") : ""}`;
  const bottom: Html = html`<p style="margin:24px 0 0">
    <a
      href="${href(url)}"
      style="display:inline-block;background:${raw(BRAND)};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold"
      >Read it on the website</a
    >
  </p>`;
  return {
    top,
    inline: inline ? img(inline, "8px 0 24px").value : "",
    bottom,
    text: {
      top: [byline(post), ...(header ? [`[${header.alt}]`] : []), ""],
      bottom: ["", `Read it on the website: ${url}`],
    },
  };
}
