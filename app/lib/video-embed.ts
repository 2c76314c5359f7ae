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

/**
 * The video a YouTube or Vimeo page's address shows (a post's line that is only such a link
 * becomes the click-to-load player: app/content/blog-posts.server.ts), or null for any other
 * address. YouTube: watch?v=, youtu.be/, /shorts/, /embed/ (youtube-nocookie.com too); Vimeo: a
 * video's number (vimeo.com/76979871, player.vimeo.com/video/76979871). Only https and http.
 */
export function videoFromUrl(address: string, title: string): VideoSource | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const path = url.pathname.split("/").filter(Boolean);
  let youtube: string | undefined;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path.length === 1 && path[0] === "watch") youtube = url.searchParams.get("v") ?? undefined;
    else if (path.length === 2 && ["embed", "shorts", "live"].includes(path[0]!)) youtube = path[1];
  } else if (host === "youtu.be" && path.length === 1) youtube = path[0];
  if (youtube !== undefined)
    return /^[\w-]{11}$/.test(youtube) ? { provider: "youtube", id: youtube, title } : null;
  const vimeo =
    host === "vimeo.com" && path.length === 1
      ? path[0]
      : host === "player.vimeo.com" && path.length === 2 && path[0] === "video"
        ? path[1]
        : undefined;
  return vimeo !== undefined && /^\d{4,12}$/.test(vimeo) ? { provider: "vimeo", id: vimeo, title } : null;
}
