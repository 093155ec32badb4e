import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goals, type TaskRow, tasks } from '../../db/schema';

/** A task with what its goal says about it (a habit goal makes it a daily task). */
export type TaskWithGoal = TaskRow & { inHabitGoal: boolean };

export type NewTask = Pick<
  TaskRow,
  'title' | 'goalId' | 'completed' | 'isToday' | 'todaySortOrder' | 'sortOrder'
>;
export type TaskChanges = Partial<NewTask>;

const goalJoin = and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId));
const taskWithGoal = { task: tasks, inHabitGoal: sql<boolean>`coalesce(${goals.isHabitGoal}, false)` };
const flatten = (row: { task: TaskRow; inHabitGoal: boolean }): TaskWithGoal => ({
  ...row.task,
  inHabitGoal: row.inHabitGoal,
});

/** All of the user's tasks, or one list (a goal's, or `null` for standalone todos). */
export async function listTasks(db: Db, userId: string, goalId?: string | null): Promise<TaskWithGoal[]> {
  const owner = eq(tasks.userId, userId);
  const where =
    goalId === undefined
      ? owner
      : and(owner, goalId === null ? isNull(tasks.goalId) : eq(tasks.goalId, goalId));
  const rows = await db
    .select(taskWithGoal)
    .from(tasks)
    .leftJoin(goals, goalJoin)
    .where(where)
    // Grouped by goal (standalone todos last), by position within a list: the order of the
    // (user_id, goal_id, sort_order) index.
    .orderBy(asc(tasks.goalId), asc(tasks.sortOrder), asc(tasks.createdAt));
  return rows.map(flatten);
}

export async function findTask(db: Db, userId: string, taskId: string): Promise<TaskWithGoal | undefined> {
  const [row] = await db
    .select(taskWithGoal)
    .from(tasks)
    .leftJoin(goals, goalJoin)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)));
  return row ? flatten(row) : undefined;
}

/** How many tasks the person has (the count limit). */
export async function countTasks(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(tasks).where(eq(tasks.userId, userId));
  return row?.value ?? 0;
}

/** Inserts the task; with a client-chosen id already taken by this person, inserts nothing (undefined). */
export async function insertTask(
  db: Db,
  userId: string,
  values: NewTask & { id?: string | undefined },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [tasks.userId, tasks.id] })
    .returning();
  return row;
}

export async function updateTask(
  db: Db,
  userId: string,
  taskId: string,
  changes: TaskChanges,
): Promise<void> {
  await db
    .update(tasks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)));
}

export async function deleteTask(db: Db, userId: string, taskId: string): Promise<boolean> {
  const deleted = await db
    .delete(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)))
    .returning({ id: tasks.id });
  return deleted.length > 0;
}

/** Deletes the completed tasks of one list (`null`: standalone todos). */
export async function deleteCompletedTasks(db: Db, userId: string, goalId: string | null): Promise<void> {
  await db
    .delete(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        goalId === null ? isNull(tasks.goalId) : eq(tasks.goalId, goalId),
        eq(tasks.completed, true),
      ),
    );
}
