import type { QueryClient } from '@tanstack/react-query';
import type { Day } from '#shared/domain/days';
import { toast } from '../../../components/ui/toast';
import { notifyError } from '../../../lib/notify-error';
import { planDays } from '../../../lib/plan-overdue';
import { putBackOnToday, setOnToday } from '../../../lib/today-membership';
import { deleteWithUndo, offerUndo } from '../../../lib/undo';
import { forWords } from '../components/task-plan';
import { addedToTodayToast } from '../components/today-toasts';
import type { SelectedItem } from '../lib/selection';
import { cardWrite } from './card-write';
import { deleteHabit } from './delete-habit';
import { deleteTask } from './delete-task';
import { updateHabit } from './update-habit';
import { updateTask } from './update-task';

/*
 * What the selection's bar does to the chosen cards (docs/product.md#selecting-several-items,
 * docs/decisions/052-select-several.md). Each card is its own call, as Clear Today sends them, so a
 * change kept offline waits like a card's own; planning goes in one call, all or none, as "Plan all
 * for today" does. Each action says what it did with Undo, and what failed and why.
 */

const itemWords = (count: number) => (count === 1 ? '1 item' : `${count} items`);
const taskWords = (count: number) => (count === 1 ? '1 task' : `${count} tasks`);
const isAre = (count: number) => (count === 1 ? 'is' : 'are');

type Outcome = { succeeded: SelectedItem[]; failed: unknown[] };

/** One call per item, all sent at once; answers which went through and the errors of the rest. */
async function eachOf(items: readonly SelectedItem[], call: (item: SelectedItem) => Promise<unknown>) {
  const results = await Promise.allSettled(items.map(call));
  const outcome: Outcome = { succeeded: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index];
    if (result.status === 'rejected') outcome.failed.push(result.reason);
    else if (item) outcome.succeeded.push(item);
  });
  return outcome;
}

/** Each item's calls, the lists read again afterwards; `whenDone` says what went through. */
function sendEach(
  queryClient: QueryClient,
  items: readonly SelectedItem[],
  call: (item: SelectedItem) => Promise<unknown>,
  whenDone: (outcome: Outcome) => void,
): void {
  void cardWrite(queryClient, () => eachOf(items, call)).then(whenDone);
}

/** "Could not complete 2 of 5 items" and the first reason. */
function sayFailures(verb: string, outcome: Outcome, of: number): void {
  if (outcome.failed.length === 0) return;
  const title =
    of === 1 ? `Could not ${verb} the item` : `Could not ${verb} ${outcome.failed.length} of ${of} items`;
  notifyError(title, outcome.failed[0]);
}

const setDone = (item: SelectedItem, done: boolean) => {
  if (item.kind === 'habit') return updateHabit({ id: item.id, changes: { completedToday: done } });
  return updateTask({ id: item.id, changes: item.daily ? { completedToday: done } : { completed: done } });
};

/** The first action's words: "Complete", or "Mark not done" when every chosen item is done. */
export const completesAll = (items: readonly SelectedItem[]) => items.some((item) => !item.done);

/** Completes the chosen items not done yet, or, when all are done, marks them not done. */
export function completeChosen(queryClient: QueryClient, items: readonly SelectedItem[]): void {
  const done = completesAll(items);
  const targets = items.filter((item) => item.done !== done);
  sendEach(
    queryClient,
    targets,
    (item) => setDone(item, done),
    (outcome) => {
      const count = outcome.succeeded.length;
      if (count > 0 && done)
        offerUndo({
          message: { title: 'Completed', description: `${itemWords(count)} ${isAre(count)} done.` },
          revert: () => Promise.all(outcome.succeeded.map((item) => setDone(item, false))),
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
  const targets = items.filter((item) => item.isToday !== adding);
  sendEach(
    queryClient,
    targets,
    (item) => setOnToday(item, { isToday: adding }),
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
  );
}

/** Plans the chosen tasks for `day` (null: no date) in one call, all or none; habits have no day. */
export function planChosen(
  queryClient: QueryClient,
  items: readonly SelectedItem[],
  day: Day | null,
  today: Day,
): void {
  const tasks = items.filter((item) => item.kind === 'task' && item.plannedFor !== day);
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
