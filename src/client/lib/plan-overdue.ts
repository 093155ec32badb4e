import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf, queryKeyOf } from '#shared/api/contract';
import type { Day } from '#shared/domain/days';
import { callApi } from './api-client';
import { notifyError } from './notify-error';
import { applyQueuedChange } from './offline-changes';
import { invalidateAll } from './refetch-after-write';
import { offerUndo } from './undo';

/*
 * "Plan all for today" on Today's overdue line and beside Upcoming's "Overdue" heading
 * (docs/product.md#planning): every overdue task planned for the person's today at one press, one
 * PATCH per task as Clear Today sends, with Undo putting each back on the day it had.
 */

/** A task as far as planning it goes: which, and the day it is planned for. */
export type PlannedTask = { id: string; plannedFor: Day | null; completed: boolean };

/** Open and planned for a day before `today`: what the cards mark "Overdue · Mon 23". */
export function isOverdue(task: PlannedTask, today: Day): boolean {
  return !task.completed && task.plannedFor !== null && task.plannedFor < today;
}

type DayMove = { id: string; to: Day | null };

/** The reads a task's day shows in: a refetch under way would draw the old day over the new one. */
const PLAN_READS = [api.today.get, api.upcoming.get, api.tasks.list].map((call) => queryKeyOf(call));

/**
 * Plans each task for its day, shown at once on every cached list as a change kept offline is shown
 * (lib/offline-changes.ts), then sent one PATCH per task; a call Stride cannot take now is kept by the
 * fetch wrapper like any single "Plan for…". One after another, in the order shown: the server puts
 * each newly planned task at the end of Today, so they keep their order there, and none races another
 * for the same place. A refusal does not stop the rest; it is thrown once all have been sent, so the
 * lists read afterwards see every one.
 */
async function planDays(queryClient: QueryClient, moves: readonly DayMove[]): Promise<void> {
  await Promise.all(PLAN_READS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const call = api.tasks.update;
  for (const { id, to } of moves) {
    const body = { plannedFor: to };
    const label = call.offline(body) ?? '';
    applyQueuedChange(queryClient, {
      method: call.method,
      path: pathOf(call, { params: { id } }),
      body,
      label,
    });
  }
  let refusal: { error: unknown } | undefined;
  for (const { id, to } of moves) {
    try {
      await callApi(call, { params: { id }, body: { plannedFor: to } });
    } catch (error) {
      refusal ??= { error };
    }
  }
  if (refusal) throw refusal.error;
}

/** "1 overdue task is planned for today.", "3 overdue tasks are planned for today." */
function plannedWords(count: number): string {
  return count === 1
    ? '1 overdue task is planned for today.'
    : `${count} overdue tasks are planned for today.`;
}

type PlanVariables = { tasks: readonly PlannedTask[]; today: Day };

/**
 * Plans `tasks` for `today`: a toast "Planned for today" with Undo, or "Could not plan for today" and
 * why; every list is read again either way. The toast comes even when the pressed button has gone
 * with the overdue tasks (the mutation's promise settles after its component has unmounted).
 */
export function usePlanOverdueForToday() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ tasks, today }: PlanVariables) =>
      planDays(
        queryClient,
        tasks.map((task) => ({ id: task.id, to: today })),
      ),
    onSettled: () => invalidateAll(queryClient),
  });
  const plan = (tasks: readonly PlannedTask[], today: Day) => {
    if (tasks.length === 0 || mutation.isPending) return;
    const before = tasks.map(({ id, plannedFor }) => ({ id, to: plannedFor }));
    mutation.mutateAsync({ tasks, today }).then(
      () =>
        offerUndo({
          message: { title: 'Planned for today', description: plannedWords(tasks.length) },
          revert: () => planDays(queryClient, before),
          failure: 'Could not undo',
        }),
      (error: unknown) => notifyError('Could not plan for today', error),
    );
  };
  return { plan, isPending: mutation.isPending };
}
