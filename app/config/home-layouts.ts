// The eight home pages: four layouts, each also under a forced dark theme. One route module
// (app/routes/home.tsx) renders them all; app/routes.ts maps every path to it and
// app/config/pages.ts registers them from this list.

import type { HeaderOptions } from "./header.ts";

export type HomeLayoutId = "creative-agency" | "digital-studio" | "it-solutions" | "business";

/**
 * Header settings that differ from the default (solid after 5 px, full menu). The spec's one
 * variant whose header turns solid after 100 px and carries the short menu is the IT-solutions
 * layout, whose promise band overlaps the hero.
 */
export const layoutHeaders: Partial<Record<HomeLayoutId, Partial<HeaderOptions>>> = {
  "it-solutions": { solidAfter: 100, menu: "compact" },
};

/**
 * The sections of each layout, top to bottom, with their options. `/` shows every home section;
 * the others recombine them. The kinds and their options are those of the section registry
 * (app/lib/home-sections.server.ts), which checks these lists when it compiles.
 */
export const homeLayouts = {
  "creative-agency": [
    { kind: "hero", align: "start" },
    { kind: "promise", layout: "cards" },
    { kind: "services-teaser", cardStyle: "icon" },
    { kind: "about-block", media: "start" },
    { kind: "how-we-work" },
    { kind: "projects-teaser", layout: "grid" },
    { kind: "digital-banner" },
    { kind: "why-choose-us", media: "end" },
    { kind: "achievements" },
    { kind: "our-process" },
    { kind: "team-teaser" },
    { kind: "testimonials" },
    { kind: "faq-meters" },
    { kind: "blog-teaser" },
    { kind: "brand-strip" },
  ],
  "digital-studio": [
    { kind: "hero", align: "center" },
    { kind: "about-block", media: "end" },
    { kind: "services-teaser", cardStyle: "picture" },
    { kind: "testimonials" },
    { kind: "why-choose-us", media: "start" },
    { kind: "faq-meters" },
    { kind: "team-teaser" },
    { kind: "digital-banner" },
    { kind: "brand-strip" },
    { kind: "contact-block" },
    { kind: "blog-teaser" },
  ],
  "it-solutions": [
    { kind: "hero", align: "start", overlapped: true },
    { kind: "promise", layout: "band" },
    { kind: "why-choose-us", media: "end" },
    { kind: "services-teaser", cardStyle: "picture" },
    { kind: "projects-teaser", layout: "rail" },
    { kind: "pricing" },
    { kind: "testimonials" },
    { kind: "team-teaser" },
    { kind: "contact-block" },
  ],
  business: [
    { kind: "hero", align: "center" },
    { kind: "about-block", media: "start" },
    { kind: "services-teaser", cardStyle: "picture" },
    { kind: "projects-teaser", layout: "feature" },
    { kind: "team-teaser" },
    { kind: "why-choose-us", media: "end" },
    { kind: "achievements" },
    { kind: "contact-block" },
    { kind: "blog-teaser" },
  ],
} as const satisfies Record<HomeLayoutId, ReadonlyArray<{ kind: string } & Record<string, string | boolean>>>;

export type HomePage = {
  /** Route id in app/routes.ts. */
  id: string;
  path: string;
  layout: HomeLayoutId;
  dark: boolean;
  /** Menu label. */
  label: string;
};

// Kept apart from the titles and descriptions below: the menus import this list in the browser.
export const homePages: HomePage[] = [
  { id: "home", path: "/", layout: "creative-agency", dark: false, label: "Creative Agency" },
  { id: "home-2", path: "/home-2", layout: "digital-studio", dark: false, label: "Digital Studio" },
  { id: "home-3", path: "/home-3", layout: "it-solutions", dark: false, label: "IT Solutions" },
  { id: "business", path: "/business", layout: "business", dark: false, label: "Business" },
  {
    id: "home-1-dark",
    path: "/home-1-dark",
    layout: "creative-agency",
    dark: true,
    label: "Creative Agency (dark)",
  },
  {
    id: "home-2-dark",
    path: "/home-2-dark",
    layout: "digital-studio",
    dark: true,
    label: "Digital Studio (dark)",
  },
  {
    id: "home-3-dark",
    path: "/home-3-dark",
    layout: "it-solutions",
    dark: true,
    label: "IT Solutions (dark)",
  },
  { id: "business-dark", path: "/business-dark", layout: "business", dark: true, label: "Business (dark)" },
];

/** Title and description of each home page by route id (server only: app/config/pages.ts). */
export const homePageText: Record<string, { title: string; description: string }> = {
  home: {
    title: "Technology and digital services for ambitious businesses",
    description:
      "TechSpark Innovations, Kubwa, Abuja: web and mobile apps, software engineering, data analytics, cybersecurity, branding and digital marketing for startups and enterprises.",
  },
  "home-2": {
    title: "Digital studio for apps, platforms and brands",
    description:
      "A digital studio in Abuja that designs and builds apps, web platforms and brands, then keeps them secure and growing: meet the team, our clients and our numbers.",
  },
  "home-3": {
    title: "IT solutions and software engineering in Abuja",
    description:
      "Software engineering, IT solutions and digital marketing from one Abuja partner: see our services, recent projects and plans, and book a free consultation.",
  },
  business: {
    title: "Technology partner for growing businesses",
    description:
      "The technology partner for Nigerian businesses that want to grow: strategy, software, data and marketing from a team that stays after launch. Fixed proposals, no lock-in.",
  },
  "home-1-dark": {
    title: "Technology and digital services, in dark mode",
    description:
      "The TechSpark Innovations home page in dark mode: apps, software, data, cybersecurity and marketing from our studio in Kubwa, Abuja, easy on the eyes at night.",
  },
  "home-2-dark": {
    title: "Digital studio for apps and brands, in dark mode",
    description:
      "Our digital studio home page in dark mode: the apps, platforms and brands we design and build in Abuja, what clients say about us and how to start a project.",
  },
  "home-3-dark": {
    title: "IT solutions and software engineering, in dark mode",
    description:
      "IT solutions, software engineering and marketing plans from TechSpark Innovations in dark mode: services, selected projects, pricing and a free first consultation.",
  },
  "business-dark": {
    title: "Technology partner for growing businesses, in dark mode",
    description:
      "TechSpark Innovations for growing businesses, in dark mode: strategy, software, data and marketing from an Abuja team with fixed proposals and no lock-in.",
  },
};

export function homePage(path: string): HomePage | undefined {
  return homePages.find((p) => p.path === path);
}

type SectionKindName = (typeof homeLayouts)[HomeLayoutId][number]["kind"];

/** The home pages whose layout shows a section of `kind` (`light`: not the dark variants). */
export function homePathsWith(kind: SectionKindName, { light = false } = {}): string[] {
  return homePages
    .filter((p) => !(light && p.dark) && homeLayouts[p.layout].some((s) => s.kind === kind))
    .map((p) => p.path);
}
