import { PlayDisc } from "#app/components/ui/video-popup.tsx";

// The poster of a video written into a post's article (./post-body.tsx draws it as a link, and
// ./article-video.tsx as the popup's button once the page is hydrated). Apart from the popup, so
// that the home pages' popups do not carry it.

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
