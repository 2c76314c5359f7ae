// The public pages of the site: one entry per URL, with the metadata every page needs.
// The route table (app/routes.ts) maps URLs to modules; this registry says which URLs exist,
// what they are called, and whether they are prerendered. Tests, the sitemap, the search
// and the prerender list are all derived from it, so a new page is covered automatically.

export type PageKind =
  | "home"
  | "about"
  | "pricing"
  | "faq"
  | "contact"
  | "services"
  | "projects"
  | "team"
  | "blog"
  | "search"
  | "default";

export type Page = {
  path: string;
  title: string;
  description: string;
  kind: PageKind;
  /** Rendered at build time (content does not depend on the request). */
  prerender: boolean;
  /** Listed in /sitemap.xml and found by the site search. */
  indexable: boolean;
  /** Renders with the dark theme whatever the visitor's preference. */
  dark?: boolean;
};

const staticPages: Page[] = [
  {
    path: "/about-us",
    title: "About Us",
    description:
      "Who we are: a Kubwa, Abuja team of engineers, designers and marketers helping Nigerian startups and enterprises build and grow digital products since 2008.",
    kind: "about",
    prerender: true,
    indexable: true,
  },
  {
    path: "/pricing",
    title: "Pricing",
    description:
      "How we scope and price web design and development, mobile apps and digital marketing: three engagement plans, each tailored after a free consultation.",
    kind: "pricing",
    prerender: true,
    indexable: true,
  },
  {
    path: "/faq",
    title: "Frequently Asked Questions",
    description:
      "Answers to the questions clients ask us before a project: timelines, costs, ownership of code, support after launch, SEO, and how we work with your team.",
    kind: "faq",
    prerender: true,
    indexable: true,
  },
  {
    path: "/contact-us",
    title: "Contact Us",
    description:
      "Contact TechSpark Innovations in Kubwa, Abuja: send us a message about your website, app or marketing project, or call and e-mail us. We reply within one business day.",
    kind: "contact",
    // The form carries a per-visitor token, so the page is rendered per request.
    prerender: false,
    indexable: true,
  },
  {
    path: "/newsletter",
    title: "Newsletter",
    description:
      "Sign up for the TechSpark newsletter: practical notes on building, securing and marketing digital products in Nigeria.",
    kind: "default",
    prerender: true,
    indexable: true,
  },
  {
    path: "/search",
    title: "Search",
    description: "Search the TechSpark Innovations website: services, projects, team and articles.",
    kind: "search",
    // The results depend on the query string, so the page is rendered per request.
    prerender: false,
    indexable: true,
  },
];

export function sitePages(): Page[] {
  return staticPages;
}

const byPath = new Map<string, Page>();
for (const page of sitePages()) {
  if (byPath.has(page.path)) throw new Error(`Duplicate page path ${page.path}`);
  byPath.set(page.path, page);
}

export function findPage(path: string): Page | undefined {
  return byPath.get(path);
}

export function getPage(path: string): Page {
  const page = byPath.get(path);
  if (!page) throw new Error(`No page registered for ${path} (app/config/pages.ts)`);
  return page;
}

/** Paths rendered to files at build time, resource routes included. */
export function prerenderPaths(): string[] {
  return [
    ...sitePages()
      .filter((p) => p.prerender)
      .map((p) => p.path),
    "/sitemap.xml",
    "/robots.txt",
  ];
}
