/** Joins class names, skipping falsy ones. Later classes win only by CSS order, so pass overrides last. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
