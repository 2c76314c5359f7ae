import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

type Crumb = { label: string; href?: string };

type PageHeaderProps = React.ComponentProps<"section"> & {
  title: React.ReactNode;
  intro?: React.ReactNode;
  /** Trail after Home; the last crumb is the current page. */
  crumbs?: Crumb[];
  /** The content below overlaps the header's bottom edge (a picture pulled up): more room there. */
  overlapped?: boolean;
  /** The title's element: the page's h1, or an h2 where the header is shown inside another page
   *  (the console's preview of a post). */
  titleAs?: "h1" | "h2";
};

/** The title bar at the top of every inner page: the page's h1 and a breadcrumb. */
export function PageHeader({
  title,
  intro,
  crumbs = [],
  overlapped,
  titleAs: Title = "h1",
  className,
  children,
  ...props
}: PageHeaderProps) {
  const trail: Crumb[] = [{ label: "Home", href: "/" }, ...crumbs];
  return (
    <section
      className={cn(
        "relative isolate overflow-hidden bg-brand-950 pt-36 text-white sm:pt-44",
        overlapped ? "pb-32 sm:pb-40" : "pb-20 sm:pb-24",
        className,
      )}
      {...props}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_85%_-10%,oklch(0.5_0.165_313/0.75),transparent_70%),radial-gradient(40rem_24rem_at_0%_120%,oklch(0.8_0.16_75/0.22),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 [background-image:linear-gradient(oklch(1_0_0/0.05)_1px,transparent_1px),linear-gradient(90deg,oklch(1_0_0/0.05)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent)] [background-size:56px_56px]"
      />
      <div className="container-page">
        <nav aria-label="Breadcrumb" className="mb-6">
          <ol className="flex flex-wrap items-center gap-1.5 text-sm text-white/80">
            {trail.map((crumb, i) => {
              const current = i === trail.length - 1;
              return (
                <li key={crumb.label} className="flex items-center gap-1.5">
                  {i > 0 && <Icon name="chevron-right" className="size-4 text-white/50" />}
                  {crumb.href && !current ? (
                    <Link to={crumb.href} className="underline-offset-4 hover:text-white hover:underline">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current={current ? "page" : undefined} className="text-white">
                      {crumb.label}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
        <Title className="max-w-4xl text-h1">{title}</Title>
        {intro && <div className="mt-5 max-w-2xl text-lg text-white/85">{intro}</div>}
        {children}
      </div>
    </section>
  );
}
