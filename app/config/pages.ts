// The public pages of the site: one entry per URL, with the metadata every page needs.
// The route table (app/routes.ts) maps URLs to modules; this registry says which URLs exist,
// and what they are called. Tests, the sitemap and the search are all derived from it, so a new
// page is covered automatically. Every page is rendered per request and kept in the page cache
// until the content it shows changes (server/page-cache.ts): each shows the agency's details
// (header, footer, side panel), which staff change in the console (decision 020).

import { homePages, homePageText } from "./home-layouts.ts";
import { blogLists, postPath, type BlogListLayout } from "./blog.ts";
import { blogSources } from "../content/blog-posts.server.ts";
import {
  projectGalleries,
  projectPath,
  serviceLists,
  servicePath,
  type ServiceListLayout,
} from "./catalogue.ts";
import { memberPath, teamLists, type TeamListLayout } from "./team.ts";
import { ISSUES_PATH, issuePath } from "./newsletter.ts";
import { projectType } from "#app/content-types/project/type.ts";
import { serviceType } from "#app/content-types/service/type.ts";
import { teamType } from "#app/content-types/team/type.ts";

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
  /** Listed in /sitemap.xml and found by the site search. */
  indexable: boolean;
  /** Renders with the dark theme whatever the visitor's preference. */
  dark?: boolean;
  /**
   * The query parameters the page reads. Any other (`?utm_source=…`, `?ref=…`) changes nothing:
   * the server answers as if it were not there, so junk queries make no new page in memory.
   */
  query?: readonly string[];
};

/** What a post reads from its query: the comment a reader answers (the form without JavaScript). */
export const POST_QUERY = ["reply"] as const;

/** What the blog lists read from their query: the page number and the filters. */
export const BLOG_LIST_QUERY = ["page", "q", "category", "tag", "archive"] as const;

const staticPages: Page[] = [
  {
    path: "/about-us",
    title: "About Us",
    description:
      "Who we are: a Kubwa, Abuja team of engineers, designers and marketers helping Nigerian startups and enterprises build and grow digital products since 2008.",
    kind: "about",
    indexable: true,
  },
  {
    path: "/pricing",
    title: "Pricing",
    description:
      "How we scope and price web design and development, mobile apps and digital marketing: three engagement plans, each tailored after a free consultation.",
    kind: "pricing",
    indexable: true,
  },
  {
    path: "/faq",
    title: "Frequently Asked Questions",
    description:
      "Answers to the questions clients ask us before a project: timelines, costs, ownership of code, support after launch, SEO, and how we work with your team.",
    kind: "faq",
    indexable: true,
  },
  {
    path: "/contact-us",
    title: "Contact Us",
    description:
      "Contact TechSpark Innovations in Kubwa, Abuja: send us a message about your website, app or marketing project, or call and e-mail us. We reply within one business day.",
    kind: "contact",
    indexable: true,
  },
  {
    path: "/newsletter",
    title: "Newsletter",
    description:
      "Sign up for the TechSpark newsletter: practical notes on building, securing and marketing digital products in Nigeria.",
    kind: "default",
    indexable: true,
  },
  // The newsletter's web archive: every sent issue (issuePage), newest first.
  {
    path: ISSUES_PATH,
    title: "Past Issues of the Newsletter",
    description:
      "Every issue of the TechSpark newsletter sent so far, newest first: read what subscribers received, then sign up for the next one.",
    kind: "default",
    indexable: true,
  },
  // The newsletter's e-mailed links: per visitor (never cached), out of the sitemap and search.
  {
    path: "/newsletter/confirm",
    query: ["token"],
    title: "Confirm your subscription",
    description: "Confirm your subscription to the TechSpark Innovations newsletter.",
    kind: "default",
    indexable: false,
  },
  {
    path: "/newsletter/unsubscribe",
    query: ["token"],
    title: "Unsubscribe",
    description: "Stop receiving the TechSpark Innovations newsletter.",
    kind: "default",
    indexable: false,
  },
  // The comment-moderation e-mail's links (the agency's): never cached, out of the sitemap and search.
  {
    path: "/comments/moderate",
    query: ["token"],
    title: "Moderate a comment",
    description: "Approve a comment on the TechSpark Innovations blog, or mark it as spam.",
    kind: "default",
    indexable: false,
  },
  {
    path: "/search",
    query: ["q"],
    title: "Search",
    description: "Search the TechSpark Innovations website: services, projects, team and articles.",
    kind: "search",
    indexable: true,
  },
];

