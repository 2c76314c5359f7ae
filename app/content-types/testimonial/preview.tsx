// The quote as the home pages show it, and the consent note only the console shows.
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import type { PictureData } from "#app/lib/media.ts";
import { TestimonialCard } from "#app/components/sections/testimonial-card.tsx";
import type { Testimonial } from "./schema.ts";

/**
 * A testimonial portrait's picture from its name alone: the editor's item holds the name, and the
 * media manifest stays on the server. Every testimonial portrait is a 320 px square whose JPEG is
 * /img/{name}-320.jpg (content-preview.test.ts checks the manifest says so); the page itself gets
 * the full picture (its AVIF and WebP) from its loader.
 */
export const previewPortrait = (name: string): PictureData => ({
  src: `/img/${name}-320.jpg`,
  width: 320,
  height: 320,
  sources: [],
});

export default function TestimonialPreview({ item: testimonial }: PreviewProps<Testimonial>) {
  const { consent } = testimonial;
  return (
    <div className="grid gap-4">
      <TestimonialCard testimonial={{ ...testimonial, portrait: previewPortrait(testimonial.portrait) }} />
      <p className="text-sm">
        <span className="font-semibold">Consent: </span>
        {consent ? `${consent.by}, on ${consent.date}.` : "none noted."}
      </p>
    </div>
  );
}
