import type { QueryClient } from '@tanstack/react-query';
import { api, pathOf, queryKeyOf } from '#shared/api/contract';
import type { UpdateHabitInput } from '#shared/api/habits';
import type { UpdateTaskInput } from '#shared/api/tasks';
import type { Day } from '#shared/domain/days';
import { uniqueLabels } from '#shared/domain/labels';
import type { Priority } from '#shared/domain/priority';
import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import { applyQueuedChange } from '../../../lib/offline-changes';
import { planDays } from '../../../lib/plan-overdue';
import { putBackOnToday } from '../../../lib/today-membership';
import { deleteWithUndo, offerUndo } from '../../../lib/undo';
import { prioritySpoken } from '../components/priority-mark';
import { forWords } from '../components/task-plan';
import { addedToTodayToast } from '../components/today-toasts';
import { inScreenOrder, type SelectedItem } from '../lib/selection';
import { cardWrite } from './card-write';
import { deleteHabit } from './delete-habit';
import { deleteTask } from './delete-task';
import { updateHabit } from './update-habit';
import { updateTask } from './update-task';

/*
 * What the selection's bar does to the chosen cards (docs/product.md#selecting-several-items,
 * docs/decisions/052-select-several.md). Each card is its own call, as Clear Today sends them, so a
 * change kept offline waits like a card's own; planning goes in one call, all or none, as "Plan all
 * for today" does. Every change shows at once, as one kept offline shows, and the lists read
 * afterwards show what the server kept. Each action says what it did with Undo, and what failed and why.
 */

const itemWords = (count: number) => (count === 1 ? '1 item' : `${count} items`);
const taskWords = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);
const isAre = (count: number) => (count === 1 ? 'is' : 'are');

type Outcome = { succeeded: SelectedItem[]; failed: unknown[] };

/** One card's change: the fields its PATCH sends. */
type Change = { item: SelectedItem; body: UpdateTaskInput & UpdateHabitInput };

const callOf = (item: SelectedItem) => (item.kind === 'task' ? api.tasks.update : api.habits.update);

const send = ({ item, body }: Change) =>
  item.kind === 'task'
    ? updateTask({ id: item.id, changes: body })
    : updateHabit({ id: item.id, changes: body });

/** The reads a card's state shows in: a refetch under way would draw the old state over the new one. */
const CARD_READS = [api.today.get, api.upcoming.get, api.tasks.list, api.habits.list].map((call) =>
  queryKeyOf(call),
);

