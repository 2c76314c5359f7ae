import { useEffect, useId, useRef } from "react";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useReducedMotion } from "#app/hooks/use-motion.ts";
import { countAt, easeOutCubic } from "#app/lib/count-up.ts";
import { cn } from "#app/lib/cn.ts";

type SkillBarProps = React.ComponentProps<"div"> & {
  label: string;
  /** Percent, 0–100. */
  value: number;
  /** Length of the fill animation in ms. */
  duration?: number;
};

/**
 * A labelled bar filled to `value` percent: a meter for assistive technology. The HTML shows the
 * final value; in the browser it fills from 0 once when scrolled into view (not under reduced
 * motion), frames writing to the bar and the number directly, without renders.
 */
export function SkillBar({ label, value, duration = 1400, className, ...props }: SkillBarProps) {
  const ref = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLSpanElement>(null);
  const number = useRef<HTMLSpanElement>(null);
  const seen = useInView(ref, { threshold: 0.5, once: true });
  const reducedMotion = useReducedMotion();
  const labelId = useId();

  useEffect(() => {
    const [bar, text] = [fill.current, number.current];
    if (!seen || reducedMotion || !bar || !text) return;
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const elapsed = now - started;
      bar.style.transform = `scaleX(${easeOutCubic(elapsed / duration)})`;
      text.textContent = `${countAt(value, elapsed, duration)}%`;
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      bar.style.transform = "";
      text.textContent = `${value}%`;
    };
  }, [seen, reducedMotion, value, duration]);

  return (
    <div ref={ref} className={cn("space-y-3", className)} {...props}>
      <div className="flex items-baseline justify-between gap-4 font-semibold">
        <span id={labelId}>{label}</span>
        <span
          ref={number}
          aria-hidden="true"
          data-skill-value={value}
          className="text-primary-ink tabular-nums"
        >
          {value}%
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${value}%`}
        className="h-2.5 overflow-hidden rounded-full bg-line"
      >
        <span
          ref={fill}
          className="block h-full origin-left rounded-full bg-linear-to-r from-brand-500 to-primary"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
