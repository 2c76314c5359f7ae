import { useId } from "react";
import type { TrafficSummary } from "#app/lib/ports/traffic.ts";
import { Bar, DaySpan, HEIGHT, Rule, showShort, SLOT } from "./chart-parts.tsx";

// Views and visitors a day as a bar chart drawn on the server: a plain <svg> (no script, no chart
// library), its colours the theme's (primary-ink: the brand's purple in light, its light tint in
// dark), the scale and the first and last day in HTML around it (text that stays readable at any
// width, as the SVG stretches). A day's views are a wide pale bar, its visitors a narrow solid bar
// inside it (never taller: a visitor saw at least one page). The page puts the same figures in a
// table beside it (app/routes/admin/traffic.tsx): the chart is a picture of that table.

/** The scale's top: the largest figure rounded up to an even number (its half is whole too). */
export const scaleTop = (largest: number) => Math.max(2, Math.ceil(largest / 2) * 2);

export function TrafficChart({ daily }: { daily: TrafficSummary["daily"] }) {
  const id = useId();
  const top = scaleTop(Math.max(0, ...daily.map((d) => d.views)));
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  const busiest = daily.reduce((a, b) => (b.views > a.views ? b : a), daily[0]!);
  const first = daily[0]!.day;
  const last = daily.at(-1)!.day;
  return (
    <figure>
      <div className="flex gap-2">
        {/* The scale: its top, half and zero, level with the grid lines. */}
        <div
          aria-hidden="true"
          className="relative w-10 shrink-0 text-right text-xs text-ink-muted tabular-nums"
        >
          {[top, top / 2, 0].map((v, i) => (
            <span key={v} className="absolute right-0 -translate-y-1/2" style={{ top: `${i * 50}%` }}>
              {v.toLocaleString("en-NG")}
            </span>
          ))}
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${daily.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-48 w-full min-w-0 overflow-visible text-primary-ink sm:h-56"
        >
          <title id={`${id}-title`}>
            {`Views and visitors a day, ${showShort(first)} to ${showShort(last)}`}
          </title>
          <desc id={`${id}-desc`}>
            {`The most views in a day: ${busiest.views.toLocaleString("en-NG")} on ${showShort(busiest.day)}. ` +
              "The table “By day” holds every day's figures."}
          </desc>
          {[0, HEIGHT / 2, HEIGHT].map((gy) => (
            <Rule key={gy} width={daily.length * SLOT} y={gy} className="stroke-line" strokeWidth={1} />
          ))}
          {daily.map((d, i) => (
            <g key={d.day}>
              <Bar index={i} inset={1} y={y(d.views)} fillOpacity={0.3} />
              <Bar index={i} inset={3} y={y(d.visitors)} />
            </g>
          ))}
        </svg>
      </div>
      <DaySpan first={first} last={last} indent="pl-12" />
      <figcaption className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-primary-ink/30" />
          Views (pale bars)
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="h-3 w-1.5 rounded-sm bg-primary-ink" />
          Visitors (narrow bars)
        </span>
      </figcaption>
    </figure>
  );
}
