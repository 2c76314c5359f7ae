// Where the video popup's player points. Third-party players (YouTube in its no-cookie mode,
// Vimeo with do-not-track) are allowed by the CSP's frame-src; a custom URL must be served by
// this site (media-src 'self').

export type VideoSource =
  | { provider: "youtube"; id: string; title: string }
  | { provider: "vimeo"; id: string; title: string }
  /** A file served by this site; `captions` is a WebVTT file for videos with speech. */
  | { provider: "custom"; url: string; title: string; captions?: string };

const safeId = /^[A-Za-z0-9_-]{4,32}$/;

/** The player URL: an embed page for YouTube/Vimeo (playing at once), the file itself otherwise. */
export function videoEmbedUrl(video: VideoSource): string {
  switch (video.provider) {
    case "youtube":
      if (!safeId.test(video.id)) throw new Error(`Invalid YouTube id "${video.id}"`);
      return `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0&modestbranding=1`;
    case "vimeo":
      if (!/^\d{4,12}$/.test(video.id)) throw new Error(`Invalid Vimeo id "${video.id}"`);
      return `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1`;
    case "custom":
      if (!video.url.startsWith("/") || video.url.startsWith("//")) {
        throw new Error(`Custom videos must be served by this site: "${video.url}"`);
      }
      return video.url;
  }
}
