import type { MetaDescriptor } from "react-router";
import type { Page, PageKind } from "#app/config/pages.ts";
import { absoluteUrl, site } from "#app/config/site.ts";

const socialImageKinds = new Set<PageKind>([
  "home",
  "services",
  "projects",
  "team",
  "blog",
  "about",
  "pricing",
  "faq",
  "contact",
]);

export function socialImage(kind: PageKind): string {
  return `/img/social/${socialImageKinds.has(kind) ? kind : "default"}.jpg`;
}

type MetaInput = Pick<Page, "path" | "title" | "description" | "kind" | "indexable"> & {
  /** Canonical path when it differs from `path` (e.g. ?page=2 of a list). */
  canonicalPath?: string;
  ogType?: "website" | "article";
  image?: string;
};

export function documentTitle(page: Pick<Page, "title" | "kind">): string {
  // Home pages lead with the name; each layout has its own title after it.
  return page.kind === "home" ? `${site.name} | ${page.title}` : `${page.title} | ${site.name}`;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta(page: MetaInput): MetaDescriptor[] {
  const title = documentTitle(page);
  const url = absoluteUrl(page.canonicalPath ?? page.path);
  const image = absoluteUrl(page.image ?? socialImage(page.kind));
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.indexable ? [] : [{ name: "robots", content: "noindex, follow" }]),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: page.ogType ?? "website" },
    { property: "og:locale", content: site.locale },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The head of a page whose loader answered 404 (the root's error boundary shows the page), or
 *  410 (a removed blog post: `title` says so). */
export function notFoundMeta(title = "Page Not Found"): MetaDescriptor[] {
  return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex, follow" }];
}
