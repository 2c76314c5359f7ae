import { useId } from "react";
import type { TrafficSummary } from "#app/lib/ports/traffic.ts";
import { ratingOf, vitalText, WEB_VITAL_THRESHOLDS, type WebVitalName } from "#app/lib/traffic.ts";
import { Bar, DaySpan, HEIGHT, Rule, showShort, SLOT } from "./chart-parts.tsx";

// One Web Vital's trend: its 75th percentile a day (every template together) as bars drawn on the
// server, like the views' chart beside it (./traffic-chart.tsx: a plain <svg>, no script, the
// theme's colours, so dark mode redraws it; the scale in HTML around it). Google's thresholds are
// drawn across it: below the "good" line the band is shaded, above the "poor" line is the danger
// colour. A day without a measure has no bar. The table "Speed a day" beside it holds the same
// figures, rated, in words: the chart is a picture of that table.

/** What each metric measures, for the chart's heading. */
const MEANING: Partial<Record<WebVitalName, string>> = {
  LCP: "Largest Contentful Paint",
  INP: "Interaction to Next Paint",
  CLS: "Cumulative Layout Shift",
  FCP: "First Contentful Paint",
  TTFB: "Time to First Byte",
};

/** The chart's top: the poor threshold with room above it, or the largest value. */
export const vitalsTop = (name: WebVitalName, largest: number) =>
  Math.max(WEB_VITAL_THRESHOLDS[name][1] * 1.2, largest);

export function VitalsChart({
  name,
  days,
  daily,
}: {
  name: WebVitalName;
  /** Every day of the span, in order (the bars' slots). */
  days: string[];
  daily: TrafficSummary["vitalsDaily"];
}) {
  const id = useId();
  const byDay = new Map(daily.flatMap((d) => (d.p75[name] === undefined ? [] : [[d.day, d.p75[name]!]])));
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  const top = vitalsTop(name, Math.max(0, ...byDay.values()));
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  const measured = days.filter((d) => byDay.has(d));
  const last = measured.at(-1);
  const width = days.length * SLOT;
  return (
    <figure className="min-w-0">
      <figcaption className="font-semibold">
        {name} <span className="font-normal text-ink-muted">{MEANING[name]}</span>
      </figcaption>
      {last === undefined ? (
        <p className="mt-2 text-sm text-ink-muted">Not measured in these days.</p>
      ) : (
        <>
          <div className="mt-2 flex gap-2">
            {/* The scale: its top and the two thresholds, level with their lines. */}
            <div
              aria-hidden="true"
              className="relative w-14 shrink-0 text-right text-xs text-ink-muted tabular-nums"
            >
              {[top, poor, good].map((v) => (
                <span
                  key={v}
                  className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
                  style={{ top: `${(y(v) / HEIGHT) * 100}%` }}
                >
                  {vitalText(name, v)}
                </span>
              ))}
            </div>
            <svg
              role="img"
              aria-labelledby={`${id}-title ${id}-desc`}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="h-32 w-full min-w-0 overflow-visible text-primary-ink"
            >
              <title id={`${id}-title`}>
                {`${name}, the 75th percentile a day, ${showShort(days[0]!)} to ${showShort(days.at(-1)!)}`}
              </title>
              <desc id={`${id}-desc`}>
                {`Good up to ${vitalText(name, good)}, poor above ${vitalText(name, poor)}. ` +
                  `On ${showShort(last)}: ${vitalText(name, byDay.get(last)!)}, ${ratingOf(name, byDay.get(last)!)}. ` +
                  "The table “Speed a day” holds every day's figures."}
              </desc>
              {/* The good band, and the two thresholds. */}
              <rect
                x={0}
                width={width}
                y={y(good)}
                height={HEIGHT - y(good)}
                fill="currentColor"
                fillOpacity={0.08}
              />
              <Rule width={width} y={y(good)} className="stroke-ink-muted" strokeDasharray="4 3" />
              <Rule width={width} y={y(poor)} className="stroke-danger" strokeDasharray="4 3" />
              <Rule width={width} y={HEIGHT} className="stroke-line" />
              {days.map((day, i) =>
                byDay.has(day) ? <Bar key={day} index={i} inset={2} y={y(byDay.get(day)!)} /> : null,
              )}
            </svg>
          </div>
          <DaySpan first={days[0]!} last={days.at(-1)!} indent="pl-16" />
        </>
      )}
    </figure>
  );
}
