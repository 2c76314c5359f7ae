import { useEffect, useRef } from "react";
import { useInView } from "#app/hooks/use-in-view.ts";
import { useReducedMotion } from "#app/hooks/use-motion.ts";
import { countAt } from "#app/lib/count-up.ts";
import { cn } from "#app/lib/cn.ts";

type CounterProps = React.ComponentProps<"span"> & {
  end: number;
  suffix?: string;
  /** Length of the count-up in ms. */
  duration?: number;
};

/**
 * A number that counts up once when it scrolls into view. The HTML carries the final value
 * (crawlers, no JavaScript, reduced motion); frames write the text directly, without renders.
 */
export function Counter({ end, suffix = "", duration = 2000, className, ...props }: CounterProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useInView(ref, { threshold: 0.3, once: true });
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (!element || !seen || reducedMotion) return;
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const elapsed = now - started;
      element.textContent = `${countAt(end, elapsed, duration)}${suffix}`;
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      element.textContent = `${end}${suffix}`;
    };
  }, [seen, reducedMotion, end, suffix, duration]);

  return (
    <span ref={ref} data-counter={end} className={cn("tabular-nums", className)} {...props}>
      {`${end}${suffix}`}
    </span>
  );
}
