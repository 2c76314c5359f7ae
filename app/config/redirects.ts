// Bare detail paths the spec redirects to their first item. A redirect is active only
// once its target page exists (see app/config/pages.ts).
import { findPage } from "./pages.ts";

const wanted: Array<[from: string, to: string]> = [
  ["/services-details", "/services-details/1"],
  ["/project-details", "/project-details/1"],
  ["/team-details", "/team-details/1"],
  ["/blog-single", "/blog-single/1"],
  ["/blog-single-sidebar", "/blog-single-sidebar/1"],
];

export const redirects = new Map(wanted.filter(([, to]) => findPage(to)));
