import { useEffect, useRef } from "react";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useReducedMotion } from "#app/hooks/use-motion.ts";
import { meterStep } from "#app/lib/count-up.ts";
import { cn } from "#app/lib/cn.ts";

type CircularMeterProps = React.ComponentProps<"figure"> & {
  value: number;
  label: string;
  /** Percentage points added per tick, and the tick length (the spec: 5 every 50 ms). */
  step?: number;
  interval?: number;
};

const SIZE = 132;
const STROKE = 10;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const offset = (percent: number) => CIRCUMFERENCE * (1 - percent / 100);

/**
 * A ring that fills to `value` percent once at least half of it is visible. The HTML shows
 * the final value; the count-up restarts from 0 only in the browser, once.
 */
export function CircularMeter({
  value,
  label,
  step = 5,
  interval = 50,
  className,
  ...props
}: CircularMeterProps) {
  const ref = useRef<HTMLElement>(null);
  const ring = useRef<SVGCircleElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  const seen = useInView(ref, { threshold: 0.5, once: true });
  const reducedMotion = useReducedMotion();

  // Ticks write to the ring and the text directly: no render per step.
  useEffect(() => {
    if (!seen || reducedMotion || !ring.current || !text.current) return;
    const [circle, label] = [ring.current, text.current];
    const show = (v: number) => {
      circle.style.strokeDashoffset = String(offset(v));
      label.textContent = `${v}%`;
    };
    let current = 0;
    show(current);
    const timer = window.setInterval(() => {
      current = meterStep(current, step, value);
      show(current);
      if (current >= value) window.clearInterval(timer);
    }, interval);
    return () => {
      window.clearInterval(timer);
      show(value);
    };
  }, [seen, reducedMotion, value, step, interval]);

  return (
    <figure ref={ref} className={cn("flex flex-col items-center gap-4 text-center", className)} {...props}>
      <div className="relative">
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          width={SIZE}
          height={SIZE}
          aria-hidden="true"
          className="-rotate-90"
        >
          <circle
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            strokeWidth={STROKE}
            className="stroke-line"
          />
          <circle
            ref={ring}
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            strokeWidth={STROKE}
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={offset(value)}
            className="stroke-primary transition-[stroke-dashoffset] duration-75"
          />
        </svg>
        <span
          ref={text}
          data-meter={value}
          className="absolute inset-0 grid place-items-center text-2xl font-extrabold tracking-tight tabular-nums"
        >
          {value}%
        </span>
      </div>
      <figcaption className="max-w-[12rem] font-semibold">{label}</figcaption>
    </figure>
  );
}
