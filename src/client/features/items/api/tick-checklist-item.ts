import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathOf, queryKeyOf } from '#shared/api/contract';
import { callApi } from '../../../lib/api-client';
import { applyQueuedChange } from '../../../lib/offline-changes';
import { invalidateAll } from '../../../lib/refetch-after-write';

export type TickChecklistItemVariables = { taskId: string; itemId: string; done: boolean };

/** PATCH /api/tasks/:id/checklist/:itemId: that item alone, the others as they are (docs/product.md#checklists). */
export function tickChecklistItem({ taskId, itemId, done }: TickChecklistItemVariables) {
  return callApi(api.tasks.tickChecklistItem, { params: { id: taskId, itemId }, body: { done } });
}

const TICKING = ['tick-checklist-item'] as const;
/** The reads a task's checklist shows in: a refetch under way would draw the old tick over the new one. */
const CHECKLIST_READS = [api.today.get, api.upcoming.get, api.tasks.list].map((call) => queryKeyOf(call));

/**
 * A tick shows at once on every cached copy of the task (Today, the tasks list, Upcoming's days), as a
 * tick kept offline is shown (lib/offline-changes.ts); the copies come back as they were if it is
 * refused. Ticks follow each other quickly in Execution Mode: the lists are read again once the last
 * has settled, so the read after one tick does not draw a later one undone while it is on its way.
 */
export function useTickChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TICKING,
    mutationFn: tickChecklistItem,
    onMutate: async ({ taskId, itemId, done }) => {
      await Promise.all(CHECKLIST_READS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const before = CHECKLIST_READS.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      const call = api.tasks.tickChecklistItem;
      const body = { done };
      applyQueuedChange(queryClient, {
        method: call.method,
        path: pathOf(call, { params: { id: taskId, itemId } }),
        body,
        label: call.offline(),
      });
      return { before };
    },
    onError: (_error, _tick, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    // This tick still counts as under way while it settles.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: TICKING }) <= 1 ? invalidateAll(queryClient) : undefined,
  });
}
