import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type HabitRow, habits } from '../../db/schema';

export type NewHabit = Pick<HabitRow, 'title' | 'isToday' | 'todaySortOrder' | 'sortOrder'>;
export type HabitChanges = Partial<NewHabit>;

export async function listHabits(db: Db, userId: string): Promise<HabitRow[]> {
  return db
    .select()
    .from(habits)
    .where(eq(habits.userId, userId))
    .orderBy(asc(habits.sortOrder), asc(habits.createdAt));
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
): Promise<HabitRow | undefined> {
  const [row] = await db
    .insert(habits)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [habits.userId, habits.id] })
    .returning();
  return row;
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
