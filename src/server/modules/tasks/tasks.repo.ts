import { and, asc, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { goals, type TaskRow, taskCompletions, tasks } from '../../db/schema';
import { rewriteOrders } from '../../db/sort-values';

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

export async function maxTaskSortOrder(
  db: Db,
  userId: string,
  goalId: string | null,
): Promise<number | null> {
  const [row] = await db
    .select({ value: max(tasks.sortOrder) })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), goalId === null ? isNull(tasks.goalId) : eq(tasks.goalId, goalId)));
  return row?.value ?? null;
}

export async function insertTask(db: Db, userId: string, values: NewTask): Promise<TaskRow> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('insert returned no row');
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

/** The lists (goal ids, null for standalone) the given tasks of the user are in. */
export async function findTaskLists(
  db: Db,
  userId: string,
  taskIds: string[],
): Promise<Array<{ id: string; goalId: string | null }>> {
  return db
    .select({ id: tasks.id, goalId: tasks.goalId })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.id, taskIds)));
}

export function setTaskSortOrders(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ id: string; order: number }>,
): Promise<number> {
  return rewriteOrders(db, tasks, 'sortOrder', userId, items);
}

export function setTaskTodaySortOrders(
  db: Db,
  userId: string,
  items: ReadonlyArray<{ id: string; order: number }>,
): Promise<number> {
  return rewriteOrders(db, tasks, 'todaySortOrder', userId, items);
}

/**
 * Records `day` as completed. Only a new row moves the counter, so repeating the call is harmless;
 * the counter and last day change in the caller's transaction.
 */
export async function addTaskCompletion(db: Db, userId: string, taskId: string, day: string): Promise<void> {
  const inserted = await db
    .insert(taskCompletions)
    .values({ userId, taskId, day })
    .onConflictDoNothing()
    .returning({ day: taskCompletions.day });
  if (inserted.length === 0) return;
  await db
    .update(tasks)
    .set({
      completionCount: sql`${tasks.completionCount} + 1`,
      lastCompletedDay: sql`greatest(${tasks.lastCompletedDay}, ${day}::date)`,
    })
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)));
}

/** Removes `day`'s completion only; earlier days stay and the last day falls back to the latest left. */
export async function removeTaskCompletion(
  db: Db,
  userId: string,
  taskId: string,
  day: string,
): Promise<void> {
  const deleted = await db
    .delete(taskCompletions)
    .where(
      and(
        eq(taskCompletions.userId, userId),
        eq(taskCompletions.taskId, taskId),
        eq(taskCompletions.day, day),
      ),
    )
    .returning({ day: taskCompletions.day });
  if (deleted.length === 0) return;
  const latest = db
    .select({ day: taskCompletions.day })
    .from(taskCompletions)
    .where(and(eq(taskCompletions.userId, userId), eq(taskCompletions.taskId, taskId)))
    .orderBy(desc(taskCompletions.day))
    .limit(1);
  await db
    .update(tasks)
    .set({ completionCount: sql`${tasks.completionCount} - 1`, lastCompletedDay: sql`(${latest})` })
    .where(and(eq(tasks.userId, userId), eq(tasks.id, taskId)));
}