/** Shows each change on every cached list now, as a change kept offline is shown (lib/offline-changes.ts). */
async function showAtOnce(queryClient: QueryClient, changes: readonly Change[]): Promise<void> {
  await Promise.all(CARD_READS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  for (const { item, body } of changes) {
    const call = callOf(item);
    applyQueuedChange(queryClient, {
      method: call.method,
      path: pathOf(call, { params: { id: item.id } }),
      body,
      label: call.offline(body),
    });
  }
}

/**
 * Shows the changes, then sends them: all at once, or `inTurn`, each after the one before (tasks moved
 * to a goal arrive there in the screen's order). The lists are read again afterwards; `whenDone` hears
 * which went through and the errors of the rest.
 */
function sendAll(
  queryClient: QueryClient,
  changes: readonly Change[],
  whenDone: (outcome: Outcome) => void,
  { inTurn = false } = {},
): void {
  const sendThem = async () => {
    await showAtOnce(queryClient, changes);
    const outcome: Outcome = { succeeded: [], failed: [] };
    const results: Array<PromiseSettledResult<unknown>> = [];
    if (inTurn) for (const change of changes) results.push(...(await Promise.allSettled([send(change)])));
    else results.push(...(await Promise.allSettled(changes.map(send))));
    results.forEach((result, index) => {
      const change = changes[index];
      if (result.status === 'rejected') outcome.failed.push(result.reason);
      else if (change) outcome.succeeded.push(change.item);
    });
    return outcome;
  };
  void cardWrite(queryClient, sendThem).then(whenDone);
}

/** "Could not complete 2 of 5 items" and the first reason. */
function sayFailures(verb: string, outcome: Outcome, of: number): void {
  if (outcome.failed.length === 0) return;
  const title =
    of === 1 ? `Could not ${verb} the item` : `Could not ${verb} ${outcome.failed.length} of ${of} items`;
  notifyError(title, outcome.failed[0]);
}

/** Done for the day (habits, habit-goal tasks) or for good (other tasks). */
const doneFields = (item: SelectedItem, done: boolean) =>
  item.daily ? { completedToday: done } : { completed: done };

/** The first action's words: "Complete", or "Mark not done" when every chosen item is done. */
export const completesAll = (items: readonly SelectedItem[]) => items.some((item) => !item.done);

/** Completes the chosen items not done yet, or, when all are done, marks them not done. */
export function completeChosen(queryClient: QueryClient, items: readonly SelectedItem[]): void {
  const done = completesAll(items);
  const targets = items.filter((item) => item.done !== done);
  sendAll(
    queryClient,
    targets.map((item) => ({ item, body: doneFields(item, done) })),
    (outcome) => {
      const count = outcome.succeeded.length;
      if (count > 0 && done)
        offerUndo({
          message: { title: 'Completed', description: `${itemWords(count)} ${isAre(count)} done.` },
          revert: () =>
            Promise.all(outcome.succeeded.map((item) => send({ item, body: doneFields(item, false) }))),
          failure: 'Could not undo',
        });
      if (count > 0 && !done)
        toast({ title: 'Marked not done', description: `${itemWords(count)} ${isAre(count)} not done now.` });
      sayFailures(done ? 'complete' : 'update', outcome, targets.length);
    },
  );
}

/** The Today action's words: "Add to Today", or "Remove from Today" when every chosen item is on it. */
export const addsToToday = (items: readonly SelectedItem[]) => items.some((item) => !item.isToday);

/** Puts the chosen items on Today (at its end), or, when all are on it, takes them off with Undo. */
export function todayChosen(queryClient: QueryClient, items: readonly SelectedItem[]): void {
  const adding = addsToToday(items);
  // Added one after another in the screen's order, so they join the end of Today in that order.
  const targets = inScreenOrder(items).filter((item) => item.isToday !== adding);
  sendAll(
    queryClient,
    targets.map((item) => ({ item, body: { isToday: adding } })),
    (outcome) => {
      const count = outcome.succeeded.length;
      if (count > 0 && adding) toast(addedToTodayToast(count));
      if (count > 0 && !adding)
        offerUndo({
          message: {
            title: 'Removed from Today',
            description: `${itemWords(count)} ${isAre(count)} no longer on your today list.`,
          },
          revert: () => putBackOnToday(outcome.succeeded),
          failure: 'Could not put the items back on Today',
        });
      sayFailures('update', outcome, targets.length);
    },
    { inTurn: adding },
  );
}

/** Plans the chosen tasks for `day` (null: no date) in one call, all or none; habits have no day. */
export function planChosen(
  queryClient: QueryClient,
  items: readonly SelectedItem[],
  day: Day | null,
  today: Day,
): void {
  // In the screen's order: those newly planned for today join the end of Today in that order.
  const tasks = inScreenOrder(items).filter((item) => item.kind === 'task' && item.plannedFor !== day);
  if (tasks.length === 0) return;
  const before = tasks.map(({ id, plannedFor }) => ({ id, plannedFor }));
  cardWrite(queryClient, () =>
    planDays(
      queryClient,
      tasks.map(({ id }) => ({ id, plannedFor: day })),
    ),
  ).then(
    () =>
      offerUndo({
        message: day
          ? {
              title: 'Tasks planned',
              description: `${taskWords(tasks.length)} ${isAre(tasks.length)} planned for ${forWords(day, today)}.`,
            }
          : {
              title: 'Dates removed',
              description: `${taskWords(tasks.length)} ${tasks.length === 1 ? 'has' : 'have'} no date now.`,
            },
        revert: () => planDays(queryClient, before),
        failure: 'Could not undo',
      }),
    (error: unknown) => notifyError('Could not plan the tasks', error),
  );
}

/** Deletes the chosen items, held back until the toast goes so that Undo restores them exactly. */
export function deleteChosen(items: readonly SelectedItem[]): void {
  const [only] = items;
  deleteWithUndo({
    ids: items.map((item) => item.id),
    send: (keepalive) =>
      Promise.all(
        items.map((item) =>
          item.kind === 'task' ? deleteTask(item.id, keepalive) : deleteHabit(item.id, keepalive),
        ),
      ),
    message:
      items.length === 1 && only
        ? {
            title: only.kind === 'task' ? 'Task deleted' : 'Habit deleted',
            description: `"${only.title}" has been deleted.`,
          }
        : { title: 'Items deleted', description: `${itemWords(items.length)} have been deleted.` },
    failure: items.length === 1 ? 'Could not delete the item' : 'Could not delete the items',
  });
}

/** What "Change…" sets on every chosen task; a field left out stays as each task has it. */
export type TaskChanges = {
  priority?: Priority;
  goal?: { id: string | null; title: string };
  /** Labels added to each task's own (docs/product.md#labels). */
  addLabels?: readonly string[];
};

/** A task's labels with `added` after them, each once. */
const withLabels = (task: SelectedItem, added: readonly string[]) => uniqueLabels([...task.labels, ...added]);

/** The fields of `changes` that differ from what `task` has. */
function changedFields(task: SelectedItem, changes: TaskChanges): UpdateTaskInput {
  return {
    ...(changes.priority !== undefined && changes.priority !== task.priority
      ? { priority: changes.priority }
      : {}),
    ...(changes.goal !== undefined && changes.goal.id !== task.goalId ? { goalId: changes.goal.id } : {}),
    ...(changes.addLabels !== undefined && withLabels(task, changes.addLabels).length > task.labels.length
      ? { labels: withLabels(task, changes.addLabels) }
      : {}),
  };
}

/** What Undo sends back: the priority it had, and its goal with its place there. */
function formerFields(task: SelectedItem, changed: UpdateTaskInput): UpdateTaskInput {
  return {
    ...('priority' in changed ? { priority: task.priority } : {}),
    ...('goalId' in changed ? { goalId: task.goalId, sortOrder: task.sortOrder } : {}),
    ...('labels' in changed ? { labels: [...task.labels] } : {}),
  };
}

/** "3 tasks are high priority.", "3 tasks moved to “Family”.", "3 tasks changed." */
function changedWords(count: number, changes: TaskChanges): { title: string; description: string } {
  const tasks = taskWords(count);
  const fields = (['priority', 'goal', 'addLabels'] as const).filter((field) => changes[field] !== undefined);
  if (fields.length === 1 && changes.priority !== undefined) {
    const spoken = prioritySpoken(changes.priority);
    return spoken
      ? { title: spoken, description: `${tasks} ${isAre(count)} ${spoken.toLowerCase()}.` }
      : { title: 'No priority', description: `${tasks} ${count === 1 ? 'has' : 'have'} no priority.` };
  }
  if (fields.length === 1 && changes.goal !== undefined)
    return {
      title: 'Tasks moved',
      description:
        changes.goal.id === null
          ? `${tasks} moved to the todos.`
          : `${tasks} moved to “${changes.goal.title}”.`,
    };
  // Short enough for a phone's one line of toast (docs/decisions/027-toast-placement.md): the cards
  // show the labels themselves.
  if (fields.length === 1 && changes.addLabels !== undefined) {
    const [only] = changes.addLabels;
    const has = count === 1 ? 'has' : 'have';
    return {
      title: 'Labels added',
      description:
        changes.addLabels.length === 1 && only
          ? `${tasks} ${has} @${only} now.`
          : `${tasks} ${has} those labels now.`,
    };
  }
  return { title: 'Tasks changed', description: `${tasks} changed.` };
}

/**
 * Sets a priority, a goal or more labels on every chosen task (habits have none), one call each in
 * the screen's order, so tasks moved to a goal go to its end in the order they were shown; Undo puts
 * back each task's priority, labels and its goal at its old place.
 */
export function changeChosen(
  queryClient: QueryClient,
  items: readonly SelectedItem[],
  changes: TaskChanges,
): void {
  const tasks = inScreenOrder(items).filter(
    (item) => item.kind === 'task' && Object.keys(changedFields(item, changes)).length > 0,
  );
  if (tasks.length === 0) return;
  const sent = new Map(tasks.map((task) => [task.id, changedFields(task, changes)]));
  sendAll(
    queryClient,
    tasks.map((task) => ({ item: task, body: sent.get(task.id) ?? {} })),
    (outcome) => {
      const count = outcome.succeeded.length;
      if (count > 0)
        offerUndo({
          message: changedWords(count, changes),
          // In turn too, so each goes back to its old place in the order it was shown.
          revert: async () => {
            for (const task of outcome.succeeded)
              await updateTask({ id: task.id, changes: formerFields(task, sent.get(task.id) ?? {}) });
          },
          failure: 'Could not undo',
        });
      if (outcome.failed.length > 0)
        notifyError(
          tasks.length === 1
            ? 'Could not change the task'
            : `Could not change ${outcome.failed.length} of ${tasks.length} tasks`,
          outcome.failed[0],
        );
    },
    { inTurn: true },
  );
}
