import type { z } from 'zod';
import { MAX_GOALS } from '#shared/api/common';
import type { CreateGoalInputSchema, Goal, UpdateGoalInputSchema } from '#shared/api/goals';
import type { SortReorderInput } from '#shared/api/reorder';
import type { JsonText } from '../../db/api-json';
import { type Db, inTransaction } from '../../db/client';
import type { GoalRow } from '../../db/schema';
import { notFound, quotaReached } from '../../errors';
import { positionFor, reorderList } from '../positions/positions.service';
import {
  countGoals,
  deleteGoal,
  findGoal,
  findGoalItem,
  insertGoal,
  listGoalsJson,
  updateGoal,
} from './goals.repo';

/** The person's goals as the API answers them (db/api-json.ts). */
export function getGoals(db: Db, userId: string, showArchived: boolean): Promise<JsonText<Goal[]>> {
  return listGoalsJson(db, userId, { includeArchived: showArchived });
}

/**
 * `addToToday` is accepted and has no effect: a new goal has no tasks (docs/decisions/005). A repeated
 * client id answers the goal already made with it.
 */
export async function createGoal(
  db: Db,
  userId: string,
  input: z.output<typeof CreateGoalInputSchema>,
): Promise<{ goal: Goal; created: boolean }> {
  return inTransaction(
    db,
    async (tx) => {
      if (input.id !== undefined) {
        const existing = await findGoalItem(tx, userId, input.id);
        if (existing) return { goal: existing, created: false };
      }
      if ((await countGoals(tx, userId)) >= MAX_GOALS) {
        throw quotaReached(
          `You have reached the limit of ${MAX_GOALS} goals. Delete goals you no longer need to add more.`,
        );
      }
      const goal = await insertGoal(tx, userId, {
        id: input.id,
        title: input.title,
        description: input.description ?? null,
        color: input.color,
        isHabitGoal: input.isHabitGoal,
        archived: input.archived,
        sortOrder: await positionFor(tx, userId, { kind: 'goals' }, input.sortOrder),
      });
      if (!goal) throw new Error('insert returned no row');
      return { goal, created: true };
    },
    { owner: userId },
  );
}

export async function patchGoal(
  db: Db,
  userId: string,
  goalId: string,
  input: z.output<typeof UpdateGoalInputSchema>,
): Promise<Goal> {
  const goal = await updateGoal(db, userId, goalId, input);
  if (!goal) throw notFound('Goal');
  return goal;
}

/** Deletes the goal and, by cascade, its tasks: many rows, so under the owner lock like a reorder. */
export async function removeGoal(db: Db, userId: string, goalId: string): Promise<void> {
  const deleted = await inTransaction(db, (tx) => deleteGoal(tx, userId, goalId), { owner: userId });
  if (!deleted) throw notFound('Goal');
}

export async function getOwnedGoal(db: Db, userId: string, goalId: string): Promise<GoalRow> {
  const goal = await findGoal(db, userId, goalId);
  if (!goal) throw notFound('Goal');
  return goal;
}

export function reorderGoals(db: Db, userId: string, input: SortReorderInput): Promise<void> {
  return reorderList(db, userId, { kind: 'goals' }, input);
}
