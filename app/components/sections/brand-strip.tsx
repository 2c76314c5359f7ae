import { useId, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { BackgroundVideo } from "#app/components/ui/background-video.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { cn } from "#app/lib/cn.ts";

type BrandStripProps = React.ComponentProps<"section"> & {
  title: string;
  video: string;
  poster: PictureData;
  logos: Array<{ name: string; file: string }>;
};

/**
 * Client logos gliding past (one logo every 4 s: 1, 2, 3 or 4 in view at 0/450/768/992 px) over
 * a looping video. The motion is pure CSS, so it runs and pauses without JavaScript: the pause
 * control is a checkbox the track reads with :has(). Under reduced motion the logos sit still in
 * a grid and the video never loads.
 */
export function BrandStrip({ title, video, poster, logos, className, ...props }: BrandStripProps) {
  const id = useId();
  const [paused, setPaused] = useState(false);
  const loop = [...logos, ...logos];
  return (
    <section
      className={cn(
        "group/strip relative isolate overflow-hidden bg-brand-950 py-24 text-white sm:py-32",
        className,
      )}
      {...props}
    >
      <BackgroundVideo video={video} poster={poster} playing={!paused} delay={5000} className="-z-20" />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-brand-950/70" />
      <div className="container-page">
        <div className="flex flex-col items-center gap-6 text-center">
          <h2 className="max-w-3xl text-[clamp(2.2rem,1.4rem+3vw,4rem)] leading-[1.05]">{title}</h2>
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-white/40 bg-white/10 px-5 text-sm font-semibold backdrop-blur-sm transition-colors hover:bg-white hover:text-brand-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-3 has-focus-visible:outline-white motion-reduce:hidden">
            <input
              id={`${id}-pause`}
              type="checkbox"
              checked={paused}
              onChange={(event) => setPaused(event.currentTarget.checked)}
              className="peer sr-only"
            />
            <Icon name="pause" className="peer-checked:hidden" />
            <Icon name="play" className="hidden peer-checked:block" />
            Pause logos and video
          </label>
        </div>
        <div className="@container mt-14 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_12%,black_88%,transparent)] motion-reduce:[mask-image:none]">
          <ul
            aria-label="Some of our clients"
            style={{ animationDuration: `${logos.length * 4}s` }}
            className="flex w-max group-has-checked/strip:[animation-play-state:paused] hover:[animation-play-state:paused] motion-safe:animate-marquee motion-reduce:w-full motion-reduce:flex-wrap motion-reduce:justify-center"
          >
            {loop.map((logo, i) => (
              <li
                key={`${logo.file}-${i}`}
                aria-hidden={i >= logos.length ? true : undefined}
                className={cn(
                  "grid h-28 w-[100cqw] shrink-0 place-items-center px-4 motion-reduce:py-2 min-[450px]:w-[50cqw] min-[992px]:w-[25cqw] md:w-[33.333cqw]",
                  i >= logos.length && "motion-reduce:hidden",
                )}
              >
                <span className="grid h-full w-full place-items-center rounded-2xl border border-white/10 bg-white/6 backdrop-blur-sm">
                  <img
                    src={logo.file}
                    alt={i >= logos.length ? "" : logo.name}
                    width={163}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="h-9 w-auto max-w-[70%] opacity-90"
                  />
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
