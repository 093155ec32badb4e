import type { z } from 'zod';
import type { TickChecklistItemInput } from '#shared/api/checklist';
import { MAX_TASKS } from '#shared/api/common';
import type { TaskReorderInput } from '#shared/api/reorder';
import type { CreateTaskInputSchema, PlanTasksInput, Task, UpdateTaskInputSchema } from '#shared/api/tasks';
import { checklistCleared, checklistTicked, checklistToStore } from '#shared/domain/checklist';
import { firstOccurrenceFrom, nextOccurrenceAfter } from '#shared/domain/repeat-expansion';
import type { JsonText } from '../../db/api-json';
import { type Db, inTransaction } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { recordRepeatDone, setTaskCompletion, undoRepeatDone } from '../completions/completions.service';
import { getOwnedGoal } from '../goals/goals.service';
import { createOnce, editItem } from '../items/item-writes.service';
import { positionFor, positionsAfter, reorderList, todayPositionFor } from '../positions/positions.service';
import {
  countTasks,
  deleteCompletedTasks,
  deleteTask,
  findTask,
  findTaskItem,
  insertTask,
  listTasksJson,
  type TaskChanges,
  type TaskWithGoal,
  updateTask,
} from './tasks.repo';

export const COMPLETED_TODAY_HABITS_ONLY = 'completedToday applies only to habits and tasks in habit goals';

/**
 * Where a task given a repeat is planned (docs/product.md#repeats): the rule counts from the day it was
 * planned for (today when unplanned), and the task is planned for the rule's first day from then. A
 * rule with no such day (its COUNT or UNTIL already over) is refused.
 */
function startRepeat(repeat: string, plannedFor: string | null, today: string) {
  const repeatStart = plannedFor ?? today;
  const first = firstOccurrenceFrom(repeat, repeatStart, repeatStart);
  if (first === null) {
    throw badRequest(`repeat falls on no day from ${repeatStart} on: its COUNT or UNTIL is already over`, [
      { path: 'repeat', message: `repeat falls on no day from ${repeatStart} on` },
    ]);
  }
  return { repeat, repeatStart, plannedFor: first };
}

/** The person's tasks, or one list of them, as the API answers them (db/api-json.ts). */
export function getTasks(
  db: Db,
  userId: string,
  today: string,
  goalFilter: string | undefined,
): Promise<JsonText<Task[]>> {
  return listTasksJson(db, userId, today, goalFilter === 'none' ? null : goalFilter);
}

/**
 * Creates a task at the end of its list (and of Today when it goes there), or right under the task
 * named by `after`, unless positions are given; a repeated client id answers the same task and moves
 * nothing again (modules/items/item-writes.service.ts).
 */
export async function createTask(
  db: Db,
  userId: string,
  today: string,
  input: z.output<typeof CreateTaskInputSchema>,
): Promise<{ task: Task; created: boolean }> {
  const { item, created } = await createOnce(db, userId, {
    id: input.id,
    existing: (tx, id) => findTaskItem(tx, userId, id, today),
    count: (tx) => countTasks(tx, userId),
    max: MAX_TASKS,
    full: `You have reached the limit of ${MAX_TASKS.toLocaleString('en-US')} tasks. Clear completed tasks or delete some to add more.`,
    insert: async (tx) => {
      const goal = input.goalId === null ? undefined : await getOwnedGoal(tx, userId, input.goalId);
      const plan =
        input.repeat === null
          ? { repeat: null, repeatStart: null, plannedFor: input.plannedFor }
          : startRepeat(input.repeat, input.plannedFor, today);
      const joinsToday = input.isToday || plan.plannedFor !== null;
      const placed =
        input.after === undefined
          ? {}
          : await positionsAfter(tx, userId, input.after, {
              goalId: input.goalId,
              joinsToday,
              sortOrder: input.sortOrder,
              todaySortOrder: input.todaySortOrder,
            });
      return insertTask(
        tx,
        userId,
        {
          id: input.id,
          title: input.title,
          goalId: input.goalId,
          ...plan,
          description: input.description,
          remindAt: input.remindAt,
          priority: input.priority,
          checklist: checklistToStore(input.checklist, [], { daily: goal?.isHabitGoal ?? false, today }),
          labels: input.labels,
          completed: input.completed,
          completedOn: input.completed ? today : null,
          isToday: input.isToday,
          sortOrder:
            placed.sortOrder ??
            (await positionFor(tx, userId, { kind: 'tasks', goalId: input.goalId }, input.sortOrder)),
          todaySortOrder:
            placed.todaySortOrder ??
            (await todayPositionFor(tx, userId, {
              requested: input.todaySortOrder,
              joinsToday,
              isNew: true,
            })) ??
            0,
        },
        today,
      );
    },
  });
  return { task: item, created };
}

