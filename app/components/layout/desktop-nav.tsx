import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import type { NavItem, NavLink as Link } from "#app/config/navigation.ts";
import { cn } from "#app/lib/cn.ts";

const itemClass =
  "flex min-h-11 cursor-pointer items-center gap-1 rounded-full px-3 text-[0.95rem] font-semibold whitespace-nowrap xl:px-3.5 transition-colors hover:bg-current/10 [&::-webkit-details-marker]:hidden list-none";

const panelClass = "absolute top-full mt-3 rounded-card border border-line bg-surface text-ink shadow-card";

function PanelLinks({ links }: { links: Link[] }) {
  return (
    <ul className="grid gap-0.5">
      {links.map((link) => (
        <li key={link.href}>
          <NavLink
            to={link.href}
            end
            className="block rounded-lg px-3 py-2 text-[0.95rem] hover:bg-surface-alt hover:text-primary-ink aria-[current=page]:font-semibold aria-[current=page]:text-primary-ink"
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Dropdowns and the mega menu are <details> elements sharing one name, so one opens at a time
 * and they toggle on click without JavaScript. JavaScript adds Escape and click-outside.
 */
export function DesktopNav({ items, className }: { items: NavItem[]; className?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const closeAll = (except?: Node | null) =>
      root.querySelectorAll("details[open]").forEach((d) => {
        if (!except || !d.contains(except)) d.removeAttribute("open");
      });
    closeAll();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = root.querySelector("details[open]");
      if (!open) return;
      open.removeAttribute("open");
      open.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => closeAll(event.target as Node);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [pathname]);

  return (
    <ul ref={ref} className={cn("items-center gap-1", className)}>
      {items.map((item) => (
        <li key={item.label} className={item.kind === "mega" ? "static" : "relative"}>
          {item.kind === "link" ? (
            <NavLink
              to={item.href}
              className={cn(itemClass, "underline-offset-8 aria-[current=page]:underline")}
            >
              {item.label}
            </NavLink>
          ) : (
            <details name="main-nav" className="group">
              <summary className={itemClass}>
                {item.label}
                <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
              </summary>
              {item.kind === "dropdown" ? (
                <div className={cn(panelClass, "left-0 w-64 p-3")}>
                  <PanelLinks links={item.links} />
                </div>
              ) : (
                <div
                  className={cn(
                    panelClass,
                    "inset-x-0 mx-auto grid w-[min(60rem,94vw)] grid-cols-4 gap-4 p-5",
                  )}
                >
                  {item.groups.map((group) => (
                    <div key={group.label}>
                      <p className="px-3 pb-2 text-xs font-bold tracking-[0.16em] text-ink-muted uppercase">
                        {group.label}
                      </p>
                      <PanelLinks links={group.links} />
                    </div>
                  ))}
                </div>
              )}
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
