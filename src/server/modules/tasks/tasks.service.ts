import type { z } from 'zod';
import type { TaskReorderInput } from '../../../shared/api/reorder';
import type { CreateTaskInputSchema, Task, UpdateTaskInputSchema } from '../../../shared/api/tasks';
import { nextSortOrder } from '../../../shared/domain/ordering';
import { type Db, inTransaction } from '../../db/client';
import type { TaskRow } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { getOwnedGoal } from '../goals/goals.service';
import { assertUniqueIds, maxOf } from '../sort-order';
import { maxTodaySortOrder } from '../today/today.repo';
import {
  addTaskCompletion,
  deleteCompletedTasks,
  deleteTask,
  findTask,
  findTaskLists,
  insertTask,
  listTasks,
  maxTaskSortOrder,
  removeTaskCompletion,
  setTaskSortOrders,
  type TaskChanges,
  type TaskWithGoal,
  updateTask,
} from './tasks.repo';

export const COMPLETED_TODAY_HABITS_ONLY = 'completedToday applies only to habits and tasks in habit goals';

/** `today` is the user's local date; a task's daily state only exists inside a habit goal. */
export function toTask(row: TaskRow, inHabitGoal: boolean, today: string): Task {
  return {
    id: row.id,
    title: row.title,
    goalId: row.goalId,
    completed: row.completed,
    completedToday: inHabitGoal && row.lastCompletedDay === today,
    completionCount: row.completionCount,
    isToday: row.isToday,
    todaySortOrder: row.todaySortOrder,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
  };
}

const fromJoined = (row: TaskWithGoal, today: string) => toTask(row, row.inHabitGoal, today);

export async function getTasks(
  db: Db,
  userId: string,
  today: string,
  goalFilter: string | undefined,
): Promise<Task[]> {
  const goalId = goalFilter === 'none' ? null : goalFilter;
  return (await listTasks(db, userId, goalId)).map((row) => fromJoined(row, today));
}

export async function createTask(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateTaskInputSchema>,
): Promise<Task> {
  return inTransaction(db, async (tx) => {
    const goal = input.goalId === null ? undefined : await getOwnedGoal(tx, userId, input.goalId);
    const sortOrder =
      input.sortOrder ?? nextSortOrder(maxOf(await maxTaskSortOrder(tx, userId, input.goalId)));
    const todaySortOrder =
      input.todaySortOrder ?? (input.isToday ? nextSortOrder(maxOf(await maxTodaySortOrder(tx, userId))) : 0);
    const row = await insertTask(tx, userId, {
      title: input.title,
      goalId: input.goalId,
      completed: input.completed,
      isToday: input.isToday,
      sortOrder,
      todaySortOrder,
    });
    return toTask(row, goal?.isHabitGoal ?? false, today);
  });
}

export async function patchTask(
  db: Db,
  userId: string,
  today: string,
  taskId: string,
  input: z.output<typeof UpdateTaskInputSchema>,
): Promise<Task> {
  return inTransaction(db, async (tx) => {
    const current = await findTask(tx, userId, taskId);
    if (!current) throw notFound('Task');
    const changes: TaskChanges = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.completed !== undefined) changes.completed = input.completed;

    let inHabitGoal = current.inHabitGoal;
    if (input.goalId !== undefined && input.goalId !== current.goalId) {
      const goal = input.goalId === null ? undefined : await getOwnedGoal(tx, userId, input.goalId);
      inHabitGoal = goal?.isHabitGoal ?? false;
      changes.goalId = input.goalId;
      // Moving to another list places the task at its end unless a position is given.
      if (input.sortOrder === undefined) {
        changes.sortOrder = nextSortOrder(maxOf(await maxTaskSortOrder(tx, userId, input.goalId)));
      }
    }
    if (input.sortOrder !== undefined) changes.sortOrder = input.sortOrder;

    if (input.isToday !== undefined) changes.isToday = input.isToday;
    if (input.todaySortOrder !== undefined) {
      changes.todaySortOrder = input.todaySortOrder;
    } else if (input.isToday === true && !current.isToday) {
      changes.todaySortOrder = nextSortOrder(maxOf(await maxTodaySortOrder(tx, userId)));
    }

    if (input.completedToday !== undefined && !inHabitGoal) throw badRequest(COMPLETED_TODAY_HABITS_ONLY);

    await updateTask(tx, userId, taskId, changes);
    if (input.completedToday === true) await addTaskCompletion(tx, userId, taskId, today);
    if (input.completedToday === false) await removeTaskCompletion(tx, userId, taskId, today);

    const updated = await findTask(tx, userId, taskId);
    if (!updated) throw notFound('Task');
    return fromJoined(updated, today);
  });
}

export async function removeTask(db: Db, userId: string, taskId: string): Promise<void> {
  if (!(await deleteTask(db, userId, taskId))) throw notFound('Task');
}

/** Deletes completed tasks of a goal, or standalone todos when `goalId` is null. */
export async function removeCompletedTasks(db: Db, userId: string, goalId: string | null): Promise<void> {
  if (goalId !== null) await getOwnedGoal(db, userId, goalId);
  await deleteCompletedTasks(db, userId, goalId);
}

export async function reorderTasks(db: Db, userId: string, input: TaskReorderInput): Promise<void> {
  assertUniqueIds(input.items);
  await inTransaction(db, async (tx) => {
    const ids = input.items.map((item) => item.id);
    const found = await findTaskLists(tx, userId, ids);
    if (found.length !== ids.length) throw notFound('Task');
    const outside = found.find((task) => task.goalId !== input.goalId);
    if (outside) throw badRequest(`Task ${outside.id} is not in this list`);
    const items = input.items.map((item) => ({ id: item.id, order: item.sortOrder }));
    const touched = await setTaskSortOrders(tx, userId, items);
    if (touched !== items.length) throw notFound('Task');
  });
}
