import { Link, type LinkProps } from "react-router";
import { cn } from "#app/lib/cn.ts";

export type ButtonTone = "primary" | "outline" | "ghost" | "inverse";

const tones: Record<ButtonTone, string> = {
  primary: "bg-primary text-on-primary hover:bg-primary-hover shadow-[0_10px_30px_-12px] shadow-brand-700/60",
  outline: "border border-line bg-surface text-ink hover:border-primary hover:text-primary-ink",
  ghost: "text-ink hover:bg-surface-alt",
  inverse: "bg-white text-brand-800 hover:bg-brand-100",
};

const base =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 text-[0.95rem] font-semibold transition-[background-color,color,border-color,transform] duration-200 ease-out-soft hover:-translate-y-0.5 disabled:pointer-events-none disabled:opacity-60";

export function buttonClass(tone: ButtonTone = "primary", className?: string): string {
  return cn(base, tones[tone], className);
}

export function ButtonLink({ tone = "primary", className, ...props }: LinkProps & { tone?: ButtonTone }) {
  return <Link className={buttonClass(tone, className)} {...props} />;
}

export function Button({
  tone = "primary",
  className,
  type = "button",
  ...props
}: React.ComponentProps<"button"> & { tone?: ButtonTone }) {
  return <button type={type} className={buttonClass(tone, className)} {...props} />;
}
