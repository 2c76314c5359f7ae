import { NavLink, useLocation } from "react-router";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { OverlayDialog } from "#app/components/ui/overlay-dialog.tsx";
import { useInvokerFallback } from "#app/hooks/use-invoker-fallback.ts";
import { ConsoleForm } from "./console-form.tsx";
import { accountPage, consoleSections, currentSectionLabel } from "./console-sections.ts";

// The header is one row at every width. From `lg` (1024 px) it holds the sections (the list:
// console-sections.ts: ten), the signed-in name and Sign out; below, the current page's name and a
// Menu button opening a modal dialog with all of them, as the public site's menu does: an
// invoker command (no JavaScript needed), Escape and a click outside close it, focus returns to
// the button. tests/e2e/staff-header.spec.ts measures both.

type Member = StaffSessionView["member"];

const menuId = "console-menu";

/** The staff console's frame: the brand, its sections, who is signed in, and Sign out. */
export function ConsoleShell({ member, children }: { member?: Member; children: React.ReactNode }) {
  useInvokerFallback();
  const { pathname } = useLocation();
  const current = member && currentSectionLabel(pathname, member.role);
  return (
    <div className="min-h-dvh bg-surface-alt">
      <header className="border-b border-line bg-surface">
        <div className="container-page flex min-h-16 items-center gap-3 xl:gap-5">
          <Brand compact={Boolean(member)} />
          {member && (
            <>
              {current && <p className="min-w-0 truncate font-bold text-ink lg:hidden">{current}</p>}
              <nav aria-label="Console" className="hidden lg:block">
                <ul className="flex">
                  {consoleSections(member.role).map((s) => (
                    <li key={s.to}>
                      <NavLink to={s.to} end={s.to === "/admin"} className={rowLinkClass}>
                        {s.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="ml-auto hidden shrink-0 items-center gap-3 lg:flex">
                <NavLink
                  to={accountPage.to}
                  className="flex min-h-11 shrink-0 flex-col justify-center rounded-lg px-2 text-right leading-tight text-ink-muted hover:text-ink aria-[current=page]:text-primary-ink"
                >
                  <Who member={member} nameClassName="max-w-24 truncate text-sm xl:max-w-48" />
                </NavLink>
                <SignOut />
              </div>
              <Button
                type="button"
                tone="outline"
                size="md"
                commandfor={menuId}
                command="show-modal"
                aria-haspopup="dialog"
                className="ml-auto shrink-0 lg:hidden"
              >
                <Icon name="menu" />
                Menu
              </Button>
            </>
          )}
        </div>
        {member && <ConsoleMenu member={member} />}
      </header>
      <main id="main" tabIndex={-1} className="container-page py-10 outline-none sm:py-14">
        {children}
      </main>
    </div>
  );
}

/** The logo and "Staff console"; signed in, the logo's mark alone below `xl` (room for the
 *  sections) and the name for screen readers only. */
function Brand({ compact }: { compact: boolean }) {
  return (
    <a href="/admin" className="flex shrink-0 items-center gap-3 rounded-lg font-bold text-ink">
      {compact && <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 xl:hidden" />}
      <span className={cn("items-center", compact ? "hidden xl:flex" : "flex")}>
        <img
          src="/img/logo-light.svg"
          alt=""
          width={107}
          height={24}
          className="[display:var(--show-in-light)] h-6 w-auto"
        />
        <img
          src="/img/logo-dark.svg"
          alt=""
          width={107}
          height={24}
          className="[display:var(--show-in-dark)] h-6 w-auto"
        />
      </span>
      <span className={cn(compact && "sr-only")}>Staff console</span>
    </a>
  );
}

/** The member's name (its size and width from `nameClassName`) over their role: a screen reader
 *  hears "Name, Owner: your account". */
function Who({ member, nameClassName }: { member: Member; nameClassName: string }) {
  return (
    <>
      <span className={cn("font-semibold text-ink", nameClassName)}>{member.name}</span>
      <span className="sr-only">, </span>
      <span className="text-xs">
        {member.role === "owner" ? "Owner" : "Staff"}
        <span className="sr-only">: your account</span>
      </span>
    </>
  );
}

function SignOut({ className }: { className?: string }) {
  return (
    <ConsoleForm action="/admin/sign-out" className={className}>
      <Button type="submit" tone="outline" size="sm" className="w-full whitespace-nowrap">
        Sign out
      </Button>
    </ConsoleForm>
  );
}

/** Below `lg`: every section, the account and Sign out, in a panel from the Menu button's side. */
function ConsoleMenu({ member }: { member: Member }) {
  return (
    <OverlayDialog id={menuId} title="Menu" placement="right">
      <nav aria-label="Console" className="px-4 py-4">
        <ul className="grid gap-1">
          {consoleSections(member.role).map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.to === "/admin"} className={menuLinkClass}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-4 border-t border-line px-4 py-6">
        <NavLink
          to={accountPage.to}
          className="grid rounded-lg px-3 py-2 wrap-anywhere text-ink-muted hover:bg-surface-alt aria-[current=page]:text-primary-ink"
        >
          <Who member={member} nameClassName="text-base" />
        </NavLink>
        <SignOut className="px-3" />
      </div>
    </OverlayDialog>
  );
}

const rowLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-1.5 text-sm font-semibold whitespace-nowrap xl:px-2.5 xl:text-[0.9375rem]",
    isActive ? "bg-primary/10 text-primary-ink" : "text-ink-muted hover:text-ink",
  );

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex min-h-11 items-center rounded-lg px-3 font-semibold",
    isActive ? "bg-primary/10 text-primary-ink" : "text-ink-muted hover:bg-surface-alt hover:text-ink",
  );

/** A link among the console's sections or a page's filters; `current` is highlighted. */
export const consoleTabClass = (current: boolean) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 font-semibold",
    current ? "bg-primary/10 text-primary-ink" : "text-ink-muted hover:text-ink",
  );
