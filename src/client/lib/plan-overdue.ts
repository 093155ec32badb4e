import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf, queryKeyOf } from '#shared/api/contract';
import type { PlanMove } from '#shared/api/tasks';
import { PLAN_MAX_MOVES } from '#shared/api/wire-names';
import type { Day } from '#shared/domain/days';
import { callApi } from './api-client';
import { notifyError } from './notify-error';
import { applyQueuedChange } from './offline-changes';
import { invalidateAll } from './refetch-after-write';
import { offerUndo } from './undo';

/*
 * "Plan all for today" on Today's overdue line and beside Upcoming's "Overdue" heading
 * (docs/product.md#planning): every overdue task planned for the person's today at one press, in one
 * call the server applies all or none, with Undo putting each back on the day it had the same way
 * (docs/decisions/047-plan-overdue-for-today.md).
 */

/** A task as far as planning it goes: which, and the day it is planned for. */
export type PlannedTask = { id: string; plannedFor: Day | null; completed: boolean };

/** Open and planned for a day before `today`: what the cards mark "Overdue · Mon 23". */
export function isOverdue(task: PlannedTask, today: Day): boolean {
  return !task.completed && task.plannedFor !== null && task.plannedFor < today;
}

/** The reads a task's day shows in: a refetch under way would draw the old day over the new one. */
const PLAN_READS = [api.today.get, api.upcoming.get, api.tasks.list].map((call) => queryKeyOf(call));

/** The moves in calls of at most PLAN_MAX_MOVES each, in order. */
function inParts(moves: readonly PlanMove[]): Array<{ moves: PlanMove[] }> {
  const parts: Array<{ moves: PlanMove[] }> = [];
  for (let at = 0; at < moves.length; at += PLAN_MAX_MOVES)
    parts.push({ moves: moves.slice(at, at + PLAN_MAX_MOVES) });
  return parts;
}

/**
 * Plans each task for its day, shown at once on every cached list as a change kept offline is shown
 * (lib/offline-changes.ts), then sent as one POST /api/tasks/plan: the server plans them in the order
 * given (each newly planned task at the end of Today, so they keep their order there) and all or none,
 * so a page reloaded or closed once it is sent cannot leave some on their old days. A call Stride
 * cannot take now is kept whole by the fetch wrapper, like any single "Plan for…". Over PLAN_MAX_MOVES
 * tasks go in parts, one after another; a refused part stops the rest, and the lists read afterwards
 * show what the server has.
 */
export async function planDays(queryClient: QueryClient, moves: readonly PlanMove[]): Promise<void> {
  await Promise.all(PLAN_READS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  const call = api.tasks.plan;
  const parts = inParts(moves);
  for (const body of parts)
    applyQueuedChange(queryClient, {
      method: call.method,
      path: pathOf(call),
      body,
      label: call.offline(body),
    });
  for (const body of parts) await callApi(call, { body });
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
        tasks.map((task) => ({ id: task.id, plannedFor: today })),
      ),
    onSettled: () => invalidateAll(queryClient),
  });
  const plan = (tasks: readonly PlannedTask[], today: Day) => {
    if (tasks.length === 0 || mutation.isPending) return;
    const before = tasks.map(({ id, plannedFor }) => ({ id, plannedFor }));
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
