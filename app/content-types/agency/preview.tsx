// The details as the contact page's panel shows them.
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import type { Agency } from "./schema.ts";

/** The details as the contact page's panel shows them: address, e-mails, phones, hours, profiles. */
export default function AgencyPreview({ item: details }: PreviewProps<Agency>) {
  return (
    <div className="rounded-card bg-brand-900 p-6 text-white">
      <ContactDetails tone="inverse" details={details} />
      <p className="mt-6 flex gap-3 text-sm text-white/85">
        <Icon name="clock" className="size-5 shrink-0" />
        {details.hours}
      </p>
      {details.socials.length > 0 && <SocialLinks links={details.socials} className="mt-6" />}
    </div>
  );
}
