import type { z } from 'zod';
import { MAX_TASKS } from '../../../shared/api/common';
import type { TaskReorderInput } from '../../../shared/api/reorder';
import type { CreateTaskInputSchema, Task, UpdateTaskInputSchema } from '../../../shared/api/tasks';
import { type Db, inTransaction } from '../../db/client';
import type { TaskRow } from '../../db/schema';
import { badRequest, notFound, quotaReached } from '../../errors';
import { addCompletion, removeCompletion } from '../completions/completions.repo';
import { getOwnedGoal } from '../goals/goals.service';
import { positionFor, reorderList, todayPositionFor } from '../positions/positions.service';
import {
  countTasks,
  deleteCompletedTasks,
  deleteTask,
  findTask,
  insertTask,
  listTasks,
  type TaskChanges,
  type TaskWithGoal,
  updateTask,
} from './tasks.repo';

export const COMPLETED_TODAY_HABITS_ONLY = 'completedToday applies only to habits and tasks in habit goals';

/** `today` is the user's local date; a task's daily state only exists inside a habit goal. */
export function toTask(
  row: Pick<
    TaskRow,
    | 'id'
    | 'title'
    | 'goalId'
    | 'completed'
    | 'isToday'
    | 'todaySortOrder'
    | 'sortOrder'
    | 'completionCount'
    | 'lastCompletedDay'
    | 'createdAt'
  >,
  inHabitGoal: boolean,
  today: string,
): Task {
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

/**
 * Creates a task at the end of its list (and of Today when it goes there), unless positions are given.
 * With a client-chosen id that this person already used, answers that task unchanged: a retried create
 * never makes a second one. `created` tells the route which status to answer.
 */
export async function createTask(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateTaskInputSchema>,
): Promise<{ task: Task; created: boolean }> {
  return inTransaction(
    db,
    async (tx) => {
      if (input.id !== undefined) {
        const existing = await findTask(tx, userId, input.id);
        if (existing) return { task: fromJoined(existing, today), created: false };
      }
      if ((await countTasks(tx, userId)) >= MAX_TASKS) {
        throw quotaReached(
          `You have reached the limit of ${MAX_TASKS.toLocaleString('en-US')} tasks. Clear completed tasks or delete some to add more.`,
        );
      }
      const goal = input.goalId === null ? undefined : await getOwnedGoal(tx, userId, input.goalId);
      const row = await insertTask(tx, userId, {
        id: input.id,
        title: input.title,
        goalId: input.goalId,
        completed: input.completed,
        isToday: input.isToday,
        sortOrder: await positionFor(tx, userId, { kind: 'tasks', goalId: input.goalId }, input.sortOrder),
        todaySortOrder:
          (await todayPositionFor(tx, userId, {
            requested: input.todaySortOrder,
            joinsToday: input.isToday,
            isNew: true,
          })) ?? 0,
      });
      if (!row) throw new Error('insert returned no row');
      return { task: toTask(row, goal?.isHabitGoal ?? false, today), created: true };
    },
    { owner: userId },
  );
}

export async function patchTask(
  db: Db,
  userId: string,
  today: string,
  taskId: string,
  input: z.output<typeof UpdateTaskInputSchema>,
): Promise<Task> {
  return inTransaction(
    db,
    async (tx) => {
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
        changes.sortOrder = await positionFor(
          tx,
          userId,
          { kind: 'tasks', goalId: input.goalId },
          input.sortOrder,
        );
      } else if (input.sortOrder !== undefined) {
        changes.sortOrder = input.sortOrder;
      }

      if (input.isToday !== undefined) changes.isToday = input.isToday;
      const todaySortOrder = await todayPositionFor(tx, userId, {
        requested: input.todaySortOrder,
        joinsToday: input.isToday === true && !current.isToday,
        isNew: false,
      });
      if (todaySortOrder !== undefined) changes.todaySortOrder = todaySortOrder;

      if (input.completedToday !== undefined && !inHabitGoal) throw badRequest(COMPLETED_TODAY_HABITS_ONLY);

      await updateTask(tx, userId, taskId, changes);
      const target = { kind: 'task', id: taskId } as const;
      if (input.completedToday === true) await addCompletion(tx, userId, target, today);
      if (input.completedToday === false) await removeCompletion(tx, userId, target, today);

      const updated = await findTask(tx, userId, taskId);
      if (!updated) throw notFound('Task');
      return fromJoined(updated, today);
    },
    { owner: userId },
  );
}

export async function removeTask(db: Db, userId: string, taskId: string): Promise<void> {
  const deleted = await inTransaction(db, (tx) => deleteTask(tx, userId, taskId), { owner: userId });
  if (!deleted) throw notFound('Task');
}

/** Deletes completed tasks of a goal, or standalone todos when `goalId` is null. */
export async function removeCompletedTasks(db: Db, userId: string, goalId: string | null): Promise<void> {
  await inTransaction(
    db,
    async (tx) => {
      if (goalId !== null) await getOwnedGoal(tx, userId, goalId);
      await deleteCompletedTasks(tx, userId, goalId);
    },
    { owner: userId },
  );
}

export function reorderTasks(db: Db, userId: string, input: TaskReorderInput): Promise<void> {
  return reorderList(db, userId, { kind: 'tasks', goalId: input.goalId }, input);
}
