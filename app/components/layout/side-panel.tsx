import { useCallback } from "react";
import { site } from "#app/config/site.ts";
import { OverlayDialog } from "#app/components/ui/overlay-dialog.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { NewsletterForm } from "#app/components/ui/newsletter-form.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";

export const sidePanelId = "side-panel";

/** The info panel: who we are, contact details, newsletter and socials. */
export function SidePanel() {
  const onOpenChange = useCallback((open: boolean) => {
    document.body.classList.toggle("side-panel-open", open);
  }, []);
  return (
    <OverlayDialog
      id={sidePanelId}
      title={`About ${site.name}`}
      placement="right"
      onOpenChange={onOpenChange}
    >
      <div className="space-y-8 px-6 py-6">
        <p className="text-ink-muted">
          We design, build and grow digital products for businesses across Nigeria: from a first landing page
          to the platforms that run a company.
        </p>
        <ContactDetails />
        <NewsletterForm placement="side-panel" successMessage="Thanks for your Email" />
        <div>
          <p className="mb-3 text-sm font-semibold">Follow us</p>
          <SocialLinks />
        </div>
      </div>
    </OverlayDialog>
  );
}
