/**
 * Joins class names, skipping falsy ones. It does not settle conflicts: of two classes for one
 * property (min-h-11, min-h-12) the one later in Tailwind's CSS wins, whatever their order here.
 * So components take variants (button.tsx) rather than overriding classes, and the browser tests
 * check every page for such pairs (tests/e2e/class-conflicts.ts).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
