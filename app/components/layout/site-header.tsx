import { Link, useRouteLoaderData } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { IconName } from "#app/config/icon-names.ts";
import { headerLinks, menu, withLinks } from "#app/config/navigation.ts";
import type { HeaderOptions } from "#app/config/header.ts";
import { site } from "#app/config/site.ts";
import { SiteLogo } from "#app/components/ui/site-logo.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { useScrolled } from "#app/hooks/use-scrolled.ts";
import { useInvokerFallback } from "#app/hooks/use-invoker-fallback.ts";
import { cn } from "#app/lib/cn.ts";
import { DesktopNav } from "./desktop-nav.tsx";
import { MobileMenu, mobileMenuId } from "./mobile-menu.tsx";
import { SearchOverlay, searchOverlayId } from "./search-overlay.tsx";
import { SidePanel, sidePanelId } from "./side-panel.tsx";

/** A round icon button that opens one of the header's dialogs (without JavaScript too: invoker commands). */
function OpenDialogButton({
  dialog,
  icon,
  label,
  className,
}: {
  dialog: string;
  icon: IconName;
  label: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      commandfor={dialog}
      command="show-modal"
      className={cn(
        "grid size-11 place-items-center rounded-full border border-current/25 transition-colors hover:border-current",
        className,
      )}
    >
      <Icon name={icon} className="size-5" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

export function SiteHeader({ menu: variant = "full", solidAfter = 5 }: Partial<HeaderOptions>) {
  const solid = useScrolled(solidAfter);
  useInvokerFallback();
  // The root's data: where the links to a first item lead now (none on an error page).
  const moved = (useRouteLoaderData("root") as { menuLinks?: Record<string, string> } | undefined)?.menuLinks;
  const items = moved ? withLinks(menu(variant), moved) : menu(variant);
  const { trial, login } = headerLinks;

  return (
    <>
      <header
        data-site-header
        data-solid={solid || undefined}
        className={cn(
          "fixed inset-x-0 top-0 z-40 transition-[background-color,color,box-shadow] duration-300",
          solid ? "bg-surface/95 text-ink shadow-[0_1px_0_var(--line)] backdrop-blur-md" : "text-white",
        )}
      >
        <div className="relative container-page flex h-20 items-center gap-4">
          {/* Two versions: which one shows depends on the header's state and the theme (app.css).
              Low priority: otherwise React preloads both ahead of the stylesheet, which is what
              the first paint waits for. */}
          <Link to="/" className="shrink-0 rounded-lg" aria-label={`${site.name}, home`}>
            <SiteLogo surface="dark" alt="" fetchPriority="low" className="header-logo-on-dark" />
            <SiteLogo surface="light" alt="" fetchPriority="low" className="header-logo-on-light" />
          </Link>
          <nav aria-label="Main" className="mx-auto hidden lg:block">
            <DesktopNav items={items} className="flex" />
          </nav>
          <div className="ml-auto flex items-center gap-2 lg:ml-0">
            <OpenDialogButton dialog={searchOverlayId} icon="search" label="Search" />
            <Link to={login.href} className="hidden px-3 font-semibold hover:underline xl:inline">
              {login.label}
            </Link>
            <ButtonLink to={trial.href} size="md" className="whitespace-nowrap max-sm:hidden">
              {trial.label}
            </ButtonLink>
            <OpenDialogButton
              dialog={sidePanelId}
              icon="text-align-end"
              label="About and contact details"
              className="max-lg:hidden"
            />
            <OpenDialogButton dialog={mobileMenuId} icon="menu" label="Open menu" className="lg:hidden" />
          </div>
        </div>
      </header>
      <MobileMenu items={items} />
      <SidePanel />
      <SearchOverlay />
    </>
  );
}
