import { OverlayDialog } from "#app/components/ui/overlay-dialog.tsx";
import { SearchForm } from "#app/components/ui/search-form.tsx";

export const searchOverlayId = "search-overlay";

/** Site search from the header: sends the keyword to /search. */
export function SearchOverlay() {
  return (
    <OverlayDialog id={searchOverlayId} title="Search the site" placement="top">
      <SearchForm
        id="header-search"
        label="What are you looking for?"
        showLabel
        tone="light"
        placeholder="Try “mobile app”, “SEO” or “branding”"
        focusOnOpen
        className="container-page py-10"
      />
    </OverlayDialog>
  );
}
