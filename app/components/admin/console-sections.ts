import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";

type Role = StaffSessionView["member"]["role"];

/** A section of the console, as its header (desktop row and phone menu) links to it. */
export type ConsoleSection = { to: string; label: string; ownersOnly?: boolean };

/** The console's sections in the header's order (one line each: the header is laid out for
 *  ten in one row at 1024 px, tests/e2e/staff-header.spec.ts). */
const sections: ConsoleSection[] = [
  { to: "/admin", label: "Overview" },
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/comments", label: "Comments" },
  { to: "/admin/subscribers", label: "Subscribers" },
  { to: "/admin/posts", label: "Posts" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/traffic", label: "Traffic" },
  { to: "/admin/team", label: "Team", ownersOnly: true },
  { to: "/admin/audit", label: "Audit log", ownersOnly: true },
];

/** The sections a member with `role` sees. */
export const consoleSections = (role: Role): ConsoleSection[] =>
  sections.filter((s) => role === "owner" || !s.ownersOnly);

/** The account page, reached from the member's name. */
export const accountPage = { to: "/admin/account", label: "Your account" } as const;

/** The name of the page at `pathname` as the phone's header bar shows it: its section's
 *  ("Enquiries" on an enquiry), "Your account", or undefined elsewhere. Overview only at /admin. */
export function currentSectionLabel(pathname: string, role: Role): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  const within = (to: string) => path === to || path.startsWith(`${to}/`);
  if (within(accountPage.to)) return accountPage.label;
  return consoleSections(role).find((s) => (s.to === "/admin" ? path === s.to : within(s.to)))?.label;
}
