import type { SVGProps } from "react";

// The pieces both of the console's server-drawn bar charts use (./traffic-chart.tsx, the views a
// day; ./vitals-chart.tsx, a Web Vital's p75 a day): a slot per day in a viewBox of HEIGHT units,
// stretched to the box's width; lines that stay one pixel at any stretch; the first and last day
// written under it in HTML.

/** A day's width in the viewBox; the height of every chart. */
export const SLOT = 10;
export const HEIGHT = 100;

const short = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
/** "27 Nov", from "2026-11-27". */
export const showShort = (day: string) => short.format(new Date(`${day}T00:00:00Z`));

/** A line across the chart, `width` units long, at height `y`. */
export function Rule({ width, y, ...props }: { width: number; y: number } & SVGProps<SVGLineElement>) {
  return <line x1={0} x2={width} y1={y} y2={y} vectorEffect="non-scaling-stroke" {...props} />;
}

/** The bar of day `index` up to `y` from the bottom, `inset` units in from each side of its slot. */
export function Bar({
  index,
  inset,
  y,
  ...props
}: { index: number; inset: number; y: number } & SVGProps<SVGRectElement>) {
  return (
    <rect
      x={index * SLOT + inset}
      width={SLOT - 2 * inset}
      y={y}
      height={HEIGHT - y}
      fill="currentColor"
      {...props}
    />
  );
}

/** The span's first and last day under the chart (`indent`: past the scale on its left). */
export function DaySpan({ first, last, indent }: { first: string; last: string; indent: string }) {
  return (
    <div aria-hidden="true" className={`mt-1 flex justify-between ${indent} text-xs text-ink-muted`}>
      <span>{showShort(first)}</span>
      {first !== last && <span>{showShort(last)}</span>}
    </div>
  );
}
