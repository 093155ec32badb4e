import { and, count, eq, sql } from 'drizzle-orm';
import type { Habit } from '#shared/api/habits';
import { habitFields, habitJson, type JsonText, jsonList } from '../../db/api-json';
import type { Db } from '../../db/client';
import { type HabitRow, habits } from '../../db/schema';
import { statement } from '../../db/statements';

export type NewHabit = Pick<
  HabitRow,
  | 'title'
  | 'description'
  | 'repeat'
  | 'repeatStart'
  | 'timesPerWeek'
  | 'remindAt'
  | 'isToday'
  | 'todaySortOrder'
  | 'sortOrder'
>;
export type HabitChanges = Partial<NewHabit>;

/** The person's habits as the API lists them, in sortOrder; `day` decides completedToday. */
export async function listHabitsJson(db: Db, userId: string, day: string): Promise<JsonText<Habit[]>> {
  const [row] = await habitList(db, { userId, day });
  return row?.body ?? '[]';
}

const habitList = statement<{ userId: string; day: string }, { body: string }>(
  'stride_habits',
  () =>
    sql`select ${jsonList(
      habitFields('h', sql.placeholder('day')),
      sql`from habits h where h.user_id = ${sql.placeholder('userId')}`,
      ['sortOrder'],
    )}::text as body`,
);

const habitItem = statement<{ userId: string; habitId: string; day: string }, { item: Habit }>(
  'stride_habit',
  () =>
    sql`select ${habitJson('h', sql.placeholder('day'))} as item from habits h
      where h.user_id = ${sql.placeholder('userId')} and h.id = ${sql.placeholder('habitId')}`,
);

/** One habit as the API answers it. */
export async function findHabitItem(
  db: Db,
  userId: string,
  habitId: string,
  day: string,
): Promise<Habit | undefined> {
  const [row] = await habitItem(db, { userId, habitId, day });
  return row?.item;
}

export async function findHabit(db: Db, userId: string, habitId: string): Promise<HabitRow | undefined> {
  const [row] = await db
    .select()
    .from(habits)
    .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
  return row;
}

/** How many habits the person has (the count limit). */
export async function countHabits(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(habits).where(eq(habits.userId, userId));
  return row?.value ?? 0;
}

/** Inserts the habit; with a client-chosen id already taken by this person, inserts nothing (undefined). */
export async function insertHabit(
  db: Db,
  userId: string,
  values: NewHabit & { id?: string | undefined },
  day: string,
): Promise<Habit | undefined> {
  const [row] = await db
    .insert(habits)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [habits.userId, habits.id] })
    .returning({ item: sql<Habit>`${habitJson('habits', day)}` });
  return row?.item;
}

export async function updateHabit(
  db: Db,
  userId: string,
  habitId: string,
  changes: HabitChanges,
): Promise<void> {
  await db
    .update(habits)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
}

export async function deleteHabit(db: Db, userId: string, habitId: string): Promise<boolean> {
  const deleted = await db
    .delete(habits)
    .where(and(eq(habits.userId, userId), eq(habits.id, habitId)))
    .returning({ id: habits.id });
  return deleted.length > 0;
}
