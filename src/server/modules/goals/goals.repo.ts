import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type GoalRow, goals } from '../../db/schema';

export type NewGoal = Pick<
  GoalRow,
  'title' | 'description' | 'color' | 'isHabitGoal' | 'archived' | 'sortOrder'
>;
export type GoalChanges = Partial<NewGoal>;

export async function listGoals(
  db: Db,
  userId: string,
  options: { includeArchived: boolean },
): Promise<GoalRow[]> {
  const owner = eq(goals.userId, userId);
  return db
    .select()
    .from(goals)
    .where(options.includeArchived ? owner : and(owner, eq(goals.archived, false)))
    .orderBy(asc(goals.sortOrder), asc(goals.createdAt));
}

export async function findGoal(db: Db, userId: string, goalId: string): Promise<GoalRow | undefined> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.id, goalId)));
  return row;
}

/** How many goals the person has, archived ones included (the count limit). */
export async function countGoals(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(goals).where(eq(goals.userId, userId));
  return row?.value ?? 0;
}

/** Inserts the goal; with a client-chosen id already taken by this person, inserts nothing (undefined). */
export async function insertGoal(
  db: Db,
  userId: string,
  values: NewGoal & { id?: string | undefined },
): Promise<GoalRow | undefined> {
  const [row] = await db
    .insert(goals)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [goals.userId, goals.id] })
    .returning();
  return row;
}

export async function updateGoal(
  db: Db,
  userId: string,
  goalId: string,
  changes: GoalChanges,
): Promise<GoalRow | undefined> {
  const [row] = await db
    .update(goals)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(goals.userId, userId), eq(goals.id, goalId)))
    .returning();
  return row;
}

/** Deletes the goal; its tasks (and their completions) go with it through the composite FK cascade. */
export async function deleteGoal(db: Db, userId: string, goalId: string): Promise<boolean> {
  const deleted = await db
    .delete(goals)
    .where(and(eq(goals.userId, userId), eq(goals.id, goalId)))
    .returning({ id: goals.id });
  return deleted.length > 0;
}
