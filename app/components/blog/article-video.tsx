import { VideoPopup } from "#app/components/ui/video-popup.tsx";
import { useHydrated } from "#app/hooks/use-motion.ts";
import type { ArticleVideoSource } from "#app/lib/post-html.ts";
import { VideoPoster, videoPosterClass } from "./video-poster.tsx";

/**
 * The player of a video written into a post's article (./post-body.tsx draws its figure): the
 * site's video popup with a poster of our own, so nothing is asked of the video's site, not even
 * its thumbnail, until the visitor presses play; then its privacy-enhanced player
 * (youtube-nocookie.com, Vimeo's do-not-track). The popup needs JavaScript: until the page is
 * hydrated it is `link`, the plain link to the video's page every visitor gets first. Loaded
 * only by a post that has a video.
 */
export default function ArticleVideoPlayer({
  id,
  video,
  link,
}: {
  id: string;
  video: ArticleVideoSource;
  link: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return hydrated ? (
    <VideoPopup
      id={id}
      video={video}
      label={`Play the video: ${video.title}`}
      className={videoPosterClass}
      face={<VideoPoster label={`Play the video: ${video.title}`} />}
    />
  ) : (
    link
  );
}
