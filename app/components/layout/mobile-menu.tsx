import { NavLink } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { NavItem, NavLink as Link } from "#app/config/navigation.ts";
import { OverlayDialog } from "#app/components/ui/overlay-dialog.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";

export const mobileMenuId = "mobile-menu";

const linkClass =
  "block rounded-lg px-3 py-2.5 font-medium hover:bg-surface-alt aria-[current=page]:font-bold aria-[current=page]:text-primary-ink";

function SubMenu({ label, links }: { label: string; links: Link[] }) {
  return (
    <details className="group">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between rounded-lg px-3 font-semibold hover:bg-surface-alt [&::-webkit-details-marker]:hidden">
        {label}
        <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="ml-3 border-l border-line pl-2">
        {links.map((link) => (
          <li key={link.href}>
            <NavLink to={link.href} end className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The slide-out menu on small screens; sub-menus toggle with <details>. */
export function MobileMenu({ items }: { items: NavItem[] }) {
  return (
    <OverlayDialog id={mobileMenuId} title="Menu" placement="left">
      <nav aria-label="Main" className="px-4 py-4">
        <ul className="grid gap-1">
          {items.map((item) => (
            <li key={item.label}>
              {item.kind === "link" ? (
                <NavLink to={item.href} className={linkClass}>
                  {item.label}
                </NavLink>
              ) : item.kind === "dropdown" ? (
                <SubMenu label={item.label} links={item.links} />
              ) : (
                item.groups.map((group) => (
                  <SubMenu key={group.label} label={group.label} links={group.links} />
                ))
              )}
            </li>
          ))}
        </ul>
      </nav>
      <ContactDetails className="border-t border-line px-6 py-6" />
    </OverlayDialog>
  );
}
