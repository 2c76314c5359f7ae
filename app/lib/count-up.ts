// The numbers counters and meters show while they animate. Pure, so the animation is tested
// without a browser; the components only schedule the frames.

/** Ease-out (cubic): fast at first, settling gently on the final value. */
export function easeOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return 1 - (1 - x) ** 3;
}

/** The counter's value `elapsed` ms into an animation of `duration` ms from 0 to `end`. */
export function countAt(end: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return end;
  return Math.round(end * easeOutCubic(elapsed / duration));
}

/** The meter's next value: `step` more, never past `max` (the spec's +5 every 50 ms to 89). */
export function meterStep(value: number, step: number, max: number): number {
  return Math.min(max, value + step);
}

/** All values a meter passes through, 0 first and `max` last. */
export function meterSequence(step: number, max: number): number[] {
  const values = [0];
  while (values[values.length - 1]! < max) values.push(meterStep(values[values.length - 1]!, step, max));
  return values;
}
