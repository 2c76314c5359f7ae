import { Link } from "react-router";
import type { Route } from "./+types/content";
import { postType } from "#app/content-types/posts.ts";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";

// Every kind of content the site shows (app/content-types/): the blog's posts first (their
// own editor), then one list per type; how many items each has on the site, waiting for their
// time, and in draft.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const staff = staffService(context);
  const { counts } = await staff.posts.list({ state: "all", q: "", page: 1 });
  const posts = {
    name: postType.name,
    label: postType.label,
    to: postType.editor,
    pages: postType.pages,
    counts: { published: counts.published, scheduled: counts.scheduled, draft: counts.draft },
  };
  const types = (await staff.content.types()).map((t) => ({
    ...t,
    // A type of one item opens its editor.
    to: t.single ? `/admin/content/${t.name}/${t.name}` : `/admin/content/${t.name}`,
  }));
  return { types: [posts, ...types] };
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Content | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Content({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-h2">Content</h1>
      <p className="mt-3 text-ink-muted">
        Everything the site&rsquo;s pages say. Change an item, check its preview, then publish it: every page
        that shows it has it within a second.
      </p>
      <ul className="mt-6 grid gap-4" aria-label="Kinds of content">
        {loaderData.types.map((t) => (
          <li key={t.name}>
            <article
              aria-labelledby={`type-${t.name}`}
              className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
            >
              <h2 id={`type-${t.name}`} className="font-bold">
                <Link to={t.to} className="text-primary-ink underline underline-offset-4">
                  {t.label}
                </Link>
              </h2>
              <p className="text-sm text-ink-muted">
                {"single" in t && t.single ? (
                  "Shown on every page: the header, the footer, the side panel and the contact page."
                ) : (
                  <>
                    {t.counts.published} on the site
                    {t.counts.scheduled > 0 && ` · ${t.counts.scheduled} scheduled`}
                    {` · ${t.counts.draft} in draft`} · shown on {t.pages.join(", ")}
                  </>
                )}
              </p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
