import { Link } from "react-router";

type MaybeLinkProps = Omit<React.ComponentProps<typeof Link>, "to"> & { to?: string };

/**
 * A link when there is somewhere to go, its content alone otherwise: content data names pages
 * that are not built yet, and the route passes their href only once the page exists.
 */
export function MaybeLink({ to, children, className, ...props }: MaybeLinkProps) {
  if (!to) return <span className={className}>{children}</span>;
  return (
    <Link to={to} className={className} {...props}>
      {children}
    </Link>
  );
}
