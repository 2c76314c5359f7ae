import { NavLink } from "react-router";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleForm } from "./console-form.tsx";

/** The staff console's frame: the brand, its sections, who is signed in, and Sign out. */
export function ConsoleShell({
  member,
  children,
}: {
  member?: StaffSessionView["member"];
  children: React.ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-surface-alt">
      <header className="border-b border-line bg-surface">
        <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-3 py-4">
          <a href="/admin" className="flex items-center gap-3 font-bold text-ink">
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
            <span>Staff console</span>
          </a>
          {member && (
            <>
              <nav aria-label="Console" className="flex flex-wrap gap-1">
                <ConsoleLink to="/admin" end>
                  Overview
                </ConsoleLink>
                <ConsoleLink to="/admin/enquiries">Enquiries</ConsoleLink>
                <ConsoleLink to="/admin/comments">Comments</ConsoleLink>
                <ConsoleLink to="/admin/subscribers">Subscribers</ConsoleLink>
                <ConsoleLink to="/admin/newsletter">Newsletter</ConsoleLink>
                {member.role === "owner" && (
                  <>
                    <ConsoleLink to="/admin/team">Team</ConsoleLink>
                    <ConsoleLink to="/admin/audit">Audit log</ConsoleLink>
                  </>
                )}
              </nav>
              <div className="ml-auto flex items-center gap-4">
                <a href="/admin/account" className="text-sm text-ink-muted hover:text-ink">
                  <span className="font-semibold text-ink">{member.name}</span>{" "}
                  <span className="sr-only">, </span>
                  {member.role === "owner" ? "Owner" : "Staff"}
                  <span className="sr-only">: your account</span>
                </a>
                <ConsoleForm action="/admin/sign-out">
                  <Button type="submit" tone="outline" size="sm">
                    Sign out
                  </Button>
                </ConsoleForm>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page py-10 outline-none sm:py-14">
        {children}
      </main>
    </div>
  );
}

/** A link among the console's sections or a page's filters; `current` is highlighted. */
export const consoleTabClass = (current: boolean) =>
  cn(
    "inline-flex min-h-11 items-center rounded-lg px-3 font-semibold",
    current ? "bg-primary/10 text-primary-ink" : "text-ink-muted hover:text-ink",
  );

function ConsoleLink({ to, end, children }: { to: string; end?: boolean; children: React.ReactNode }) {
  return (
    <NavLink to={to} end={end} className={({ isActive }) => consoleTabClass(isActive)}>
      {children}
    </NavLink>
  );
}
