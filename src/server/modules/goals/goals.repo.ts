import { and, count, eq, sql } from 'drizzle-orm';
import type { Goal } from '#shared/api/goals';
import { goalFields, goalJson, type JsonText, jsonList } from '../../db/api-json';
import type { Db } from '../../db/client';
import { type GoalRow, goals } from '../../db/schema';
import { statement } from '../../db/statements';

export type NewGoal = Pick<
  GoalRow,
  'title' | 'description' | 'color' | 'isHabitGoal' | 'archived' | 'sortOrder'
>;
export type GoalChanges = Partial<NewGoal>;

/** The person's goals as the API lists them, in sortOrder (archived ones only when asked). */
export async function listGoalsJson(
  db: Db,
  userId: string,
  options: { includeArchived: boolean },
): Promise<JsonText<Goal[]>> {
  const list = options.includeArchived ? allGoals : activeGoals;
  const [row] = await list(db, { userId });
  return row?.body ?? '[]';
}

const goalList = (name: string, includeArchived: boolean) =>
  statement<{ userId: string }, { body: string }>(
    name,
    () =>
      sql`select ${jsonList(
        goalFields('g'),
        sql`from goals g
          where g.user_id = ${sql.placeholder('userId')} ${includeArchived ? sql`` : sql`and not g.archived`}`,
        ['sortOrder'],
      )}::text as body`,
  );
const allGoals = goalList('stride_goals_all', true);
const activeGoals = goalList('stride_goals_active', false);

const goalItem = statement<{ userId: string; goalId: string }, { item: Goal }>(
  'stride_goal',
  () =>
    sql`select ${goalJson('g')} as item from goals g
      where g.user_id = ${sql.placeholder('userId')} and g.id = ${sql.placeholder('goalId')}`,
);

/** One goal as the API answers it. */
export async function findGoalItem(db: Db, userId: string, goalId: string): Promise<Goal | undefined> {
  const [row] = await goalItem(db, { userId, goalId });
  return row?.item;
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
): Promise<Goal | undefined> {
  const [row] = await db
    .insert(goals)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [goals.userId, goals.id] })
    .returning({ item: sql<Goal>`${goalJson('goals')}` });
  return row?.item;
}

export async function updateGoal(
  db: Db,
  userId: string,
  goalId: string,
  changes: GoalChanges,
): Promise<Goal | undefined> {
  const [row] = await db
    .update(goals)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(goals.userId, userId), eq(goals.id, goalId)))
    .returning({ item: sql<Goal>`${goalJson('goals')}` });
  return row?.item;
}

/** Deletes the goal; its tasks (and their completions) go with it through the composite FK cascade. */
export async function deleteGoal(db: Db, userId: string, goalId: string): Promise<boolean> {
  const deleted = await db
    .delete(goals)
    .where(and(eq(goals.userId, userId), eq(goals.id, goalId)))
    .returning({ id: goals.id });
  return deleted.length > 0;
}
