// The site's pages as they are now, for the sitemap and the site search: the registry's fixed
// pages and a page for each item published that has one (the posts, the projects, the team's
// shown members, the services with a page, the newsletter's sent issues), read per request from what the instance holds
// (app/config/pages.ts, pagesWith).
import type { RouterContextProvider } from "react-router";
import { pagesWith, type Page } from "#app/config/pages.ts";
import { blogOf } from "./blog.server.ts";
import { projectsOf } from "#app/content-types/project/view.server.ts";
import { detailedOf, servicesOf } from "#app/content-types/service/view.server.ts";
import { teamOf } from "#app/content-types/team/view.server.ts";
import { issueArchiveContext } from "./ports/issue-archive.ts";

export function currentPages(context: Readonly<RouterContextProvider>): Page[] {
  return pagesWith({
    posts: blogOf(context).allPosts(),
    projects: projectsOf(context),
    members: teamOf(context),
    services: detailedOf(servicesOf(context)),
    issues: context.get(issueArchiveContext)?.sent() ?? [],
  });
}
