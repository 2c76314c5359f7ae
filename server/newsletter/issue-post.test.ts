// A post's pictures in the e-mail: a JPEG or PNG of this site (Outlook shows neither AVIF nor
// WebP), an uploaded one's from /media/u/, at the column's width (or its own when narrower), its
// height in proportion and its alt; an entry naming a file anywhere else gives no picture.
import { describe, expect, it } from "vitest";
import { EMAIL_PICTURE_WIDTH, emailPicture } from "./issue-post.ts";
import { issueHtml } from "./issues.ts";

const entry = (fallback: string, width = 1920, height = 1080) => ({
  width,
  height,
  widths: [320, 640, 960, 1280, 1920],
  formats: ["avif", "webp"],
  fallback,
});
const SITE = "https://techspark.ng/";

describe("emailPicture", () => {
  it("takes the uploaded picture's JPEG at the e-mail's width, with its alt", () => {
    const name = "u/0123456789abcdef";
    expect(
      emailPicture({ name, entry: entry(`/media/${name}-640.jpg`) }, "A clinic's booking page", SITE),
    ).toEqual({
      src: `https://techspark.ng/media/${name}-640.jpg`,
      width: EMAIL_PICTURE_WIDTH,
      height: Math.round((EMAIL_PICTURE_WIDTH * 1080) / 1920),
      alt: "A clinic's booking page",
    });
  });

  it("shows a narrow picture at its own width, a transparent one as its PNG", () => {
    const name = "u/fedcba9876543210";
    expect(emailPicture({ name, entry: entry(`/media/${name}-400.png`, 400, 500) }, "", SITE)).toMatchObject({
      src: `https://techspark.ng/media/${name}-400.png`,
      width: 400,
      height: 500,
    });
  });

  it("gives nothing for a file of another host or another kind", () => {
    for (const fallback of [
      "https://tracker.example/p-640.jpg",
      "//tracker.example/p-640.jpg",
      "/media/u/../../etc/passwd-640.jpg",
      "/img/blog-01-640.webp",
      "/api/csrf-640.jpg",
    ])
      expect(emailPicture({ name: "x", entry: entry(fallback) }, "alt", SITE), fallback).toBeNull();
  });
});

describe("a picture in the article of a post sent whole", () => {
  const name = "u/0123456789abcdef";
  const kept = [{ name, entry: entry(`/media/${name}-640.jpg`) }];

  it("is the kept upload's JPEG at the e-mail's width, with its alt; any other is a link", () => {
    const html = issueHtml(
      `Before.\n\n![The bakery's oven](/media/${name})\n\n![A pixel](https://tracker.example/p.png)\n\n![Gone](/media/u/ffffffffffffffff)`,
      { siteUrl: SITE, pictures: kept },
    )!;
    expect(html).toMatch(
      new RegExp(
        `<img\\s+src="https://techspark.ng/media/${name}-640.jpg"\\s+width="${EMAIL_PICTURE_WIDTH}"\\s+height="${Math.round((EMAIL_PICTURE_WIDTH * 1080) / 1920)}"\\s+alt="The bakery&#39;s oven"`,
      ),
    );
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('<a href="https://tracker.example/p.png" style="color:#662d91">A pixel</a>');
    expect(html).toContain('<a href="https://techspark.ng/media/u/ffffffffffffffff"');
  });

  it("is a link, as before, in an issue that kept no pictures", () => {
    const html = issueHtml(`![The bakery's oven](/media/${name})`, { siteUrl: SITE })!;
    expect(html).not.toContain("<img");
    expect(html).toContain(`<a href="https://techspark.ng/media/${name}"`);
  });
});
