import { Link } from "react-router";
import type { Route } from "./+types/content";
import { consoleHeaders, requireStaff, staffService } from "#app/lib/staff.server.ts";

// The site's content other than the posts, one list per type (app/config/content-types.ts): how
// many items each has on the site, waiting for their time, and in draft.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return { types: await staffService(context).content.types() };
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
        What the site&rsquo;s pages say besides the blog. Change an item, check its preview, then publish it:
        every page that shows it has it within a second.
      </p>
      <ul className="mt-6 grid gap-4" aria-label="Kinds of content">
        {loaderData.types.map((t) => (
          <li key={t.name}>
            <article
              aria-labelledby={`type-${t.name}`}
              className="grid gap-2 rounded-card bg-surface p-5 shadow-card sm:p-6"
            >
              <h2 id={`type-${t.name}`} className="font-bold">
                <Link
                  // A type of one item opens its editor.
                  to={t.single ? `/admin/content/${t.name}/${t.name}` : `/admin/content/${t.name}`}
                  className="text-primary-ink underline underline-offset-4"
                >
                  {t.label}
                </Link>
              </h2>
              <p className="text-sm text-ink-muted">
                {t.single ? (
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