// The four home layouts and their dark variants (app/config/home-layouts.ts).
const homeRoutePages: Page[] = homePages.map(({ id, path, dark }) => ({
  path,
  title: homePageText[id]!.title,
  description: homePageText[id]!.description,
  kind: "home",
  indexable: true,
  ...(dark ? { dark } : {}),
}));

// The blog: four list layouts, and every post in two layouts (app/config/blog.ts). The post
// with the sidebar is the canonical one; the reading view (/blog-single/{id}) names it as its
// canonical URL and is left out of the sitemap and the site search.
const blogListText: Record<BlogListLayout, Pick<Page, "title" | "description">> = {
  standard: {
    title: "Blog",
    description:
      "Articles from the TechSpark team for Nigerian business owners: web and mobile apps, SEO, cybersecurity, data, branding and digital marketing, newest first.",
  },
  sidebar: {
    title: "Blog: Articles by Topic",
    description:
      "Browse our articles by keyword, category, tag or month: practical advice on apps, websites, security, data and marketing for businesses in Nigeria.",
  },
  "grid-2": {
    title: "Blog in Two Columns",
    description:
      "Every TechSpark article in a two-column grid: guides, case studies and interviews on building, securing and growing digital products in Nigeria.",
  },
  "grid-3": {
    title: "Blog in Three Columns",
    description:
      "Our articles at a glance, three to a row: what we learn building apps, websites and campaigns for businesses in Abuja and across Nigeria.",
  },
};

// The posts are the database's (server/posts/): the lists and the posts are rendered per request
// and kept (server/page-cache.ts) until the published posts change.
const blogListPages: Page[] = blogLists.map(({ path, layout }) => ({
  path,
  ...blogListText[layout],
  kind: "blog" as const,
  indexable: true,
  query: BLOG_LIST_QUERY,
}));

/** What a post's pages are called. */
export type PostPageSource = { id: number; title: string; excerpt: string };

/** A post's two pages: the canonical one with the sidebar, and the reading view. */
export function postPages(post: PostPageSource): [Page, Page] {
  return [
    {
      path: postPath(post.id, "sidebar"),
      title: post.title,
      description: post.excerpt,
      kind: "blog",
      query: POST_QUERY,
      indexable: true,
    },
    {
      path: postPath(post.id, "full"),
      title: `${post.title} (Reading View)`,
      description: `Reading view: ${post.excerpt}`,
      kind: "blog",
      query: POST_QUERY,
      indexable: false,
    },
  ];
}

// Services and projects (app/config/catalogue.ts): three listings each, a page per service
// that has its own text, and one per published case study (projectPage, at runtime).
const serviceListText: Record<ServiceListLayout, Pick<Page, "title" | "description">> = {
  cards: {
    title: "Our Services",
    description:
      "Every TechSpark service in one place: web and mobile apps, software engineering, data analytics, cybersecurity, branding, design and digital marketing for Nigerian businesses.",
  },
  pictures: {
    title: "Services: Apps, Brands and Marketing",
    description:
      "What we do, group by group: apps and websites, business and data, six branding services and digital marketing, each with a picture and a link to the details.",
  },
  rows: {
    title: "Services at a Glance",
    description:
      "A compact list of the 24 services of our Kubwa, Abuja team, from mobile app development and security audits to logo design, SEO and PPC advertising.",
  },
};
const galleryText: Record<
  (typeof projectGalleries)[number]["layout"],
  Pick<Page, "title" | "description">
> = {
  "grid-2": {
    title: "Projects",
    description:
      "Case studies of our work for clients across Nigeria, two to a row: what each client needed, what we built or ran for them, and what changed afterwards.",
  },
  "grid-3": {
    title: "Projects in Three Columns",
    description:
      // Counted and named by the page as published (galleryDescription); this one with none.
      "TechSpark case studies at a glance, three to a row: development, digital, marketing, promotion and research projects across Abuja and Nigeria.",
  },
  carousel: {
    title: "Project Carousel",
    description:
      "Browse our case studies in a carousel: what each client needed, what we built or ran for them, and the results they measured afterwards.",
  },
};
const cataloguePage = (path: string, text: Pick<Page, "title" | "description">, kind: PageKind): Page => ({
  path,
  ...text,
  kind,
  indexable: true,
});
const serviceListPages: Page[] = serviceLists.map((l) =>
  cataloguePage(l.path, serviceListText[l.layout], "services"),
);

/** What a service's page is called (a service with a page of its own). */
export type ServicePageSource = { id: number; title: string; text: string };

/** A service's page (/services-details/{id}). */
export function servicePage(s: ServicePageSource): Page {
  return cataloguePage(servicePath(s.id), { title: s.title, description: s.text }, "services");
}

const projectPages: Page[] = [
  ...projectGalleries.map((g) => cataloguePage(g.path, galleryText[g.layout], "projects")),
];

