/**
 * Filter chips on Today and All Items (docs/product.md#filter-chips): "Habits", "Todos" and one chip
 * per goal. A click toggles a chip; a double-click shows only that one. The state records the HIDDEN
 * chips, so every chip starts shown and a goal created later appears without touching the filter.
 * Session-only: callers keep it in component state, never in storage.
 */

export type FilterKey = 'habits' | 'todos' | `goal:${string}`;

export const HABITS_FILTER: FilterKey = 'habits';
export const TODOS_FILTER: FilterKey = 'todos';

export function goalFilterKey(goalId: string): FilterKey {
  return `goal:${goalId}`;
}

/** Which chip an item belongs to: habits, standalone todos, or its goal's chip. */
export function filterKeyFor(item: { kind: 'habit' } | { kind: 'task'; goalId: string | null }): FilterKey {
  if (item.kind === 'habit') return HABITS_FILTER;
  return item.goalId === null ? TODOS_FILTER : goalFilterKey(item.goalId);
}

export type HiddenFilters = ReadonlySet<FilterKey>;

export const NO_FILTERS: HiddenFilters = new Set<FilterKey>();

export function isShown(hidden: HiddenFilters, key: FilterKey): boolean {
  return !hidden.has(key);
}

/** Click: a shown chip is hidden, a hidden chip is shown again. */
export function toggleFilter(hidden: HiddenFilters, key: FilterKey): HiddenFilters {
  const next = new Set(hidden);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** True when `key` is the only one of `allKeys` that is shown. */
export function isSolo(hidden: HiddenFilters, key: FilterKey, allKeys: readonly FilterKey[]): boolean {
  return allKeys.every((other) => (other === key ? !hidden.has(other) : hidden.has(other)));
}

/**
 * Double-click: show only `key`. Double-clicking the chip that is already shown alone brings every
 * chip back, so a person is never stuck with one chip and no quick way out.
 */
export function soloFilter(
  hidden: HiddenFilters,
  key: FilterKey,
  allKeys: readonly FilterKey[],
): HiddenFilters {
  if (isSolo(hidden, key, allKeys)) return NO_FILTERS;
  return new Set(allKeys.filter((other) => other !== key));
}
