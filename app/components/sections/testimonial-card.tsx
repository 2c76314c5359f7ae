import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import type { PictureData } from "#app/lib/media.ts";

export type Testimonial = {
  id: string;
  quote: string;
  name: string;
  designation: string;
  portrait: PictureData;
};

/** One quote with its author (a slide of the carousel; the console's preview). */
export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-[1.75rem] border border-line bg-surface p-8 shadow-card sm:p-12">
      <Icon name="quote" className="size-12 text-primary-ink" />
      <blockquote className="mt-6 flex-1 text-xl leading-relaxed font-medium sm:text-2xl">
        <p>“{t.quote}”</p>
      </blockquote>
      <figcaption className="mt-8 flex items-center gap-4 border-t border-line pt-6">
        <PictureView
          picture={t.portrait}
          alt=""
          sizes="64px"
          className="shrink-0"
          imgClassName="size-16 rounded-full object-cover"
        />
        <span>
          <span className="block text-lg font-bold">{t.name}</span>
          <span className="text-ink-muted">{t.designation}</span>
        </span>
      </figcaption>
    </figure>
  );
}
