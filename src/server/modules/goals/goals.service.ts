import type { z } from 'zod';
import type { CreateGoalInputSchema, Goal, UpdateGoalInputSchema } from '../../../shared/api/goals';
import type { SortReorderInput } from '../../../shared/api/reorder';
import { nextSortOrder } from '../../../shared/domain/ordering';
import { isGoalColor } from '../../../shared/domain/palette';
import { type Db, inTransaction } from '../../db/client';
import type { GoalRow } from '../../db/schema';
import { notFound } from '../../errors';
import { assertUniqueIds, maxOf } from '../sort-order';
import {
  deleteGoal,
  findGoal,
  insertGoal,
  listGoals,
  maxGoalSortOrder,
  setGoalSortOrders,
  updateGoal,
} from './goals.repo';

export function toGoal(row: GoalRow): Goal {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: isGoalColor(row.color) ? row.color : 'blue',
    isHabitGoal: row.isHabitGoal,
    archived: row.archived,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getGoals(db: Db, userId: string, showArchived: boolean): Promise<Goal[]> {
  return (await listGoals(db, userId, { includeArchived: showArchived })).map(toGoal);
}

/** `addToToday` is accepted and has no effect: a new goal has no tasks (docs/decisions/005). */
export async function createGoal(
  db: Db,
  userId: string,
  input: z.output<typeof CreateGoalInputSchema>,
): Promise<Goal> {
  return inTransaction(db, async (tx) => {
    const sortOrder = input.sortOrder ?? nextSortOrder(maxOf(await maxGoalSortOrder(tx, userId)));
    const row = await insertGoal(tx, userId, {
      title: input.title,
      description: input.description ?? null,
      color: input.color,
      isHabitGoal: input.isHabitGoal,
      archived: input.archived,
      sortOrder,
    });
    return toGoal(row);
  });
}

export async function patchGoal(
  db: Db,
  userId: string,
  goalId: string,
  input: z.output<typeof UpdateGoalInputSchema>,
): Promise<Goal> {
  const row = await updateGoal(db, userId, goalId, input);
  if (!row) throw notFound('Goal');
  return toGoal(row);
}

export async function removeGoal(db: Db, userId: string, goalId: string): Promise<void> {
  if (!(await deleteGoal(db, userId, goalId))) throw notFound('Goal');
}

export async function getOwnedGoal(db: Db, userId: string, goalId: string): Promise<GoalRow> {
  const goal = await findGoal(db, userId, goalId);
  if (!goal) throw notFound('Goal');
  return goal;
}

export async function reorderGoals(db: Db, userId: string, input: SortReorderInput): Promise<void> {
  assertUniqueIds(input.items);
  await inTransaction(db, async (tx) => {
    const items = input.items.map((item) => ({ id: item.id, order: item.sortOrder }));
    const touched = await setGoalSortOrders(tx, userId, items);
    // Throwing inside the transaction undoes the rows already rewritten.
    if (touched !== items.length) throw notFound('Goal');
  });
}
