import { describe, expect, it } from "vitest";
import { videoEmbedUrl } from "./video-embed.ts";

describe("videoEmbedUrl", () => {
  it("uses YouTube's no-cookie player and Vimeo's do-not-track player", () => {
    expect(videoEmbedUrl({ provider: "youtube", id: "aqz-KE-bpKQ", title: "t" })).toBe(
      "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&modestbranding=1",
    );
    expect(videoEmbedUrl({ provider: "vimeo", id: "76979871", title: "t" })).toBe(
      "https://player.vimeo.com/video/76979871?autoplay=1&dnt=1",
    );
  });

  it("plays a custom file served by this site", () => {
    expect(videoEmbedUrl({ provider: "custom", url: "/videos/reel.mp4", title: "t" })).toBe(
      "/videos/reel.mp4",
    );
  });

  it("rejects ids and URLs that could escape the player", () => {
    expect(() => videoEmbedUrl({ provider: "youtube", id: "x/../../evil", title: "t" })).toThrow();
    expect(() => videoEmbedUrl({ provider: "vimeo", id: "abc", title: "t" })).toThrow();
    expect(() =>
      videoEmbedUrl({ provider: "custom", url: "https://evil.example/v.mp4", title: "t" }),
    ).toThrow();
    expect(() => videoEmbedUrl({ provider: "custom", url: "//evil.example/v.mp4", title: "t" })).toThrow();
  });
});
