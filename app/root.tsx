import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import fontUrl from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import type { HeaderOptions } from "#app/config/header.ts";
import { ScrollToTop } from "#app/components/layout/scroll-to-top.tsx";
import { PageViews } from "#app/components/layout/page-views.tsx";
import { OfflineSupport } from "#app/components/layout/offline-support.tsx";
import { ToastHost } from "#app/components/layout/toast-host.tsx";
import { NotFound } from "#app/components/sections/not-found.tsx";
import { ErrorMessage } from "#app/components/sections/error-message.tsx";
import { notFoundMeta } from "#app/lib/meta.ts";
import { site } from "#app/config/site.ts";
import { agencyOf } from "#app/content-types/agency/view.server.ts";
import { teamOf } from "#app/content-types/team/view.server.ts";
import { memberPath, teamLists } from "#app/config/team.ts";
import { projectGalleries, projectPath, serviceLists, servicePath } from "#app/config/catalogue.ts";
import { footerLinks } from "#app/config/navigation.ts";
import { projectsOf } from "#app/content-types/project/view.server.ts";
import { detailedOf, footerServiceLinks, servicesOf } from "#app/content-types/service/view.server.ts";
import stylesheet from "#app/styles/app.css?url";

/** What a route module's `handle` may say about the page around it. */
export type PageHandle = {
  forceDark?: boolean;
  header?: Partial<HeaderOptions>;
  /** Without the site's header, main element and footer (the staff console has its own frame). */
  bare?: boolean;
  /** Without React Router's scripts: a page that must work as it was sent (the offline page, which
   *  the service worker writes into). */
  noScripts?: boolean;
};

/** What every page shows of the content: the agency's details (its header, footer, side panel
 *  and contact blocks read them with `useAgency()`), where the menu's links to a first item lead
 *  now ("Team Details" to the first member the team pages show, member 1 may have left; "Project
 *  Details" to the first case study the galleries show; "Service Details" to the first service
 *  with a page), and the footer's services by their titles now. */
export function loader({ context }: Route.LoaderArgs) {
  const firstMember = teamOf(context)[0];
  const firstProject = projectsOf(context)[0];
  const services = servicesOf(context);
  const firstService = detailedOf(services)[0];
  return {
    agency: agencyOf(context),
    menuLinks: {
      [memberPath(1)]: firstMember ? memberPath(firstMember.id) : teamLists[0].path,
      [projectPath(1)]: firstProject ? projectPath(firstProject.id) : projectGalleries[0].path,
      [servicePath(1)]: firstService ? servicePath(firstService.id) : serviceLists[0].path,
    },
    footerServices: footerServiceLinks(footerLinks.services, services),
  };
}

export const links: LinksFunction = () => [
  { rel: "preload", href: fontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The merged `handle` of the matched routes. A route whose URLs share one module but not one
 * header (the home layouts) returns `header` options from its loader instead; those win.
 */
function usePageHandle(): PageHandle {
  const merged: PageHandle = {};
  for (const match of useMatches()) {
    const handle = (match.handle ?? {}) as PageHandle;
    const fromData = (match.loaderData as { header?: PageHandle["header"] } | undefined)?.header;
    Object.assign(merged, handle);
    if (handle.header || fromData) merged.header = { ...merged.header, ...handle.header, ...fromData };
  }
  return merged;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const handle = usePageHandle();
  return (
    <html lang="en" className={handle.forceDark ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#662d91" />
        {/* With a precedence, React places the stylesheet ahead of the script preloads: it is
            the one render-blocking request, so it must not queue behind them. */}
        <link rel="stylesheet" href={stylesheet} precedence="high" />
        <Meta />
        <Links />
        <noscript>
          {/* Without JavaScript the header cannot follow the scroll position: keep it solid. */}
          <style>{`[data-site-header]{background:var(--surface);color:var(--ink);box-shadow:0 1px 0 var(--line)}[data-site-header] .header-logo-on-dark{display:var(--show-in-dark)}[data-site-header] .header-logo-on-light{display:var(--show-in-light)}`}</style>
        </noscript>
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {!handle.bare && <SiteHeader {...handle.header} />}
        {handle.bare ? (
          children
        ) : (
          <main id="main" tabIndex={-1} className="outline-none">
            {children}
          </main>
        )}
        {!handle.bare && <SiteFooter />}
        {!handle.bare && <ScrollToTop />}
        <PageViews />
        {!handle.bare && <OfflineSupport />}
        <ToastHost />
        {!handle.noScripts && <ScrollRestoration />}
        {!handle.noScripts && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The head when a page's loader failed: its own `meta` does not run then (the root's boundary
 * renders the page), so the root gives it a title and keeps it out of search results.
 */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta();
  return [{ title: `Something Went Wrong | ${site.name}` }, { name: "robots", content: "noindex, follow" }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorMessage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
