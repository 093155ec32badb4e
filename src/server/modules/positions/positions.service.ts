import type { SortReorderInput, TaskReorderInput, TodayReorderInput } from '#shared/api/reorder';
import { nextSortOrder } from '#shared/domain/ordering';
import { type Db, inTransaction } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { findAnchor, shiftListAfter, shiftTodayAfter } from './place-after.repo';
import {
  findTaskLists,
  maxPosition,
  type PositionList,
  writePositions,
  writeTodayPositions,
} from './positions.repo';

/*
 * The one home of list positions (docs/product.md#positions): where a new or moved item goes, and how
 * a reorder is written. Creates, edits, reorders and imports all come here. Callers that write run
 * inside inTransaction(..., { owner }), so reading the last position and writing after it cannot
 * interleave with another write of the same person.
 */

export type { PositionList };

/** The position after the last item of the list: 0 for an empty list. */
export async function endPosition(db: Db, userId: string, list: PositionList): Promise<number> {
  const last = await maxPosition(db, userId, list);
  return nextSortOrder(last === null ? [] : [last]);
}

/** A client-chosen position when given (bulk adds send theirs), else the end of the list. */
export async function positionFor(
  db: Db,
  userId: string,
  list: PositionList,
  requested: number | undefined,
): Promise<number> {
  return requested ?? endPosition(db, userId, list);
}

/**
 * The Today position an item gets when it is created or edited: the one asked for; after the last
 * Today item when it joins Today now; otherwise unchanged (undefined) or 0 for a new item off Today.
 */
export async function todayPositionFor(
  db: Db,
  userId: string,
  change: { requested: number | undefined; joinsToday: boolean; isNew: boolean },
): Promise<number | undefined> {
  if (change.requested !== undefined) return change.requested;
  if (change.joinsToday) return endPosition(db, userId, { kind: 'today' });
  return change.isNew ? 0 : undefined;
}

/**
 * The positions of a task created right under another (`after`, docs/product.md#positions), making
 * room by moving the items below it down by one: in its list when both are in the same one, and on
 * Today when the new task joins it (`joinsToday`, as todayPositionFor decides) and the other counts
 * there. A position the body gives wins; a task not found (gone, or not the person's) places nothing,
 * and the new task goes at the end as any other. Runs inside the create's transaction and lock.
 */
export async function positionsAfter(
  db: Db,
  userId: string,
  afterId: string,
  task: { goalId: string | null; joinsToday: boolean; sortOrder?: number; todaySortOrder?: number },
): Promise<{ sortOrder?: number; todaySortOrder?: number }> {
  const anchor = await findAnchor(db, userId, afterId);
  if (!anchor) return {};
  const placed: { sortOrder?: number; todaySortOrder?: number } = {};
  if (task.sortOrder === undefined && anchor.goalId === task.goalId) {
    await shiftListAfter(db, userId, afterId);
    placed.sortOrder = anchor.sortOrder + 1;
  }
  if (task.todaySortOrder === undefined && task.joinsToday && anchor.todaySortOrder !== null) {
    await shiftTodayAfter(db, userId, afterId);
    placed.todaySortOrder = anchor.todaySortOrder + 1;
  }
  return placed;
}

/** A reorder naming the same item twice has no single meaning; refuse it before touching anything. */
function assertUnique(keys: readonly string[], idOf: (index: number) => string): void {
  const seen = new Set<string>();
  keys.forEach((key, index) => {
    if (seen.has(key)) throw badRequest(`Duplicate id in items: ${idOf(index)}`);
    seen.add(key);
  });
}

const NOT_FOUND = { goals: 'Goal', habits: 'Habit', tasks: 'Task' } as const;

/** Rewrites positions of goals, habits, or one task list; any id not in that list undoes it all. */
export async function reorderList(
  db: Db,
  userId: string,
  list: Exclude<PositionList, { kind: 'today' }>,
  input: SortReorderInput | TaskReorderInput,
): Promise<void> {
  const ids = input.items.map((item) => item.id);
  assertUnique(ids, (index) => ids[index] ?? '');
  const items = input.items.map((item) => ({ id: item.id, position: item.sortOrder }));
  await inTransaction(
    db,
    async (tx) => {
      const written = await writePositions(tx, userId, list, items);
      if (written.length === items.length) return;
      // Throwing inside the transaction undoes the rows already rewritten; say which id was wrong.
      if (list.kind === 'tasks') {
        const found = await findTaskLists(tx, userId, ids);
        const outside = found.find((task) => task.goalId !== list.goalId);
        if (found.length === ids.length && outside)
          throw badRequest(`Task ${outside.id} is not in this list`);
      }
      throw notFound(NOT_FOUND[list.kind]);
    },
    { owner: userId },
  );
}

/** Rewrites Today positions of tasks and habits together; any id not the caller's undoes it all. */
export async function reorderToday(db: Db, userId: string, input: TodayReorderInput): Promise<void> {
  assertUnique(
    input.items.map((item) => `${item.type}:${item.id}`),
    (index) => input.items[index]?.id ?? '',
  );
  const items = input.items.map((item) => ({ id: item.id, type: item.type, position: item.todaySortOrder }));
  await inTransaction(
    db,
    async (tx) => {
      const written = await writeTodayPositions(tx, userId, items);
      if (written.tasks.length !== items.filter((item) => item.type === 'task').length)
        throw notFound('Task');
      if (written.habits.length !== items.filter((item) => item.type === 'habit').length) {
        throw notFound('Habit');
      }
    },
    { owner: userId },
  );
}
