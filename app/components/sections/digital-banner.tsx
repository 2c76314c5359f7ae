import { Counter } from "#app/components/ui/counter.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { VideoPopup } from "#app/components/ui/video-popup.tsx";
import type { VideoSource } from "#app/lib/video-embed.ts";
import { cn } from "#app/lib/cn.ts";

type DigitalBannerProps = React.ComponentProps<"section"> & {
  eyebrow: string;
  title: string;
  text: string;
  counter: { end: number; suffix: string; label: string; duration: number };
  image: PictureData;
  video: VideoSource;
  videoLabel: string;
};

/** The Digital Experience banner: a statement, the studio reel and the Completed Projects counter. */
export function DigitalBanner({
  eyebrow,
  title,
  text,
  counter,
  image,
  video,
  videoLabel,
  className,
  ...props
}: DigitalBannerProps) {
  return (
    <section
      className={cn("relative isolate overflow-hidden bg-brand-950 py-24 text-white sm:py-32", className)}
      {...props}
    >
      <PictureView
        picture={image}
        alt=""
        sizes="100vw"
        className="absolute inset-0 -z-20"
        imgClassName="size-full object-cover opacity-60"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-r from-brand-950 via-brand-950/85 to-brand-950/30"
      />
      <div className="container-page grid items-center gap-14 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="text-sm font-bold tracking-[0.18em] text-amber-accent uppercase">{eyebrow}</p>
          <h2 className="mt-4 max-w-2xl text-[clamp(2.2rem,1.4rem+3vw,4rem)] leading-[1.05]">{title}</h2>
          <p className="mt-6 max-w-xl text-lg text-white/85">{text}</p>
          <VideoPopup id="studio-reel" video={video} label={videoLabel} className="mt-10" />
        </div>
        <div className="justify-self-start rounded-[2rem] border border-white/15 bg-white/8 p-10 backdrop-blur-md lg:justify-self-end">
          <p className="text-[clamp(4rem,2.5rem+6vw,7.5rem)] leading-none font-extrabold tracking-tight">
            <Counter end={counter.end} suffix={counter.suffix} duration={counter.duration} />
          </p>
          <p className="mt-3 flex items-center gap-3 text-lg font-semibold text-white/90">
            <span aria-hidden="true" className="h-0.5 w-10 bg-amber-accent" />
            {counter.label}
          </p>
        </div>
      </div>
    </section>
  );
}
