import { Form, Link } from "react-router";
import type { BlogFilter } from "#app/lib/blog.server.ts";
import type { SidebarData } from "#app/lib/blog-view.server.ts";
import { Icon } from "#app/components/ui/icon.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";

type BlogSidebarProps = {
  data: SidebarData;
  /** Where the search form sends its keyword (the list with the sidebar). */
  searchAction: string;
  /** The list's current filter: its entries are marked as the current page. */
  filter?: BlogFilter;
};

function Widget({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="blog-box p-6 sm:p-7">
      <h2 className="mb-5 flex items-center gap-3 text-lg font-bold">
        <span aria-hidden="true" className="h-5 w-1 rounded-full bg-primary" />
        {title}
      </h2>
      {children}
    </section>
  );
}

const posts = (n: number) => ` ${n === 1 ? "post" : "posts"}`;

/** Search, recent posts, categories, gallery, archives, social links and tags. */
export function BlogSidebar({ data, searchAction, filter = {} }: BlogSidebarProps) {
  const current = (active: boolean) => (active ? ("page" as const) : undefined);
  return (
    <aside aria-label="Blog" className="grid content-start gap-6">
      <Widget title="Search">
        <Form method="get" action={searchAction} role="search" className="flex gap-2">
          <label htmlFor="blog-search" className="sr-only">
            Search the blog
          </label>
          <input
            id="blog-search"
            name="q"
            type="search"
            required
            defaultValue={filter.q}
            key={filter.q}
            placeholder="Search articles…"
            className="min-h-12 w-full min-w-0 rounded-full border border-line bg-canvas px-5 placeholder:text-ink-muted"
          />
          <button type="submit" className="blog-round border-primary bg-primary text-on-primary">
            <Icon name="search" />
            <span className="sr-only">Search</span>
          </button>
        </Form>
      </Widget>

      <Widget title="Recent Posts">
        <ul className="grid gap-5">
          {data.recent.map((post) => (
            <li key={post.id} className="flex items-center gap-4">
              <PictureView
                picture={post.thumb}
                alt=""
                sizes="80px"
                className="shrink-0"
                imgClassName="size-20 rounded-xl object-cover"
              />
              <div>
                <time
                  dateTime={post.date}
                  className="flex items-center gap-1.5 text-xs font-semibold text-ink-muted"
                >
                  <Icon name="calendar" className="size-3.5" />
                  {post.dateLabel}
                </time>
                <Link to={post.href} className="blog-title-link mt-1 line-clamp-2 leading-snug font-semibold">
                  {post.title}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget title="Categories">
        <ul className="-mx-3 grid gap-1">
          {data.categories.map((c) => (
            <li key={c.name}>
              <Link to={c.href} aria-current={current(filter.category === c.name)} className="blog-row">
                <span className="flex items-center gap-2.5 capitalize">
                  <Icon name="folder" className="size-4 text-primary-ink" />
                  {c.name}
                </span>
                <span className="blog-count">
                  {c.count}
                  <span className="sr-only">{posts(c.count)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget title="Gallery">
        <ul className="grid grid-cols-3 gap-2.5">
          {data.gallery.map((item) => (
            <li key={item.id}>
              <Link to={item.href} className="block overflow-hidden rounded-xl">
                <PictureView
                  picture={item.thumb}
                  alt={item.title}
                  sizes="120px"
                  imgClassName="aspect-square w-full object-cover transition-transform duration-500 hover:scale-110"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget title="Archives">
        <ul className="-mx-3 grid gap-1">
          {data.archives.map((a) => (
            <li key={a.month}>
              <Link to={a.href} aria-current={current(filter.archive === a.month)} className="blog-row">
                <span className="flex items-center gap-2.5">
                  <Icon name="archive" className="size-4 text-primary-ink" />
                  {a.label}
                </span>
                <span className="blog-count">
                  {a.count}
                  <span className="sr-only">{posts(a.count)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Widget>

      <Widget title="Follow Us">
        <SocialLinks />
      </Widget>

      <Widget title="Tags">
        <ul className="flex flex-wrap gap-2">
          {data.tags.map((t) => (
            <li key={t.name}>
              <Link to={t.href} aria-current={current(filter.tag === t.name)} className="blog-pill">
                {t.name}
                <span className="sr-only"> ({`${t.count}${posts(t.count)}`})</span>
              </Link>
            </li>
          ))}
        </ul>
      </Widget>
    </aside>
  );
}
