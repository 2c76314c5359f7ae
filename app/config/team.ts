// The team's three listing layouts and its member pages. One route module renders each kind
// (app/routes/team-list.tsx, app/routes/team-details.tsx); app/routes.ts maps every path to it
// and app/config/pages.ts registers the pages, one per member shown (the console's Team: the content
// type "team", seeded from app/content-types/team/seed.ts; memberPage).

export type TeamListLayout = "grid" | "overlay" | "profile";

export type TeamList = {
  id: string;
  path: string;
  layout: TeamListLayout;
  /** Name in menus and the breadcrumb. */
  label: string;
  /** Members shown at most (the spec: the first listing shows up to 6). */
  limit?: number;
};

export const teamLists = [
  { id: "team", path: "/team", layout: "grid", label: "Our Team", limit: 6 },
  { id: "team-2", path: "/team-2", layout: "overlay", label: "Meet the Team" },
  { id: "team-3", path: "/team-3", layout: "profile", label: "Team Profiles" },
] as const satisfies readonly TeamList[];

export const teamDetailsBase = "/team-details";

/** A member's page. */
export function memberPath(id: number): string {
  return `${teamDetailsBase}/${id}`;
}
