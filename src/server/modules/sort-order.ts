import { badRequest } from '../errors';

/** A reorder naming the same item twice has no single meaning; refuse it before touching anything. */
export function assertUniqueIds<T extends { id: string }>(
  items: readonly T[],
  key: (item: T) => string = (item) => item.id,
): void {
  const seen = new Set<string>();
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) throw badRequest(`Duplicate id in items: ${item.id}`);
    seen.add(k);
  }
}

/** A nullable database maximum as the iterable nextSortOrder expects (empty -> 0). */
export function maxOf(value: number | null | undefined): number[] {
  return value === null || value === undefined ? [] : [value];
}
