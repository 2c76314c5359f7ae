// The service as /services-2's card and its own page show it (the same components).
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { servicePath } from "#app/config/catalogue.ts";
import type { PictureData } from "#app/lib/media.ts";
import { ServiceCard } from "#app/components/services/service-card.tsx";
import { ServicePageBody } from "#app/components/services/service-page-body.tsx";
import type { ServiceItem } from "./schema.ts";

/** A service picture from its name alone (as previewPortrait): every service picture is 4:3, its
 *  JPEG /img/{name}-640.jpg (content-preview.test.ts checks the manifest says so). */
export const previewServicePicture = (name: string): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: 640,
  height: 480,
  sources: [],
});

/** The service as /services-2's card and its own page show it (the same components): its
 *  introduction, included services, challenge and questions; or the page that covers it. */
export default function ServicePreview({ type, item: s }: PreviewProps<ServiceItem>) {
  // The covering service's title, from the editor's own choice (its label: "Branding (8)").
  const covering = type.fields.find((f) => f.name === "coveredBy");
  const coverTitle =
    covering?.kind === "choice"
      ? covering.options.find((o) => o.value === String(s.coveredBy))?.label.replace(/ \(\d+\)$/, "")
      : undefined;
  const card = {
    id: s.id,
    title: s.title,
    text: s.text,
    icon: s.icon,
    href: servicePath(s.details ? s.id : (s.coveredBy ?? s.id)),
    ...(s.details ? {} : { coveredBy: coverTitle ?? `service ${s.coveredBy}` }),
    image: previewServicePicture(s.image),
  };
  return (
    <div className="grid gap-6">
      {s.popular && (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          Popular: shown under &ldquo;Popular services&rdquo; on every service&rsquo;s page, if it is one of
          the first two marked.
        </p>
      )}
      <ul className="max-w-sm">
        <ServiceCard service={card} look="pictures" number={1} heading="h3" />
      </ul>
      {s.details ? (
        <div>
          <ServicePageBody service={s.details} />
        </div>
      ) : (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          No page of its own: its card leads to the page of {card.coveredBy}.
        </p>
      )}
    </div>
  );
}
