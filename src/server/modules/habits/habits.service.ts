import type { z } from 'zod';
import { MAX_HABITS } from '../../../shared/api/common';
import type { CreateHabitInputSchema, Habit, UpdateHabitInputSchema } from '../../../shared/api/habits';
import type { SortReorderInput } from '../../../shared/api/reorder';
import { type Db, inTransaction } from '../../db/client';
import type { HabitRow } from '../../db/schema';
import { notFound, quotaReached } from '../../errors';
import { addCompletion, removeCompletion } from '../completions/completions.repo';
import { positionFor, reorderList, todayPositionFor } from '../positions/positions.service';
import {
  countHabits,
  deleteHabit,
  findHabit,
  type HabitChanges,
  insertHabit,
  listHabits,
  updateHabit,
} from './habits.repo';

/** `today` is the user's local date: yesterday's completion reads as not done after the day turns. */
export function toHabit(
  row: Pick<
    HabitRow,
    | 'id'
    | 'title'
    | 'isToday'
    | 'todaySortOrder'
    | 'sortOrder'
    | 'completionCount'
    | 'lastCompletedDay'
    | 'createdAt'
  >,
  today: string,
): Habit {
  return {
    id: row.id,
    title: row.title,
    isToday: row.isToday,
    completedToday: row.lastCompletedDay === today,
    completionCount: row.completionCount,
    todaySortOrder: row.todaySortOrder,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getHabits(db: Db, userId: string, today: string): Promise<Habit[]> {
  return (await listHabits(db, userId)).map((row) => toHabit(row, today));
}

/** Creates a habit at the end of the list (and of Today); a repeated client id answers the same habit. */
export async function createHabit(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateHabitInputSchema>,
): Promise<{ habit: Habit; created: boolean }> {
  return inTransaction(
    db,
    async (tx) => {
      if (input.id !== undefined) {
        const existing = await findHabit(tx, userId, input.id);
        if (existing) return { habit: toHabit(existing, today), created: false };
      }
      if ((await countHabits(tx, userId)) >= MAX_HABITS) {
        throw quotaReached(
          `You have reached the limit of ${MAX_HABITS} habits. Delete habits you no longer track to add more.`,
        );
      }
      const row = await insertHabit(tx, userId, {
        id: input.id,
        title: input.title,
        isToday: input.isToday,
        sortOrder: await positionFor(tx, userId, { kind: 'habits' }, input.sortOrder),
        todaySortOrder:
          (await todayPositionFor(tx, userId, {
            requested: input.todaySortOrder,
            joinsToday: input.isToday,
            isNew: true,
          })) ?? 0,
      });
      if (!row) throw new Error('insert returned no row');
      return { habit: toHabit(row, today), created: true };
    },
    { owner: userId },
  );
}

export async function patchHabit(
  db: Db,
  userId: string,
  today: string,
  habitId: string,
  input: z.output<typeof UpdateHabitInputSchema>,
): Promise<Habit> {
  return inTransaction(
    db,
    async (tx) => {
      const current = await findHabit(tx, userId, habitId);
      if (!current) throw notFound('Habit');
      const changes: HabitChanges = {};
      if (input.title !== undefined) changes.title = input.title;
      if (input.sortOrder !== undefined) changes.sortOrder = input.sortOrder;
      if (input.isToday !== undefined) changes.isToday = input.isToday;
      const todaySortOrder = await todayPositionFor(tx, userId, {
        requested: input.todaySortOrder,
        joinsToday: input.isToday === true && !current.isToday,
        isNew: false,
      });
      if (todaySortOrder !== undefined) changes.todaySortOrder = todaySortOrder;
      await updateHabit(tx, userId, habitId, changes);
      const target = { kind: 'habit', id: habitId } as const;
      if (input.completedToday === true) await addCompletion(tx, userId, target, today);
      if (input.completedToday === false) await removeCompletion(tx, userId, target, today);
      const updated = await findHabit(tx, userId, habitId);
      if (!updated) throw notFound('Habit');
      return toHabit(updated, today);
    },
    { owner: userId },
  );
}

export async function removeHabit(db: Db, userId: string, habitId: string): Promise<void> {
  const deleted = await inTransaction(db, (tx) => deleteHabit(tx, userId, habitId), { owner: userId });
  if (!deleted) throw notFound('Habit');
}

export function reorderHabits(db: Db, userId: string, input: SortReorderInput): Promise<void> {
  return reorderList(db, userId, { kind: 'habits' }, input);
}
