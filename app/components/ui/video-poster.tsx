import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

// The video popup's play button (./video-popup.tsx), and its poster: apart from the popup, so
// that a page can draw a video's poster before (or without) the popup's code.

/** The play icon in its disc. */
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

/** A video's poster of our own (nothing of the video's host: not even its thumbnail, which
 *  would tell it who reads the page): the brand's night, the play disc, the label. */
export const videoPosterClass =
  "group relative grid aspect-video w-full place-items-center overflow-hidden rounded-card bg-linear-to-br from-brand-800 to-brand-950 p-6 text-center font-semibold text-white shadow-card";

/** What a poster shows (the play button's, or a plain link's without JavaScript). */
export function VideoPoster({ label }: { label: string }) {
  return (
    <span className="grid justify-items-center gap-4">
      <PlayDisc tone="light" />
      <span className="max-w-[36ch] text-lg leading-snug text-balance">{label}</span>
    </span>
  );
}
