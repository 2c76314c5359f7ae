import { Link, type LinkProps } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { cn } from "#app/lib/cn.ts";

// One place for the look of every button and button-like link. Callers choose a tone and a
// size; the class they pass only places the button (margin, width, alignment, visibility),
// never restyles it: Tailwind decides between two classes of one property by its CSS order,
// not by the order in the class list, so an override of height, padding or text size would
// lose silently. tests/e2e/class-conflicts.ts checks every page for such pairs.
const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-[background-color,color,border-color,transform] duration-200 ease-out-soft hover:-translate-y-0.5 disabled:pointer-events-none disabled:opacity-60";

const tones = {
  primary: "bg-primary text-on-primary shadow-[0_10px_30px_-12px] shadow-brand-700/60 hover:bg-primary-hover",
  outline: "border border-line bg-surface text-ink hover:border-primary hover:text-primary-ink",
  ghost: "text-ink hover:bg-surface-alt",
  inverse: "bg-white text-brand-800 hover:bg-brand-100",
};

const sizes = {
  /** 40 px: small actions inside a list (clear a filter). */
  sm: "min-h-10 px-4 text-sm",
  /** 44 px: the header. */
  md: "min-h-11 px-6 text-[0.95rem]",
  /** 48 px: the default. */
  default: "min-h-12 px-6 text-[0.95rem]",
  /** 56 px: beside a large input (the search forms). */
  lg: "min-h-14 px-6 text-base",
};

type ButtonVariants = { tone?: keyof typeof tones; size?: keyof typeof sizes };

/** The classes of a button: `className` places it (margin, width, visibility), tone and size style it. */
function buttonClass({
  tone = "primary",
  size = "default",
  className,
}: ButtonVariants & { className?: string }) {
  return cn(base, tones[tone], sizes[size], className);
}

export function ButtonLink({
  tone,
  size,
  arrow,
  className,
  children,
  ...props
}: LinkProps &
  ButtonVariants & { /** An arrow after the label: the link leads on to a page. */ arrow?: boolean }) {
  return (
    <Link className={buttonClass({ tone, size, className })} {...props}>
      {children}
      {arrow && <Icon name="arrow-right" className="size-5" />}
    </Link>
  );
}

export function Button({
  tone,
  size,
  className,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & ButtonVariants) {
  return <button type={type} className={buttonClass({ tone, size, className })} {...props} />;
}

/** The link under a teaser to the page that has all of it ("All articles"), centred. */
export function MoreLink({ more }: { more?: { label: string; href: string } }) {
  if (!more) return null;
  return (
    <div className="mt-12 text-center">
      <ButtonLink to={more.href} tone="outline">
        {more.label}
      </ButtonLink>
    </div>
  );
}