/** What a case study's page is called. */
export type ProjectPageSource = { id: number; title: string; summary: string };

/** A case study's page (/project-details/{id}). */
export function projectPage(p: ProjectPageSource): Page {
  return cataloguePage(
    projectPath(p.id),
    { title: `${p.title}: Case Study`, description: p.summary },
    "projects",
  );
}

// The team: three listing layouts and one page per member (app/config/team.ts).
const teamListText: Record<TeamListLayout, Pick<Page, "title" | "description">> = {
  grid: {
    title: "Our Team",
    description:
      "Meet the TechSpark team in Kubwa, Abuja: the founder, business development, engineering, design, security and marketing leads who run your project.",
  },
  overlay: {
    title: "Meet the Team",
    description:
      "The senior people behind TechSpark Innovations, with their roles, e-mail and social profiles: who you will work with on your website, app or campaign.",
  },
  profile: {
    title: "Team Profiles",
    description:
      "What each TechSpark team lead is responsible for, how many projects they have led, and how to reach them directly by e-mail or phone.",
  },
};

const teamListPages: Page[] = teamLists.map(({ path, layout }) => ({
  path,
  ...teamListText[layout],
  kind: "team" as const,
  indexable: true,
}));

/** What a member's page is called. */
export type MemberPageSource = { id: number; name: string; profession: string };

/** A member's page (/team-details/{id}). */
export function memberPage(m: MemberPageSource): Page {
  return {
    path: memberPath(m.id),
    title: `${m.name}, ${m.profession}`,
    description: `Meet ${m.name}, ${m.profession} at TechSpark Innovations in Abuja: background, qualifications, skills, projects led and how to reach ${m.name.split(" ")[0]} directly.`,
    kind: "team",
    indexable: true,
  };
}

/** What a sent newsletter issue's page is called. */
export type IssuePageSource = { id: string; subject: string; description: string };

/** A sent issue's page (/newsletter/issues/{id}). */
export function issuePage(i: IssuePageSource): Page {
  return {
    path: issuePath(i.id),
    title: i.subject,
    description: i.description,
    kind: "default",
    indexable: true,
  };
}

/**
 * The items edited by staff that have pages of their own, each kind's as the site shows them now:
 * the published posts (server/posts/), the published projects, the team's shown members, the
 * published services with a page of their own (server/content/) and the newsletter's sent issues
 * (server/newsletter/). The sitemap and the site search
 * take them at runtime (app/lib/site-pages.server.ts).
 */
export type ItemSources = {
  posts: readonly PostPageSource[];
  projects: readonly ProjectPageSource[];
  members: readonly MemberPageSource[];
  services: readonly ServicePageSource[];
  /** The newsletter's sent issues (server/newsletter/archive.ts). */
  issues: readonly IssuePageSource[];
};

/** Each kind's pages of one item. */
const itemPages: { [Kind in keyof ItemSources]: (item: ItemSources[Kind][number]) => Page[] } = {
  posts: postPages,
  projects: (p) => [projectPage(p)],
  members: (m) => [memberPage(m)],
  services: (s) => [servicePage(s)],
  issues: (i) => [issuePage(i)],
};

/** The site's pages with these items: the sitemap and the site search take the published ones. */
export function pagesWith(items: ItemSources): Page[] {
  return [
    ...homeRoutePages,
    ...staticPages,
    ...blogListPages,
    ...items.posts.flatMap(itemPages.posts),
    ...serviceListPages,
    ...items.services.flatMap(itemPages.services),
    ...projectPages,
    ...items.projects.flatMap(itemPages.projects),
    ...teamListPages,
    ...items.members.flatMap(itemPages.members),
    ...items.issues.flatMap(itemPages.issues),
  ];
}

/**
 * The pages of a fresh site: its posts, projects, team and services are the seed's
 * (app/content/blog/, app/content-types/project/seed.ts, app/content-types/team/seed.ts and app/content-types/service/seed.ts,
 * imported on first start). The build's registry (build/pages.json: the
 * tests) and the server's query rules come from it; the sitemap and the search read `pagesWith`
 * the published items.
 */
export function sitePages(): Page[] {
  return pagesWith({
    posts: blogSources(),
    projects: projectType.seed,
    members: teamType.seed,
    services: serviceType.seed.filter((s) => s.details),
    // A fresh site has sent none.
    issues: [],
  });
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

/** Paths rendered to files at build time: robots.txt only. Every page shows the agency's details,
 *  which staff change in the console, so every page is rendered per request (decision 020). */
export function prerenderPaths(): string[] {
  return ["/robots.txt"];
}
