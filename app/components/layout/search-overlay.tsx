import { Form } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { OverlayDialog } from "#app/components/ui/overlay-dialog.tsx";

export const searchOverlayId = "search-overlay";

/** Site search from the header: sends the keyword to /search. */
export function SearchOverlay() {
  return (
    <OverlayDialog id={searchOverlayId} title="Search the site" placement="top">
      <Form action="/search" method="get" role="search" className="container-page py-10">
        <label htmlFor="header-search" className="mb-3 block text-lg font-semibold">
          What are you looking for?
        </label>
        <div className="flex gap-3">
          <input
            id="header-search"
            name="q"
            type="search"
            // The dialog moves focus here when it opens.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            placeholder="Try “mobile app”, “SEO” or “branding”"
            className="min-h-14 w-full min-w-0 rounded-full border border-line bg-canvas px-6 text-lg placeholder:text-ink-muted"
          />
          <button
            type="submit"
            className="inline-flex min-h-14 items-center gap-2 rounded-full bg-primary px-6 font-semibold text-on-primary hover:bg-primary-hover"
          >
            <Icon name="search" className="size-5" />
            Search
          </button>
        </div>
      </Form>
    </OverlayDialog>
  );
}
