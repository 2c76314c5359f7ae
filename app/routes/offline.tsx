import type { Route } from "./+types/offline";
import type { PageHandle } from "#app/root.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { SiteLogo } from "#app/components/ui/site-logo.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";

// The page the service worker shows for a page this phone has not kept, when the network is gone
// (app/service-worker/sw.ts). It fetches this page when it is installed and once a day after, so
// the agency's phone and address are the footer's (the same details, from the root's loader). It
// runs no script: the worker writes the pages this phone holds into its empty list, and nothing
// on the page needs JavaScript. Not in the page registry: no one arrives here by a link. Its path
// is offline-copy.ts's OFFLINE_PAGE_PATH.
export const handle: PageHandle = { bare: true, noScripts: true };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    path: "/offline",
    title: "You Are Offline",
    description:
      "This page is not on your phone yet. The pages you have opened are, and here is how to reach us.",
    kind: "default",
    indexable: false,
  });

export default function Offline() {
  return (
    <main id="main" className="container-page max-w-2xl py-12 text-ink">
      <a href="/" className="inline-block">
        {/* The theme's own logo (the header's tokens: the visitor's preference or a forced theme). */}
        <SiteLogo surface="light" style={{ display: "var(--show-in-light)" }} />
        <SiteLogo surface="dark" style={{ display: "var(--show-in-dark)" }} />
      </a>
      <h1 className="mt-10 text-h2 font-bold">You are offline</h1>
      <p className="mt-4 text-lg text-ink-muted">
        This page is not on your phone yet. It will open when you are back online.
      </p>
      <h2 className="mt-10 text-h3 font-bold">Pages on this phone</h2>
      {/* The worker's list goes here: the attribute is offline-copy.ts's HELD_PAGES_ATTRIBUTE (named
          as it is, not imported: this page's module would share a chunk with every page's). */}
      <ul
        data-held-pages=""
        className="mt-4 list-disc space-y-2 pl-5 [&_a]:font-semibold [&_a]:text-primary-ink [&_a]:underline [&_a]:underline-offset-4"
      />
      <h2 className="mt-10 text-h3 font-bold">Reach us</h2>
      <ContactDetails className="mt-4" />
    </main>
  );
}
