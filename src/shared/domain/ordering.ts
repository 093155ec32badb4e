/**
 * Sort positions (docs/product.md#positions): a new item goes after the current maximum. With no items
 * the maximum counts as -1, so the first position is 0.
 */
export function nextSortOrder(existing: Iterable<number>): number {
  let max = -1;
  for (const value of existing) if (value > max) max = value;
  return max + 1;
}

/** Positions for `count` new items placed in entered order after the current maximum. */
export function appendedSortOrders(existing: Iterable<number>, count: number): number[] {
  const base = nextSortOrder(existing);
  return Array.from({ length: count }, (_, i) => base + i);
}

/** Moves the element at `from` to `to` and returns a new array (drag-and-drop, move up/down). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
