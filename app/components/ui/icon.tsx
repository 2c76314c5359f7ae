import sprite from "#app/assets/icons.svg?url";
import { cn } from "#app/lib/cn.ts";
import type { IconName } from "#app/config/icon-names.ts";

/**
 * A Lucide icon drawn from one cached SVG sprite: an icon costs a few bytes of markup and no
 * JavaScript of its own. Decorative (aria-hidden); give the control around it a name.
 */
export function Icon({ name, className, ...props }: React.ComponentProps<"svg"> & { name: IconName }) {
  // size-5 unless the caller gives a size: equal-specificity utilities would otherwise fight by CSS order.
  const sized = /(^|\s)(size|w|h)-/.test(className ?? "");
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={cn(!sized && "size-5", "shrink-0", className)}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