/** Edits a task (modules/items/item-writes.service.ts says how a tick alone differs). */
export function patchTask(
  db: Db,
  userId: string,
  today: string,
  taskId: string,
  input: z.output<typeof UpdateTaskInputSchema>,
): Promise<Task> {
  return editItem(db, userId, input, {
    tick: (on, done) => tickTask(on, userId, today, taskId, done),
    read: async (tx) => {
      const updated = await findTaskItem(tx, userId, taskId, today);
      if (!updated) throw notFound('Task');
      return updated;
    },
    edit: async (tx, edits, ticking) => {
      const current = await findTask(tx, userId, taskId);
      if (!current) throw notFound('Task');
      const changes: TaskChanges = {};
      if (edits.title !== undefined) changes.title = edits.title;
      if (edits.description !== undefined) changes.description = edits.description;
      if (edits.remindAt !== undefined) changes.remindAt = edits.remindAt;
      if (edits.priority !== undefined) changes.priority = edits.priority;
      if (edits.labels !== undefined) changes.labels = edits.labels;
      if (edits.completed !== undefined && edits.completed !== current.completed) {
        changes.completed = edits.completed;
        // The day it was done decides when it leaves Today (docs/product.md#fresh-today).
        changes.completedOn = edits.completed ? today : null;
      }

      let inHabitGoal = current.inHabitGoal;
      if (edits.goalId !== undefined && edits.goalId !== current.goalId) {
        const goal = edits.goalId === null ? undefined : await getOwnedGoal(tx, userId, edits.goalId);
        inHabitGoal = goal?.isHabitGoal ?? false;
        changes.goalId = edits.goalId;
        // Moving to another list places the task at its end unless a position is given.
        changes.sortOrder = await positionFor(
          tx,
          userId,
          { kind: 'tasks', goalId: edits.goalId },
          edits.sortOrder,
        );
      } else if (edits.sortOrder !== undefined) {
        changes.sortOrder = edits.sortOrder;
      }

      // Read by the goal it ends in: an item ticked today reads done today in either.
      if (edits.checklist !== undefined)
        changes.checklist = checklistToStore(edits.checklist, current.checklist, {
          daily: inHabitGoal,
          today,
        });
      if (edits.isToday !== undefined) changes.isToday = edits.isToday;
      if (edits.plannedFor !== undefined) changes.plannedFor = edits.plannedFor;
      if (edits.repeat !== undefined && edits.repeat !== current.repeat) {
        Object.assign(
          changes,
          edits.repeat === null
            ? { repeat: null, repeatStart: null }
            : startRepeat(edits.repeat, changes.plannedFor ?? current.plannedFor, today),
        );
      }
      // A task newly planned reaches Today on its day after what is there now
      // (docs/product.md#planning); one already on Today by hand keeps its place. A repeat moving on
      // (below) keeps it too, so that Undo puts everything back.
      const newlyPlanned =
        changes.plannedFor != null && changes.plannedFor !== current.plannedFor && !current.isToday;
      await moveRepeat(tx, userId, today, current, edits, changes);
      const todaySortOrder = await todayPositionFor(tx, userId, {
        requested: edits.todaySortOrder,
        joinsToday: (edits.isToday === true && !current.isToday) || newlyPlanned,
        isNew: false,
      });
      if (todaySortOrder !== undefined) changes.todaySortOrder = todaySortOrder;

      if (ticking && !inHabitGoal) throw badRequest(COMPLETED_TODAY_HABITS_ONLY);

      await updateTask(tx, userId, taskId, changes);
    },
  });
}

