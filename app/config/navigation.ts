// The site's menus. Every link must point at a page in the registry (app/config/pages.ts):
// navigation.test.ts checks it, so a menu never leads to a page that is not built.

import { homePages } from "./home-layouts.ts";
import { blogLists, blogPostLayouts, postPath } from "./blog.ts";
import { projectGalleries, projectPath, serviceLists, servicePath } from "./catalogue.ts";
import { memberPath, teamLists } from "./team.ts";
import type { MenuVariant } from "./header.ts";

export type NavLink = { label: string; href: string };
export type NavGroup = { label: string; links: NavLink[] };
export type NavItem =
  | { kind: "link"; label: string; href: string }
  | { kind: "dropdown"; label: string; links: NavLink[] }
  | { kind: "mega"; label: string; groups: NavGroup[] };

const otherPages: NavLink[] = [
  { label: "About Us", href: "/about-us" },
  { label: "Pricing", href: "/pricing" },
  { label: "FAQ", href: "/faq" },
  { label: "Contact Us", href: "/contact-us" },
  { label: "Newsletter", href: "/newsletter" },
];

/** The three service listings and the first service's page (the spec's mega menu). */
const servicePages: NavGroup = {
  label: "Services",
  links: [
    ...serviceLists.map((l) => ({ label: l.label, href: l.path })),
    { label: "Service Details", href: servicePath(1) },
  ],
};

/** The three project galleries and the first case study. */
const projectPages: NavGroup = {
  label: "Projects",
  links: [
    ...projectGalleries.map((g) => ({ label: g.label, href: g.path })),
    { label: "Project Details", href: projectPath(1) },
  ],
};
/** The three team listings, then the first member's page. */
const teamMenu: NavLink[] = [
  ...teamLists.map((l) => ({ label: l.label, href: l.path })),
  { label: "Team Details", href: memberPath(1) },
];

/** The four home layouts, then their dark variants. */
const homeMenu: NavItem = {
  kind: "dropdown",
  label: "Home",
  links: homePages.map((p) => ({ label: p.label, href: p.path })),
};

/** The four blog lists, then the two post layouts (at the newest post, id 1). */
const blogMenu: NavItem = {
  kind: "dropdown",
  label: "Blog",
  links: [
    ...blogLists.map((l) => ({ label: l.label, href: l.path })),
    ...blogPostLayouts.map((l) => ({ label: l.label, href: postPath(1, l.layout) })),
  ],
};

const menus: Record<MenuVariant, NavItem[]> = {
  full: [
    homeMenu,
    {
      kind: "mega",
      label: "Pages",
      groups: [
        servicePages,
        projectPages,
        { label: "Team", links: teamMenu },
        { label: "Other Pages", links: otherPages },
      ],
    },
    { kind: "link", label: "Services", href: serviceLists[0].path },
    { kind: "link", label: "About Us", href: "/about-us" },
    { kind: "link", label: "Pricing", href: "/pricing" },
    blogMenu,
    { kind: "link", label: "Contact", href: "/contact-us" },
  ],
  compact: [
    homeMenu,
    {
      kind: "dropdown",
      label: "About Us",
      links: [
        { label: "About", href: "/about-us" },
        { label: "Meet the Team", href: "/team-2" },
        { label: "FAQ", href: "/faq" },
      ],
    },
    // The spec's variant menu: Services leads to the first service's page.
    { kind: "link", label: "Services", href: servicePath(1) },
    { kind: "link", label: "Pricing", href: "/pricing" },
    blogMenu,
    { kind: "link", label: "Contact Us", href: "/contact-us" },
  ],
};

export function menu(variant: MenuVariant): NavItem[] {
  return menus[variant];
}

/** The header's call-to-action links (the spec's Free Trial and Login). */
export const headerLinks: { trial: NavLink; login: NavLink } = {
  trial: { label: "Free Trial", href: "/contact-us" },
  login: { label: "Login", href: "/contact-us" },
};

/** The menu with some links leading elsewhere now (`to`: a link's href → where it leads), for
 *  the links to a first item that staff may take off the site (the first member's page, the first
 *  service's). */
export function withLinks(items: readonly NavItem[], to: Readonly<Record<string, string>>): NavItem[] {
  const link = <L extends { href: string }>(l: L): L => (to[l.href] ? { ...l, href: to[l.href]! } : l);
  return items.map((item) =>
    item.kind === "link"
      ? link(item)
      : item.kind === "dropdown"
        ? { ...item, links: item.links.map(link) }
        : { ...item, groups: item.groups.map((g) => ({ ...g, links: g.links.map(link) })) },
  );
}

/** Every link the menus hold, for the check that each leads to a page. */
export function allMenuLinks(): NavLink[] {
  const fromMenus = Object.values(menus).flatMap((items) =>
    items.flatMap((item) =>
      item.kind === "link"
        ? [item]
        : item.kind === "dropdown"
          ? item.links
          : item.groups.flatMap((g) => g.links),
    ),
  );
  return [...fromMenus, ...Object.values(footerLinks).flat(), ...Object.values(headerLinks)];
}

export const footerLinks = {
  // The services most clients start with, by their pages (titles as in app/content-types/service/seed.ts,
  // the seed: every page's root loader gives them as staff named them since, and leaves out one
  // whose page is not on the site: footerServiceLinks), then every service.
  services: [
    { label: "Mobile App Development", href: servicePath(1) },
    { label: "Web App Development", href: servicePath(2) },
    { label: "Software Engineering", href: servicePath(5) },
    { label: "Data Analytics", href: servicePath(6) },
    { label: "Cybersecurity & Auditing", href: servicePath(7) },
    { label: "All services", href: serviceLists[0].path },
  ],
  company: [
    { label: "Who We Are", href: "/about-us" },
    { label: "Pricing", href: "/pricing" },
    { label: "FAQs", href: "/faq" },
    { label: "Blog", href: "/blog-standard" },
    { label: "Search", href: "/search" },
    { label: "Contact Us", href: "/contact-us" },
  ],
} satisfies Record<string, NavLink[]>;
