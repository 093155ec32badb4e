/** Joins class names, skipping falsy ones. Variants are kept disjoint so no merge logic is needed. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
