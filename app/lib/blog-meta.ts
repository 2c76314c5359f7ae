// Head tags the blog's pages add to pageMeta (app/lib/meta.ts). Runs in the browser too (route
// `meta` functions do), so it stays small and free of server code.
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, site } from "#app/config/site.ts";

/** rel=prev/next for a paginated list. */
export function blogMetaLinks({
  previous,
  next,
}: {
  previous: string | null;
  next: string | null;
}): MetaDescriptor[] {
  return [
    ...(previous ? [{ tagName: "link", rel: "prev", href: absoluteUrl(previous) }] : []),
    ...(next ? [{ tagName: "link", rel: "next", href: absoluteUrl(next) }] : []),
  ];
}

// Lives with the page meta, so detail pages outside the blog need not load the blog's chunk.
export { notFoundMeta } from "./meta.ts";

export type ArticleMeta = {
  url: string;
  title: string;
  description: string;
  /** "YYYY-MM-DD" */
  date: string;
  author: { name: string; jobTitle?: string; url?: string };
  section: string;
  tags: readonly string[];
  image: string;
  words: number;
};

/** Open Graph article tags and schema.org BlogPosting data for one post. */
export function articleMeta(a: ArticleMeta): MetaDescriptor[] {
  const published = `${a.date}T08:00:00+01:00`;
  return [
    { property: "article:published_time", content: published },
    { property: "article:author", content: a.author.name },
    { property: "article:section", content: a.section },
    ...a.tags.map((tag) => ({ property: "article:tag", content: tag })),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: a.title,
        description: a.description,
        datePublished: published,
        dateModified: published,
        mainEntityOfPage: { "@type": "WebPage", "@id": a.url },
        url: a.url,
        image: [a.image],
        author: {
          "@type": "Person",
          name: a.author.name,
          ...(a.author.jobTitle ? { jobTitle: a.author.jobTitle } : {}),
          ...(a.author.url ? { url: a.author.url } : {}),
        },
        publisher: {
          "@type": "Organization",
          name: site.name,
          url: site.url,
          logo: { "@type": "ImageObject", url: absoluteUrl("/icon-512.png") },
        },
        articleSection: a.section,
        keywords: a.tags.join(", "),
        wordCount: a.words,
        inLanguage: "en-NG",
      },
    },
  ];
}
