import type { z } from 'zod';
import type { CreateHabitInputSchema, Habit, UpdateHabitInputSchema } from '../../../shared/api/habits';
import type { SortReorderInput } from '../../../shared/api/reorder';
import { nextSortOrder } from '../../../shared/domain/ordering';
import { type Db, inTransaction } from '../../db/client';
import type { HabitRow } from '../../db/schema';
import { notFound } from '../../errors';
import { assertUniqueIds, maxOf } from '../sort-order';
import { maxTodaySortOrder } from '../today/today.repo';
import {
  addHabitCompletion,
  deleteHabit,
  findHabit,
  type HabitChanges,
  insertHabit,
  listHabits,
  maxHabitSortOrder,
  removeHabitCompletion,
  setHabitSortOrders,
  updateHabit,
} from './habits.repo';

/** `today` is the user's local date: yesterday's completion reads as not done after local midnight. */
export function toHabit(row: HabitRow, today: string): Habit {
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

export async function createHabit(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateHabitInputSchema>,
): Promise<Habit> {
  return inTransaction(db, async (tx) => {
    const sortOrder = input.sortOrder ?? nextSortOrder(maxOf(await maxHabitSortOrder(tx, userId)));
    const todaySortOrder =
      input.todaySortOrder ?? (input.isToday ? nextSortOrder(maxOf(await maxTodaySortOrder(tx, userId))) : 0);
    const row = await insertHabit(tx, userId, {
      title: input.title,
      isToday: input.isToday,
      sortOrder,
      todaySortOrder,
    });
    return toHabit(row, today);
  });
}

export async function patchHabit(
  db: Db,
  userId: string,
  today: string,
  habitId: string,
  input: z.output<typeof UpdateHabitInputSchema>,
): Promise<Habit> {
  return inTransaction(db, async (tx) => {
    const current = await findHabit(tx, userId, habitId);
    if (!current) throw notFound('Habit');
    const changes: HabitChanges = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.sortOrder !== undefined) changes.sortOrder = input.sortOrder;
    if (input.isToday !== undefined) changes.isToday = input.isToday;
    if (input.todaySortOrder !== undefined) {
      changes.todaySortOrder = input.todaySortOrder;
    } else if (input.isToday === true && !current.isToday) {
      changes.todaySortOrder = nextSortOrder(maxOf(await maxTodaySortOrder(tx, userId)));
    }
    await updateHabit(tx, userId, habitId, changes);
    if (input.completedToday === true) await addHabitCompletion(tx, userId, habitId, today);
    if (input.completedToday === false) await removeHabitCompletion(tx, userId, habitId, today);
    const updated = await findHabit(tx, userId, habitId);
    if (!updated) throw notFound('Habit');
    return toHabit(updated, today);
  });
}

export async function removeHabit(db: Db, userId: string, habitId: string): Promise<void> {
  if (!(await deleteHabit(db, userId, habitId))) throw notFound('Habit');
}

export async function reorderHabits(db: Db, userId: string, input: SortReorderInput): Promise<void> {
  assertUniqueIds(input.items);
  await inTransaction(db, async (tx) => {
    const items = input.items.map((item) => ({ id: item.id, order: item.sortOrder }));
    const touched = await setHabitSortOrders(tx, userId, items);
    if (touched !== items.length) throw notFound('Habit');
  });
}
