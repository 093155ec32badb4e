import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';

/*
 * A task made `after` another (a duplicate, docs/decisions/048-duplicate-a-task.md) while offline, shown
 * as the server will place it (docs/product.md#positions; server: modules/positions/place-after.repo.ts):
 * right under the other in its list when both are in the same one, and on Today when it joins Today
 * and the other counts there, the items below moving down by one; a position given wins. Its other
 * cached copies (lib/offline-changes.ts) are rewritten with `roomUnder`.
 */

export type Anchor = Pick<
  Task,
  'id' | 'goalId' | 'sortOrder' | 'todaySortOrder' | 'isToday' | 'plannedFor' | 'createdAt'
>;
export type Placed = { sortOrder?: number; todaySortOrder?: number };

/** On Today, or planned so that it joins it: the tasks the server's Today positions count. */
const countsOnToday = (task: Pick<Task, 'isToday' | 'plannedFor'>) =>
  task.isToday || task.plannedFor !== null;

/** The positions the new task takes under `anchor`; none for an order given in the body. */
export function placedUnder(
  anchor: Anchor,
  task: { goalId: string | null; joinsToday: boolean; sortOrder?: number; todaySortOrder?: number },
): Placed {
  const placed: Placed = {};
  if (task.sortOrder === undefined && anchor.goalId === task.goalId) placed.sortOrder = anchor.sortOrder + 1;
  if (task.todaySortOrder === undefined && task.joinsToday && countsOnToday(anchor))
    placed.todaySortOrder = anchor.todaySortOrder + 1;
  return placed;
}

/** Listed below the anchor: by position, then creation time, then id, as lists are ordered. */
function below(item: Anchor, anchor: Anchor, position: 'sortOrder' | 'todaySortOrder'): boolean {
  if (item.id === anchor.id) return false;
  if (item[position] !== anchor[position]) return item[position] > anchor[position];
  return item.createdAt !== anchor.createdAt ? item.createdAt > anchor.createdAt : item.id > anchor.id;
}

/** A cached task or habit moved down by one where the new task takes its place under `anchor`. */
export function roomUnder<T extends Task | Habit>(item: T, anchor: Anchor, placed: Placed): T {
  const next = { ...item };
  if ('goalId' in item) {
    const task = item as Task;
    if (placed.sortOrder !== undefined && task.goalId === anchor.goalId && below(task, anchor, 'sortOrder'))
      next.sortOrder += 1;
    if (placed.todaySortOrder !== undefined && countsOnToday(task) && below(task, anchor, 'todaySortOrder'))
      next.todaySortOrder += 1;
  } else if (placed.todaySortOrder !== undefined && item.isToday) {
    // A habit tied with the anchor is shown after it: ties put tasks first (features/today/lib/today-items.ts).
    if (item.todaySortOrder >= anchor.todaySortOrder) next.todaySortOrder += 1;
  }
  return next.sortOrder === item.sortOrder && next.todaySortOrder === item.todaySortOrder ? item : next;
}

/** `list` with `item` right after the anchor when the anchor is in it; unchanged otherwise. */
export function insertedUnder<T extends { id: string }>(list: readonly T[], anchorId: string, item: T): T[] {
  const at = list.findIndex((candidate) => candidate.id === anchorId);
  return at === -1 ? [...list] : [...list.slice(0, at + 1), item, ...list.slice(at + 1)];
}
