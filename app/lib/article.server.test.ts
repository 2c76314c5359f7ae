// Pictures and videos inside a post's article (issue 49): our own uploads are drawn with their
// AVIF and WebP sizes, anything else is refused when the post is saved and never emitted; a
// YouTube or Vimeo link alone on its line is the site's click-to-load video, the same link in a
// sentence a plain link.
import { describe, expect, it } from "vitest";
import { postProblems } from "#app/config/post-rules.ts";
import { blogSources, renderPost } from "#app/content/blog-posts.server.ts";
import { articleExtras } from "./article.server.ts";
import { pictureFrom, type PictureData } from "./media.ts";
import { splitVideos } from "./post-html.ts";
import { videoFromUrl } from "./video-embed.ts";

const NAME = "u/0123456789abcdef";
const entry = {
  width: 1600,
  height: 1200,
  widths: [320, 640, 1280, 1600],
  formats: ["avif", "webp", "jpg"],
  fallback: `/media/${NAME}-640.jpg`,
  placeholder: "#aabbcc",
};
type Uploads = (name: string) => PictureData | undefined;
const uploads: Uploads = (name) => (name === NAME ? pictureFrom(entry, `/media/${name}`) : undefined);

const seed = blogSources()[0]!;
const render = (extra: string, pictures: Uploads = uploads) => {
  const { html } = renderPost({ ...seed, body: `${seed.body}\n\n${extra}` }, "test", articleExtras(pictures));
  return html.beforeMid + html.fromMid;
};
const problems = (extra: string, pictures?: ReadonlySet<string>) =>
  postProblems(
    { ...seed, body: `${seed.body}\n\n${extra}` },
    pictures ? { pictures: new Set([seed.thumb, seed.image, seed.inlineImage, ...pictures]) } : {},
  )
    .filter((p) => p.field === "body")
    .map((p) => p.message);

