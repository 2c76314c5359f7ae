import { useEffect, useRef, useState } from "react";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { useInView } from "#app/hooks/use-in-view.ts";
import { prefersSavedData, usePageVisible, useReducedMotion } from "#app/hooks/use-motion.ts";
import { cn } from "#app/lib/cn.ts";

type BackgroundVideoProps = React.ComponentProps<"div"> & {
  /** Base name of the files in public/videos (<name>.webm and <name>.mp4). */
  video: string;
  /** The poster picture, shown first and whenever the video is not playing. */
  poster: PictureData;
  /** Whether this video should play now (e.g. its slide is the current one, nobody paused). */
  playing: boolean;
  /** Wait this long after the area comes into view before loading the video. */
  delay?: number;
  /** The poster is the page's first image (the hero): load it eagerly. */
  priority?: boolean;
};

/**
 * A decorative looping video over its poster. The server renders the poster and a <video>
 * without sources, the same HTML for every visitor (pages are kept for everyone); the sources are
 * added only after the page is interactive, once the area is on screen, and never under reduced
 * motion or when the browser asks to save data (`Save-Data: on`, see prefersSavedData). Without
 * JavaScript the poster is all there is: a page that cannot know the visitor's wishes shows the
 * still picture, which costs a fraction of the video and is its first frame. It plays only
 * while on screen, the tab is visible and `playing` is true.
 */
export function BackgroundVideo({
  video,
  poster,
  playing,
  delay = 0,
  priority = false,
  className,
  ...props
}: BackgroundVideoProps) {
  const box = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLVideoElement>(null);
  const onScreen = useInView(box);
  const reducedMotion = useReducedMotion();
  const visible = usePageVisible();
  const [load, setLoad] = useState(false);
  const [ready, setReady] = useState(false);
  const wanted = playing && onScreen && visible && !reducedMotion;

  useEffect(() => {
    if (load || !wanted || prefersSavedData()) return;
    // After the page has loaded (so the video never competes with the first paint), plus `delay`.
    let timer = 0;
    const start = () => (timer = window.setTimeout(() => setLoad(true), delay));
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      window.clearTimeout(timer);
    };
  }, [load, wanted, delay]);

  useEffect(() => {
    const element = player.current;
    if (!element || !load) return;
    if (wanted) element.play().catch(() => {});
    else element.pause();
  }, [load, wanted]);

  return (
    <div
      ref={box}
      aria-hidden="true"
      className={cn("absolute inset-0 overflow-hidden", className)}
      {...props}
    >
      <PictureView
        picture={poster}
        alt=""
        priority={priority}
        className="absolute inset-0"
        imgClassName="size-full object-cover"
      />
      <video
        ref={player}
        muted
        loop
        playsInline
        preload="none"
        tabIndex={-1}
        onPlaying={() => setReady(true)}
        className={cn(
          "absolute inset-0 size-full object-cover transition-opacity duration-700",
          ready ? "opacity-100" : "opacity-0",
        )}
      >
        {load && <source src={`/videos/${video}.webm`} type="video/webm" />}
        {load && <source src={`/videos/${video}.mp4`} type="video/mp4" />}
        Your browser does not support the video tag.
      </video>
    </div>
  );
}
