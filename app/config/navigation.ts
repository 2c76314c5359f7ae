// The site's information architecture. Links are shown only for pages that exist in the
// page registry (app/config/pages.ts), so the menu never points at a page not yet built.
import { findPage } from "./pages.ts";

export type NavLink = { label: string; href: string };
export type NavGroup = { label: string; links: NavLink[] };
export type NavItem =
  | { kind: "link"; label: string; href: string }
  | { kind: "dropdown"; label: string; links: NavLink[] }
  | { kind: "mega"; label: string; groups: NavGroup[] };

export type MenuVariant = "full" | "compact";

const homeLinks: NavLink[] = [
  { label: "Creative Agency", href: "/" },
  { label: "Digital Studio", href: "/home-2" },
  { label: "Tech Solutions", href: "/home-3" },
  { label: "Business", href: "/business" },
  { label: "Creative Agency (dark)", href: "/home-1-dark" },
  { label: "Digital Studio (dark)", href: "/home-2-dark" },
  { label: "Tech Solutions (dark)", href: "/home-3-dark" },
  { label: "Business (dark)", href: "/business-dark" },
];

const megaGroups: NavGroup[] = [
  {
    label: "Services",
    links: [
      { label: "Services Overview", href: "/services" },
      { label: "Solutions by Goal", href: "/services-2" },
      { label: "All Capabilities", href: "/services-3" },
      { label: "Service Details", href: "/services-details/1" },
    ],
  },
  {
    label: "Projects",
    links: [
      { label: "Projects: 2 Columns", href: "/project-2-column" },
      { label: "Projects: 3 Columns", href: "/project-3-column" },
      { label: "Projects Carousel", href: "/project-carousel" },
      { label: "Project Details", href: "/project-details/1" },
    ],
  },
  {
    label: "Team",
    links: [
      { label: "Our Team", href: "/team" },
      { label: "Meet the Team", href: "/team-2" },
      { label: "Team Grid", href: "/team-3" },
      { label: "Member Details", href: "/team-details/1" },
    ],
  },
  {
    label: "Other Pages",
    links: [
      { label: "About Us", href: "/about-us" },
      { label: "Pricing", href: "/pricing" },
      { label: "FAQ", href: "/faq" },
      { label: "Contact Us", href: "/contact-us" },
    ],
  },
];

const blogLinks: NavLink[] = [
  { label: "Blog Standard", href: "/blog-standard" },
  { label: "Blog with Sidebar", href: "/blog-with-sidebar" },
  { label: "Blog: 2 Columns", href: "/blog-2-column" },
  { label: "Blog: 3 Columns", href: "/blog-3-column" },
  { label: "Single Post", href: "/blog-single/1" },
  { label: "Single Post with Sidebar", href: "/blog-single-sidebar/1" },
];

const menus: Record<MenuVariant, NavItem[]> = {
  full: [
    { kind: "dropdown", label: "Home", links: homeLinks },
    { kind: "mega", label: "Pages", groups: megaGroups },
    { kind: "link", label: "Services", href: "/services" },
    { kind: "dropdown", label: "Blog", links: blogLinks },
    { kind: "link", label: "Contact", href: "/contact-us" },
  ],
  compact: [
    {
      kind: "dropdown",
      label: "About Us",
      links: [
        { label: "About", href: "/about-us" },
        { label: "Meet the Team", href: "/team-2" },
      ],
    },
    { kind: "link", label: "Services", href: "/services-details/1" },
    { kind: "link", label: "Contact Us", href: "/contact-us" },
  ],
};

const exists = (link: NavLink) => findPage(link.href) !== undefined;

/** The menu with every link to a page that does not exist removed, and empty entries dropped. */
export function menu(variant: MenuVariant): NavItem[] {
  return menus[variant].flatMap((item): NavItem[] => {
    if (item.kind === "link") return exists(item) ? [item] : [];
    if (item.kind === "dropdown") {
      const links = item.links.filter(exists);
      return links.length ? [{ ...item, links }] : [];
    }
    const groups = item.groups
      .map((g) => ({ ...g, links: g.links.filter(exists) }))
      .filter((g) => g.links.length > 0);
    return groups.length ? [{ ...item, groups }] : [];
  });
}

export const footerLinks = {
  company: [
    { label: "Who We Are", href: "/about-us" },
    { label: "Our Services", href: "/services" },
    { label: "Pricing", href: "/pricing" },
    { label: "FAQs", href: "/faq" },
    { label: "Contact Us", href: "/contact-us" },
  ],
  services: [
    { label: "Web & App Development", href: "/services-details/1" },
    { label: "Branding & Design", href: "/services-details/2" },
    { label: "Digital Marketing", href: "/services-details/3" },
    { label: "Our Projects", href: "/project-3-column" },
    { label: "Blog", href: "/blog-standard" },
  ],
} satisfies Record<string, NavLink[]>;

export function existingLinks(links: NavLink[]): NavLink[] {
  return links.filter(exists);
}
