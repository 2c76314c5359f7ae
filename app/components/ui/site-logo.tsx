import { cn } from "#app/lib/cn.ts";

export type LogoSurface = "light" | "dark";

const files: Record<LogoSurface, string> = {
  light: "/img/logo-light.svg",
  dark: "/img/logo-dark.svg",
};

/**
 * The logo as an image file (cached once for every page) rather than inline SVG, which
 * would add its paths to every page's HTML and JavaScript. `surface` is the colour behind it.
 */
export function SiteLogo({
  surface,
  className,
  ...props
}: Omit<React.ComponentProps<"img">, "src"> & { surface: LogoSurface }) {
  return (
    <img
      src={files[surface]}
      alt="TechSpark Innovations"
      width={214}
      height={48}
      className={cn("h-9 w-auto", className)}
      {...props}
    />
  );
}
