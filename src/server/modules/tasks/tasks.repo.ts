import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Task } from '#shared/api/tasks';
import { type JsonText, jsonList, taskFields, taskJson } from '../../db/api-json';
import type { Db } from '../../db/client';
import { goals, type TaskRow, tasks } from '../../db/schema';
import { statement } from '../../db/statements';

/** A task with what its goal says about it (a habit goal makes it a daily task). */
export type TaskWithGoal = TaskRow & { inHabitGoal: boolean };

export type NewTask = Pick<
  TaskRow,
  | 'title'
  | 'description'
  | 'goalId'
  | 'plannedFor'
  | 'repeat'
  | 'repeatStart'
  | 'remindAt'
  | 'priority'
  | 'checklist'
  | 'labels'
  | 'completed'
  | 'completedOn'
  | 'isToday'
  | 'todaySortOrder'
  | 'sortOrder'
>;
export type TaskChanges = Partial<NewTask>;

const goalJoin = and(eq(goals.userId, tasks.userId), eq(goals.id, tasks.goalId));
const taskWithGoal = { task: tasks, inHabitGoal: sql<boolean>`coalesce(${goals.isHabitGoal}, false)` };
const flatten = (row: { task: TaskRow; inHabitGoal: boolean }): TaskWithGoal => ({
  ...row.task,
  inHabitGoal: row.inHabitGoal,
});

/**
 * The person's tasks as the API lists them (all, or one list: a goal's, or `null` for the standalone
 * todos), grouped by goal with the todos last and by position within a list: the order of the
 * (user_id, goal_id, sort_order) index. `day` decides completedToday.
 */
export async function listTasksJson(
  db: Db,
  userId: string,
  day: string,
  goalId?: string | null,
): Promise<JsonText<Task[]>> {
  const [row] =
    goalId === undefined
      ? await allTasks(db, { userId, day })
      : goalId === null
        ? await todoTasks(db, { userId, day })
        : await goalTasks(db, { userId, day, goalId });
  return row?.body ?? '[]';
}

const taskList = (name: string, list: () => SQL) =>
  statement<{ userId: string; day: string; goalId?: string }, { body: string }>(
    name,
    () =>
      sql`select ${jsonList(
        taskFields('t', sql.placeholder('day'), { inHabitGoal: sql`coalesce(g.is_habit_goal, false)` }),
        sql`from tasks t left join goals g on g.user_id = t.user_id and g.id = t.goal_id
          where t.user_id = ${sql.placeholder('userId')} ${list()}`,
        ['goalId', 'sortOrder'],
      )}::text as body`,
  );
const allTasks = taskList('stride_tasks', () => sql``);
const todoTasks = taskList('stride_tasks_todos', () => sql`and t.goal_id is null`);
const goalTasks = taskList('stride_tasks_goal', () => sql`and t.goal_id = ${sql.placeholder('goalId')}`);

const taskItem = statement<{ userId: string; taskId: string; day: string }, { item: Task }>(
  'stride_task',
  () =>
    sql`select ${taskJson('t', sql.placeholder('day'))} as item from tasks t
      where t.user_id = ${sql.placeholder('userId')} and t.id = ${sql.placeholder('taskId')}`,
);

/** One task as the API answers it. */
export async function findTaskItem(
  db: Db,
  userId: string,
  taskId: string,
  day: string,
): Promise<Task | undefined> {
  const [row] = await taskItem(db, { userId, taskId, day });
  return row?.item;
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
  day: string,
): Promise<Task | undefined> {
  const [row] = await db
    .insert(tasks)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [tasks.userId, tasks.id] })
    .returning({ item: sql<Task>`${taskJson('tasks', day)}` });
  return row?.item;
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
