import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type HabitRow, habitCompletions, habits } from '../../db/schema';
import { rewriteOrders } from '../../db/sort-values';

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

export async function maxHabitSortOrder(db: Db, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ value: max(habits.sortOrder) })
    .from(habits)
    .where(eq(habits.userId, userId));
  return row?.value ?? null;
}

export async function insertHabit(db: Db, userId: string, values: NewHabit): Promise<HabitRow> {
  const [row] = await db
    .insert(habits)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('insert returned no row');
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

export function setHabitSortOrders(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ id: string; order: number }>,
): Promise<number> {
  return rewriteOrders(db, habits, 'sortOrder', userId, items);
}

export function setHabitTodaySortOrders(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ id: string; order: number }>,
): Promise<number> {
  return rewriteOrders(db, habits, 'todaySortOrder', userId, items);
}

/** Records `day` once; the counter and last day move only when the row is new (same transaction). */
export async function addHabitCompletion(
  db: Db,
  userId: string,
  habitId: string,
  day: string,
): Promise<void> {
  const inserted = await db
    .insert(habitCompletions)
    .values({ userId, habitId, day })
    .onConflictDoNothing()
    .returning({ day: habitCompletions.day });
  if (inserted.length === 0) return;
  await db
    .update(habits)
    .set({
      completionCount: sql`${habits.completionCount} + 1`,
      lastCompletedDay: sql`greatest(${habits.lastCompletedDay}, ${day}::date)`,
    })
    .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
}

/** Removes `day`'s completion only; the last day falls back to the latest one left. */
export async function removeHabitCompletion(
  db: Db,
  userId: string,
  habitId: string,
  day: string,
): Promise<void> {
  const deleted = await db
    .delete(habitCompletions)
    .where(
      and(
        eq(habitCompletions.userId, userId),
        eq(habitCompletions.habitId, habitId),
        eq(habitCompletions.day, day),
      ),
    )
    .returning({ day: habitCompletions.day });
  if (deleted.length === 0) return;
  const latest = db
    .select({ day: habitCompletions.day })
    .from(habitCompletions)
    .where(and(eq(habitCompletions.userId, userId), eq(habitCompletions.habitId, habitId)))
    .orderBy(desc(habitCompletions.day))
    .limit(1);
  await db
    .update(habits)
    .set({ completionCount: sql`${habits.completionCount} - 1`, lastCompletedDay: sql`(${latest})` })
    .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
}
