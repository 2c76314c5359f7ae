import { useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { CloseButton, ModalDialog } from "#app/components/ui/modal-dialog.tsx";
import { videoEmbedUrl, type VideoSource } from "#app/lib/video-embed.ts";
import { cn } from "#app/lib/cn.ts";

type VideoPopupProps = Omit<React.ComponentProps<"button">, "children"> & {
  /** Unique on the page: the dialog's id. */
  id: string;
  video: VideoSource;
  /** The button's visible text (the play icon comes first). */
  label: string;
  tone?: "light" | "dark";
  /** What the button shows instead of the play disc and the label (a poster of our own: a video
   *  in a post's article, app/components/blog/article-video.tsx); `className` is then the
   *  button's whole look. */
  face?: React.ReactNode;
};

/** The play icon in its disc (the popup's button; a post's video poster). */
export function PlayDisc({ tone }: { tone: "light" | "dark" }) {
  return (
    <span
      className={cn(
        "relative grid size-16 place-items-center rounded-full transition-transform duration-300 ease-out-soft group-hover:scale-105",
        tone === "light" ? "bg-white text-brand-800" : "bg-primary text-on-primary",
      )}
    >
      <span
        aria-hidden="true"
        className="absolute inset-0 rounded-full border-2 border-current opacity-40 motion-safe:animate-ping motion-safe:[animation-duration:2.4s] motion-safe:[animation-iteration-count:3]"
      />
      <Icon name="play" className="ml-1 size-6" />
    </span>
  );
}

/**
 * A play button that opens the video in a native modal dialog (16:9). The player (an iframe or
 * a <video>) is created only when the visitor presses play and removed on close, so nothing is
 * requested from a video service before that. Escape, a click on the backdrop and the close
 * button close it; the browser returns focus to the play button.
 */
export function VideoPopup({
  id,
  video,
  label,
  tone = "light",
  face,
  className,
  onClick,
  ...props
}: VideoPopupProps) {
  const [open, setOpen] = useState(false);
  const src = videoEmbedUrl(video);
  return (
    <>
      <button
        type="button"
        commandfor={id}
        command="show-modal"
        onClick={(event) => {
          setOpen(true);
          onClick?.(event);
        }}
        className={
          face
            ? className
            : cn("group inline-flex items-center gap-4 rounded-full pr-2 font-semibold", className)
        }
        {...props}
      >
        {face ?? (
          <>
            <PlayDisc tone={tone} />
            {label}
          </>
        )}
      </button>
      <ModalDialog
        id={id}
        aria-label={video.title}
        onClose={() => setOpen(false)}
        className="m-auto w-[min(92vw,68rem)] max-w-none overflow-visible bg-transparent p-0 opacity-100 transition-[opacity,display,overlay] transition-discrete duration-300 backdrop:bg-black/85 starting:opacity-0"
      >
        <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-black shadow-2xl">
          {open &&
            (video.provider === "custom" ? (
              // The track is there whenever the video has speech; a silent reel needs none.
              // eslint-disable-next-line jsx-a11y/media-has-caption
              <video src={src} controls autoPlay playsInline className="size-full" title={video.title}>
                {video.captions && (
                  <track kind="captions" src={video.captions} srcLang="en" label="English" default />
                )}
                Your browser does not support the video tag.
              </video>
            ) : (
              <iframe
                src={src}
                title={video.title}
                allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                className="size-full border-0"
              />
            ))}
        </div>
        <CloseButton
          dialog={id}
          label="Close video"
          className="absolute -top-14 right-0 bg-white/10 text-white hover:bg-white hover:text-black"
          iconClassName="size-6"
        />
      </ModalDialog>
    </>
  );
}