describe("a picture in the article", () => {
  it("draws our own upload as a <picture>: AVIF and WebP sizes, its size, its alt, lazy", () => {
    const html = render(`![The team at the Kubwa market](/media/${NAME})`);
    const picture = /<picture[^>]*>.*?<\/picture>/s.exec(html)?.[0] ?? "";
    expect(picture).toContain(
      `<source type="image/avif" srcset="/media/${NAME}-320.avif 320w, /media/${NAME}-640.avif 640w, /media/${NAME}-1280.avif 1280w, /media/${NAME}-1600.avif 1600w"`,
    );
    expect(picture).toContain(`<source type="image/webp" srcset="/media/${NAME}-320.webp 320w`);
    expect(picture).toMatch(/sizes="\(min-width: 1024px\) 760px, 92vw"/);
    expect(picture).toContain(
      `<img src="/media/${NAME}-640.jpg" width="1600" height="1200" alt="The team at the Kubwa market" loading="lazy" decoding="async"`,
    );
  });

  it("escapes what the alt says", () => {
    const html = render(`![A "quoted" <b>bold</b> & more](/media/${NAME})`);
    expect(html).toContain('alt="A &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more"');
  });

  it("never emits any other picture: another site, data:, a path elsewhere, an upload not there", () => {
    const html = render(
      [
        "![Pixel](https://evil.example/p.png)",
        "![Inline](data:image/png;base64,iVBORw0KGgo=)",
        "![Logo](/img/logo-light.svg)",
        "![Up a level](/media/u/../../etc/passwd)",
        "![Gone](/media/u/ffffffffffffffff)",
        "![Protocol-relative](//evil.example/media/u/0123456789abcdef)",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<img|<picture|evil\.example|data:image|logo-light|passwd|ffffffff/);
    for (const alt of ["Pixel", "Inline", "Logo", "Up a level", "Gone", "Protocol-relative"])
      expect(html).toContain(`<p>${alt}</p>`);
    // An upload this process does not know (not ready yet) is its description too.
    expect(render(`![Ours](/media/${NAME})`, () => undefined)).not.toContain("<img");
  });

  it("is refused when saved unless it is one of our uploads, there, with what it shows", () => {
    expect(problems(`![The market](/media/${NAME})`, new Set([NAME]))).toEqual([]);
    expect(problems("![Pixel](https://evil.example/p.png)")).toEqual([
      'the picture "https://evil.example/p.png" is not one uploaded here: only pictures uploaded with the editor are shown in the article',
    ]);
    expect(problems("![Inline](data:image/png;base64,AAAA)")[0]).toMatch(/is not one uploaded here/);
    expect(problems("![Logo](/img/logo-light.svg)")[0]).toMatch(/is not one uploaded here/);
    expect(problems(`![Gone](/media/u/ffffffffffffffff)`, new Set([NAME]))).toEqual([
      'there is no picture "/media/u/ffffffffffffffff" (in the article): upload it again',
    ]);
    expect(problems(`![](/media/${NAME})`, new Set([NAME]))).toEqual([
      `say what the picture "/media/${NAME}" shows: ![what it shows](/media/${NAME})`,
    ]);
  });
});

describe("a video in the article", () => {
  it("is a YouTube or Vimeo link alone on its line: the player's mark, a plain link inside", () => {
    const html = render(
      [
        "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
        "[Our studio tour](https://youtu.be/aqz-KE-bpKQ)",
        "<https://vimeo.com/76979871>",
      ].join("\n\n"),
    );
    expect(html).toContain(
      '<p data-video="youtube:aqz-KE-bpKQ"><a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ">A video on YouTube</a></p>',
    );
    expect(html).toContain(
      '<p data-video="youtube:aqz-KE-bpKQ"><a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ">Our studio tour</a></p>',
    );
    expect(html).toContain(
      '<p data-video="vimeo:76979871"><a href="https://vimeo.com/76979871">A video on Vimeo</a></p>',
    );
    expect(splitVideos(html).filter((part) => typeof part !== "string")).toEqual([
      { provider: "youtube", id: "aqz-KE-bpKQ", title: "A video on YouTube" },
      { provider: "youtube", id: "aqz-KE-bpKQ", title: "Our studio tour" },
      { provider: "vimeo", id: "76979871", title: "A video on Vimeo" },
    ]);
  });

  it("is a plain link inside a sentence, or two links on one line", () => {
    const html = render(
      "Watch https://www.youtube.com/watch?v=aqz-KE-bpKQ before the call.\n\n" +
        "https://youtu.be/aqz-KE-bpKQ https://vimeo.com/76979871",
    );
    expect(html).not.toContain("data-video");
    expect(html).toContain(
      'Watch <a href="https://www.youtube.com/watch?v=aqz-KE-bpKQ">https://www.youtube.com/watch?v=aqz-KE-bpKQ</a> before the call.',
    );
    expect(splitVideos(html)).toEqual([html]);
  });

  it("cannot be forged with raw HTML, and takes no other host", () => {
    const html = render(
      '<p data-video="youtube:aqz-KE-bpKQ"><a href="https://evil.example">x</a></p>\n\n' +
        "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    );
    expect(splitVideos(html)).toEqual([html]);
  });
});

describe("videoFromUrl", () => {
  it("reads YouTube's and Vimeo's addresses", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s",
      "https://youtube.com/watch?v=aqz-KE-bpKQ",
      "https://m.youtube.com/watch?v=aqz-KE-bpKQ",
      "https://youtu.be/aqz-KE-bpKQ?si=abc",
      "https://www.youtube.com/shorts/aqz-KE-bpKQ",
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ",
    ])
      expect(videoFromUrl(url, "t"), url).toEqual({ provider: "youtube", id: "aqz-KE-bpKQ", title: "t" });
    expect(videoFromUrl("https://vimeo.com/76979871", "t")).toEqual({
      provider: "vimeo",
      id: "76979871",
      title: "t",
    });
    expect(videoFromUrl("https://player.vimeo.com/video/76979871", "t")?.provider).toBe("vimeo");
  });

  it("refuses anything else", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ/../x",
      "https://www.youtube.com/channel/UCabc",
      "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
      "https://evil.example/?u=https://youtu.be/aqz-KE-bpKQ",
      "javascript:alert(1)//youtu.be/aqz-KE-bpKQ",
      "https://user:pw@youtu.be/aqz-KE-bpKQ",
      "https://vimeo.com/channels/staffpicks",
      "not a url",
    ])
      expect(videoFromUrl(url, "t"), url).toBeNull();
  });
});