/**
 * Plans many tasks (POST /api/tasks/plan, docs/decisions/047-plan-overdue-for-today.md): each move is
 * the edit a PATCH of `plannedFor` alone makes, one after another in the order given, so tasks newly
 * planned for today join its end in that order. One transaction under the person's lock: a task that
 * is not theirs, or gone, undoes every move before it.
 */
export function planTasks(db: Db, userId: string, today: string, input: PlanTasksInput): Promise<Task[]> {
  return inTransaction(
    db,
    async (tx) => {
      const planned: Task[] = [];
      for (const move of input.moves) {
        planned.push(await patchTask(tx, userId, today, move.id, { plannedFor: move.plannedFor }));
      }
      return planned;
    },
    { owner: userId },
  );
}

/**
 * A repeating task done or undone (docs/product.md#repeats). Done on `today`: the day goes into its
 * history with the day it was planned for, and it is planned for the rule's next day after today (after
 * its planned day, when done ahead of it); `completed` stays false, unless the rule has no next day.
 * Undone on the same day: the day leaves its history and the task is planned for that day again.
 */
async function moveRepeat(
  tx: Db,
  userId: string,
  today: string,
  current: TaskWithGoal,
  edits: { completed?: boolean | undefined; plannedFor?: string | null | undefined },
  changes: TaskChanges,
): Promise<void> {
  const repeat = changes.repeat !== undefined ? changes.repeat : current.repeat;
  if (repeat === null || edits.completed === undefined) return;
  if (edits.completed && !current.completed) {
    const planned = changes.plannedFor !== undefined ? changes.plannedFor : current.plannedFor;
    const from = planned !== null && planned > today ? planned : today;
    const next = nextOccurrenceAfter(repeat, changes.repeatStart ?? current.repeatStart ?? today, from);
    await recordRepeatDone(tx, userId, current.id, today, planned);
    if (next === null) return; // The series is over: it is done as a normal task is.
    delete changes.completed;
    delete changes.completedOn;
    if (edits.plannedFor === undefined) changes.plannedFor = next;
    // Its next time starts the checklist again (docs/product.md#checklists); an undo does not tick it.
    changes.checklist = checklistCleared(changes.checklist ?? current.checklist);
    return;
  }
  if (!edits.completed) {
    const undone = await undoRepeatDone(tx, userId, current.id, today);
    if (undone && edits.plannedFor === undefined) changes.plannedFor = undone.plannedFor;
  }
}

/**
 * Ticks or unticks one item of a task's checklist, the others as they are
 * (PATCH /api/tasks/:id/checklist/:itemId, docs/decisions/049-checklists.md). Under the person's lock,
 * as the task's other writes, so that two ticks of different items, from two devices, both stay.
 */
export function tickChecklistItem(
  db: Db,
  userId: string,
  today: string,
  ids: { taskId: string; itemId: string },
  input: TickChecklistItemInput,
): Promise<Task> {
  return inTransaction(
    db,
    async (tx) => {
      const current = await findTask(tx, userId, ids.taskId);
      if (!current) throw notFound('Task');
      const checklist = checklistTicked(current.checklist, ids.itemId, input.done, {
        daily: current.inHabitGoal,
        today,
      });
      if (!checklist) throw notFound('Checklist item');
      await updateTask(tx, userId, ids.taskId, { checklist });
      const task = await findTaskItem(tx, userId, ids.taskId, today);
      if (!task) throw notFound('Task');
      return task;
    },
    { owner: userId },
  );
}

/** Marks today done or not done for a task in a habit goal (docs/product.md#completion-and-days). */
async function tickTask(db: Db, userId: string, today: string, taskId: string, done: boolean): Promise<Task> {
  const result = await setTaskCompletion(db, userId, taskId, { day: today, today, done });
  if (!result.found) throw notFound('Task');
  if (!result.daily) throw badRequest(COMPLETED_TODAY_HABITS_ONLY);
  return result.item;
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
