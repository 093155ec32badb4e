import type { z } from 'zod';
import { MAX_HABITS } from '#shared/api/common';
import type { CreateHabitInputSchema, Habit, UpdateHabitInputSchema } from '#shared/api/habits';
import type { SortReorderInput } from '#shared/api/reorder';
import type { JsonText } from '../../db/api-json';
import { type Db, inTransaction } from '../../db/client';
import { notFound } from '../../errors';
import { setHabitCompletion } from '../completions/completions.service';
import { createOnce, editItem } from '../items/item-writes.service';
import { positionFor, reorderList, todayPositionFor } from '../positions/positions.service';
import {
  countHabits,
  deleteHabit,
  findHabit,
  findHabitItem,
  type HabitChanges,
  insertHabit,
  listHabitsJson,
  updateHabit,
} from './habits.repo';

/** The person's habits as the API answers them (db/api-json.ts); `today` decides completedToday. */
export function getHabits(db: Db, userId: string, today: string): Promise<JsonText<Habit[]>> {
  return listHabitsJson(db, userId, today);
}

/** Creates a habit at the end of the list (and of Today); a repeated client id answers the same habit. */
export async function createHabit(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateHabitInputSchema>,
): Promise<{ habit: Habit; created: boolean }> {
  const { item, created } = await createOnce(db, userId, {
    id: input.id,
    existing: (tx, id) => findHabitItem(tx, userId, id, today),
    count: (tx) => countHabits(tx, userId),
    max: MAX_HABITS,
    full: `You have reached the limit of ${MAX_HABITS} habits. Delete habits you no longer track to add more.`,
    insert: async (tx) =>
      insertHabit(
        tx,
        userId,
        {
          id: input.id,
          title: input.title,
          repeat: input.repeat,
          repeatStart: input.repeat === null ? null : today,
          timesPerWeek: input.timesPerWeek,
          description: input.description,
          remindAt: input.remindAt,
          isToday: input.isToday,
          sortOrder: await positionFor(tx, userId, { kind: 'habits' }, input.sortOrder),
          todaySortOrder:
            (await todayPositionFor(tx, userId, {
              requested: input.todaySortOrder,
              joinsToday: input.isToday,
              isNew: true,
            })) ?? 0,
        },
        today,
      ),
  });
  return { habit: item, created };
}

/** Edits a habit (modules/items/item-writes.service.ts says how a tick alone differs). */
export function patchHabit(
  db: Db,
  userId: string,
  today: string,
  habitId: string,
  input: z.output<typeof UpdateHabitInputSchema>,
): Promise<Habit> {
  return editItem(db, userId, input, {
    tick: (on, done) => tickHabit(on, userId, today, habitId, done),
    read: async (tx) => {
      const updated = await findHabitItem(tx, userId, habitId, today);
      if (!updated) throw notFound('Habit');
      return updated;
    },
    edit: async (tx, edits) => {
      const current = await findHabit(tx, userId, habitId);
      if (!current) throw notFound('Habit');
      const changes: HabitChanges = {};
      if (edits.title !== undefined) changes.title = edits.title;
      if (edits.description !== undefined) changes.description = edits.description;
      if (edits.remindAt !== undefined) changes.remindAt = edits.remindAt;
      // A habit has one schedule (docs/product.md#habit-schedules): giving it one takes the other away.
      if (edits.repeat !== undefined && edits.repeat !== current.repeat) {
        changes.repeat = edits.repeat;
        changes.repeatStart = edits.repeat === null ? null : today;
        if (edits.repeat !== null) changes.timesPerWeek = null;
      }
      if (edits.timesPerWeek !== undefined) {
        changes.timesPerWeek = edits.timesPerWeek;
        if (edits.timesPerWeek !== null) Object.assign(changes, { repeat: null, repeatStart: null });
      }
      if (edits.sortOrder !== undefined) changes.sortOrder = edits.sortOrder;
      if (edits.isToday !== undefined) changes.isToday = edits.isToday;
      const todaySortOrder = await todayPositionFor(tx, userId, {
        requested: edits.todaySortOrder,
        joinsToday: edits.isToday === true && !current.isToday,
        isNew: false,
      });
      if (todaySortOrder !== undefined) changes.todaySortOrder = todaySortOrder;
      await updateHabit(tx, userId, habitId, changes);
    },
  });
}

/** Marks today done or not done (docs/product.md#completion-and-days). */
async function tickHabit(
  db: Db,
  userId: string,
  today: string,
  habitId: string,
  done: boolean,
): Promise<Habit> {
  const result = await setHabitCompletion(db, userId, habitId, { day: today, today, done });
  if (!result.found || !result.daily) throw notFound('Habit');
  return result.item;
}

export async function removeHabit(db: Db, userId: string, habitId: string): Promise<void> {
  const deleted = await inTransaction(db, (tx) => deleteHabit(tx, userId, habitId), { owner: userId });
  if (!deleted) throw notFound('Habit');
}

export function reorderHabits(db: Db, userId: string, input: SortReorderInput): Promise<void> {
  return reorderList(db, userId, { kind: 'habits' }, input);
}
